import type { FormEvent } from 'react'
import { useState } from 'react'
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { Message } from '@offerbook/domain/messages'
import { ReasonSchema, SIGNING_LIMITS } from '@offerbook/domain/signing'
import { fieldErrorsOf } from '../../../shared/api-client'
import { notifyError } from '../../../shared/notify'
import { firstError } from '@offerbook/domain/validation'
import { translateOptional } from '../../../shared/i18n/messages'
import type { SignerLink } from '../api/signer'
import { useDeclineSigning } from '../api/signer'

/** 'Decline to sign': a reason is required (the sender reads it); the view then shows the declined page. */
export function DeclineDialog({ opened, onClose, link }: { opened: boolean; onClose: () => void; link: SignerLink }) {
  const { t } = useTranslation()
  const decline = useDeclineSigning(link)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<Message | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = reason.trim()
    const problem = firstError(ReasonSchema, { reason: trimmed })
    if (problem) return setError(problem)
    setError(null)
    decline.mutate(trimmed, {
      onError: (failure) => {
        const fieldError = fieldErrorsOf(failure, ['reason'] as const).reason
        if (fieldError) setError(fieldError)
        else notifyError(failure)
      },
    })
  }

  const close = () => {
    if (decline.isPending) return
    setError(null)
    onClose()
  }

  return (
    <Modal opened={opened} onClose={close} title={t('signer.decline.title')} centered size="md" styles={{ title: { fontWeight: 700 } }} closeButtonProps={{ 'aria-label': t('inputs.dialog.closeDialog') }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text>{t('signer.decline.intro')}</Text>
          <Textarea
            label={t('signer.decline.reason')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={translateOptional(error)}
            maxLength={SIGNING_LIMITS.maxReason}
            rows={4}
            withAsterisk
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={decline.isPending}>
              {t('signer.decline.cancel')}
            </Button>
            <Button type="submit" color="red.9" loading={decline.isPending}>
              {t('signer.decline.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
