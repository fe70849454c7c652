import type { ReactNode } from 'react'
import { Suspense, createContext, useCallback, useContext, useMemo, useState } from 'react'
import type { DialogState } from './app-dialog-view'
import { useHydrated } from './use-hydrated'
import { useFirstScreenDrawn } from '../first-screen'
import { lazyPart } from '../lazy-part'

export type { AppDialogProps, DialogState, DialogType } from './app-dialog-view'

// The dialog's Modal (with its focus trap and positioning code) is a chunk of its own: a page renders
// without it, and it loads right after the app's first render.
const AppDialog = lazyPart(() => import('./app-dialog-view'))

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
  // Not in the first render: a page prerendered without the dialog hydrates as it was drawn. Loaded once
  // the first screen is drawn (decision 090), or at once for a dialog asked before.
  const hydrated = useHydrated()
  const drawn = useFirstScreenDrawn()
  const mounted = hydrated && (drawn || current !== undefined)

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
      {/* Always mounted once loaded: Modal remembers the focused element only when `opened` changes, to give it back. */}
      {mounted && (
        <Suspense fallback={null}>
          <AppDialog
            state={current ?? CLOSED}
            onConfirm={() => settle(true)}
            onCancel={() => settle(false)}
            onClose={() => settle(false)}
            onClosed={() => setEntries((list) => (list[0] && !list[0].show ? list.slice(1) : list))}
          />
        </Suspense>
      )}
    </DialogContext.Provider>
  )
}

/** The imperative dialogs: `const dialog = useDialog(); if (await dialog.confirm({ title, message })) …` */
export function useDialog(): DialogApi {
  const api = useContext(DialogContext)
  if (!api) throw new Error('useDialog needs a DialogProvider above it')
  return api
}
