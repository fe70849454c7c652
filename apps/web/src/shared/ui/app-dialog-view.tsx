import type { ReactNode } from 'react'
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useTranslation } from '../i18n/translation'

export type DialogType = 'alert' | 'confirm'

/** The dialog state of spec section 3: type, show, title, message; the actions are AppDialog's callbacks. */
export type DialogState = {
  type: DialogType
  show: boolean
  title: ReactNode
  message: ReactNode
  /** Label of an alert's button (default 'Close'). */
  closeLabel?: string
  /** Label of a confirmation's confirm button (default 'Confirm'), e.g. 'CONFIRM ACCEPT OFFER'. */
  confirmLabel?: string
  /** Label of a confirmation's cancel button (default 'Cancel'). */
  cancelLabel?: string
}

export type AppDialogProps = {
  state: DialogState
  /** Called after every action (close, confirm or cancel) so the owner hides the dialog in one place. */
  onClose: () => void
  /** A confirmation's Confirm button. */
  onConfirm?: () => void
  /** A confirmation's Cancel button, Escape, the corner close button or a click outside. */
  onCancel?: () => void
  /** Called once the closing animation ends. */
  onClosed?: () => void
}


/** The generic dialog of spec section 2.6: an alert with Close, or a confirmation with Cancel and Confirm. */
export function AppDialog({ state, onClose, onConfirm, onCancel, onClosed }: AppDialogProps) {
  const { t } = useTranslation()
  const confirming = state.type === 'confirm'

  const dismiss = () => {
    if (confirming) onCancel?.()
    onClose()
  }
  const confirm = () => {
    onConfirm?.()
    onClose()
  }

  return (
    <Modal
      opened={state.show}
      onClose={dismiss}
      onExitTransitionEnd={onClosed}
      title={state.title}
      centered
      size="md"
      styles={{ title: { fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': t('inputs.dialog.closeDialog') }}
    >
      <Stack gap="lg">
        {typeof state.message === 'string' ? <Text>{state.message}</Text> : state.message}
        <Group justify="flex-end" gap="sm">
          {confirming ? (
            <>
              {/* Cancel takes the focus: Enter on a dialog that accepts an offer must not accept it by accident. */}
              <Button variant="default" onClick={dismiss} data-autofocus>
                {state.cancelLabel ?? t('inputs.dialog.cancel')}
              </Button>
              <Button onClick={confirm}>{state.confirmLabel ?? t('inputs.dialog.confirm')}</Button>
            </>
          ) : (
            <Button onClick={onClose} data-autofocus>
              {state.closeLabel ?? t('inputs.dialog.close')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  )
}

export default AppDialog
