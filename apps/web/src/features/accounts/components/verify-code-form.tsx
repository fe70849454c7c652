import { useEffect, useState } from 'react'
import { Anchor, Button, Group, Text } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import { Link } from '../../../shared/navigation'
import type { Session } from '@offerbook/domain/session'
import { errorMessage, notifyError, notifySuccess } from '../../../shared/notify'
import { useResendCode, useVerifyAccount } from '../api/sign-up'
import { OneTimeCodeForm } from './one-time-code-form'

export type VerifyCodeFormProps = {
  email: string
  /** When the API lets this address ask for another code; null when not known (sign-in sent us here). */
  resendAvailableAt: string | null
  onVerified: (session: Session) => void
}

/** Whole seconds from `now` until `until`, at least 0; 0 when `until` is unknown. */
function secondsUntil(until: string | null, now: number): number {
  const target = until ? Date.parse(until) : Number.NaN
  return Number.isFinite(target) ? Math.max(0, Math.ceil((target - now) / 1000)) : 0
}

export function VerifyCodeForm({ email, resendAvailableAt, onVerified }: VerifyCodeFormProps) {
  const { t } = useTranslation()
  const verify = useVerifyAccount({ onVerified })
  const resend = useResendCode()
  const [cooldown, setCooldown] = useState(() => ({ until: resendAvailableAt, now: Date.now() }))
  const seconds = secondsUntil(cooldown.until, cooldown.now)

  useEffect(() => {
    if (seconds <= 0) return
    const timer = window.setInterval(() => setCooldown((current) => ({ ...current, now: Date.now() })), 1000)
    return () => window.clearInterval(timer)
  }, [seconds])

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
    <OneTimeCodeForm
      formLabel={t('accounts.verify.formLabel')}
      codeLabel={t('accounts.verify.code')}
      submitLabel={t('accounts.verify.submit')}
      submitting={verify.isPending}
      onCode={(code, refuse) => verify.mutate({ email, code, persist: true }, { onError: refuse })}
      intro={<Text>{t('accounts.verify.prompt', { email })}</Text>}
      footer={
        <>
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
        </>
      }
    />
  )
}
