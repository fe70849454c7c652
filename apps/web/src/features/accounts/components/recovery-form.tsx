import { useState } from 'react'
import type { FormEvent } from 'react'
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { emailSchema, firstError } from '@offerbook/domain/validation'
import { translateMessage } from '../../../shared/i18n/server-messages'
import { errorMessage, notifyError, notifySuccess } from '../../../shared/notify'
import { PasswordConfirmInput } from '../../../shared/ui/password-confirm-input'
import type { PasswordConfirmValue } from '../../../shared/ui/password-confirm-input'
import { useRequestRecovery, useResetPassword } from '../api/recovery'
import { CodeInput } from './code-input'
import { PASSWORD_MIN_LENGTH, cleanCode, codeError, passwordErrors } from './form-rules'

const CHECK_EMAIL = 'Please check your email for the verification code and reset your password'

type Step = 'email' | 'reset' | 'done'
type ResetErrors = { code?: string; password?: string; confirm?: string }

export function RecoveryForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation()
  const request = useRequestRecovery()
  const reset = useResetPassword()
  const [step, setStep] = useState<Step>('email')
  const [email, setEmail] = useState(initialEmail)
  const [emailError, setEmailError] = useState<string | null>(null)
  const [sentMessage, setSentMessage] = useState(CHECK_EMAIL)
  const [code, setCode] = useState('')
  const [password, setPassword] = useState<PasswordConfirmValue>({ password: '', confirm: '' })
  const [errors, setErrors] = useState<ResetErrors>({})

  const cleanEmail = email.trim().toLowerCase()
  const shown = (message: string | undefined) => (message ? translateMessage(message) : undefined)

  const onRequest = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = firstError(emailSchema, email)
    setEmailError(found)
    if (found) return
    request.mutate(cleanEmail, {
      onSuccess: ({ message }) => {
        setSentMessage(message || CHECK_EMAIL)
        setStep('reset')
      },
      onError: (error) => notifyError(error),
    })
  }

  const onReset = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found: ResetErrors = { ...passwordErrors(password), code: codeError(code) ?? undefined }
    setErrors(found)
    if (Object.values(found).some(Boolean)) return
    reset.mutate(
      { email: cleanEmail, code: cleanCode(code), password: password.password },
      {
        onSuccess: () => {
          setStep('done')
          notifySuccess(t('accounts.recovery.done'))
        },
        onError: (error) => {
          setErrors({ code: errorMessage(error) })
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
            {translateMessage(sentMessage)}
          </Alert>
          <CodeInput
            label={t('accounts.recovery.code')}
            value={code}
            onChange={(value) => {
              setCode(value)
              if (errors.code) setErrors((prev) => ({ ...prev, code: undefined }))
            }}
            error={shown(errors.code)}
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
            error={shown(errors.password)}
            confirmError={shown(errors.confirm)}
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
          error={shown(emailError ?? undefined)}
          withAsterisk
        />
        <Button type="submit" loading={request.isPending} fullWidth>
          {t('accounts.recovery.sendCode')}
        </Button>
      </Stack>
    </form>
  )
}
