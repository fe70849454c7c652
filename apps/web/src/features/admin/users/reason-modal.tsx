import { useState } from 'react'
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'

export type ReasonModalProps = {
  opened: boolean
  title: string
  message: string
  confirmLabel: string
  /** A denial needs its reason (it is quoted in the email); a deactivation's is optional. */
  required: boolean
  onConfirm: (reason: string) => void
  onCancel: () => void
}

/** A confirmation that also asks why, for denying a request or deactivating an account. */
export function ReasonModal({ opened, title, message, confirmLabel, required, onConfirm, onCancel }: ReasonModalProps) {
  const { t } = useTranslation()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)

  const close = () => {
    setReason('')
    setError(null)
    onCancel()
  }
  const confirm = () => {
    if (required && reason.trim() === '') {
      setError(t('adminUsers.reasonRequired'))
      return
    }
    onConfirm(reason.trim())
    setReason('')
    setError(null)
  }

  return (
    <Modal opened={opened} onClose={close} title={title} centered closeButtonProps={{ 'aria-label': t('inputs.dialog.closeDialog') }} styles={{ title: { fontWeight: 700 } }}>
      <Stack gap="md">
        <Text>{message}</Text>
        <Textarea
          label={t('adminUsers.reason')}
          description={required ? undefined : t('adminUsers.reasonOptional')}
          required={required}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value)
            setError(null)
          }}
          error={error}
          maxLength={1000}
          rows={3}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} data-autofocus>
            {t('inputs.dialog.cancel')}
          </Button>
          <Button color="red" onClick={confirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
