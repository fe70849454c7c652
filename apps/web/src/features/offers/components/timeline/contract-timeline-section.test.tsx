import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ContractTimelineView } from '@offerbook/domain/contract-timeline-view'
import { apiError, fakeApi, reply } from '../../../../test/fake-api'
import { renderAt } from '../../../../test/render'
import { OfferDetails } from '../details/offer-details'
import { testOffer } from '../details/test-offer'
import { ContractTimelineSection } from './contract-timeline-section'
import { NO_EARNEST_MONEY } from '../earnest-money/earnest-money.test-helpers'

const api = fakeApi()

const accepted = (bindingAgreementAt: string | null) => testOffer({ id: 'offer-1', status: 'accepted', viewer: 'seller', bindingAgreementAt })

const TIMELINE: ContractTimelineView = {
  offerId: 'offer-1',
  bindingAgreementDate: '2026-01-12',
  zone: 'America/Chicago',
  asOf: '2026-01-14T12:00:00.000Z',
  items: [
    { kind: 'earnestMoney', owner: 'buyer', basis: 'agreement', date: '2026-01-15', due: '2026-01-16T05:59:00.000Z', estimated: false, waitsFor: null, nonBusinessDay: null, lastBusinessDay: null, title: 'timeline.earnestMoney', ifNothing: { key: 'timeline.earnestMoneyIfNothing' }, state: 'dueSoon' },
    { kind: 'closing', owner: 'both', basis: 'agreement', date: '2026-03-14', due: '2026-03-15T04:59:00.000Z', estimated: false, waitsFor: null, nonBusinessDay: 'saturday', lastBusinessDay: '2026-03-13', title: 'timeline.closing', ifNothing: { key: 'timeline.closingIfNothing' }, state: 'upcoming' },
    { kind: 'appraisalContingency', owner: 'buyer', basis: 'agreement', date: null, due: null, estimated: false, waitsFor: 'lowAppraisalNotice', nonBusinessDay: null, lastBusinessDay: null, title: 'timeline.appraisalContingency', ifNothing: { key: 'timeline.appraisalContingencyIfNothing', params: { days: 3 } }, state: 'upcoming' },
  ],
}

describe('ContractTimelineSection', () => {
  it("lists each item's date, owner, state and what happens if nobody acts, after a loading state", async () => {
    api.on('GET /api/offers/offer-1/timeline', () => reply(TIMELINE))
    api.on('GET /api/offers/offer-1/notices', () => reply({ notices: [], side: 'seller', terminationGrounds: [], signers: [] }))
    api.on('GET /api/offers/offer-1/file/listing', apiError(404, 'request.notFound'))
    api.on('GET /api/offers/offer-1/earnest-money', () => reply(NO_EARNEST_MONEY))
    renderAt(<OfferDetails offer={accepted('2026-01-12T22:45:00.000Z')} />)
    // An accepted offer's contract parts come with such an offer: the section arrives after the details.
    const section = await screen.findByRole('region', { name: 'Timeline' })
    expect(within(section).getByRole('status').textContent).toContain('Loading the timeline')
    const earnest = await within(section).findByTestId('timeline-item-earnestMoney')
    expect(earnest.textContent).toContain('Earnest money due')
    expect(earnest.textContent).toContain('By January 15, 2026')
    expect(earnest.textContent).toContain('Owner: Buyer')
    expect(within(earnest).getByText('Due soon')).toBeTruthy()
    expect(earnest.textContent).toContain('If nothing is done: If the earnest money is not delivered by then, the buyer is in default and the seller may end the agreement.')
    const closing = within(section).getByTestId('timeline-item-closing')
    expect(closing.textContent).toContain('Owner: Both sides')
    expect(closing.textContent).toContain('the last business day before it is March 13, 2026')
    const appraisal = within(section).getByTestId('timeline-item-appraisalContingency')
    expect(appraisal.textContent).toContain("Counted from the buyer's notice of a low appraisal")
    expect(appraisal.textContent).toContain('the buyer has 3 days to waive the contingency')
    expect(within(section).getByText(/Counted from the Binding Agreement Date, January 12, 2026/)).toBeTruthy()
    expect(within(within(section).getByRole('list', { name: 'Timeline' })).getAllByRole('listitem')).toHaveLength(3)
    // The seller side owns none of these notices: no 'Send notice', and no notice sent yet.
    expect(await within(section).findByText('No notice has been sent on this contract yet.')).toBeTruthy()
    expect(within(section).queryByRole('button', { name: /Send a notice/ })).toBeNull()
  })

  it('says when the timeline starts while the contract is not binding, without asking the API', () => {
    renderAt(<ContractTimelineSection offer={accepted(null)} />)
    expect(screen.getByTestId('timeline-not-binding').textContent).toContain('The timeline starts on the Binding Agreement Date')
    expect(api.calls('GET /api/offers/offer-1/timeline')).toEqual([])
  })

  it('is not shown to a share link holder nor on an offer that is not accepted', async () => {
    const { unmount } = renderAt(<OfferDetails offer={accepted('2026-01-12T22:45:00.000Z')} linkToken="token" />)
    expect(screen.queryByRole('region', { name: 'Timeline' })).toBeNull()
    unmount()
    renderAt(<OfferDetails offer={testOffer({ id: 'offer-1', status: 'active', viewer: 'seller' })} />)
    expect(screen.queryByRole('region', { name: 'Timeline' })).toBeNull()
    await waitFor(() => expect(api.calls('GET /api/offers/offer-1/timeline')).toEqual([]))
  })
})
