import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createTestListing, createTestOffer, createUser } from '../../../test/factories'
import { offer as offerTable } from '../../db/schema/offers'
import type { MyOffersPage, OfferSummary } from '@offerbook/domain/offer'
import { createJobRunner } from '../jobs/job-runner'
import { expireDueOffers, offerExpiryJob } from './offers-expiry'
import { emailsTo, eventsOf, expectRefusal, notificationsOf, offersTestApp, statusOf } from './offers.test-helpers'

const suite = offersTestApp()
const { call } = suite

const ctx = { publicUrl: 'http://localhost:3000' }
const HOUR = 3_600_000

async function setExpiry(offerId: string, expiresAt: Date): Promise<void> {
  await suite.t.db.update(offerTable).set({ expiresAt }).where(eq(offerTable.id, offerId))
}

describe('expireDueOffers', () => {
  it('expires the open offers whose time has come, and only those, with an audit event and word to both sides', async () => {
    const seller = await createUser(suite.t, { roles: ['SELLER_AGENT'] })
    const listing = await createTestListing(suite.t, { ownerId: seller.id, listAgentUserId: seller.id, listAgentEmail: seller.email })
    const now = new Date(Date.now() + 10 * 86_400_000)
    const dueActive = await createTestOffer(suite.t, { listing, status: 'active' })
    const dueBackup = await createTestOffer(suite.t, { listing, status: 'backup' })
    const later = await createTestOffer(suite.t, { listing, status: 'active' })
    const dueDraft = await createTestOffer(suite.t, { listing })
    const dueAccepted = await createTestOffer(suite.t, { listing, status: 'accepted' })
    await setExpiry(dueActive.offer.id, new Date(now.getTime() - HOUR))
    await setExpiry(dueBackup.offer.id, now)
    await setExpiry(later.offer.id, new Date(now.getTime() + HOUR))
    await setExpiry(dueDraft.offer.id, new Date(now.getTime() - HOUR))
    await setExpiry(dueAccepted.offer.id, new Date(now.getTime() - HOUR))

    expect(await expireDueOffers(suite.t.db, ctx, { now, batchSize: 1 })).toBe(2)
    expect(await statusOf(suite.t, dueActive.offer.id)).toBe('expired')
    expect(await statusOf(suite.t, dueBackup.offer.id)).toBe('expired')
    expect(await statusOf(suite.t, later.offer.id)).toBe('active')
    expect(await statusOf(suite.t, dueDraft.offer.id)).toBe('draft')
    expect(await statusOf(suite.t, dueAccepted.offer.id)).toBe('accepted')

    expect((await eventsOf(suite.t, dueActive.offer.id)).at(-1)).toMatchObject({ type: 'expired', actorId: null, fromStatus: 'active', toStatus: 'expired', at: now })
    expect((await eventsOf(suite.t, dueBackup.offer.id)).at(-1)).toMatchObject({ type: 'expired', fromStatus: 'backup' })
    expect((await eventsOf(suite.t, later.offer.id)).map((event) => event.type)).toEqual(['created', 'shared'])

    expect((await notificationsOf(suite.t, dueActive.buyer.id)).map((notice) => [notice.type, notice.data.side])).toEqual([['offer.expired', 'buyer']])
    expect((await notificationsOf(suite.t, seller.id, dueActive.offer.id)).map((notice) => [notice.type, notice.data.side])).toEqual([['offer.expired', 'seller']])
    expect((await emailsTo(suite.t, dueActive.buyer.email)).map((email) => email.subject)).toEqual([`Offer expired on ${listing.unparsedAddress}`])

    // Nothing is left to do the second time.
    expect(await expireDueOffers(suite.t.db, ctx, { now })).toBe(0)
  })

  it('ends the share link of an expired offer, and the expired offer can no longer be answered', async () => {
    const { offer, seller, token } = await createTestOffer(suite.t, { status: 'active' })
    await setExpiry(offer.id, new Date(Date.now() - 1000))
    await expireDueOffers(suite.t.db, ctx)
    expectRefusal(await call(null, 'GET', `/api/offers/${offer.id}?token=${token}`), 403, { key: 'offer.linkExpired', message: 'This offer link has expired' })
    expectRefusal(await call(seller, 'POST', `/api/offers/${offer.id}/accept`, { version: 1 }), 409, { key: 'offer.expired' })
  })
})

describe('an offer past its expiration before the job has run', () => {
  it('is listed and counted as expired on the buyer side tabs from that instant', async () => {
    const { offer, buyer, seller, listing } = await createTestOffer(suite.t, { status: 'active' })
    const other = await createTestOffer(suite.t, { listing, buyer, status: 'active' })
    await setExpiry(offer.id, new Date(Date.now() - 1000))
    // The stored status is still active: no job has run.
    expect(await statusOf(suite.t, offer.id)).toBe('active')

    const active = (await call(buyer, 'GET', '/api/offers/mine?tab=active')).json<MyOffersPage>()
    expect(active.items.map((item) => item.id)).toEqual([other.offer.id])
    expect(active.counts).toMatchObject({ active: 1, inactive: 1, all: 2 })
    const inactive = (await call(buyer, 'GET', '/api/offers/mine?tab=inactive')).json<MyOffersPage>()
    expect(inactive.items.map((item) => [item.id, item.status, item.actions])).toEqual([[offer.id, 'expired', expect.not.arrayContaining(['accept'])]])

    // The seller side's list says Expired too, and the offer cannot be accepted.
    if (!seller) throw new Error('the factory made the listing and its seller')
    const sellerList = (await call(seller, 'GET', `/api/listings/${listing.id}/offers`)).json<{ items: OfferSummary[] }>().items
    expect(sellerList.find((item) => item.id === offer.id)?.status).toBe('expired')
  })
})

describe('offerExpiryJob', () => {
  it('expires a due offer by itself and stops when asked', async () => {
    const { offer } = await createTestOffer(suite.t, { status: 'active' })
    await setExpiry(offer.id, new Date(Date.now() - 1000))
    const log = { info: () => {}, warn: () => {}, error: () => {} }
    const job = createJobRunner({ db: suite.t.db, log, jobs: [offerExpiryJob({ db: suite.t.db, log, publicUrl: ctx.publicUrl, everyMs: 50 })] })
    await job.start()
    try {
      await expect.poll(() => statusOf(suite.t, offer.id), { timeout: 10_000 }).toBe('expired')
    } finally {
      await job.stop()
    }
  })
})
