import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import { Link, useLocation } from '../../../shared/navigation'
import { signInPathFor } from '@offerbook/domain/route-access'

/** Onboarding belongs to an account: an anonymous visitor is asked to sign in and comes back here. */
export function OnboardingSignInPrompt() {
  const { t } = useTranslation()
  const location = useLocation()
  return (
    <Stack gap="md" maw={560}>
      <Title order={1}>{t('accounts.onboarding.signInTitle')}</Title>
      <Text>{t('accounts.onboarding.signInBody')}</Text>
      <Group>
        <Button component={Link} to={signInPathFor(location.pathname + location.search)}>
          {t('accounts.onboarding.signInLink')}
        </Button>
        <Anchor component={Link} to="/auth/sign-up">
          {t('auth.createAccount')}
        </Anchor>
      </Group>
    </Stack>
  )
}
