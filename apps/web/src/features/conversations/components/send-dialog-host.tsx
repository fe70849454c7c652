import { Suspense, useCallback, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import type { SendPrefill } from './send-prefill'
import { lazyPart } from '../../../shared/lazy-part'

export type { SendPrefill }

// The dialog (and the phone library it checks chips with) loads on the first open, not with the page.
const SendDialog = lazyPart(() => import('./send-dialog'))

type HostState = { opened: boolean; prefill: SendPrefill; session: number }

/**
 * `const send = useSendDialog()`; render `send.dialog` once and call `send.open(prefill)` from any
 * button. The focus goes back to that button when the dialog closes.
 */
export function useSendDialog(): { open: (prefill: SendPrefill) => void; dialog: ReactNode } {
  const [state, setState] = useState<HostState | null>(null)
  const opener = useRef<HTMLElement | null>(null)

  const open = useCallback((prefill: SendPrefill) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    setState((current) => ({ opened: true, prefill, session: (current?.session ?? 0) + 1 }))
  }, [])

  const close = useCallback(() => {
    setState((current) => (current ? { ...current, opened: false } : current))
  }, [])

  const restoreFocus = useCallback(() => {
    const target = opener.current
    opener.current = null
    if (target?.isConnected) target.focus()
  }, [])

  const dialog = state ? (
    <Suspense fallback={null}>
      <SendDialog key={state.session} opened={state.opened} prefill={state.prefill} onClose={close} onClosed={restoreFocus} />
    </Suspense>
  ) : null

  return { open, dialog }
}
