import type { ReactNode } from 'react'
import { createContext, useCallback, useContext, useMemo, useState } from 'react'
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

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

export type AlertOptions = { title: ReactNode; message: ReactNode; closeLabel?: string }
export type ConfirmOptions = { title: ReactNode; message: ReactNode; confirmLabel?: string; cancelLabel?: string }

export type DialogApi = {
  /** Shows an alert; resolves once it is closed. */
  alert: (options: AlertOptions) => Promise<void>
  /** Asks for confirmation; resolves true on Confirm, false on Cancel, Escape or close. */
  confirm: (options: ConfirmOptions) => Promise<boolean>
}

type Entry = DialogState & { resolve: (confirmed: boolean) => void }

const CLOSED: DialogState = { type: 'alert', show: false, title: '', message: '' }

const DialogContext = createContext<DialogApi | null>(null)

/** Holds one AppDialog for the whole app; dialogs asked for while one is open wait their turn. */
export function DialogProvider({ children }: { children: ReactNode }) {
  const [entries, setEntries] = useState<Entry[]>([])
  const current = entries[0]

  const open = useCallback(
    (state: Omit<DialogState, 'show'>) =>
      new Promise<boolean>((resolve) => {
        setEntries((list) => [...list, { ...state, show: true, resolve }])
      }),
    [],
  )

  const api = useMemo<DialogApi>(
    () => ({
      alert: async ({ title, message, closeLabel }) => {
        await open({ type: 'alert', title, message, closeLabel })
      },
      confirm: ({ title, message, confirmLabel, cancelLabel }) => open({ type: 'confirm', title, message, confirmLabel, cancelLabel }),
    }),
    [open],
  )

  // A promise settles once, so the onClose that follows onConfirm cannot turn true into false.
  const settle = (confirmed: boolean) => {
    current?.resolve(confirmed)
    setEntries((list) => list.map((entry, index) => (index === 0 ? { ...entry, show: false } : entry)))
  }

  return (
    <DialogContext.Provider value={api}>
      {children}
      {/* Always mounted: Modal remembers the focused element only when `opened` changes, to give it back. */}
      <AppDialog
        state={current ?? CLOSED}
        onConfirm={() => settle(true)}
        onCancel={() => settle(false)}
        onClose={() => settle(false)}
        onClosed={() => setEntries((list) => (list[0] && !list[0].show ? list.slice(1) : list))}
      />
    </DialogContext.Provider>
  )
}

/** The imperative dialogs: `const dialog = useDialog(); if (await dialog.confirm({ title, message })) …` */
export function useDialog(): DialogApi {
  const api = useContext(DialogContext)
  if (!api) throw new Error('useDialog needs a DialogProvider above it')
  return api
}
