import type { FormEvent } from 'react'
import { useState } from 'react'
import { Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { SignerView } from '@offerbook/domain/signing'
import { SIGNING_LIMITS } from '@offerbook/domain/signing-values'
import { errorMessage } from '../../../shared/notify'
import type { SignerLink } from '../api/signer'
import { useSendCode, useVerifyCode } from '../api/signer'
import { SignerMessagePage } from './signer-message-page'

const CODE_PATTERN = new RegExp(`^\\d{${SIGNING_LIMITS.codeDigits}}$`)

/** The texted code a packet may require before the signer sees the document (decision 016). */
export function CodeStep({ view, link }: { view: SignerView; link: SignerLink }) {
  const { t } = useTranslation()
  const send = useSendCode(link)
  const verify = useVerifyCode(link)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const phone = view.signer.phoneHint ?? t('signer.code.yourPhone')

  const sendCode = () => {
    setError(null)
    send.mutate(undefined, { onError: (failure) => setError(errorMessage(failure)) })
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const digits = code.replace(/\s+/g, '')
    if (!CODE_PATTERN.test(digits)) {
      setError(t('signer.code.digits'))
      return
    }
    setError(null)
    verify.mutate(digits, { onError: (failure) => setError(errorMessage(failure)) })
  }

  return (
    <SignerMessagePage title={t('signer.code.title')}>
      <Text>{t('signer.code.intro')}</Text>
      <Text role="status">{send.isSuccess ? t('signer.code.texted', { phone, minutes: SIGNING_LIMITS.codeMinutes }) : t('signer.code.willText', { phone })}</Text>
      <Group>
        <Button variant={send.isSuccess ? 'default' : 'filled'} onClick={sendCode} loading={send.isPending}>
          {send.isSuccess ? t('signer.code.resend') : t('signer.code.send')}
        </Button>
      </Group>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={320}>
          <TextInput
            label={t('signer.code.label')}
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={SIGNING_LIMITS.codeDigits + 2}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={error}
            withAsterisk
          />
          <Button type="submit" loading={verify.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('signer.code.verify')}
          </Button>
        </Stack>
      </form>
    </SignerMessagePage>
  )
}
