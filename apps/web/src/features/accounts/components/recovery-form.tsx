import { useState } from 'react'
import { Alert, Anchor, Button, Stack } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import { Link } from '../../../shared/navigation'
import { PASSWORD_MIN_LENGTH, PasswordConfirmSchema } from '@offerbook/domain/profile'
import { OneTimeCodeSchema } from '@offerbook/domain/session'
import { emailSchema } from '@offerbook/domain/validation'
import { z } from 'zod'
import { ApiClientError, UNKNOWN_ERROR } from '../../../shared/api-client'
import { translate } from '../../../shared/i18n/messages'
import { notifyError, notifySuccess } from '../../../shared/notify'
import { PasswordConfirmInput } from '../../../shared/ui/password-confirm-input'
import type { PasswordConfirmValue } from '../../../shared/ui/password-confirm-input'
import { useSchemaForm } from '../../../shared/use-schema-form'
import { EmailInput } from '../../../shared/ui/email-input'
import { useRequestRecovery, useResetPassword } from '../api/recovery'
import { CodeInput } from './code-input'

type Step = 'email' | 'reset' | 'done'

const RequestSchema = z.object({ email: emailSchema })
/** The e-mailed code and the new password typed twice. */
const ResetSchema = z.object({ code: OneTimeCodeSchema, password: PasswordConfirmSchema })

export function RecoveryForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation()
  const request = useRequestRecovery()
  const reset = useResetPassword()
  const [step, setStep] = useState<Step>('email')
  const requestForm = useSchemaForm({ schema: RequestSchema, initialValues: { email: initialEmail } })
  const resetForm = useSchemaForm({ schema: ResetSchema, initialValues: { code: '', password: { password: '', confirm: '' } as PasswordConfirmValue } })

  const cleanEmail = requestForm.values.email.trim().toLowerCase()

  const onRequest = requestForm.onSubmit(() => request.mutate(cleanEmail, { onSuccess: () => setStep('reset'), onError: (error) => notifyError(error) }))

  const onReset = resetForm.onSubmit((data) =>
    reset.mutate(
      { email: cleanEmail, code: data.code, password: data.password.password },
      {
        onSuccess: () => {
          setStep('done')
          notifySuccess(t('accounts.recovery.done'))
        },
        onError: (error) => {
          resetForm.setErrors({ code: error instanceof ApiClientError ? error.detail : UNKNOWN_ERROR })
          notifyError(error)
        },
      },
    ),
  )

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
            {translate('accounts.recoverySent')}
          </Alert>
          <CodeInput
            label={t('accounts.recovery.code')}
            {...resetForm.field('code')}
          />
          <PasswordConfirmInput
            value={resetForm.values.password}
            onChange={(value) => resetForm.setValue('password', value)}
            label={t('accounts.recovery.newPassword')}
            confirmLabel={t('accounts.recovery.confirmPassword')}
            name="password"
            minLength={PASSWORD_MIN_LENGTH}
            error={resetForm.errorOf('password.password')}
            confirmError={resetForm.errorOf('password.confirm')}
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
              resetForm.setValues({ ...resetForm.values, code: '' })
              resetForm.setErrors({})
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
        <EmailInput label={t('accounts.recovery.email')} {...requestForm.field('email')} />
        <Button type="submit" loading={request.isPending} fullWidth>
          {t('accounts.recovery.sendCode')}
        </Button>
      </Stack>
    </form>
  )
}
