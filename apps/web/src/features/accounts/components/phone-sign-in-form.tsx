import { useState } from 'react'
import type { FormEvent } from 'react'
import { Anchor, Button, Checkbox, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { Message } from '@offerbook/domain/messages'
import type { Session } from '@offerbook/domain/session'
import { translateOptional } from '../../../shared/i18n/messages'
import { notifyError } from '../../../shared/notify'
import { PhoneInput } from '../../../shared/ui/phone-input'
import { usePhoneSignIn, useRequestPhoneCode } from '../api/phone-sign-in'
import { OneTimeCodeForm } from './one-time-code-form'

export type PhoneSignInFormProps = { onSignedIn: (session: Session, persist: boolean) => void }

export function PhoneSignInForm({ onSignedIn }: PhoneSignInFormProps) {
  const { t } = useTranslation()
  const requestCode = useRequestPhoneCode()
  const signIn = usePhoneSignIn({ onSignedIn })
  const [phone, setPhone] = useState('')
  const [phoneError, setPhoneError] = useState<Message | null>(null)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [persist, setPersist] = useState(false)

  const onRequest = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // PhoneInput emits '' for an empty or invalid number and shows 'Invalid format' on its own.
    if (phone === '') {
      setPhoneError({ key: 'common.required' })
      return
    }
    requestCode.mutate(phone, { onSuccess: () => setSentTo(phone), onError: (error) => notifyError(error) })
  }

  if (!sentTo) {
    return (
      <form onSubmit={onRequest} noValidate aria-label={t('accounts.phone.formLabel')}>
        <Stack gap="md">
          <Text size="sm" c="gray.7">
            {t('accounts.phone.intro')}
          </Text>
          <PhoneInput
            value={phone}
            onChange={(value) => {
              setPhone(value)
              setPhoneError(null)
            }}
            name="phone"
            error={translateOptional(phoneError)}
            required
          />
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
