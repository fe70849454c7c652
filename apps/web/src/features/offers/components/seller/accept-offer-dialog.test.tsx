import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderAt } from '../../../../test/render'
import { testOffer } from '../details/test-offer'
import { AcceptOfferDialog } from './accept-offer-dialog'

function renderDialog({ otherOpenCount = 2 as number | null, netToSeller = 412_950 as number | null } = {}) {
  const onConfirm = vi.fn()
  const onCancel = vi.fn()
  renderAt(<AcceptOfferDialog opened offer={testOffer({ viewer: 'seller', actions: ['accept', 'decline'] })} netToSeller={netToSeller} otherOpenCount={otherOpenCount} onConfirm={onConfirm} onCancel={onCancel} />)
  return { onConfirm, onCancel }
}

const dialog = () => screen.findByRole('dialog', { name: 'Accept this offer?' })

describe('AcceptOfferDialog: the second look at the money', () => {
  it('repeats the warning on a price far under the list price, with the figure spelled out, and lists where the net comes from', async () => {
    const base = testOffer({ viewer: 'seller', actions: ['accept', 'decline'] })
    const low = { ...base, terms: { ...base.terms, purchasePrice: 44_500, earnestMoney: { ...base.terms.earnestMoney, amount: 1_000 } } }
    const lines = [
      { key: 'basePrice' as const, amount: 44_500, params: {} },
      { key: 'closingCostShare' as const, amount: -1_335, params: { clause: 'A', source: 'stipulations' as const, percent: 3, cap: 10_000 } },
    ]
    renderAt(<AcceptOfferDialog opened offer={low} netToSeller={43_165} netLines={lines} otherOpenCount={0} onConfirm={vi.fn()} onCancel={vi.fn()} />)
    const box = await dialog()
    const warning = within(box).getByTestId('money-warnings')
    expect(warning.textContent).toContain('An amount in this offer looks unusual')
    expect(warning.textContent).toContain('This price is under 70 % of the list price ($322,000). You typed $44,500: forty-four thousand five hundred dollars.')
    expect(within(box).getByTestId('net-sheet-lines').textContent).toBe('Stipulation A: 3 % of price, capped at $10,000: −$1,335')
  })

  it('shows no warning when the money is within bounds', async () => {
    renderDialog()
    const box = await dialog()
    expect(within(box).queryByTestId('money-warnings')).toBeNull()
  })
})

describe('AcceptOfferDialog', () => {
  it('sums up the offer and confirms with the button CONFIRM ACCEPT OFFER, Cancel holding the focus', async () => {
    renderDialog()
    const box = await dialog()
    const summary = within(box).getByRole('table', { name: 'The offer' })
    expect(within(summary).getAllByRole('row').map((row) => row.textContent)).toEqual(['Purchase price$450,000', 'Net to seller$412,950', 'FinancingConventional', 'Closing dateJune 30, 2031'])
    expect(within(box).getByRole('button', { name: 'CONFIRM ACCEPT OFFER' })).toBeTruthy()
    expect(document.activeElement).toBe(within(box).getByRole('button', { name: 'Cancel' }))
  })

  it('says how many other offers are open and sends "decline" for them unless the seller keeps them as back-ups', async () => {
    const { onConfirm } = renderDialog()
    const box = await dialog()
    const choice = within(box).getByRole('radiogroup', { name: 'The other open offers' })
    expect(within(box).getByText('There are 2 other open offers on this property.')).toBeTruthy()
    expect((within(choice).getByRole('radio', { name: 'Decline them all' }) as HTMLInputElement).checked).toBe(true)
    await userEvent.click(within(box).getByRole('button', { name: 'CONFIRM ACCEPT OFFER' }))
    expect(onConfirm).toHaveBeenCalledWith({ others: 'decline', version: 1 })
  })

  it('sends "backup" when the seller keeps the other offers as back-ups', async () => {
    const { onConfirm, onCancel } = renderDialog({ otherOpenCount: 1 })
    const box = await dialog()
    expect(within(box).getByText('There is 1 other open offer on this property.')).toBeTruthy()
    await userEvent.click(within(box).getByRole('radio', { name: 'Keep them as back-ups' }))
    await userEvent.click(within(box).getByRole('button', { name: 'CONFIRM ACCEPT OFFER' }))
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith({ others: 'backup', version: 1 })
    expect(onCancel).not.toHaveBeenCalled()
  })

  it('asks nothing about other offers when there are none, and leaves out the net when it is not known', async () => {
    const { onConfirm } = renderDialog({ otherOpenCount: 0, netToSeller: null })
    const box = await dialog()
    expect(within(box).queryByRole('radiogroup')).toBeNull()
    expect(within(box).getByText('There are no other open offers on this property.')).toBeTruthy()
    expect(within(box).queryByText('Net to seller')).toBeNull()
    await userEvent.click(within(box).getByRole('button', { name: 'CONFIRM ACCEPT OFFER' }))
    expect(onConfirm).toHaveBeenCalledWith({ others: 'decline', version: 1 })
  })

  it('cancels with Escape without accepting', async () => {
    const { onConfirm, onCancel } = renderDialog()
    await dialog()
    await userEvent.keyboard('{Escape}')
    expect(onCancel).toHaveBeenCalledOnce()
    expect(onConfirm).not.toHaveBeenCalled()
  })
})
