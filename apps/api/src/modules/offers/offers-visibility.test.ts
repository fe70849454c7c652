import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { MyOffersPage, OfferSummary } from '@offerbook/domain/offer'
import { createTestOffer, createUser, shareableTerms } from '../../../test/factories'
import { storedFile } from '../../db/schema/files'
import { listingMedia } from '../../db/schema/listings'
import { expectRefusal, MISSING_ID, offerOf, offersTestApp, sellerWithListing, statusOf } from './offers.test-helpers'

/** Who sees which offer (issue #6, "Who sees what"), one by one and in lists. */

const suite = offersTestApp()
const { call } = suite

describe('who sees what', () => {
  it('a buyer cannot read or change another buyer’s offer', async () => {
    const { offer } = await createTestOffer(suite.t, { status: 'active' })
    const other = await createUser(suite.t, { roles: ['BUYER_SIMPLE'] })
    expectRefusal(await call(other, 'GET', `/api/offers/${offer.id}`), 404, { key: 'offer.notFound', message: 'Offer not found' })
    expectRefusal(await call(other, 'PATCH', `/api/offers/${offer.id}`, { terms: shareableTerms() }), 404)
    expectRefusal(await call(other, 'POST', `/api/offers/${offer.id}/withdraw`), 404)
    expectRefusal(await call(other, 'DELETE', `/api/offers/${offer.id}`), 404)
  })

  it('the seller side never sees a draft, and sees a shared offer', async () => {
    const draft = await createTestOffer(suite.t)
    expectRefusal(await call(draft.seller, 'GET', `/api/offers/${draft.offer.id}`), 404, { key: 'offer.notFound', message: 'Offer not found' })
    expectRefusal(await call(draft.seller, 'POST', `/api/offers/${draft.offer.id}/decline`, { version: 1 }), 404)
    const shared = await createTestOffer(suite.t, { status: 'active' })
    expect(offerOf(await call(shared.seller, 'GET', `/api/offers/${shared.offer.id}`))).toMatchObject({ viewer: 'seller', actions: ['accept', 'decline', 'counter'] })
  })

  it('a seller of another property sees nothing of the offer', async () => {
    const { offer } = await createTestOffer(suite.t, { status: 'active' })
    const { seller: otherSeller } = await sellerWithListing(suite.t)
    expectRefusal(await call(otherSeller, 'GET', `/api/offers/${offer.id}`), 404)
    expectRefusal(await call(otherSeller, 'POST', `/api/offers/${offer.id}/decline`, { version: 1 }), 404)
    expectRefusal(await call(otherSeller, 'POST', `/api/offers/${offer.id}/accept`, { version: 1 }), 404)
    expect(await statusOf(suite.t, offer.id)).toBe('active')
  })

  it('each side takes only its own actions', async () => {
    // A buyer agent may open /my-properties, so the offer's own rules answer, not the role table.
    const { offer, buyer, seller } = await createTestOffer(suite.t, { status: 'active', buyer: await createUser(suite.t, { roles: ['BUYER_AGENT'] }) })
    expectRefusal(await call(buyer, 'POST', `/api/offers/${offer.id}/decline`, { version: 1 }), 403, { key: 'offer.notSellerOfOffer', message: 'Only the seller or the listing agent can answer this offer' })
    expectRefusal(await call(buyer, 'POST', `/api/offers/${offer.id}/accept`, { version: 1 }), 403, { key: 'offer.notSellerOfOffer', message: 'Only the seller or the listing agent can answer this offer' })
    expectRefusal(await call(seller, 'POST', `/api/offers/${offer.id}/withdraw`), 403, { key: 'offer.notYourOffer', message: 'Only the buyer side can change this offer' })
    expectRefusal(await call(seller, 'PATCH', `/api/offers/${offer.id}`, { terms: shareableTerms() }), 403, { key: 'offer.notYourOffer', message: 'Only the buyer side can change this offer' })
    expect(await statusOf(suite.t, offer.id)).toBe('active')
  })

  it('a link opens one offer until it expires; a wrong token or none opens nothing', async () => {
    const { offer, token } = await createTestOffer(suite.t, { status: 'active' })
    const other = await createTestOffer(suite.t, { status: 'active' })
    expect(offerOf(await call(null, 'GET', `/api/offers/${offer.id}?token=${token}`)).viewer).toBe('link')
    expectRefusal(await call(null, 'GET', `/api/offers/${other.offer.id}?token=${token}`), 404)
    expectRefusal(await call(null, 'GET', `/api/offers/${offer.id}?token=wrong`), 404)
    expectRefusal(await call(null, 'GET', `/api/offers/${offer.id}`), 404)
    expectRefusal(await call(null, 'POST', `/api/offers/${offer.id}/decline`, { version: 1 }), 401)

    const expired = await createTestOffer(suite.t, { status: 'active', tokenExpiresAt: new Date(Date.now() - 1000) })
    expectRefusal(await call(null, 'GET', `/api/offers/${expired.offer.id}?token=${expired.token}`), 403, { key: 'offer.linkExpired', message: 'This offer link has expired' })
  })
})

