import { Anchor, Button, Group } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import { Link } from '../../../shared/navigation'
import { notifyError, notifySuccess } from '../../../shared/notify'
import { useResendCode } from '../api/sign-up'

export function verifyPathFor(email: string): string {
  return `/auth/sign-up?verify=${encodeURIComponent(email)}`
}

/** Offered when sign-in meets an address whose code was never entered. */
export function UnverifiedEmailActions({ email }: { email: string }) {
  const { t } = useTranslation()
  const resend = useResendCode()
  return (
    <Group gap="sm">
      <Anchor component={Link} to={verifyPathFor(email)} size="sm" fw={600}>
        {t('accounts.verify.enterCode')}
      </Anchor>
      <Button
        size="compact-sm"
        variant="subtle"
        loading={resend.isPending}
        onClick={() =>
          resend.mutate(email, {
            onSuccess: () => notifySuccess(t('accounts.verify.resent', { email })),
            onError: (error) => notifyError(error),
          })
        }
      >
        {t('accounts.verify.resend')}
      </Button>
    </Group>
  )
}
