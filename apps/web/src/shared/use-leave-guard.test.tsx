import { useState } from 'react'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderRoutes } from '../test/render'
import type { LeaveGuardOptions } from './use-leave-guard'
import { useLeaveGuard } from './use-leave-guard'

const TEXTS = { title: 'Leave?', message: 'Changes are not saved.', stay: 'Stay', discard: 'Leave anyway', save: 'Save' }

function Form({ save, onBlocked, watchSearch, onReady }: Partial<LeaveGuardOptions> & { onReady?: (ready: boolean) => void }) {
  const [dirty, setDirty] = useState(false)
  const guard = useLeaveGuard({ dirty, texts: TEXTS, save, onBlocked, watchSearch })
  return (
    <div>
      <button type="button" onClick={() => setDirty(true)}>
        Change
      </button>
      <button type="button" onClick={() => void guard.readyToAct().then(onReady)}>
        Act
      </button>
      {guard.dialog}
    </div>
  )
}

function renderForm(props: Parameters<typeof Form>[0] = {}) {
  return renderRoutes(
    [
      { path: '/form', element: <Form {...props} /> },
      { path: '/elsewhere', element: <p>Elsewhere</p> },
    ],
    '/form',
  )
}

const dialog = () => screen.findByRole('dialog', { name: 'Leave?' })

describe('useLeaveGuard', () => {
  it('lets the person leave at once when nothing changed', async () => {
    const { router } = renderForm()
    await act(() => router.navigate('/elsewhere'))
    expect(await screen.findByText('Elsewhere')).toBeTruthy()
  })

  it('asks before leaving with changes: Stay keeps the page, Leave anyway goes on', async () => {
    const { router } = renderForm()
    await userEvent.click(screen.getByRole('button', { name: 'Change' }))
    await act(() => router.navigate('/elsewhere'))
    expect((await dialog()).textContent).toContain('Changes are not saved.')
    await userEvent.click(within(await dialog()).getByRole('button', { name: 'Stay' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(router.state.location.pathname).toBe('/form')

    await act(() => router.navigate('/elsewhere'))
    await userEvent.click(within(await dialog()).getByRole('button', { name: 'Leave anyway' }))
    expect(await screen.findByText('Elsewhere')).toBeTruthy()
  })

  it('offers Save when the form can save, and goes on once it saved', async () => {
    const save = vi.fn(() => Promise.resolve(true))
    const { router } = renderForm({ save })
    await userEvent.click(screen.getByRole('button', { name: 'Change' }))
    await act(() => router.navigate('/elsewhere'))
    await userEvent.click(within(await dialog()).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Elsewhere')).toBeTruthy()
    expect(save).toHaveBeenCalledOnce()
  })

  it('lets onBlocked take care of a navigation without asking', async () => {
    const onBlocked = vi.fn(() => Promise.resolve(true))
    const { router } = renderForm({ onBlocked })
    await userEvent.click(screen.getByRole('button', { name: 'Change' }))
    await act(() => router.navigate('/elsewhere'))
    expect(await screen.findByText('Elsewhere')).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('counts a change of the query string as leaving when watchSearch is set', async () => {
    const { router } = renderForm({ watchSearch: true })
    await userEvent.click(screen.getByRole('button', { name: 'Change' }))
    await act(() => router.navigate('/form?step=2'))
    expect(await dialog()).toBeTruthy()
  })

  it('before an action asks without the leave choice and answers whether everything saved', async () => {
    const onReady = vi.fn()
    const save = vi.fn(() => Promise.resolve(true))
    renderForm({ save, onReady })
    await userEvent.click(screen.getByRole('button', { name: 'Change' }))
    await userEvent.click(screen.getByRole('button', { name: 'Act' }))
    const question = await dialog()
    expect(within(question).queryByRole('button', { name: 'Leave anyway' })).toBeNull()
    await userEvent.click(within(question).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onReady).toHaveBeenCalledWith(true))
  })

  it('asks the browser to confirm closing the tab while there are changes', async () => {
    renderForm()
    const before = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(before)
    expect(before.defaultPrevented).toBe(false)
    await userEvent.click(screen.getByRole('button', { name: 'Change' }))
    const after = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(after)
    expect(after.defaultPrevented).toBe(true)
  })
})
