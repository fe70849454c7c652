import { lazy, Suspense } from 'react'
import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { SIGN_IN_PATH } from '@offerbook/domain/route-access'
import { HomeSearch } from '../../features/property/components/home-search'
import { useSession } from '../../shared/session'
import { CenteredLoader } from '../../shared/ui/centered-loader'

const SsoLanding = lazy(() => import('../sso-landing'))

export default function HomePage() {
  const { t } = useTranslation()
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
    <Stack gap="xl" py="xl">
      <Stack gap="lg" maw={760}>
        <Title order={1}>{t('marketing.home.title')}</Title>
        <Text size="lg" fw={500}>
          {t('marketing.home.lead')}
        </Text>
        <Text>{t('marketing.home.body')}</Text>
        <Group>
          {!session && (
            <Button component={Link} to={SIGN_IN_PATH} size="md">
              {t('marketing.home.ctaSignIn')}
            </Button>
          )}
          <Button component={Link} to="/how-it-works" variant="default" size="md">
            {t('marketing.home.ctaHowItWorks')}
          </Button>
        </Group>
      </Stack>
      <HomeSearch />
    </Stack>
  )
}
