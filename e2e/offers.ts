import type { APIRequestContext } from '@playwright/test'
import type { OfferView } from '@offerbook/domain/offer'
import { apiToken, expect } from './fixtures'
import { pngOf, publishableListing, publishListing, SELLER_AGENT } from './listings'

export const BEN = 'buyer-simple@example.com'

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000)

/** The Authorization header of a demo account's session. */
export async function bearer(request: APIRequestContext, email: string): Promise<{ Authorization: string }> {
  return { Authorization: `Bearer ${await apiToken(request, email)}` }
}

/**
 * A fresh listing of Lena's (the demo listing agent) at `listPrice`, and a cash offer of Ben's on it at
 * `offerPrice`, shared with her today through the API: what a page of the seller side then shows. It
 * names what the share check asks of a contract: $5,000 earnest money held by a title company, due in
 * 3 days; no appraisal contingency; the inspection waived (so no resolution period). `terms` change
 * any of those before it is shared.
 */
export async function listingWithBensSharedOffer(
  request: APIRequestContext,
  { listPrice, offerPrice, terms: given = {} }: { listPrice: number; offerPrice: number; terms?: Record<string, unknown> },
): Promise<{ listingId: string; offer: OfferView }> {
  const listing = await publishListing(request, { fields: publishableListing({ ListPrice: listPrice }), photos: [pngOf(8, 6, [60, 120, 90])] })
  const headers = await bearer(request, BEN)
  const created = await request.post('/api/offers', { headers, data: { listingId: listing.id } })
  expect(created.status(), await created.text()).toBe(201)
  const { offer } = (await created.json()) as { offer: OfferView }
  const terms = {
    ...offer.terms,
    listingAgent: { fullName: 'Lena Listing', email: SELLER_AGENT },
    purchasePrice: offerPrice,
    earnestMoney: { ...offer.terms.earnestMoney, amount: 5_000, holder: 'title-company', dueDays: 3 },
    financing: { type: 'cash' },
    appraisalContingency: false,
    inspectionPeriodDays: 0,
    closingDate: inDays(45).toISOString().slice(0, 10),
    expiresAt: inDays(5).toISOString(),
    ...given,
  }
  const saved = await request.patch(`/api/offers/${offer.id}`, { headers, data: { terms } })
  expect(saved.status(), await saved.text()).toBe(200)
  const shared = await request.post(`/api/offers/${offer.id}/share`, { headers })
  expect(shared.status(), await shared.text()).toBe(200)
  return { listingId: listing.id, offer: ((await shared.json()) as { offer: OfferView }).offer }
}
