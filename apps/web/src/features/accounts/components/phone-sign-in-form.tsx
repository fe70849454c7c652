import { useState } from 'react'
import { Anchor, Button, Checkbox, Stack, Text } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import { requiredPhoneSchema } from '@offerbook/domain/phone-schemas'
import type { Session } from '@offerbook/domain/session'
import { z } from 'zod'
import { notifyError } from '../../../shared/notify'
import { PhoneInput } from '../../../shared/ui/phone-input'
import { useSchemaForm } from '../../../shared/use-schema-form'
import { usePhoneSignIn, useRequestPhoneCode } from '../api/phone-sign-in'
import { OneTimeCodeForm } from './one-time-code-form'

/** The request for a code: the API's rule for a phone (required, the domain's phone rule). */
const PhoneCodeRequestSchema = z.object({ phone: requiredPhoneSchema })

export type PhoneSignInFormProps = { onSignedIn: (session: Session, persist: boolean) => void }

export function PhoneSignInForm({ onSignedIn }: PhoneSignInFormProps) {
  const { t } = useTranslation()
  const requestCode = useRequestPhoneCode()
  const signIn = usePhoneSignIn({ onSignedIn })
  const form = useSchemaForm({ schema: PhoneCodeRequestSchema, initialValues: { phone: '' } })
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [persist, setPersist] = useState(false)

  // PhoneInput emits '' for an empty or invalid number (and shows 'Invalid format' on its own): '' is 'Required'.
  const onRequest = form.onSubmit(({ phone }) => {
    requestCode.mutate(phone, {
      onSuccess: () => setSentTo(phone),
      onError: (error) => {
        if (!form.serverErrors(error)) notifyError(error)
      },
    })
  })

  if (!sentTo) {
    return (
      <form onSubmit={onRequest} noValidate aria-label={t('accounts.phone.formLabel')}>
        <Stack gap="md">
          <Text size="sm" c="gray.7">
            {t('accounts.phone.intro')}
          </Text>
          <PhoneInput {...form.field('phone')} name="phone" required />
          <Button type="submit" loading={requestCode.isPending} fullWidth>
            {t('accounts.phone.sendCode')}
          </Button>
        </Stack>
      </form>
    )
  }

  return (
    <OneTimeCodeForm
      formLabel={t('accounts.phone.formLabel')}
      codeLabel={t('accounts.phone.code')}
      submitLabel={t('accounts.phone.submit')}
      submitting={signIn.isPending}
      onCode={(code, refuse) => signIn.mutate({ phone: sentTo, code, persist }, { onError: refuse })}
      intro={<Text role="status">{t('accounts.phone.codeSent', { phone: sentTo })}</Text>}
      options={<Checkbox label={t('auth.rememberMe')} name="persist" checked={persist} onChange={(event) => setPersist(event.currentTarget.checked)} />}
      footer={
        <Anchor component="button" type="button" size="sm" onClick={() => setSentTo(null)}>
          {t('accounts.phone.otherNumber')}
        </Anchor>
      }
    />
  )
}
