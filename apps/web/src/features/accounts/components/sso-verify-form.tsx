import { useState } from 'react'
import type { FormEvent } from 'react'
import { Button, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { Session } from '@offerbook/domain/session'
import { translateMessage } from '../../../shared/i18n/server-messages'
import { errorMessage } from '../../../shared/notify'
import { CenteredLoader } from '../../../shared/ui/centered-loader'
import { usePendingSso, useVerifySsoEmail } from '../api/sso'
import { CodeInput } from './code-input'
import { cleanCode, codeError } from './form-rules'
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
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)

  if (status.isPending) return <CenteredLoader />
  // Expired, used up or never there: the way on is to start single sign-on again.
  if (status.isError) return <SsoErrorAlert error="email_not_verified" />

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = codeError(code)
    setError(found)
    if (found) return
    verify.mutate({ pending, code: cleanCode(code) }, { onError: (failure) => setError(errorMessage(failure)) })
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('accounts.sso.verify.formLabel')}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('accounts.sso.verify.title')}
        </Title>
        <Text c="gray.7">{t('accounts.sso.verify.intro')}</Text>
        <Text>{t('accounts.sso.verify.prompt', { email: status.data.email })}</Text>
        <CodeInput
          label={t('accounts.sso.verify.code')}
          value={code}
          onChange={(value) => {
            setCode(value)
            if (error) setError(null)
          }}
          error={error ? translateMessage(error) : undefined}
        />
        <Button type="submit" loading={verify.isPending} fullWidth>
          {t('accounts.sso.verify.submit')}
        </Button>
      </Stack>
    </form>
  )
}
