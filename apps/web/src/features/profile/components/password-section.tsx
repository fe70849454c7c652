import { useState } from 'react'
import type { FormEvent } from 'react'
import { Button, Group, PasswordInput, Stack } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { MESSAGES } from '@offerbook/domain/validation'
import { translateMessage } from '../../../shared/i18n/server-messages'
import { errorMessage, notifyError, notifySuccess } from '../../../shared/notify'
import { PasswordConfirmInput } from '../../../shared/ui/password-confirm-input'
import type { PasswordConfirmValue } from '../../../shared/ui/password-confirm-input'
import { useChangePassword } from '../api/profile'
import { PASSWORD_MIN_LENGTH } from '../profile-rules'

type Errors = { current?: string; password?: string; confirm?: string }

const EMPTY: PasswordConfirmValue = { password: '', confirm: '' }

function validate(current: string, next: PasswordConfirmValue): Errors {
  const errors: Errors = {}
  if (current === '') errors.current = MESSAGES.required
  if (next.password === '') errors.password = MESSAGES.required
  else if (next.password.length < PASSWORD_MIN_LENGTH) errors.password = MESSAGES.minLength(PASSWORD_MIN_LENGTH)
  if (next.confirm === '') errors.confirm = MESSAGES.required
  else if (next.confirm !== next.password) errors.confirm = 'Password mismatch'
  return errors
}

export function PasswordSection() {
  const { t } = useTranslation()
  const change = useChangePassword()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState<PasswordConfirmValue>(EMPTY)
  const [errors, setErrors] = useState<Errors>({})
  const shown = (message: string | undefined) => (message ? translateMessage(message) : undefined)

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
          setErrors({ current: errorMessage(error) })
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
          error={shown(errors.current)}
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
          error={shown(errors.password)}
          confirmError={shown(errors.confirm)}
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
