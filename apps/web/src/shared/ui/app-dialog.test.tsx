import { useState } from 'react'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderAt } from '../../test/render'
import type { DialogState } from './app-dialog'
import { DialogProvider, useDialog } from './app-dialog'
import { AppDialog } from './app-dialog-view'

function ConfirmTrigger({ onResult }: { onResult: (confirmed: boolean) => void }) {
  const dialog = useDialog()
  return (
    <button type="button" onClick={() => void dialog.confirm({ title: 'Accept this offer?', message: 'The other offers will be declined.', confirmLabel: 'CONFIRM ACCEPT OFFER' }).then(onResult)}>
      Accept
    </button>
  )
}

function AlertTrigger({ onClosed }: { onClosed: () => void }) {
  const dialog = useDialog()
  return (
    <button type="button" onClick={() => void dialog.alert({ title: 'Offer sent', message: 'The seller has been told.' }).then(onClosed)}>
      Send
    </button>
  )
}

async function openConfirm() {
  const onResult = vi.fn()
  renderAt(
    <DialogProvider>
      <ConfirmTrigger onResult={onResult} />
    </DialogProvider>,
  )
  await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
  const dialog = await screen.findByRole('dialog', { name: 'Accept this offer?' })
  return { onResult, dialog }
}

const gone = () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

describe('useDialog', () => {
  it('confirm resolves true on the confirm button, whose label can be changed', async () => {
    const { onResult, dialog } = await openConfirm()
    expect(dialog.textContent).toContain('The other offers will be declined.')
    await userEvent.click(screen.getByRole('button', { name: 'CONFIRM ACCEPT OFFER' }))
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(true))
    await gone()
    expect(onResult).toHaveBeenCalledTimes(1)
  })

  it('confirm resolves false on Cancel', async () => {
    const { onResult } = await openConfirm()
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(false))
    await gone()
  })

  it('confirm resolves false on Escape and on the corner close button', async () => {
    const first = await openConfirm()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(first.onResult).toHaveBeenCalledWith(false))
    await gone()

    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    await screen.findByRole('dialog', { name: 'Accept this offer?' })
    await userEvent.click(screen.getByRole('button', { name: 'Close dialog' }))
    await waitFor(() => expect(first.onResult).toHaveBeenCalledTimes(2))
    expect(first.onResult).toHaveBeenLastCalledWith(false)
  })

  it('keeps the focus inside the dialog, starting on Cancel, and gives it back to the opener', async () => {
    await openConfirm()
    const cancel = screen.getByRole('button', { name: 'Cancel' })
    await waitFor(() => expect(document.activeElement).toBe(cancel))
    for (let i = 0; i < 4; i += 1) {
      await userEvent.tab()
      expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true)
    }
    await userEvent.keyboard('{Escape}')
    await gone()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Accept' })))
  })

  it('alert shows its title and message with a Close button, and resolves once closed', async () => {
    const onClosed = vi.fn()
    renderAt(
      <DialogProvider>
        <AlertTrigger onClosed={onClosed} />
      </DialogProvider>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    const dialog = await screen.findByRole('dialog', { name: 'Offer sent' })
    expect(dialog.textContent).toContain('The seller has been told.')
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(onClosed).toHaveBeenCalledTimes(1))
    await gone()
  })

  it('shows a second dialog after the first is answered', async () => {
    const answers: string[] = []
    function Both() {
      const dialog = useDialog()
      return (
        <button
          type="button"
          onClick={() => {
            void dialog.alert({ title: 'First', message: 'One' }).then(() => answers.push('first'))
            void dialog.confirm({ title: 'Second', message: 'Two' }).then((ok) => answers.push(`second ${ok}`))
          }}
        >
          Open both
        </button>
      )
    }
    renderAt(
      <DialogProvider>
        <Both />
      </DialogProvider>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Open both' }))
    await screen.findByRole('dialog', { name: 'First' })
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))
    await screen.findByRole('dialog', { name: 'Second' })
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    await gone()
    expect(answers).toEqual(['first', 'second true'])
  })

  it('needs a DialogProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    function Orphan() {
      useDialog()
      return null
    }
    // Rendered bare: the app's router would catch the error and show its error page.
    expect(() => render(<Orphan />)).toThrow('useDialog needs a DialogProvider above it')
    vi.restoreAllMocks()
  })
})

describe('AppDialog', () => {
  function Controlled({ initial, onConfirm, onCancel }: { initial: DialogState; onConfirm?: () => void; onCancel?: () => void }) {
    const [state, setState] = useState(initial)
    return (
      <>
        <button type="button" onClick={() => setState({ ...state, show: true })}>
          Open
        </button>
        <AppDialog state={state} onClose={() => setState({ ...state, show: false })} onConfirm={onConfirm} onCancel={onCancel} />
      </>
    )
  }

  it('is at most 80vw and at least 300px wide', async () => {
    renderAt(<Controlled initial={{ type: 'alert', show: true, title: 'Saved', message: 'Your listing is saved.' }} />)
    const dialog = await screen.findByRole('dialog', { name: 'Saved' })
    expect(dialog.style.maxWidth).toBe('80vw')
    expect(dialog.style.minWidth).toBe('300px')
  })

  it('a controlled confirmation calls onConfirm or onCancel, then closes', async () => {
    const onConfirm = vi.fn()
    const onCancel = vi.fn()
    renderAt(<Controlled initial={{ type: 'confirm', show: false, title: 'Decline?', message: 'The buyer is told.', cancelLabel: 'Keep it' }} onConfirm={onConfirm} onCancel={onCancel} />)
    expect(screen.queryByRole('dialog')).toBeNull()

    await userEvent.click(screen.getByRole('button', { name: 'Open' }))
    await screen.findByRole('dialog', { name: 'Decline?' })
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }))
    await gone()
    expect(onCancel).toHaveBeenCalledTimes(1)
    expect(onConfirm).not.toHaveBeenCalled()

    await userEvent.click(screen.getByRole('button', { name: 'Open' }))
    await screen.findByRole('dialog', { name: 'Decline?' })
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    await gone()
    expect(onConfirm).toHaveBeenCalledTimes(1)
    expect(onCancel).toHaveBeenCalledTimes(1)
  })
})
