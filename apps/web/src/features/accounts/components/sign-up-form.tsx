import { useState } from 'react'
import type { FormEvent } from 'react'
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { emailSchema, firstError, fullNameSchema, requiredText } from '@offerbook/domain/validation'
import { ApiClientError } from '../../../shared/api-client'
import { translateMessage } from '../../../shared/i18n/server-messages'
import { errorMessage, notifyError } from '../../../shared/notify'
import { PasswordConfirmInput } from '../../../shared/ui/password-confirm-input'
import type { PasswordConfirmValue } from '../../../shared/ui/password-confirm-input'
import type { CodeSent } from '../api/sign-up'
import { useCreateAccount } from '../api/sign-up'
import { PASSWORD_MIN_LENGTH, passwordErrors } from './form-rules'

type Field = 'name' | 'email' | 'password' | 'confirm'
type FieldErrors = Partial<Record<Field, string>>

function validate(name: string, email: string, password: PasswordConfirmValue): FieldErrors {
  const errors: FieldErrors = { ...passwordErrors(password) }
  const nameError = firstError(requiredText, name) ?? firstError(fullNameSchema, name)
  if (nameError) errors.name = nameError
  const emailError = firstError(emailSchema, email)
  if (emailError) errors.email = emailError
  return errors
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
  const shown = (field: Field) => (errors[field] ? translateMessage(errors[field]) : undefined)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = validate(name, email, password)
    setErrors(found)
    if (Object.values(found).some(Boolean)) return
    const body = { name: name.trim().replace(/\s+/g, ' '), email: email.trim().toLowerCase(), password: password.password }
    create.mutate(body, {
      onSuccess: onCodeSent,
      onError: (error) => {
        // The one answer that belongs to a field: the address is taken.
        if (error instanceof ApiClientError && error.status === 409) setErrors((prev) => ({ ...prev, email: error.message }))
        else notifyError(error)
      },
    })
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
