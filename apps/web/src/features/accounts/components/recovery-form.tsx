import { useState } from 'react'
import type { FormEvent } from 'react'
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Message } from '@offerbook/domain/messages'
import { PASSWORD_MIN_LENGTH, PasswordConfirmSchema } from '@offerbook/domain/profile'
import { OneTimeCodeSchema } from '@offerbook/domain/session'
import { emailSchema, firstError } from '@offerbook/domain/validation'
import { ApiClientError, UNKNOWN_ERROR } from '../../../shared/api-client'
import { validateWith } from '../../../shared/form-validation'
import { translate, translateOptional } from '../../../shared/i18n/messages'
import { notifyError, notifySuccess } from '../../../shared/notify'
import { PasswordConfirmInput } from '../../../shared/ui/password-confirm-input'
import type { PasswordConfirmValue } from '../../../shared/ui/password-confirm-input'
import { useRequestRecovery, useResetPassword } from '../api/recovery'
import { CodeInput } from './code-input'

type Step = 'email' | 'reset' | 'done'
type ResetErrors = { code?: Message; password?: Message; confirm?: Message }

export function RecoveryForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation()
  const request = useRequestRecovery()
  const reset = useResetPassword()
  const [step, setStep] = useState<Step>('email')
  const [email, setEmail] = useState(initialEmail)
  const [emailError, setEmailError] = useState<Message | null>(null)
  const [code, setCode] = useState('')
  const [password, setPassword] = useState<PasswordConfirmValue>({ password: '', confirm: '' })
  const [errors, setErrors] = useState<ResetErrors>({})

  const cleanEmail = email.trim().toLowerCase()

  const onRequest = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = firstError(emailSchema, email)
    setEmailError(found)
    if (found) return
    request.mutate(cleanEmail, { onSuccess: () => setStep('reset'), onError: (error) => notifyError(error) })
  }

  const onReset = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const typed = validateWith(PasswordConfirmSchema, password)
    const digits = validateWith(OneTimeCodeSchema, code)
    setErrors({ code: digits.errors[''], password: typed.errors.password, confirm: typed.errors.confirm })
    if (!typed.ok || !digits.ok) return
    reset.mutate(
      { email: cleanEmail, code: digits.data, password: typed.data.password },
      {
        onSuccess: () => {
          setStep('done')
          notifySuccess(t('accounts.recovery.done'))
        },
        onError: (error) => {
          setErrors({ code: error instanceof ApiClientError ? error.detail : UNKNOWN_ERROR })
          notifyError(error)
        },
      },
    )
  }

  if (step === 'done') {
    return (
      <Stack gap="md">
        <Alert color="green" role="status">
          {t('accounts.recovery.done')}
        </Alert>
        <Button component={Link} to={`/auth/sign-in?email=${encodeURIComponent(cleanEmail)}`}>
          {t('accounts.recovery.signIn')}
        </Button>
      </Stack>
    )
  }

  if (step === 'reset') {
    return (
      <form onSubmit={onReset} noValidate aria-label={t('accounts.recovery.resetLabel')}>
        <Stack gap="md">
          <Alert color="blue" role="status">
            {translate('accounts.recoverySent')}
          </Alert>
          <CodeInput
            label={t('accounts.recovery.code')}
            value={code}
            onChange={(value) => {
              setCode(value)
              if (errors.code) setErrors((prev) => ({ ...prev, code: undefined }))
            }}
            error={translateOptional(errors.code)}
          />
          <PasswordConfirmInput
            value={password}
            onChange={(value) => {
              setPassword(value)
              if (errors.password || errors.confirm) setErrors((prev) => ({ ...prev, password: undefined, confirm: undefined }))
            }}
            label={t('accounts.recovery.newPassword')}
            confirmLabel={t('accounts.recovery.confirmPassword')}
            name="password"
            minLength={PASSWORD_MIN_LENGTH}
            error={translateOptional(errors.password)}
            confirmError={translateOptional(errors.confirm)}
            required
          />
          <Button type="submit" loading={reset.isPending} fullWidth>
            {t('accounts.recovery.submit')}
          </Button>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setStep('email')
              setCode('')
              setErrors({})
            }}
          >
            {t('accounts.recovery.otherEmail')}
          </Anchor>
        </Stack>
      </form>
    )
  }

  return (
    <form onSubmit={onRequest} noValidate aria-label={t('accounts.recovery.requestLabel')}>
      <Stack gap="md">
        <TextInput
          label={t('accounts.recovery.email')}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value)
            if (emailError) setEmailError(null)
          }}
          error={translateOptional(emailError)}
          withAsterisk
        />
        <Button type="submit" loading={request.isPending} fullWidth>
          {t('accounts.recovery.sendCode')}
        </Button>
      </Stack>
    </form>
  )
}
