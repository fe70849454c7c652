import { Suspense } from 'react'
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import {
  IconBriefcase,
  IconBuildingEstate,
  IconChecklist,
  IconFilePlus,
  IconHomeDollar,
  IconHomeSearch,
  IconLicense,
  IconListNumbers,
  IconLock,
  IconMapPin,
  IconPencil,
  IconSend,
  IconSignature,
} from '@tabler/icons-react'
import { Link, useSearchParams } from '../../shared/navigation'
import { HomeSearch } from '../../features/property/components/home-search'
import { usePageTexts } from '../../features/public-pages/texts'
import { HOME_TEXTS } from '../../features/public-pages/texts/home'
import { PageSection } from '../../features/public-pages/components/page-intro'
import type { Step } from '../../features/public-pages/components/step-list'
import { StepList } from '../../features/public-pages/components/step-list'
import { useSession } from '../../shared/session'
import { CenteredLoader } from '../../shared/ui/centered-loader'
import { lazyPart } from '../../shared/lazy-part'

const SsoLanding = lazyPart(() => import('../sso-landing'))

/** The four sides of a sale, what each gets, and where to read more. */
const SIDES = [
  { key: 'buyers', icon: IconHomeSearch, to: '/how-it-works#buyers' },
  { key: 'sellers', icon: IconHomeDollar, to: '/offers-optimized' },
  { key: 'agents', icon: IconBriefcase, to: '/how-it-works#agents' },
  { key: 'brokers', icon: IconBuildingEstate, to: '/boilerplate' },
] as const

const FLOW_ICONS: readonly Step['icon'][] = [IconFilePlus, IconPencil, IconSend, IconListNumbers, IconChecklist]

const TRUST = [
  { key: 'licensing', icon: IconLicense },
  { key: 'privacy', icon: IconLock },
  { key: 'tennessee', icon: IconMapPin },
  { key: 'esign', icon: IconSignature },
] as const

export default function HomePage() {
  const { t } = usePageTexts(HOME_TEXTS)
  const session = useSession()
  const [searchParams] = useSearchParams()

  // The single sign-on provider sends the browser back to the app root.
  if (searchParams.get('sso') === '1') {
    return (
      <Suspense fallback={<CenteredLoader />}>
        <SsoLanding />
      </Suspense>
    )
  }

  return (
    <Stack gap={56} py="xl">
      <Stack gap="lg" maw={760}>
        <Title order={1}>{t('publicHome.hero.title')}</Title>
        <Text size="lg" fw={500}>
          {t('publicHome.hero.lead')}
        </Text>
        <Text>{t('publicHome.hero.body')}</Text>
        <Group>
          {!session && (
            <Button component={Link} to="/auth/sign-up" size="md">
              {t('publicHome.hero.ctaSignUp')}
            </Button>
          )}
          <Button component={Link} to="/how-it-works" variant="default" size="md">
            {t('publicHome.hero.ctaHowItWorks')}
          </Button>
        </Group>
      </Stack>

      <HomeSearch />

      <PageSection id="sides" title={t('publicHome.sides.title')} lead={t('publicHome.sides.lead')}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          {SIDES.map(({ key, icon: Icon, to }) => (
            <Paper key={key} withBorder radius="md" p="lg">
              <Stack gap="sm" h="100%">
                <ThemeIcon size={40} radius="md" variant="light">
                  <Icon size={22} stroke={1.6} aria-hidden />
                </ThemeIcon>
                <Title order={3} size="h4">
                  {t(`publicHome.sides.${key}.title`)}
                </Title>
                <Text size="sm" style={{ flex: 1 }}>
                  {t(`publicHome.sides.${key}.body`)}
                </Text>
                <Anchor component={Link} to={to} size="sm" fw={600}>
                  {t(`publicHome.sides.${key}.link`)}
                </Anchor>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </PageSection>

      <PageSection id="flow" title={t('publicHome.flow.title')} lead={t('publicHome.flow.lead')}>
        <StepList minColumn="11.5rem" steps={FLOW_ICONS.map((icon, index) => ({ icon, title: t(`publicHome.flow.step${index + 1}.title`), body: t(`publicHome.flow.step${index + 1}.body`) }))} />
        <Anchor component={Link} to="/how-it-works" fw={600}>
          {t('publicHome.flow.more')}
        </Anchor>
      </PageSection>

      <PageSection id="trust" title={t('publicHome.trust.title')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {TRUST.map(({ key, icon: Icon }) => (
            <Group key={key} align="flex-start" wrap="nowrap" gap="md">
              <ThemeIcon size={40} radius="xl" variant="light" style={{ flexShrink: 0 }}>
                <Icon size={22} stroke={1.6} aria-hidden />
              </ThemeIcon>
              <Stack gap={4} miw={0}>
                <Title order={3} size="h5">
                  {t(`publicHome.trust.${key}.title`)}
                </Title>
                <Text size="sm">{t(`publicHome.trust.${key}.body`)}</Text>
              </Stack>
            </Group>
          ))}
        </SimpleGrid>
        <Group gap="lg">
          <Anchor component={Link} to="/boilerplate">
            {t('publicHome.trust.notices')}
          </Anchor>
          <Anchor component={Link} to="/terms">
            {t('publicHome.trust.terms')}
          </Anchor>
        </Group>
      </PageSection>
    </Stack>
  )
}
