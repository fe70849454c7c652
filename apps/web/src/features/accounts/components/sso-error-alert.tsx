import { Alert } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import { translate } from '../../../shared/i18n/messages'

/** The `error` codes of `/auth/sign-in?sso_error=1&error=...` that get their own explanation. */
const EXPLAINED: Record<string, 'unavailable' | 'emailNotVerified' | 'accountNotLinked'> = {
  unavailable: 'unavailable',
  email_not_verified: 'emailNotVerified',
  account_not_linked: 'accountNotLinked',
}

/** Why single sign-on did not sign the user in, and what to do instead. */
export function SsoErrorAlert({ error }: { error: string | null }) {
  const { t } = useTranslation()
  const known = error && Object.hasOwn(EXPLAINED, error) ? EXPLAINED[error] : undefined
  if (!known) {
    return (
      <Alert color="red" role="alert" title={t('accounts.signIn.ssoFailed')}>
        {translate('session.otherMethod')}
      </Alert>
    )
  }
  return (
    <Alert color="red" role="alert" title={t(`accounts.sso.errors.${known}Title`)}>
      {t(`accounts.sso.errors.${known}`)}
    </Alert>
  )
}