describe('GET /api/offers/mine and GET /api/listings/:id/offers', () => {
  it("lists the buyer's own offers by tab with counts, last changed first", async () => {
    const buyer = await createUser(suite.t, { roles: ['BUYER_SIMPLE'] })
    const draft = await createTestOffer(suite.t, { buyer })
    const active = await createTestOffer(suite.t, { buyer, status: 'active' })
    await createTestOffer(suite.t, { buyer, status: 'declined' })
    await createTestOffer(suite.t, { status: 'active' })
    const all = (await call(buyer, 'GET', '/api/offers/mine')).json<MyOffersPage>()
    expect(all.counts).toEqual({ all: 3, new: 1, active: 1, accepted: 0, closed: 0, inactive: 1 })
    expect(all.total).toBe(3)
    const activeTab = (await call(buyer, 'GET', '/api/offers/mine?tab=active')).json<MyOffersPage>()
    expect(activeTab.items.map((item) => item.id)).toEqual([active.offer.id])
    expect(activeTab.items[0]).toMatchObject({ status: 'active', purchasePrice: 300_000, buyerNames: ['Ben Buyer'], actions: ['withdraw', 'revise'], property: { id: active.listing.id } })
    // An edit moves a draft to the top.
    await call(buyer, 'PATCH', `/api/offers/${draft.offer.id}`, { terms: shareableTerms({ purchasePrice: 301_000 }) })
    expect((await call(buyer, 'GET', '/api/offers/mine')).json<MyOffersPage>().items[0]?.id).toBe(draft.offer.id)
    expectRefusal(await call(buyer, 'GET', '/api/offers/mine?tab=nope'), 400)
  })

  it("lists the buyer's offers on one listing, for the property page's 'Open your offer'", async () => {
    const buyer = await createUser(suite.t, { roles: ['BUYER_SIMPLE'] })
    const { listing } = await sellerWithListing(suite.t)
    const here = await createTestOffer(suite.t, { buyer, listing, status: 'active' })
    await createTestOffer(suite.t, { buyer, status: 'active' })
    await createTestOffer(suite.t, { listing, status: 'active' })
    const page = (await call(buyer, 'GET', `/api/offers/mine?listingId=${listing.id.toUpperCase()}`)).json<MyOffersPage>()
    expect(page.items.map((item) => item.id)).toEqual([here.offer.id])
    expect(page.items[0]?.property.primaryPhotoURL).toBeNull()
    expect(page.counts).toMatchObject({ all: 1, active: 1 })
    expectRefusal(await call(buyer, 'GET', '/api/offers/mine?listingId=nope'), 400, { key: 'common.invalidValue', message: 'Invalid value' })
  })

  it("shows the listing's first photo on the buyer's and the seller side's offer cards", async () => {
    const { seller, listing } = await sellerWithListing(suite.t)
    const { buyer } = await createTestOffer(suite.t, { listing, status: 'active' })
    const [first, second] = [randomUUID(), randomUUID()]
    await suite.t.db.insert(storedFile).values([first, second].map((id) => ({ id, ownerId: seller.id, key: `listings/${id}.png`, purpose: 'listing-photo', filename: 'x.png', contentType: 'image/png', size: 1 })))
    await suite.t.db.insert(listingMedia).values([
      { listingId: listing.id, fileId: second, mediaKey: second, order: 1 },
      { listingId: listing.id, fileId: first, mediaKey: first, order: 0 },
    ])
    const mine = (await call(buyer, 'GET', '/api/offers/mine')).json<MyOffersPage>()
    expect(mine.items[0]?.property.primaryPhotoURL).toBe(`/api/files/${first}`)
    const theirs = (await call(seller, 'GET', `/api/listings/${listing.id}/offers`)).json<{ items: OfferSummary[] }>()
    expect(theirs.items[0]?.property.primaryPhotoURL).toBe(`/api/files/${first}`)
  })

  it('shows the seller side the shared offers on their listing only', async () => {
    const { seller, listing } = await sellerWithListing(suite.t)
    const shared = await createTestOffer(suite.t, { listing, status: 'active' })
    await createTestOffer(suite.t, { listing })
    const items = (await call(seller, 'GET', `/api/listings/${listing.id}/offers`)).json<{ items: OfferSummary[] }>().items
    expect(items.map((item) => item.id)).toEqual([shared.offer.id])
    expect(items[0]?.actions).toEqual(['accept', 'decline', 'counter'])
    const agent = await createUser(suite.t, { roles: ['BUYER_AGENT'] })
    expectRefusal(await call(agent, 'GET', `/api/listings/${listing.id}/offers`), 403)
    expectRefusal(await call(agent, 'GET', `/api/listings/${MISSING_ID}/offers`), 404)
    // A simple buyer has no /my-properties page (spec section 2): refused whatever the listing.
    const buyer = await createUser(suite.t, { roles: ['BUYER_SIMPLE'] })
    expectRefusal(await call(buyer, 'GET', `/api/listings/${MISSING_ID}/offers`), 403)
  })
})
