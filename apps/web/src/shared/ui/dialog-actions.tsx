import type { ReactNode } from 'react'
import { Button, Group } from '@mantine/core'
import type { MantineColor } from '@mantine/core'

type DialogActionsProps = {
  cancel: ReactNode
  onCancel: () => void
  confirm: ReactNode
  /** Without it, the confirm button submits the dialog's form. */
  onConfirm?: () => void
  color?: MantineColor
  /** The confirmation is running: its button spins, and with `holdCancel` Cancel waits for it. */
  loading?: boolean
  holdCancel?: boolean
  disabled?: boolean
}

/** The foot of a dialog: Cancel, then the button that does what the dialog asks. */
export function DialogActions({ cancel, onCancel, confirm, onConfirm, color, loading, holdCancel = false, disabled }: DialogActionsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={holdCancel && loading}>
        {cancel}
      </Button>
      <Button type={onConfirm ? 'button' : 'submit'} color={color} onClick={onConfirm} loading={loading} disabled={disabled}>
        {confirm}
      </Button>
    </Group>
  )
}
