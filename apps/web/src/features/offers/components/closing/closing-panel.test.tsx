import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { OfferClosing } from '@offerbook/domain/offer-closing'
import type { OfferView } from '@offerbook/domain/offer'
import { dateInZone } from '@offerbook/domain/property-time'
import { i18n } from '../../../../shared/i18n/i18n'
import { apiError, fakeApi, reply } from '../../../../test/fake-api'
import { renderAt } from '../../../../test/render'
import { testOffer } from '../details/test-offer'
import { ClosingPanel } from './closing-panel'

const api = fakeApi()
const today = dateInZone(new Date(), 'America/Chicago')

/** An accepted offer at $450,000, bound ten days ago, as one side sees it. */
const bound = (rest: Partial<Omit<OfferView, 'terms'>> = {}) =>
  testOffer({ id: 'offer-1', status: 'accepted', viewer: 'buyer', actions: ['close', 'terminate'], decidedAt: new Date(Date.now() - 12 * 86_400_000).toISOString(), bindingAgreementAt: new Date(Date.now() - 10 * 86_400_000).toISOString(), ...rest })

const recorded = (side: 'buyer' | 'seller', rest: Partial<OfferClosing> = {}): OfferClosing => ({
  closingDate: '2030-03-02',
  finalPrice: 455_000,
  recordedSide: side,
  recordedByName: side === 'buyer' ? 'Alex Agent' : 'Lena Listing',
  recordedAt: '2030-03-02T18:00:00.000Z',
  confirmedAt: null,
  ...rest,
})

describe('ClosingPanel', () => {
  it('records the closing in a dialog with today and the contract price filled in; a price far from it is confirmed first', async () => {
    api.on('POST /api/offers/offer-1/closing/record', (request) => reply({ offer: bound({ closing: recorded('buyer', { ...(request.body as { closingDate: string; finalPrice: number }) }) }) }))
    renderAt(<ClosingPanel offer={bound()} />)
    await userEvent.click(screen.getByRole('button', { name: 'Record closing' }))
    const dialog = await screen.findByRole('dialog', { name: 'Record the closing' })
    expect((within(dialog).getByRole('textbox', { name: /Closing date/ }) as HTMLInputElement).value).toBe(today)
    const price = within(dialog).getByRole('spinbutton', { name: /Final price/ }) as HTMLInputElement
    expect(within(dialog).getByText('Contract price: $450,000')).toBeTruthy()
    await userEvent.clear(price)
    await userEvent.type(price, '300000')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record closing' }))
    expect(within(dialog).getByText('This final price is 33.3 % away from the contract price ($450,000).')).toBeTruthy()
    expect(await within(dialog).findByText('The final price is 33.3 % away from the contract price: confirm it before recording the closing')).toBeTruthy()
    expect(api.calls('POST /api/offers/offer-1/closing/record')).toEqual([])

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Yes, $300,000 is right' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record closing' }))
    await waitFor(() => expect(api.calls('POST /api/offers/offer-1/closing/record')).toHaveLength(1))
    expect(api.calls('POST /api/offers/offer-1/closing/record')[0]!.body).toEqual({ closingDate: today, finalPrice: 300_000, confirmed: true })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it("shows the API's refusal on its field and keeps the dialog open", async () => {
    api.on('POST /api/offers/offer-1/closing/record', apiError(400, 'offer.closingDateFuture', { fields: ['closingDate'] }))
    renderAt(<ClosingPanel offer={bound()} />)
    await userEvent.click(screen.getByRole('button', { name: 'Record closing' }))
    const dialog = await screen.findByRole('dialog', { name: 'Record the closing' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record closing' }))
    expect(await within(dialog).findByText('The closing date cannot be later than today')).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'Record the closing' })).toBeTruthy()
  })

  it("writes the Binding Agreement Date of the API's refusal in the reader's language", async () => {
    const params = { date: '2030-01-05' }
    api.on('POST /api/offers/offer-1/closing/record', apiError(400, 'offer.closingDateBeforeBinding', { params, fields: [{ path: 'closingDate', key: 'offer.closingDateBeforeBinding', params }] }))
    renderAt(<ClosingPanel offer={bound()} />)
    await act(() => i18n.changeLanguage('es-es'))
    await userEvent.click(screen.getByRole('button', { name: 'Registrar el cierre' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar el cierre' }))
    expect(await within(dialog).findByText('La fecha de cierre no puede ser anterior a la fecha del acuerdo vinculante (5 de enero de 2030)')).toBeTruthy()
    await act(() => i18n.changeLanguage('en-us'))
    expect(await within(dialog).findByText('The closing date cannot be before the Binding Agreement Date (January 5, 2030)')).toBeTruthy()
  })

  it('offers no closing before the Binding Agreement Date', () => {
    renderAt(<ClosingPanel offer={bound({ bindingAgreementAt: null })} />)
    expect(screen.queryByRole('button', { name: 'Record closing' })).toBeNull()
  })

  it('tells the side that recorded it that it waits for the other side, with no answer of its own', () => {
    renderAt(<ClosingPanel offer={bound({ closing: recorded('buyer') })} />)
    const waiting = screen.getByTestId('closing-waiting')
    expect(within(waiting).getByText('Closing recorded, waiting for the other side to confirm')).toBeTruthy()
    expect(within(waiting).getByText('Closing date March 2, 2030, final price $455,000, recorded by Alex Agent.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Confirm closing' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Dispute' })).toBeNull()
  })

  it('lets the other side confirm through a confirmation, or dispute with a reason it must give', async () => {
    api.on('POST /api/offers/offer-1/closing/dispute', reply({ offer: bound({ viewer: 'seller' }) }))
    renderAt(<ClosingPanel offer={bound({ viewer: 'seller', closing: recorded('buyer') })} />)
    expect(screen.getByText('Closing recorded, waiting for the other side to confirm')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Dispute' }))
    const dialog = await screen.findByRole('dialog', { name: 'Dispute the recorded closing' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dispute closing' }))
    expect(within(dialog).getByText('Please say why you dispute the closing')).toBeTruthy()
    expect(api.calls('POST /api/offers/offer-1/closing/dispute')).toEqual([])
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'The repair credit is missing.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dispute closing' }))
    await waitFor(() => expect(api.calls('POST /api/offers/offer-1/closing/dispute')).toHaveLength(1))
    expect(api.calls('POST /api/offers/offer-1/closing/dispute')[0]!.body).toEqual({ reason: 'The repair credit is missing.' })
  })

  it('confirms only after the confirmation dialog', async () => {
    api.on('POST /api/offers/offer-1/closing/confirm', reply({ offer: bound({ viewer: 'seller', status: 'closed', actions: [], closing: recorded('buyer', { confirmedAt: '2030-03-03T15:00:00.000Z' }) }) }))
    renderAt(<ClosingPanel offer={bound({ viewer: 'seller', closing: recorded('buyer') })} />)
    await userEvent.click(screen.getByRole('button', { name: 'Confirm closing' }))
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the closing?' })
    expect(api.calls('POST /api/offers/offer-1/closing/confirm')).toEqual([])
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm closing' }))
    await waitFor(() => expect(api.calls('POST /api/offers/offer-1/closing/confirm')).toHaveLength(1))
  })

  it('shows a closed offer with the figures it closed at', () => {
    renderAt(<ClosingPanel offer={bound({ status: 'closed', actions: [], closing: recorded('seller', { confirmedAt: '2030-03-03T15:00:00.000Z' }) })} />)
    expect(screen.getByText('Closed on March 2, 2030 at a final price of $455,000.')).toBeTruthy()
  })
})
