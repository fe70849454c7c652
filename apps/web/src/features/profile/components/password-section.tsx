import { useState } from 'react'
import type { FormEvent } from 'react'
import { Button, Group, PasswordInput, Stack } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { Message } from '@offerbook/domain/messages'
import { ChangePasswordSchema, PASSWORD_MIN_LENGTH, PasswordConfirmSchema } from '@offerbook/domain/profile'
import { ApiClientError, UNKNOWN_ERROR } from '../../../shared/api-client'
import { validateWith } from '../../../shared/form-validation'
import { translateOptional } from '../../../shared/i18n/messages'
import { notifyError, notifySuccess } from '../../../shared/notify'
import { PasswordConfirmInput } from '../../../shared/ui/password-confirm-input'
import type { PasswordConfirmValue } from '../../../shared/ui/password-confirm-input'
import { useChangePassword } from '../api/profile'

type Errors = { current?: Message; password?: Message; confirm?: Message }

const EMPTY: PasswordConfirmValue = { password: '', confirm: '' }

/** The API's rules for a change of password, and the new one typed the same twice. */
function validate(current: string, next: PasswordConfirmValue): Errors {
  const change = validateWith(ChangePasswordSchema, { currentPassword: current, newPassword: next.password })
  const twice = validateWith(PasswordConfirmSchema, next)
  return { current: change.errors.currentPassword, password: change.errors.newPassword, confirm: twice.errors.confirm }
}

export function PasswordSection() {
  const { t } = useTranslation()
  const change = useChangePassword()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState<PasswordConfirmValue>(EMPTY)
  const [errors, setErrors] = useState<Errors>({})

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = validate(current, next)
    setErrors(found)
    if (Object.values(found).some(Boolean)) return
    change.mutate(
      { currentPassword: current, newPassword: next.password },
      {
        onSuccess: () => {
          setCurrent('')
          setNext(EMPTY)
          notifySuccess('accounts.profile.password.changed')
        },
        onError: (error) => {
          setErrors({ current: error instanceof ApiClientError ? error.detail : UNKNOWN_ERROR })
          notifyError(error)
        },
      },
    )
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('accounts.profile.password.formLabel')}>
      <Stack gap="md">
        <PasswordInput
          label={t('accounts.profile.password.current')}
          name="currentPassword"
          autoComplete="current-password"
          visibilityToggleButtonProps={{ 'aria-label': t('accounts.profile.password.showCurrent') }}
          value={current}
          onChange={(event) => {
            setCurrent(event.currentTarget.value)
            if (errors.current) setErrors((prev) => ({ ...prev, current: undefined }))
          }}
          error={translateOptional(errors.current)}
          aria-invalid={errors.current ? true : undefined}
          withAsterisk
        />
        <PasswordConfirmInput
          value={next}
          onChange={(value) => {
            setNext(value)
            if (errors.password || errors.confirm) setErrors((prev) => ({ ...prev, password: undefined, confirm: undefined }))
          }}
          label={t('accounts.profile.password.new')}
          confirmLabel={t('accounts.profile.password.confirm')}
          name="newPassword"
          minLength={PASSWORD_MIN_LENGTH}
          error={translateOptional(errors.password)}
          confirmError={translateOptional(errors.confirm)}
          required
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            {t('accounts.profile.password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
