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

type FieldErrors = { email?: Message; password?: Message }

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

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const checked = validateWith(SignInSchema, { email, password, persist })
    setErrors({ email: checked.errors.email, password: checked.errors.password })
    if (!checked.ok) return
    signIn.mutate(checked.data, { onError: (error) => notifyError(error) })
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('auth.signIn')}>
      <Stack gap="md">
        {signIn.isError && (
          <Alert color="red" role="alert" title={t('auth.signInFailed')}>
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
