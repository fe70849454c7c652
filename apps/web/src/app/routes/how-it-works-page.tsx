import type { ComponentType } from 'react'
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import {
  IconAdjustmentsHorizontal,
  IconFileImport,
  IconHomeDollar,
  IconHomeSearch,
  IconListNumbers,
  IconPaperclip,
  IconPencil,
  IconSend,
  IconSignature,
  IconUsersGroup,
  IconWritingSign,
  IconCertificate,
} from '@tabler/icons-react'
import { Link } from '../../shared/navigation'
import { useSession } from '../../shared/session'
import { AgentIllustration, BuyerIllustration, SellerIllustration } from '../../features/public-pages/components/illustrations'
import { usePageTexts } from '../../features/public-pages/texts'
import { PAGE_TEXTS } from '../../features/public-pages/texts/pages'
import { PageIntro, PageSection } from '../../features/public-pages/components/page-intro'
import type { Step } from '../../features/public-pages/components/step-list'
import { StepList } from '../../features/public-pages/components/step-list'

type Audience = {
  key: 'buyers' | 'sellers' | 'agents'
  Illustration: ComponentType<{ label: string; size?: number }>
  icons: Step['icon'][]
}

/** Who the page speaks to, in order, with an icon for each of their four steps. */
const AUDIENCES: readonly Audience[] = [
  { key: 'buyers', Illustration: BuyerIllustration, icons: [IconHomeSearch, IconPencil, IconPaperclip, IconSend] },
  { key: 'sellers', Illustration: SellerIllustration, icons: [IconHomeDollar, IconAdjustmentsHorizontal, IconListNumbers, IconSignature] },
  { key: 'agents', Illustration: AgentIllustration, icons: [IconFileImport, IconWritingSign, IconUsersGroup, IconCertificate] },
]

export default function HowItWorksPage() {
  const { t } = usePageTexts(PAGE_TEXTS)
  const session = useSession()
  const base = 'publicPages.howItWorks'

  return (
    <Stack gap={48}>
      <PageIntro title={t(`${base}.title`)} lead={t(`${base}.lead`)}>
        <Group component="nav" aria-label={t('publicPages.common.onThisPage')} gap="md">
          {AUDIENCES.map(({ key }) => (
            <Anchor key={key} href={`#${key}`}>
              {t(`${base}.${key}.title`)}
            </Anchor>
          ))}
        </Group>
      </PageIntro>

      {AUDIENCES.map(({ key, Illustration, icons }) => (
        <PageSection key={key} id={key} title={t(`${base}.${key}.title`)}>
          <Group align="flex-start" gap="xl" wrap="wrap">
            <Illustration label={t(`${base}.illustration.${key}`)} />
            <div style={{ flex: '1 1 18rem', minWidth: 0 }}>
              <StepList
                minColumn="12.5rem"
                steps={icons.map((icon, index) => ({ icon, title: t(`${base}.${key}.step${index + 1}.title`), body: t(`${base}.${key}.step${index + 1}.body`) }))}
              />
            </div>
          </Group>
        </PageSection>
      ))}

      <Paper withBorder radius="md" p="xl" bg="var(--mantine-color-brand-0)">
        <Stack gap="sm">
          <Title order={2}>{t(`${base}.cta.title`)}</Title>
          <Text>{t(`${base}.cta.body`)}</Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} maw={480} spacing="sm">
            {!session && (
              <Button component={Link} to="/auth/sign-up">
                {t(`${base}.cta.signUp`)}
              </Button>
            )}
            <Button component={Link} to="/listings" variant="default">
              {t(`${base}.cta.listings`)}
            </Button>
          </SimpleGrid>
          <Text size="sm">
            <Anchor component={Link} to="/offers-optimized">
              {t(`${base}.cta.ranking`)}
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Stack>
  )
}
