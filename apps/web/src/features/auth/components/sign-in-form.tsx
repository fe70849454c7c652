import { useState } from 'react'
import type { ReactNode } from 'react'
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import { Link } from '../../../shared/navigation'
import { SignInSchema } from '@offerbook/domain/session'
import type { User } from '@offerbook/domain/user'
import { ApiClientError } from '../../../shared/api-client'
import { errorMessage, notifyError } from '../../../shared/notify'
import { useSchemaForm } from '../../../shared/use-schema-form'
import { QuestionLink } from '../../../shared/ui/question-link'
import { EmailInput } from '../../../shared/ui/email-input'
import { useSignIn } from '../api/sign-in'

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

export function SignInForm({ onSignedIn, initialEmail = '', unverifiedActions }: SignInFormProps) {
  const { t } = useTranslation()
  const signIn = useSignIn({ onSignedIn })
  // Shown once the API asked for the e-mailed code; it then goes with every try.
  const [codeAsked, setCodeAsked] = useState(false)
  const form = useSchemaForm({
    schema: SignInSchema,
    initialValues: { email: initialEmail, password: '', persist: false, code: '' },
    toInput: ({ code, ...values }) => ({ ...values, ...(codeAsked ? { code } : {}) }),
  })
  const { email, persist } = form.values

  const onSubmit = form.onSubmit((data) =>
    signIn.mutate(data, {
      onError: (error) => {
        if (asksForCode(error)) {
          setCodeAsked(true)
          // The code field is new: the person goes on there.
          setTimeout(() => document.getElementById('sign-in-code')?.focus(), 0)
          return
        }
        notifyError(error)
      },
    }),
  )

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
        <EmailInput label={t('auth.email')} autoComplete="username" {...form.field('email')} onBlur={() => email && form.checkField('email')} />
        <PasswordInput
          label={t('auth.password')}
          name="password"
          autoComplete="current-password"
          // Its own name must not contain "Password", or the field's label stops being unique.
          visibilityToggleButtonProps={{ 'aria-label': t('auth.showCharacters') }}
          {...form.field('password')}
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
            {...form.field('code')}
            withAsterisk
          />
        )}
        <Group justify="space-between">
          <Checkbox label={t('auth.rememberMe')} name="persist" checked={persist} onChange={(event) => form.setValue('persist', event.currentTarget.checked)} />
          <Anchor component={Link} to="/auth/recovery" size="sm">
            {t('auth.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" loading={signIn.isPending} fullWidth>
          {t('auth.signIn')}
        </Button>
        <QuestionLink question={t('auth.noAccount')} to="/auth/sign-up">
          {t('auth.createAccount')}
        </QuestionLink>
      </Stack>
    </form>
  )
}
