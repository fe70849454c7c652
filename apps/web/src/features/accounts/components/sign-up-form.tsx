import { useState } from 'react'
import type { FormEvent } from 'react'
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Message } from '@offerbook/domain/messages'
import { CreateAccountSchema, PASSWORD_MIN_LENGTH, PasswordConfirmSchema } from '@offerbook/domain/profile'
import { ApiClientError } from '../../../shared/api-client'
import { validateWith } from '../../../shared/form-validation'
import { translateOptional } from '../../../shared/i18n/messages'
import { errorMessage, notifyError } from '../../../shared/notify'
import { PasswordConfirmInput } from '../../../shared/ui/password-confirm-input'
import type { PasswordConfirmValue } from '../../../shared/ui/password-confirm-input'
import type { CodeSent } from '../api/sign-up'
import { useCreateAccount } from '../api/sign-up'

type Field = 'name' | 'email' | 'password' | 'confirm'
type FieldErrors = Partial<Record<Field, Message>>

/** The API's sign-up rules, and the password typed the same twice. */
function validate(name: string, email: string, password: PasswordConfirmValue) {
  const account = validateWith(CreateAccountSchema, { name, email, password: password.password })
  const twice = validateWith(PasswordConfirmSchema, password)
  const errors: FieldErrors = { name: account.errors.name, email: account.errors.email, password: account.errors.password, confirm: twice.errors.confirm }
  return { account: twice.ok ? account.data : null, errors }
}

export type SignUpFormProps = { onCodeSent: (sent: CodeSent) => void }

export function SignUpForm({ onCodeSent }: SignUpFormProps) {
  const { t } = useTranslation()
  const create = useCreateAccount()
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState<PasswordConfirmValue>({ password: '', confirm: '' })
  const [errors, setErrors] = useState<FieldErrors>({})

  const clear = (field: Field) => errors[field] && setErrors((prev) => ({ ...prev, [field]: undefined }))
  const shown = (field: Field) => translateOptional(errors[field])

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const { account, errors: found } = validate(name, email, password)
    setErrors(found)
    if (!account) return
    create.mutate(
      { ...account, name: account.name.replace(/\s+/g, ' ') },
      {
        onSuccess: onCodeSent,
        onError: (error) => {
          // The one answer that belongs to a field: the address is taken.
          if (error instanceof ApiClientError && error.status === 409) setErrors((prev) => ({ ...prev, email: error.detail }))
          else notifyError(error)
        },
      },
    )
  }

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
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value)
            clear('name')
          }}
          error={shown('name')}
          withAsterisk
        />
        <TextInput
          label={t('accounts.signUp.email')}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value)
            clear('email')
          }}
          error={shown('email')}
          withAsterisk
        />
        <PasswordConfirmInput
          value={password}
          onChange={(value) => {
            setPassword(value)
            if (errors.password || errors.confirm) setErrors((prev) => ({ ...prev, password: undefined, confirm: undefined }))
          }}
          name="password"
          minLength={PASSWORD_MIN_LENGTH}
          error={shown('password')}
          confirmError={shown('confirm')}
          required
        />
        <Button type="submit" loading={create.isPending} fullWidth>
          {t('accounts.signUp.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('accounts.signUp.haveAccount')}{' '}
          <Anchor component={Link} to="/auth/sign-in">
            {t('accounts.signUp.signIn')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  )
}
