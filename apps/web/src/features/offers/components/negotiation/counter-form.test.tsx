import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { apiError, fakeApi, reply } from '../../../../test/fake-api'
import { renderAt } from '../../../../test/render'
import { testOffer } from '../details/test-offer'
import { CounterForm } from './counter-form'
import { testPickers } from './test-pickers'

// No route unless a case declares one: any other request fails the case.
const api = fakeApi()

const CLAUSES = { ACheckbox: true, Atext1: '3', Atext2: '9000', BCheckbox: true, Btext1: '2500' }
const offer = testOffer({ viewer: 'seller', status: 'active', actions: ['accept', 'decline', 'counter'], terms: { stipulationChoices: CLAUSES } })

async function openForm(pickers = testPickers()) {
  let closed = false
  renderAt(<CounterForm offer={offer} opened onClose={() => (closed = true)} pickers={pickers} />)
  const dialog = await screen.findByRole('dialog', { name: 'Counter-offer' })
  return { dialog, closed: () => closed }
}

const send = (dialog: HTMLElement) => userEvent.click(within(dialog).getByRole('button', { name: 'Send the counter-offer' }))

describe('CounterForm', () => {
  it('refuses a counter-offer that changes nothing, on the form, without sending it', async () => {
    const { dialog } = await openForm()
    await send(dialog)
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The counter-offer changes nothing: change at least one term')
    expect(api.calls()).toEqual([])
  })

  it('sends only the terms that changed, with the version it answers', async () => {
    api.on('POST /api/offers/offer-1/counter', reply({ offer: testOffer({ status: 'countered' }) }))
    const { dialog, closed } = await openForm()
    const price = within(dialog).getByRole('spinbutton', { name: 'Purchase price' })
    await userEvent.clear(price)
    await userEvent.type(price, '470000')
    await send(dialog)
    await waitFor(() => expect(closed()).toBe(true))
    const [request] = api.calls()
    expect(request?.body).toEqual({ terms: { purchasePrice: 470_000 }, message: '', version: offer.negotiation.version })
  })

  it('counters the financing field by field and strikes a stipulation, the other clauses and fields kept', async () => {
    api.on('POST /api/offers/offer-1/counter', reply({ offer: testOffer({ status: 'countered' }) }))
    const struck = { ACheckbox: true, Atext1: '3', Atext2: '9000' }
    const { dialog, closed } = await openForm(testPickers({ stipulations: struck }))
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Financing type' }), 'cash')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import stipulations' }))
    // The clause text shown is the counter's: clause B is gone from it.
    expect(within(dialog).queryByText(/Reduction in price in lieu of repairs/)).toBeNull()
    expect(within(dialog).getByText(/Seller pays Buyer's expenses/)).toBeTruthy()
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Message to the other side' }), 'Cash, and no repair credit.')
    await send(dialog)
    await waitFor(() => expect(closed()).toBe(true))
    expect(api.calls()[0]?.body).toEqual({ terms: { financing: { type: 'cash' }, stipulationChoices: struck }, message: 'Cash, and no repair credit.', version: 1 })
  })

  it('strikes every stipulation with Clear, and shows a refusal of the API beside its field', async () => {
    api.on('POST /api/offers/offer-1/counter', apiError(400, 'offerTerms.closingDatePast', { fields: ['closingDate'] }))
    const { dialog, closed } = await openForm()
    const stipulations = within(dialog).getByRole('region', { name: 'Special stipulations' })
    await userEvent.click(within(stipulations).getByRole('button', { name: 'Clear' }))
    expect(within(stipulations).getByText('Nothing added yet.')).toBeTruthy()
    await send(dialog)
    await waitFor(() => expect(api.calls()).toHaveLength(1))
    expect(api.calls()[0]?.body).toMatchObject({ terms: { stipulationChoices: null } })
    const closing = within(dialog).getByRole('region', { name: 'Closing and possession' })
    expect(await within(closing).findByText('The closing date must be in the future')).toBeTruthy()
    expect(closed()).toBe(false)
  })
})
