import { Text, Title } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { Session } from '@offerbook/domain/session'
import { CenteredLoader } from '../../../shared/ui/centered-loader'
import { usePendingSso, useVerifySsoEmail } from '../api/sso'
import { OneTimeCodeForm } from './one-time-code-form'
import { SsoErrorAlert } from './sso-error-alert'

export type SsoVerifyFormProps = {
  /** The pending single sign-on's id from `?sso_verify=`. */
  pending: string
  onVerified: (session: Session) => void
}

/**
 * The provider did not vouch for the e-mail, so the API sent our own code to it; the right code
 * creates or links the account and signs in (docs/decisions/008-single-sign-on.md).
 */
export function SsoVerifyForm({ pending, onVerified }: SsoVerifyFormProps) {
  const { t } = useTranslation()
  const status = usePendingSso(pending)
  const verify = useVerifySsoEmail({ onVerified })

  if (status.isPending) return <CenteredLoader />
  // Expired, used up or never there: the way on is to start single sign-on again.
  if (status.isError) return <SsoErrorAlert error="email_not_verified" />

  return (
    <OneTimeCodeForm
      formLabel={t('accounts.sso.verify.formLabel')}
      codeLabel={t('accounts.sso.verify.code')}
      submitLabel={t('accounts.sso.verify.submit')}
      submitting={verify.isPending}
      onCode={(code, refuse) => verify.mutate({ pending, code }, { onError: refuse })}
      intro={
        <>
          <Title order={2} size="h4">
            {t('accounts.sso.verify.title')}
          </Title>
          <Text c="gray.7">{t('accounts.sso.verify.intro')}</Text>
          <Text>{t('accounts.sso.verify.prompt', { email: status.data.email })}</Text>
        </>
      }
    />
  )
}
