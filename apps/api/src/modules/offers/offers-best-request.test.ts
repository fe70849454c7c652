import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { OfferTerms } from '@offerbook/domain/offer'
import type { OpenBestRequestAnswer } from '@offerbook/domain/offer-negotiation'
import type { CreatedUser } from '../../../test/factories'
import { createTestOffer } from '../../../test/factories'
import { listing as listingTable } from '../../db/schema/listings'
import { offer as offerTable } from '../../db/schema/offers'
import { expectRefusal, offerOf, offersTestApp } from './offers.test-helpers'

const suite = offersTestApp()
const { call } = suite
const DAY = 86_400_000

const openRequest = async (who: CreatedUser, listingId: string) => {
  const response = await call(who, 'GET', `/api/listings/${listingId}/highest-and-best`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<OpenBestRequestAnswer>().request
}

/** The buyer side answers the request: it sends a revision of its price before the deadline. */
async function revise(buyer: CreatedUser, offerId: string, purchasePrice: number) {
  const [row] = await suite.t.db.select().from(offerTable).where(eq(offerTable.id, offerId))
  offerOf(await call(buyer, 'POST', `/api/offers/${offerId}/revisions`, { version: row?.version ?? 1, terms: { ...(row?.terms as OfferTerms), purchasePrice } }))
}

describe("the seller side's open highest-and-best request", () => {
  it('names its deadline in the property zone and the asked offers still expected, until each answers or is countered', async () => {
    const first = await createTestOffer(suite.t, { status: 'active', terms: { buyers: [{ fullName: 'Ada Early', email: 'ada@example.com', phone: '' }] } })
    const { seller, listing } = first
    if (!seller) throw new Error('no seller')
    const second = await createTestOffer(suite.t, { status: 'active', listing, terms: { buyers: [{ fullName: 'Bo Late', email: 'bo@example.com', phone: '' }] } })
    const notAsked = await createTestOffer(suite.t, { status: 'active', listing })
    expect(await openRequest(seller, listing.id)).toBeNull()

    const deadline = new Date(Date.now() + DAY).toISOString()
    const asked = await call(seller, 'POST', `/api/listings/${listing.id}/highest-and-best`, { offerIds: [first.offer.id, second.offer.id], deadline, message: 'Highest and best by tomorrow, please.', versions: { [first.offer.id]: 1, [second.offer.id]: 1 } })
    expect(asked.statusCode, asked.body).toBe(200)

    const open = await openRequest(seller, listing.id)
    expect(open).toMatchObject({ deadline, timeZone: 'America/Chicago' })
    expect(open?.offers).toHaveLength(2)
    expect(open?.offers).toEqual(
      expect.arrayContaining([
        { id: first.offer.id, buyerNames: ['Ada Early'], answeredAt: null },
        { id: second.offer.id, buyerNames: ['Bo Late'], answeredAt: null },
      ]),
    )
    expect(open?.offers.map((offer) => offer.id)).not.toContain(notAsked.offer.id)

    // The seller side opening an offer is no answer; the buyer side's revision is.
    offerOf(await call(seller, 'GET', `/api/offers/${second.offer.id}`))
    await revise(first.buyer, first.offer.id, 315_000)
    const after = await openRequest(seller, listing.id)
    expect(after?.offers.find((offer) => offer.id === first.offer.id)?.answeredAt).toEqual(expect.any(String))
    expect(after?.offers.find((offer) => offer.id === second.offer.id)?.answeredAt).toBeNull()

    // East Tennessee: the deadline is in Eastern time.
    await suite.t.db.update(listingTable).set({ countyOrParish: 'Knox' }).where(eq(listingTable.id, listing.id))
    expect((await openRequest(seller, listing.id))?.timeZone).toBe('America/New_York')

    // The seller side's counter reopens the negotiation: that offer is no longer waited for.
    offerOf(await call(seller, 'POST', `/api/offers/${second.offer.id}/counter`, { version: 1, terms: { purchasePrice: 340_000 } }))
    expect((await openRequest(seller, listing.id))?.offers.map((offer) => offer.id)).toEqual([first.offer.id])
  })

  it('is null once the deadline has passed, and only the seller side may read it', async () => {
    const { seller, listing, offer, buyer } = await createTestOffer(suite.t, { status: 'active' })
    if (!seller) throw new Error('no seller')
    const deadline = Date.now() + 5_000
    const asked = await call(seller, 'POST', `/api/listings/${listing.id}/highest-and-best`, { deadline: new Date(deadline).toISOString(), message: 'Best, quickly.', versions: { [offer.id]: 1 } })
    expect(asked.statusCode, asked.body).toBe(200)
    expect((await openRequest(seller, listing.id))?.offers.map((item) => item.id)).toEqual([offer.id])

    expectRefusal(await call(buyer, 'GET', `/api/listings/${listing.id}/highest-and-best`), 403)
    expectRefusal(await call(seller, 'GET', '/api/listings/not-a-listing/highest-and-best'), 404)

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now()) + 100))
    expect(await openRequest(seller, listing.id)).toBeNull()
  })
})
