import { useState } from 'react'
import type { FormEvent, ReactNode } from 'react'
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Message } from '@offerbook/domain/messages'
import { SignInSchema } from '@offerbook/domain/session'
import type { User } from '@offerbook/domain/user'
import { ApiClientError } from '../../../shared/api-client'
import { validateWith } from '../../../shared/form-validation'
import { translateOptional } from '../../../shared/i18n/messages'
import { errorMessage, notifyError } from '../../../shared/notify'
import { useSignIn } from '../api/sign-in'

type FieldErrors = { email?: Message; password?: Message; code?: Message }

export type SignInFormProps = {
  onSignedIn: (user: User) => void
  /** Prefills the email, e.g. after a password reset. */
  initialEmail?: string
  /** What to offer when the address was never verified (enter the code, send a new one). */
  unverifiedActions?: (email: string) => ReactNode
}

function isUnverified(error: unknown): boolean {
  return error instanceof ApiClientError && error.code === 'EMAIL_NOT_VERIFIED'
}

/** Past the account's limit of tries the API asks for the code it e-mailed to the owner (issue #29). */
function asksForCode(error: unknown): boolean {
  return error instanceof ApiClientError && (error.detail.key === 'session.codeRequired' || error.detail.key === 'session.codeOrPasswordWrong')
}

function validate(values: { email: string; password: string; persist: boolean }): FieldErrors {
  const { errors } = validateWith(SignInSchema, values)
  return { email: errors.email, password: errors.password }
}

export function SignInForm({ onSignedIn, initialEmail = '', unverifiedActions }: SignInFormProps) {
  const { t } = useTranslation()
  const signIn = useSignIn({ onSignedIn })
  const [email, setEmail] = useState(initialEmail)
  const [password, setPassword] = useState('')
  const [persist, setPersist] = useState(false)
  const [errors, setErrors] = useState<FieldErrors>({})
  // Shown once the API asked for the e-mailed code; it then goes with every try.
  const [codeAsked, setCodeAsked] = useState(false)
  const [code, setCode] = useState('')

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const checked = validateWith(SignInSchema, { email, password, persist, ...(codeAsked ? { code } : {}) })
    setErrors({ email: checked.errors.email, password: checked.errors.password, code: checked.errors.code })
    if (!checked.ok) return
    signIn.mutate(checked.data, {
      onError: (error) => {
        if (asksForCode(error)) {
          setCodeAsked(true)
          // The code field is new: the person goes on there.
          setTimeout(() => document.getElementById('sign-in-code')?.focus(), 0)
          return
        }
        notifyError(error)
      },
    })
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('auth.signIn')}>
      <Stack gap="md">
        {signIn.isError && (
          <Alert color={asksForCode(signIn.error) ? 'yellow' : 'red'} role="alert" title={t(asksForCode(signIn.error) ? 'auth.signInCodeTitle' : 'auth.signInFailed')} styles={{ title: { color: 'var(--mantine-color-text)' } }}>
            <Stack gap="xs">
              <Text size="sm">{errorMessage(signIn.error)}</Text>
              {isUnverified(signIn.error) && unverifiedActions?.(signIn.variables?.email ?? email.trim().toLowerCase())}
            </Stack>
          </Alert>
        )}
        <TextInput
          label={t('auth.email')}
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value)
            if (errors.email) setErrors((prev) => ({ ...prev, email: undefined }))
          }}
          onBlur={() => email && setErrors((prev) => ({ ...prev, email: validate({ email, password: 'x', persist }).email }))}
          error={translateOptional(errors.email)}
          withAsterisk
        />
        <PasswordInput
          label={t('auth.password')}
          name="password"
          autoComplete="current-password"
          // Its own name must not contain "Password", or the field's label stops being unique.
          visibilityToggleButtonProps={{ 'aria-label': t('auth.showCharacters') }}
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value)
            if (errors.password) setErrors((prev) => ({ ...prev, password: undefined }))
          }}
          error={translateOptional(errors.password)}
          withAsterisk
        />
        {codeAsked && (
          <TextInput
            id="sign-in-code"
            label={t('auth.signInCode')}
            description={t('auth.signInCodeHint')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value)
              if (errors.code) setErrors((prev) => ({ ...prev, code: undefined }))
            }}
            error={translateOptional(errors.code)}
            withAsterisk
          />
        )}
        <Group justify="space-between">
          <Checkbox label={t('auth.rememberMe')} name="persist" checked={persist} onChange={(event) => setPersist(event.currentTarget.checked)} />
          <Anchor component={Link} to="/auth/recovery" size="sm">
            {t('auth.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" loading={signIn.isPending} fullWidth>
          {t('auth.signIn')}
        </Button>
        <Text size="sm" ta="center">
          {t('auth.noAccount')}{' '}
          <Anchor component={Link} to="/auth/sign-up">
            {t('auth.createAccount')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  )
}
