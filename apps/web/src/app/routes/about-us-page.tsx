import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { Link } from '../../shared/navigation'
import { usePageTexts } from '../../features/public-pages/texts'
import { PAGE_TEXTS } from '../../features/public-pages/texts/pages'
import { PageIntro, PageSection } from '../../features/public-pages/components/page-intro'

const BELIEFS = ['belief1', 'belief2', 'belief3', 'belief4'] as const

export default function AboutUsPage() {
  const { t } = usePageTexts(PAGE_TEXTS)
  const base = 'publicPages.aboutUs'
  return (
    <Stack gap={48}>
      <PageIntro title={t(`${base}.title`)} lead={t(`${base}.lead`)} />

      <PageSection id="story" title={t(`${base}.storyTitle`)}>
        <Stack gap="sm" maw={760}>
          <Text>{t(`${base}.story1`)}</Text>
          <Text>{t(`${base}.story2`)}</Text>
        </Stack>
      </PageSection>

      <PageSection id="beliefs" title={t(`${base}.beliefsTitle`)}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {BELIEFS.map((belief) => (
            <Paper key={belief} withBorder radius="md" p="lg">
              <Stack gap={6}>
                <Title order={3} size="h4">
                  {t(`${base}.${belief}.title`)}
                </Title>
                <Text>{t(`${base}.${belief}.body`)}</Text>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </PageSection>

      <PageSection id="where" title={t(`${base}.whereTitle`)}>
        <Text maw={760}>{t(`${base}.where`)}</Text>
        <Group>
          <Button component={Link} to="/the-team">
            {t(`${base}.team`)}
          </Button>
          <Button component={Link} to="/how-it-works" variant="default">
            {t(`${base}.howItWorks`)}
          </Button>
        </Group>
      </PageSection>
    </Stack>
  )
}
