import { useState } from 'react'
import type { FormEvent } from 'react'
import { Anchor, Button, Checkbox, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { Session } from '@offerbook/domain/session'
import { MESSAGES } from '@offerbook/domain/validation'
import { translateMessage } from '../../../shared/i18n/server-messages'
import { errorMessage, notifyError } from '../../../shared/notify'
import { PhoneInput } from '../../../shared/ui/phone-input'
import { usePhoneSignIn, useRequestPhoneCode } from '../api/phone-sign-in'
import { CodeInput } from './code-input'
import { cleanCode, codeError } from './form-rules'

export type PhoneSignInFormProps = { onSignedIn: (session: Session, persist: boolean) => void }

export function PhoneSignInForm({ onSignedIn }: PhoneSignInFormProps) {
  const { t } = useTranslation()
  const requestCode = useRequestPhoneCode()
  const signIn = usePhoneSignIn({ onSignedIn })
  const [phone, setPhone] = useState('')
  const [phoneError, setPhoneError] = useState<string | null>(null)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [code, setCode] = useState('')
  const [codeFailure, setCodeFailure] = useState<string | null>(null)
  const [persist, setPersist] = useState(false)

  const onRequest = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // PhoneInput emits '' for an empty or invalid number and shows 'Invalid format' on its own.
    if (phone === '') {
      setPhoneError(MESSAGES.required)
      return
    }
    requestCode.mutate(phone, { onSuccess: () => setSentTo(phone), onError: (error) => notifyError(error) })
  }

  const onSignIn = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!sentTo) return
    const found = codeError(code)
    setCodeFailure(found)
    if (found) return
    signIn.mutate({ phone: sentTo, code: cleanCode(code), persist }, { onError: (error) => setCodeFailure(errorMessage(error)) })
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
            error={phoneError ? translateMessage(phoneError) : undefined}
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
    <form onSubmit={onSignIn} noValidate aria-label={t('accounts.phone.formLabel')}>
      <Stack gap="md">
        <Text role="status">{t('accounts.phone.codeSent', { phone: sentTo })}</Text>
        <CodeInput
          label={t('accounts.phone.code')}
          value={code}
          onChange={(value) => {
            setCode(value)
            setCodeFailure(null)
          }}
          error={codeFailure ? translateMessage(codeFailure) : undefined}
        />
        <Checkbox label={t('auth.rememberMe')} name="persist" checked={persist} onChange={(event) => setPersist(event.currentTarget.checked)} />
        <Button type="submit" loading={signIn.isPending} fullWidth>
          {t('accounts.phone.submit')}
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            setSentTo(null)
            setCode('')
            setCodeFailure(null)
          }}
        >
          {t('accounts.phone.otherNumber')}
        </Anchor>
      </Stack>
    </form>
  )
}
