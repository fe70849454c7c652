import { useEffect, useState } from 'react'
import type { FormEvent } from 'react'
import { Anchor, Button, Group, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Session } from '@offerbook/domain/session'
import { translateMessage } from '../../../shared/i18n/server-messages'
import { errorMessage, notifyError, notifySuccess } from '../../../shared/notify'
import { useResendCode, useVerifyAccount } from '../api/sign-up'
import { CodeInput } from './code-input'
import { cleanCode, codeError, secondsUntil } from './form-rules'

export type VerifyCodeFormProps = {
  email: string
  /** When the API lets this address ask for another code; null when not known (sign-in sent us here). */
  resendAvailableAt: string | null
  onVerified: (session: Session) => void
}

export function VerifyCodeForm({ email, resendAvailableAt, onVerified }: VerifyCodeFormProps) {
  const { t } = useTranslation()
  const verify = useVerifyAccount({ onVerified })
  const resend = useResendCode()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [cooldown, setCooldown] = useState(() => ({ until: resendAvailableAt, now: Date.now() }))
  const seconds = secondsUntil(cooldown.until, cooldown.now)

  useEffect(() => {
    if (seconds <= 0) return
    const timer = window.setInterval(() => setCooldown((current) => ({ ...current, now: Date.now() })), 1000)
    return () => window.clearInterval(timer)
  }, [seconds])

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = codeError(code)
    setError(found)
    if (found) return
    verify.mutate({ email, code: cleanCode(code), persist: true }, { onError: (failure) => setError(errorMessage(failure)) })
  }

  const onResend = () => {
    resend.mutate(email, {
      onSuccess: ({ resendAvailableAt: until }) => {
        setCooldown({ until, now: Date.now() })
        notifySuccess(t('accounts.verify.resent', { email }))
      },
      onError: (failure) => notifyError(failure),
    })
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('accounts.verify.formLabel')}>
      <Stack gap="md">
        <Text>{t('accounts.verify.prompt', { email })}</Text>
        <CodeInput
          label={t('accounts.verify.code')}
          value={code}
          onChange={(value) => {
            setCode(value)
            if (error) setError(null)
          }}
          error={error ? translateMessage(error) : undefined}
        />
        <Button type="submit" loading={verify.isPending} fullWidth>
          {t('accounts.verify.submit')}
        </Button>
        <Group justify="space-between" align="center" gap="xs">
          <Button variant="subtle" onClick={onResend} disabled={seconds > 0} loading={resend.isPending}>
            {t('accounts.verify.resend')}
          </Button>
          {seconds > 0 && (
            <Text size="sm" c="gray.7">
              {t('accounts.verify.resendIn', { seconds })}
            </Text>
          )}
        </Group>
        {resend.isError && (
          <Text size="sm" c="red.8" role="alert">
            {errorMessage(resend.error)}
          </Text>
        )}
        <Anchor component={Link} to="/auth/sign-up" size="sm">
          {t('accounts.verify.otherEmail')}
        </Anchor>
      </Stack>
    </form>
  )
}
