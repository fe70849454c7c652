import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeApi, reply } from '../../../../test/fake-api'
import { renderAt } from '../../../../test/render'
import { testOffer } from '../details/test-offer'
import { CounterForm } from './counter-form'

// No route unless a case declares one: any other request fails the case.
const api = fakeApi()

const offer = testOffer({ viewer: 'seller', status: 'active', actions: ['accept', 'decline', 'counter'] })

describe('CounterForm', () => {
  it('refuses a counter-offer that changes nothing, on the form, without sending it', async () => {
    renderAt(<CounterForm offer={offer} opened onClose={() => {}} />)
    const dialog = await screen.findByRole('dialog', { name: 'Counter-offer' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the counter-offer' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The counter-offer changes nothing: change at least one term')
    expect(api.calls()).toEqual([])
  })

  it('sends only the terms that changed, with the version it answers', async () => {
    api.on('POST /api/offers/offer-1/counter', reply({ offer: testOffer({ status: 'countered' }) }))
    let closed = false
    renderAt(<CounterForm offer={offer} opened onClose={() => (closed = true)} />)
    const dialog = await screen.findByRole('dialog', { name: 'Counter-offer' })
    const price = within(dialog).getByLabelText('Purchase price')
    await userEvent.clear(price)
    await userEvent.type(price, '470000')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the counter-offer' }))
    await waitFor(() => expect(closed).toBe(true))
    const [request] = api.calls()
    expect(request?.body).toEqual({ terms: { purchasePrice: 470_000 }, message: '', version: offer.negotiation.version })
    expect(within(dialog).queryByRole('alert')).toBeNull()
  })
})
