import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { OpenBestRequest } from '@offerbook/domain/offer-negotiation'
import { fakeApi, reply } from '../../../../test/fake-api'
import { renderAt } from '../../../../test/render'
import { testOffer } from '../details/test-offer'
import { AcceptOfferDialog } from '../seller/accept-offer-dialog'
import { SellerOfferView } from '../seller/seller-offer-view'

const api = fakeApi()

/** The API's open request: a deadline in January next year at 5:00 PM Central (23:00 UTC), two offers asked, one answered. */
function openRequest(overrides: Partial<OpenBestRequest> = {}): OpenBestRequest {
  const year = new Date().getUTCFullYear() + 1
  return {
    requestId: 'request-1',
    requestedAt: new Date().toISOString(),
    deadline: `${year}-01-15T23:00:00.000Z`,
    timeZone: 'America/Chicago',
    offers: [
      { id: 'offer-2', buyerNames: ['Cara Cash', 'Dan Cash'], answeredAt: null },
      { id: 'offer-1', buyerNames: ['Ben Buyer'], answeredAt: null },
      { id: 'offer-3', buyerNames: ['Eve Early'], answeredAt: new Date().toISOString() },
    ],
    ...overrides,
  }
}

function answering(request: OpenBestRequest | null) {
  api.on('GET /api/listings/listing-1/highest-and-best', reply({ request }))
}

const sellerOffer = () => testOffer({ viewer: 'seller', actions: ['accept', 'decline'] })

describe('answering before the highest-and-best deadline', () => {
  it('the accept confirmation names the deadline in the property zone and the offers still expected', async () => {
    answering(openRequest())
    renderAt(<AcceptOfferDialog opened offer={sellerOffer()} netToSeller={null} otherOpenCount={2} onConfirm={() => {}} onCancel={() => {}} />)
    const box = await screen.findByRole('dialog', { name: 'Accept this offer?' })
    const notice = await within(box).findByTestId('early-answer-notice')
    const year = new Date().getUTCFullYear() + 1
    expect(within(notice).getByText('Your highest-and-best deadline has not passed')).toBeTruthy()
    expect(within(notice).getByText(`You asked for highest and best offers by January 15, ${year}, 5:00 PM CST.`)).toBeTruthy()
    expect(within(notice).getByText('2 offers are still expected:')).toBeTruthy()
    const expected = within(within(notice).getByRole('list', { name: 'Offers still expected' })).getAllByRole('listitem')
    expect(expected.map((item) => item.textContent)).toEqual(['Ben Buyer (this offer)', 'Cara Cash, Dan Cash'])
    expect(within(notice).queryByText(/Eve Early/)).toBeNull()
  })

  it('the decline confirmation says so too, and says when every asked offer has answered', async () => {
    answering(openRequest({ offers: [{ id: 'offer-2', buyerNames: ['Cara Cash'], answeredAt: new Date().toISOString() }] }))
    renderAt(<SellerOfferView offer={sellerOffer()} onAccept={() => {}} />)
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }))
    const box = await screen.findByRole('dialog', { name: 'Decline this offer?' })
    const notice = await within(box).findByTestId('early-answer-notice')
    expect(within(notice).getByText('The offer you asked has answered.')).toBeTruthy()
    expect(within(box).getByRole('button', { name: 'CONFIRM DECLINE OFFER' })).toBeTruthy()
  })

  it('says nothing when no request is open', async () => {
    answering(null)
    renderAt(<AcceptOfferDialog opened offer={sellerOffer()} netToSeller={null} otherOpenCount={0} onConfirm={() => {}} onCancel={() => {}} />)
    const box = await screen.findByRole('dialog', { name: 'Accept this offer?' })
    await vi.waitFor(() => expect(api.calls('GET /api/listings/listing-1/highest-and-best').length).toBeGreaterThan(0))
    await vi.waitFor(() => expect(within(box).queryByText('Checking your highest-and-best request…')).toBeNull())
    expect(within(box).queryByTestId('early-answer-notice')).toBeNull()
  })

  it('says nothing for a request whose deadline has just passed', async () => {
    answering(openRequest({ deadline: new Date(Date.now() - 1000).toISOString() }))
    renderAt(<AcceptOfferDialog opened offer={sellerOffer()} netToSeller={null} otherOpenCount={0} onConfirm={() => {}} onCancel={() => {}} />)
    const box = await screen.findByRole('dialog', { name: 'Accept this offer?' })
    await vi.waitFor(() => expect(within(box).queryByText('Checking your highest-and-best request…')).toBeNull())
    expect(within(box).queryByTestId('early-answer-notice')).toBeNull()
  })
})
