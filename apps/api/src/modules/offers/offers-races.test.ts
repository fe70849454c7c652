import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import type { OfferView } from '@offerbook/domain/offer'
import type { TestApp } from '../../../test/build-test-app'
import { buildTestApp } from '../../../test/build-test-app'
import type { CreatedUser } from '../../../test/factories'
import { createTestListing, createTestOffer, createUser } from '../../../test/factories'
import { listing as listingTable } from '../../db/schema/listings'
import { offer as offerTable, offerShareLink } from '../../db/schema/offers'
import { emailsTo, eventsOf, offersCaller } from './offers.test-helpers'

/**
 * Two requests at the same instant on one listing or one offer. On PGlite (one connection) the
 * transactions run one after the other; with TEST_DATABASE_URL each request has a connection of its
 * own, so only the row locks of acceptOffer and shareOffer keep them apart.
 */

const ROUNDS = 10

let t: TestApp
let call: ReturnType<typeof offersCaller>
// One seller and two buyers for every round (a fresh listing and fresh offers each round): hashing a
// password per round would make the rounds slow, not the race more real.
let seller: CreatedUser
let buyers: readonly [CreatedUser, CreatedUser]

beforeAll(async () => {
  t = await buildTestApp()
  call = offersCaller(t)
  seller = await createUser(t, { roles: ['SELLER_AGENT'], name: 'Lena Seller' })
  buyers = [await createUser(t, { roles: ['BUYER_SIMPLE'], name: 'Ben Buyer' }), await createUser(t, { roles: ['BUYER_SIMPLE'], name: 'Bea Buyer' })]
  // Signed in before the races, so both requests of a race start at once instead of behind two sign-ins.
  for (const user of [seller, ...buyers]) expect((await call(user, 'GET', '/api/offers/mine')).statusCode).toBe(200)
}, 180_000)
afterAll(async () => {
  await t.close()
})

async function newListing() {
  return createTestListing(t, { ownerId: seller.id, listAgentUserId: seller.id, listAgentFullName: 'Lena Seller', listAgentEmail: seller.email })
}

async function kindsOfEmailsTo(user: CreatedUser, since: Date): Promise<string[]> {
  return (await emailsTo(t, user.email)).filter((email) => email.createdAt >= since).map((email) => email.kind)
}

describe('two accepts on one listing at the same instant', () => {
  it(`accept exactly one offer and refuse the other with 409, ${ROUNDS} times`, { timeout: 180_000 }, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const listing = await newListing()
      const offers = [await createTestOffer(t, { status: 'active', listing, buyer: buyers[0] }), await createTestOffer(t, { status: 'active', listing, buyer: buyers[1] })] as const
      const since = new Date()
      const responses = await Promise.all(offers.map(({ offer }) => call(seller, 'POST', `/api/offers/${offer.id}/accept`, { others: 'decline', version: 1 })))
      const statuses = responses.map((response) => response.statusCode).sort()
      expect(statuses, `round ${round}: ${responses.map((response) => response.body).join(' | ')}`).toEqual([200, 409])
      const winnerIndex = responses.findIndex((response) => response.statusCode === 200)
      const winner = offers[winnerIndex]!
      const loser = offers[1 - winnerIndex]!
      // The loser waited for the winner's locks, then found its own offer declined or the other accepted.
      expect(['offer.alreadyAccepted', 'offer.cannotAccept']).toContain(responses[1 - winnerIndex]!.json<ApiError>().key)
      expect(['Another offer on this property is already accepted', 'An offer that is declined cannot be accepted']).toContain(responses[1 - winnerIndex]!.json<ApiError>().message)

      const rows = await t.db.select().from(offerTable).where(eq(offerTable.listingId, listing.id))
      expect(new Map(rows.map((row) => [row.id, row.status])), `round ${round}`).toEqual(
        new Map([
          [winner.offer.id, 'accepted'],
          [loser.offer.id, 'declined'],
        ]),
      )
      expect((await eventsOf(t, winner.offer.id)).map((event) => event.type), `round ${round}`).toEqual(['created', 'shared', 'accepted'])
      expect((await eventsOf(t, loser.offer.id)).map((event) => event.type), `round ${round}`).toEqual(['created', 'shared', 'declined'])
      expect(await kindsOfEmailsTo(winner.buyer, since), `round ${round}`).toEqual(['notification:offer.accepted'])
      expect(await kindsOfEmailsTo(loser.buyer, since), `round ${round}`).toEqual(['notification:offer.declined'])
      const [after] = await t.db.select().from(listingTable).where(eq(listingTable.id, listing.id))
      expect(after?.standardStatus).toBe('ActiveUnderContract')
    }
  })
})

describe('two shares of one offer at the same instant', () => {
  it(`share it once, with one email and one link, and refuse the other with 409, ${ROUNDS} times`, { timeout: 180_000 }, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const { offer, buyer } = await createTestOffer(t, { listing: await newListing(), buyer: buyers[0] })
      const since = new Date()
      const responses = await Promise.all([0, 1].map(() => call(buyer, 'POST', `/api/offers/${offer.id}/share`)))
      const statuses = responses.map((response) => response.statusCode).sort()
      expect(statuses, `round ${round}: ${responses.map((response) => response.body).join(' | ')}`).toEqual([200, 409])
      const refused = responses.find((response) => response.statusCode === 409)!
      expect(refused.json<ApiError>()).toMatchObject({ key: 'offer.cannotShare', message: 'An offer that is active cannot be shared', params: { status: 'active' } })
      // What the buyer sees afterwards: the offer shared once.
      const shown = (await call(buyer, 'GET', `/api/offers/${offer.id}`)).json<{ offer: OfferView }>().offer
      expect(shown.status).toBe('active')
      expect(shown.events.filter((event) => event.type === 'shared'), `round ${round}`).toHaveLength(1)

      // The draft names the listing's agent, the seller: one share link email (it stands for the
      // seller's notice email too) and one link.
      expect(await kindsOfEmailsTo(seller, since), `round ${round}`).toEqual(['offer-shared'])
      expect(await t.db.select().from(offerShareLink).where(eq(offerShareLink.offerId, offer.id)), `round ${round}`).toHaveLength(1)
      expect((await eventsOf(t, offer.id)).map((event) => event.type), `round ${round}`).toEqual(['created', 'shared'])
    }
  })
})
