import { Alert, Button, Stack, TextInput } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import { CreateAccountSchema, PASSWORD_MIN_LENGTH, PasswordConfirmSchema } from '@offerbook/domain/profile'
import { ApiClientError } from '../../../shared/api-client'
import { validateWith } from '../../../shared/form-validation'
import { errorMessage, notifyError } from '../../../shared/notify'
import { PasswordConfirmInput } from '../../../shared/ui/password-confirm-input'
import type { PasswordConfirmValue } from '../../../shared/ui/password-confirm-input'
import { useSchemaForm } from '../../../shared/use-schema-form'
import { QuestionLink } from '../../../shared/ui/question-link'
import { EmailInput } from '../../../shared/ui/email-input'
import type { CodeSent } from '../api/sign-up'
import { useCreateAccount } from '../api/sign-up'

export type SignUpFormProps = { onCodeSent: (sent: CodeSent) => void }

export function SignUpForm({ onCodeSent }: SignUpFormProps) {
  const { t } = useTranslation()
  const create = useCreateAccount()
  // The API's sign-up rules, and the password typed the same twice.
  const form = useSchemaForm({
    schema: CreateAccountSchema,
    initialValues: { name: '', email: '', password: { password: '', confirm: '' } as PasswordConfirmValue },
    toInput: ({ password, ...values }) => ({ ...values, password: password.password }),
    check: ({ password }) => ({ confirm: validateWith(PasswordConfirmSchema, password).errors.confirm }),
  })

  const onSubmit = form.onSubmit((account) =>
    create.mutate(
      { ...account, name: account.name.replace(/\s+/g, ' ') },
      {
        onSuccess: onCodeSent,
        onError: (error) => {
          // The one answer that belongs to a field: the address is taken.
          if (error instanceof ApiClientError && error.status === 409) form.setError('email', error.detail)
          else notifyError(error)
        },
      },
    ),
  )

  const conflict = create.error instanceof ApiClientError && create.error.status === 409

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('accounts.signUp.formLabel')}>
      <Stack gap="md">
        {create.isError && !conflict && (
          <Alert color="red" role="alert" title={t('accounts.signUp.failed')}>
            {errorMessage(create.error)}
          </Alert>
        )}
        <TextInput
          label={t('accounts.signUp.fullName')}
          name="name"
          autoComplete="name"
          {...form.field('name')}
          withAsterisk
        />
        <EmailInput label={t('accounts.signUp.email')} {...form.field('email')} />
        <PasswordConfirmInput
          value={form.values.password}
          onChange={(value) => form.setValue('password', value, ['password', 'confirm'])}
          name="password"
          minLength={PASSWORD_MIN_LENGTH}
          error={form.errorOf('password')}
          confirmError={form.errorOf('confirm')}
          required
        />
        <Button type="submit" loading={create.isPending} fullWidth>
          {t('accounts.signUp.submit')}
        </Button>
        <QuestionLink question={t('accounts.signUp.haveAccount')} to="/auth/sign-in">
          {t('accounts.signUp.signIn')}
        </QuestionLink>
      </Stack>
    </form>
  )
}
