import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { Link } from '../../shared/navigation'
import { InitialsAvatar } from '../../features/public-pages/components/initials-avatar'
import { usePageTexts } from '../../features/public-pages/texts'
import { PAGE_TEXTS } from '../../features/public-pages/texts/pages'
import { PageIntro, PageSection } from '../../features/public-pages/components/page-intro'

const MEMBERS = ['member1', 'member2', 'member3', 'member4', 'member5'] as const

export default function TheTeamPage() {
  const { t } = usePageTexts(PAGE_TEXTS)
  const base = 'publicPages.team'
  return (
    <Stack gap={48}>
      <PageIntro title={t(`${base}.title`)} lead={t(`${base}.lead`)}>
        <Text>{t(`${base}.intro`)}</Text>
      </PageIntro>

      <PageSection id="members" title={t(`${base}.membersTitle`)}>
        <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" p={0} m={0} style={{ listStyle: 'none' }}>
          {MEMBERS.map((member) => {
            const name = t(`${base}.${member}.name`)
            return (
              <Paper component="li" key={member} withBorder radius="md" p="lg">
                <Group align="flex-start" wrap="nowrap" gap="md">
                  <InitialsAvatar name={name} size={56} />
                  <Stack gap={4} miw={0}>
                    <Title order={3} size="h4">
                      {name}
                    </Title>
                    <Text size="sm" fw={600} c="brand.8">
                      {t(`${base}.${member}.role`)}
                    </Text>
                    <Text size="sm">{t(`${base}.${member}.bio`)}</Text>
                  </Stack>
                </Group>
              </Paper>
            )
          })}
        </SimpleGrid>
      </PageSection>

      <PageSection id="join" title={t(`${base}.joinTitle`)}>
        <Text maw={760}>{t(`${base}.join`)}</Text>
        <Anchor component={Link} to="/about-us">
          {t(`${base}.about`)}
        </Anchor>
      </PageSection>
    </Stack>
  )
}
