import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { OfferView } from '@offerbook/domain/offer'
import { apiError, fakeApi, reply } from '../../../../test/fake-api'
import { renderAt } from '../../../../test/render'
import { testOffer } from '../details/test-offer'
import { SellerOfferView } from './seller-offer-view'
import { NO_EARNEST_MONEY } from '../earnest-money/earnest-money.test-helpers'

// Only what the seller confirms may reach the API; nothing here confirms. The decline dialog reads
// whether a highest-and-best request is open: none is.
const api = fakeApi()
beforeEach(() => {
  api.on('GET /api/listings/listing-1/highest-and-best', reply({ request: null }))
  // The contract timeline section of an accepted offer asks for it; these tests read other parts of the page.
  api.on('GET /api/offers/:id/timeline', reply({ offerId: 'offer-1', bindingAgreementDate: null, zone: 'America/Chicago', asOf: new Date().toISOString(), items: [] }))
  // So does its amendments section (decision 066).
  api.on('GET /api/offers/:id/amendments', reply({ amendments: [], repairProposals: [], side: 'seller', version: 1, canDraft: true, waitingFor: null, canProposeRepairs: false, resolutionEnds: null }))
  api.on('GET /api/offers/:id/notices', reply({ notices: [], side: 'seller', terminationGrounds: [], signers: [] }))
  // And its brokerage file (issue #35): a seller who keeps none gets 404, and the section stays hidden.
  api.on('GET /api/offers/:id/file/:side', apiError(404, 'request.notFound'))
  // And its earnest money section (decision 070).
  api.on('GET /api/offers/:id/earnest-money', reply(NO_EARNEST_MONEY))
})

const sellerOffer = (rest: Partial<Omit<OfferView, 'terms'>> = {}) =>
  testOffer({ viewer: 'seller', actions: ['accept', 'decline'], property: { id: 'listing-1', address: '120 Maple Ave, Franklin, TN 37064', city: 'Franklin', listPrice: 460_000, primaryPhotoURL: null, standardStatus: 'Active' }, ...rest })

const accepted = (rest: Partial<Omit<OfferView, 'terms'>> = {}) =>
  sellerOffer({ status: 'accepted', actions: ['close', 'terminate'], decidedAt: '2030-01-03T15:30:00.000Z', ...rest })

describe('SellerOfferView', () => {
  it('names the buyers and the property, and enables Accept and Decline on an active offer', async () => {
    const onAccept = vi.fn()
    renderAt(<SellerOfferView offer={sellerOffer()} onAccept={onAccept} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Offer from Ben Buyer' })).toBeTruthy()
    expect(screen.getByText('On 120 Maple Ave, Franklin, TN 37064')).toBeTruthy()
    expect(screen.getByText(/^Received /)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'All offers on this property' }).getAttribute('href')).toBe('/my-properties/listing-1/optimize')
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    expect(onAccept).toHaveBeenCalledOnce()
  })

  it('declines only through a dialog whose confirm button reads CONFIRM DECLINE OFFER; Cancel sends nothing', async () => {
    renderAt(<SellerOfferView offer={sellerOffer()} onAccept={() => {}} />)
    const decline = screen.getByRole('button', { name: 'Decline' })
    await userEvent.click(decline)
    const dialog = await screen.findByRole('dialog', { name: 'Decline this offer?' })
    expect(within(dialog).getByRole('button', { name: 'CONFIRM DECLINE OFFER' })).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // The dialog reads the open highest-and-best request; nothing is written.
    expect(api.calls().filter((request) => request.method !== 'GET')).toEqual([])
    await waitFor(() => expect(document.activeElement).toBe(decline))
  })

  it('a decline may carry a reason typed in its confirmation, sent with the version answered', async () => {
    api.on('POST /api/offers/offer-1/decline', (request) => reply({ offer: sellerOffer({ id: 'offer-1', status: 'declined', actions: [], declineReason: (request.body as { reason?: string }).reason ?? null }) }))
    renderAt(<SellerOfferView offer={sellerOffer({ id: 'offer-1' })} onAccept={() => {}} />)
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }))
    const dialog = await screen.findByRole('dialog', { name: 'Decline this offer?' })
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), ' We took a cash offer. ')
    await userEvent.click(within(dialog).getByRole('button', { name: 'CONFIRM DECLINE OFFER' }))
    await waitFor(() => expect(api.calls('POST /api/offers/offer-1/decline')).toHaveLength(1))
    expect(api.calls('POST /api/offers/offer-1/decline')[0]!.body).toEqual({ version: 1, reason: 'We took a cash offer.' })
  })

  it('on an accepted offer, disables Accept and Decline, offers Terminate, and waits for the acknowledgement before any closing', () => {
    renderAt(<SellerOfferView offer={accepted()} onAccept={() => {}} />)
    expect((screen.getByRole('button', { name: 'Accept' }) as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'Decline' }) as HTMLButtonElement).disabled).toBe(true)
    // Closing is recorded once the contract is binding (decision 061).
    expect(screen.queryByRole('button', { name: 'Record closing' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Terminate' })).toBeTruthy()
    const decision = screen.getByRole('region', { name: 'Decision' })
    expect(within(decision).getByText(/^Decision recorded /)).toBeTruthy()
    expect(within(decision).getByText(/Waiting for the buyer side to acknowledge the acceptance/)).toBeTruthy()
  })

  it('shows the acknowledgement and the contract dates counted from the Binding Agreement Date', () => {
    const offer = accepted({
      bindingAgreementAt: '2030-01-04T16:00:00.000Z',
      deadlines: { bindingAgreementDate: '2030-01-04', earnestMoneyDue: '2030-01-07', inspectionPeriodEnds: '2030-01-14', closing: '2031-06-30' },
    })
    renderAt(<SellerOfferView offer={offer} onAccept={() => {}} />)
    expect(within(screen.getByRole('region', { name: 'Decision' })).getByText(/^The buyer side acknowledged the acceptance /)).toBeTruthy()
    const dates = screen.getByRole('region', { name: 'Contract dates' })
    expect(within(dates).getByText('Binding Agreement Date').nextSibling?.textContent).toBe('January 4, 2030')
    expect(within(dates).getByText('Inspection period ends').nextSibling?.textContent).toBe('January 14, 2030')
  })

  it("shows 'Signed electronically' with the day once every party signed, and the panel the page gives it after the decision", () => {
    renderAt(<SellerOfferView offer={accepted({ signedAt: '2030-01-06T15:00:00.000Z' })} onAccept={() => {}} afterDecision={<section aria-label="Signing panel" />} />)
    expect(screen.getByText('Signed electronically · Jan 6, 2030')).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Signing panel' })).toBeTruthy()
  })

  it('shows no signed badge before every party signed', () => {
    renderAt(<SellerOfferView offer={accepted()} onAccept={() => {}} />)
    expect(screen.queryByText(/^Signed electronically/)).toBeNull()
  })

  it('offers no answer on an offer the seller can no longer act on', () => {
    renderAt(<SellerOfferView offer={sellerOffer({ status: 'withdrawn', actions: [], decidedAt: null })} onAccept={() => {}} />)
    expect((screen.getByRole('button', { name: 'Accept' }) as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'Decline' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.queryByRole('button', { name: 'Record closing' })).toBeNull()
  })
})
