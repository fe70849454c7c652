import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { OfferSummary } from '@offerbook/domain/offer'
import { fakeApi, reply } from '../../test/fake-api'
import { renderAt } from '../../test/render'
import { ReadOnlyListing } from './my-property-read-only'

const api = fakeApi()

const shared: OfferSummary = {
  id: 'o1',
  status: 'active',
  purchasePrice: 450_000,
  expiresAt: null,
  property: { id: 'l9', address: '9 Elm St, Nashville', city: 'Nashville', listPrice: 460_000, primaryPhotoURL: null, standardStatus: 'Active' },
  buyerNames: ['Ben Buyer'],
  financingType: null,
  actions: [],
  updatedAt: '2030-01-02T10:00:00.000Z',
  sharedAt: '2030-01-02T10:00:00.000Z',
  bindingAgreementAt: null,
  signedAt: null,
}

describe('ReadOnlyListing', () => {
  it("tells a brokerage's staff member they only read the listing, and opens each offer on its read-only page", async () => {
    api.on('GET /api/listings/l9/offers', reply({ items: [shared] }))
    renderAt(<ReadOnlyListing listingId="l9" />)
    expect(screen.getByText('You read this listing through your brokerage. Only its agent can change it or answer its offers.')).toBeTruthy()
    const table = await screen.findByRole('table', { name: 'The offers shared on this listing' })
    expect(within(table).getByRole('link', { name: 'Ben Buyer' }).getAttribute('href')).toBe('/property/l9/offers/o1')
    expect(screen.queryByRole('button')).toBeNull()
  })
})
