import { Button, Group, PasswordInput, Stack } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import { ChangePasswordSchema, PASSWORD_MIN_LENGTH, PasswordConfirmSchema } from '@offerbook/domain/profile'
import { ApiClientError, UNKNOWN_ERROR } from '../../../shared/api-client'
import { validateWith } from '../../../shared/form-validation'
import { notifyError, notifySuccess } from '../../../shared/notify'
import { PasswordConfirmInput } from '../../../shared/ui/password-confirm-input'
import type { PasswordConfirmValue } from '../../../shared/ui/password-confirm-input'
import { useSchemaForm } from '../../../shared/use-schema-form'
import { useChangePassword } from '../api/profile'

type Values = { currentPassword: string; next: PasswordConfirmValue }

const EMPTY: Values = { currentPassword: '', next: { password: '', confirm: '' } }

export function PasswordSection() {
  const { t } = useTranslation()
  const change = useChangePassword()
  // The API's rules for a change of password, and the new one typed the same twice.
  const form = useSchemaForm({
    schema: ChangePasswordSchema,
    initialValues: EMPTY,
    toInput: ({ currentPassword, next }) => ({ currentPassword, newPassword: next.password }),
    check: ({ next }) => ({ confirm: validateWith(PasswordConfirmSchema, next).errors.confirm }),
  })

  const onSubmit = form.onSubmit((data) =>
    change.mutate(data, {
      onSuccess: () => {
        form.setValues(EMPTY)
        notifySuccess('accounts.profile.password.changed')
      },
      onError: (error) => {
        form.setErrors({ currentPassword: error instanceof ApiClientError ? error.detail : UNKNOWN_ERROR })
        notifyError(error)
      },
    }),
  )
  const currentError = form.errorOf('currentPassword')

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('accounts.profile.password.formLabel')}>
      <Stack gap="md">
        <PasswordInput
          label={t('accounts.profile.password.current')}
          name="currentPassword"
          autoComplete="current-password"
          visibilityToggleButtonProps={{ 'aria-label': t('accounts.profile.password.showCurrent') }}
          {...form.field('currentPassword')}
          aria-invalid={currentError ? true : undefined}
          withAsterisk
        />
        <PasswordConfirmInput
          value={form.values.next}
          onChange={(value) => form.setValue('next', value, ['newPassword', 'confirm'])}
          label={t('accounts.profile.password.new')}
          confirmLabel={t('accounts.profile.password.confirm')}
          name="newPassword"
          minLength={PASSWORD_MIN_LENGTH}
          error={form.errorOf('newPassword')}
          confirmError={form.errorOf('confirm')}
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
