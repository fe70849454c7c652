import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LISTING_MESSAGES } from '@offerbook/domain/listing'
import type { MyOffersPage, OfferSummary } from '@offerbook/domain/offer'
import { OFFER_MESSAGES } from '@offerbook/domain/offer'
import type { TestApp } from '../../../test/build-test-app'
import { buildTestApp } from '../../../test/build-test-app'
import { createTestListing, createTestOffer, createUser, shareableTerms } from '../../../test/factories'
import { listing as listingTable } from '../../db/schema/listings'
import { offer as offerTable, offerShareLink } from '../../db/schema/offers'
import { emailsTo, eventsOf, expectRefusal, notificationsOf, offerOf, offersCaller, statusOf } from './offers.test-helpers'

let t: TestApp
let call: ReturnType<typeof offersCaller>

beforeAll(async () => {
  t = await buildTestApp()
  call = offersCaller(t)
})
afterAll(async () => {
  await t.close()
})

const MISSING_ID = '3f1c2a4e-9b7d-4c2e-8a1f-0d9e8c7b6a55'

async function sellerWithListing(columns: Parameters<typeof createTestListing>[1] extends infer C ? Omit<C & object, 'ownerId'> : never = {}) {
  const seller = await createUser(t, { roles: ['SELLER_AGENT'], name: 'Lena Seller' })
  const listing = await createTestListing(t, { ownerId: seller.id, listAgentUserId: seller.id, listAgentFullName: 'Lena Seller', listAgentEmail: seller.email, ...columns })
  return { seller, listing }
}

describe('POST /api/offers: a draft', () => {
  it("says an anonymous visitor must be logged in to make an offer, in the spec's words", async () => {
    const { listing } = await sellerWithListing()
    expectRefusal(await call(null, 'POST', '/api/offers', { listingId: listing.id }), 401, OFFER_MESSAGES.loginRequired)
  })

  it('refuses a role that makes no offers (403)', async () => {
    const { listing } = await sellerWithListing()
    const admin = await createUser(t, { roles: ['ADMIN'] })
    expectRefusal(await call(admin, 'POST', '/api/offers', { listingId: listing.id }), 403)
  })

  it("prefills a buyer's draft from the listing and the buyer's profile", async () => {
    const { listing } = await sellerWithListing({ listPrice: 412_000, listOfficeName: 'Music City Realty', firmLicenseNumber: 'F-1234', listAgentDirectPhone: '(615) 555-0100' })
    const buyer = await createUser(t, { roles: ['BUYER_SIMPLE'], name: 'Ben Buyer' })
    const draft = offerOf(await call(buyer, 'POST', '/api/offers', { listingId: listing.id }), 201)
    expect(draft).toMatchObject({ status: 'draft', viewer: 'buyer', actions: ['share'], sharedAt: null, shareUrl: null, property: { id: listing.id, listPrice: 412_000 } })
    expect(draft.terms.purchasePrice).toBe(412_000)
    expect(draft.terms.listingAgent).toMatchObject({ fullName: 'Lena Seller', email: listing.listAgentEmail, phone: '(615) 555-0100', firmName: 'Music City Realty', firmLicenseNumber: 'F-1234' })
    expect(draft.terms.buyers).toEqual([{ fullName: 'Ben Buyer', email: buyer.email, phone: '' }])
    expect(draft.terms.buyerAgent.fullName).toBe('')
    expect(draft.events.map((event) => event.type)).toEqual(['created'])
    const [row] = await t.db.select().from(offerTable).where(eq(offerTable.id, draft.id))
    expect(row?.purchasePrice).toBe(412_000)
  })

  it('names a buyer agent as the buyer agent, not as a buyer', async () => {
    const { listing } = await sellerWithListing()
    const agent = await createUser(t, { roles: ['BUYER_AGENT'], name: 'Alex Agent' })
    const draft = offerOf(await call(agent, 'POST', '/api/offers', { listingId: listing.id }), 201)
    expect(draft.terms.buyers).toEqual([])
    expect(draft.terms.buyerAgent).toMatchObject({ fullName: 'Alex Agent', email: agent.email })
  })

  it('refuses an offer on your own listing', async () => {
    const { seller, listing } = await sellerWithListing()
    expectRefusal(await call(seller, 'POST', '/api/offers', { listingId: listing.id }), 403, OFFER_MESSAGES.ownListing)
  })

  it('refuses a property that is not taking offers, and one that is not there', async () => {
    const buyer = await createUser(t, { roles: ['BUYER_SIMPLE'] })
    const { listing: closed } = await sellerWithListing({ standardStatus: 'Closed' })
    expectRefusal(await call(buyer, 'POST', '/api/offers', { listingId: closed.id }), 409, OFFER_MESSAGES.notTakingOffers)
    const { listing: draftListing } = await sellerWithListing({ standardStatus: 'Incomplete' })
    expectRefusal(await call(buyer, 'POST', '/api/offers', { listingId: draftListing.id }), 404, LISTING_MESSAGES.listingNotFound)
    expectRefusal(await call(buyer, 'POST', '/api/offers', { listingId: MISSING_ID }), 404, LISTING_MESSAGES.listingNotFound)
    expectRefusal(await call(buyer, 'POST', '/api/offers', { listingId: 'not-an-id' }), 404)
    expectRefusal(await call(buyer, 'POST', '/api/offers', {}), 400)
  })

  it('takes offers on a property under contract (back-ups)', async () => {
    const buyer = await createUser(t, { roles: ['BUYER_SIMPLE'] })
    const { listing } = await sellerWithListing({ standardStatus: 'ActiveUnderContract' })
    offerOf(await call(buyer, 'POST', '/api/offers', { listingId: listing.id }), 201)
  })
})

describe('POST /api/offers/:id/share', () => {
  it("puts the listing agent's message first, and every problem on its field", async () => {
    const { offer, buyer } = await createTestOffer(t, { terms: { listingAgent: { fullName: '', email: '' }, closingDate: null } })
    const body = expectRefusal(await call(buyer, 'POST', `/api/offers/${offer.id}/share`), 400, OFFER_MESSAGES.listingAgentRequired)
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: 'listingAgent', message: OFFER_MESSAGES.listingAgentRequired },
        { path: 'closingDate', message: OFFER_MESSAGES.closingDateRequired },
      ]),
    )
    expect(await statusOf(t, offer.id)).toBe('draft')
    expect(await eventsOf(t, offer.id)).toHaveLength(1)
  })

  it('makes the offer active and emails the listing agent a link that opens it read-only', async () => {
    const { offer, buyer, seller, listing } = await createTestOffer(t, { terms: { listingAgent: { fullName: 'Outside Agent', email: 'outside.agent@example.com' } } })
    const shared = offerOf(await call(buyer, 'POST', `/api/offers/${offer.id}/share`))
    expect(shared).toMatchObject({ status: 'active', actions: ['withdraw'], shareProblems: [] })
    expect(shared.sharedAt).not.toBeNull()
    expect(shared.shareUrl).toBe(`http://localhost:3000/property/${listing.id}/offers/${offer.id}`)
    expect(shared.events.map((event) => [event.type, event.actorName])).toEqual([
      ['created', null],
      ['shared', 'Ben Buyer'],
    ])

    const [email] = await emailsTo(t, 'outside.agent@example.com')
    expect(email?.subject).toContain(listing.unparsedAddress)
    const link = /(http:\/\/localhost:3000\/property\/[^\s]+)/.exec(email?.textBody ?? '')?.[1]
    expect(link).toBeDefined()
    const url = new URL(link ?? '')
    expect(url.pathname).toBe(`/property/${listing.id}/offers/${offer.id}`)
    const token = url.searchParams.get('token') ?? ''
    expect(token.length).toBeGreaterThanOrEqual(43)
    const [stored] = await t.db.select().from(offerShareLink).where(eq(offerShareLink.offerId, offer.id))
    expect(stored?.tokenHash).not.toContain(token)

    const seen = offerOf(await call(null, 'GET', `/api/offers/${offer.id}?token=${encodeURIComponent(token)}`))
    expect(seen).toMatchObject({ id: offer.id, viewer: 'link', actions: [], shareUrl: null, status: 'active' })

    // The seller side's account hears of it too, with a link to their review page.
    const [notice] = await notificationsOf(t, seller!.id, offer.id)
    expect(notice).toMatchObject({ type: 'offer.shared', listingId: listing.id, data: { side: 'seller', price: 300_000, address: listing.unparsedAddress } })
    const [sellerEmail] = await emailsTo(t, seller!.email)
    expect(sellerEmail?.textBody).toContain(`/my-properties/${listing.id}/offers/${offer.id}`)
  })

  it("sends the listing agent's account one email only: the link", async () => {
    const { offer, buyer, seller } = await createTestOffer(t)
    offerOf(await call(buyer, 'POST', `/api/offers/${offer.id}/share`))
    const emails = await emailsTo(t, seller!.email)
    expect(emails.map((email) => email.kind)).toEqual(['offer-shared'])
    expect(await notificationsOf(t, seller!.id, offer.id)).toHaveLength(1)
  })

  it('keeps the link no longer than the offer is open, and refuses a second share', async () => {
    const expiresAt = new Date(Date.now() + 2 * 86_400_000)
    const { offer, buyer } = await createTestOffer(t, { terms: { expiresAt: expiresAt.toISOString() } })
    offerOf(await call(buyer, 'POST', `/api/offers/${offer.id}/share`))
    const [stored] = await t.db.select().from(offerShareLink).where(eq(offerShareLink.offerId, offer.id))
    expect(stored?.expiresAt.getTime()).toBe(expiresAt.getTime())
    expectRefusal(await call(buyer, 'POST', `/api/offers/${offer.id}/share`), 409, OFFER_MESSAGES.notAllowed('shared', 'active'))
  })
})

describe('a never-shared offer', () => {
  it('answers every other action with the share-first message', async () => {
    // A buyer agent reaches both offer pages' endpoints, so every action gets past the role guard.
    const { offer, buyer } = await createTestOffer(t, { buyer: await createUser(t, { roles: ['BUYER_AGENT'] }) })
    for (const action of ['withdraw', 'acknowledge', 'decline', 'accept', 'close', 'terminate']) {
      expectRefusal(await call(buyer, 'POST', `/api/offers/${offer.id}/${action}`, action === 'accept' ? {} : undefined), 409, OFFER_MESSAGES.shareFirst)
    }
    expect(await statusOf(t, offer.id)).toBe('draft')
  })

  it('is deleted by its buyer; a shared one is withdrawn instead', async () => {
    const draft = await createTestOffer(t)
    expect((await call(draft.buyer, 'DELETE', `/api/offers/${draft.offer.id}`)).statusCode).toBe(204)
    expect(await statusOf(t, draft.offer.id)).toBeUndefined()
    const shared = await createTestOffer(t, { status: 'active' })
    expectRefusal(await call(shared.buyer, 'DELETE', `/api/offers/${shared.offer.id}`), 409, OFFER_MESSAGES.onlyDraftDeleted)
    expectRefusal(await call(shared.seller, 'DELETE', `/api/offers/${shared.offer.id}`), 403, OFFER_MESSAGES.notYourOffer)
  })
})

describe('who sees what', () => {
  it('a buyer cannot read or change another buyer’s offer', async () => {
    const { offer } = await createTestOffer(t, { status: 'active' })
    const other = await createUser(t, { roles: ['BUYER_SIMPLE'] })
    expectRefusal(await call(other, 'GET', `/api/offers/${offer.id}`), 404, OFFER_MESSAGES.offerNotFound)
    expectRefusal(await call(other, 'PATCH', `/api/offers/${offer.id}`, { terms: shareableTerms() }), 404)
    expectRefusal(await call(other, 'POST', `/api/offers/${offer.id}/withdraw`), 404)
    expectRefusal(await call(other, 'DELETE', `/api/offers/${offer.id}`), 404)
  })

  it('the seller side never sees a draft, and sees a shared offer', async () => {
    const draft = await createTestOffer(t)
    expectRefusal(await call(draft.seller, 'GET', `/api/offers/${draft.offer.id}`), 404, OFFER_MESSAGES.offerNotFound)
    expectRefusal(await call(draft.seller, 'POST', `/api/offers/${draft.offer.id}/decline`), 404)
    const shared = await createTestOffer(t, { status: 'active' })
    expect(offerOf(await call(shared.seller, 'GET', `/api/offers/${shared.offer.id}`))).toMatchObject({ viewer: 'seller', actions: ['accept', 'decline'] })
  })

  it('a seller of another property sees nothing of the offer', async () => {
    const { offer } = await createTestOffer(t, { status: 'active' })
    const { seller: otherSeller } = await sellerWithListing()
    expectRefusal(await call(otherSeller, 'GET', `/api/offers/${offer.id}`), 404)
    expectRefusal(await call(otherSeller, 'POST', `/api/offers/${offer.id}/decline`), 404)
    expectRefusal(await call(otherSeller, 'POST', `/api/offers/${offer.id}/accept`, {}), 404)
    expect(await statusOf(t, offer.id)).toBe('active')
  })

  it('each side takes only its own actions', async () => {
    // A buyer agent may open /my-properties, so the offer's own rules answer, not the role table.
    const { offer, buyer, seller } = await createTestOffer(t, { status: 'active', buyer: await createUser(t, { roles: ['BUYER_AGENT'] }) })
    expectRefusal(await call(buyer, 'POST', `/api/offers/${offer.id}/decline`), 403, OFFER_MESSAGES.notSellerOfOffer)
    expectRefusal(await call(buyer, 'POST', `/api/offers/${offer.id}/accept`, {}), 403, OFFER_MESSAGES.notSellerOfOffer)
    expectRefusal(await call(seller, 'POST', `/api/offers/${offer.id}/withdraw`), 403, OFFER_MESSAGES.notYourOffer)
    expectRefusal(await call(seller, 'PATCH', `/api/offers/${offer.id}`, { terms: shareableTerms() }), 403, OFFER_MESSAGES.notYourOffer)
    expect(await statusOf(t, offer.id)).toBe('active')
  })

  it('a link opens one offer until it expires; a wrong token or none opens nothing', async () => {
    const { offer, token } = await createTestOffer(t, { status: 'active' })
    const other = await createTestOffer(t, { status: 'active' })
    expect(offerOf(await call(null, 'GET', `/api/offers/${offer.id}?token=${token}`)).viewer).toBe('link')
    expectRefusal(await call(null, 'GET', `/api/offers/${other.offer.id}?token=${token}`), 404)
    expectRefusal(await call(null, 'GET', `/api/offers/${offer.id}?token=wrong`), 404)
    expectRefusal(await call(null, 'GET', `/api/offers/${offer.id}`), 404)
    expectRefusal(await call(null, 'POST', `/api/offers/${offer.id}/decline`), 401)

    const expired = await createTestOffer(t, { status: 'active', tokenExpiresAt: new Date(Date.now() - 1000) })
    expectRefusal(await call(null, 'GET', `/api/offers/${expired.offer.id}?token=${expired.token}`), 403, OFFER_MESSAGES.linkExpired)
  })
})

describe('PATCH /api/offers/:id', () => {
  it('saves a draft as it is typed, keeping the price and expiration columns in step', async () => {
    const { offer, buyer } = await createTestOffer(t)
    const expiresAt = new Date(Date.now() + 5 * 86_400_000).toISOString()
    const saved = offerOf(await call(buyer, 'PATCH', `/api/offers/${offer.id}`, { terms: shareableTerms({ purchasePrice: 333_000, expiresAt, closingDate: null }) }))
    expect(saved.terms.purchasePrice).toBe(333_000)
    expect(saved.shareProblems).toEqual([{ field: 'closingDate', message: OFFER_MESSAGES.closingDateRequired }])
    const [row] = await t.db.select().from(offerTable).where(eq(offerTable.id, offer.id))
    expect(row?.purchasePrice).toBe(333_000)
    expect(row?.expiresAt?.toISOString()).toBe(expiresAt)
    expect((await eventsOf(t, offer.id)).map((event) => event.type)).toEqual(['created'])
  })

  it('refuses a bad value with its message on its field', async () => {
    const { offer, buyer } = await createTestOffer(t)
    const body = expectRefusal(await call(buyer, 'PATCH', `/api/offers/${offer.id}`, { terms: { purchasePrice: 5 } }), 400, OFFER_MESSAGES.priceRange)
    expect(body.errors?.[0]?.path).toContain('purchasePrice')
  })

  it('tells the seller side of a change to an active offer and audits it; its expiration stays ahead', async () => {
    const { offer, buyer, seller } = await createTestOffer(t, { status: 'active' })
    offerOf(await call(buyer, 'PATCH', `/api/offers/${offer.id}`, { terms: shareableTerms({ purchasePrice: 310_000 }) }))
    const events = await eventsOf(t, offer.id)
    expect(events.at(-1)).toMatchObject({ type: 'updated', fromStatus: 'active', toStatus: 'active', actorId: buyer.id })
    expect((await notificationsOf(t, seller!.id, offer.id)).map((notice) => notice.type)).toEqual(['offer.updated'])

    const past = new Date(Date.now() - 60_000).toISOString()
    expectRefusal(await call(buyer, 'PATCH', `/api/offers/${offer.id}`, { terms: shareableTerms({ expiresAt: past }) }), 400, OFFER_MESSAGES.expirationPast)
  })

  it('refuses to change an offer that is no longer open', async () => {
    const { offer, buyer } = await createTestOffer(t, { status: 'declined' })
    expectRefusal(await call(buyer, 'PATCH', `/api/offers/${offer.id}`, { terms: shareableTerms() }), 409, OFFER_MESSAGES.offerLocked('declined'))
  })
})

describe('answers and the contract', () => {
  it('withdraw tells the seller side; a withdrawn offer cannot be withdrawn again', async () => {
    const { offer, buyer, seller } = await createTestOffer(t, { status: 'active' })
    const withdrawn = offerOf(await call(buyer, 'POST', `/api/offers/${offer.id}/withdraw`))
    expect(withdrawn).toMatchObject({ status: 'withdrawn', actions: [] })
    expect(withdrawn.decidedAt).not.toBeNull()
    expect((await eventsOf(t, offer.id)).at(-1)).toMatchObject({ type: 'withdrawn', fromStatus: 'active', toStatus: 'withdrawn' })
    expect((await notificationsOf(t, seller!.id, offer.id)).map((notice) => notice.type)).toEqual(['offer.withdrawn'])
    expectRefusal(await call(buyer, 'POST', `/api/offers/${offer.id}/withdraw`), 409, OFFER_MESSAGES.notAllowed('withdrawn', 'withdrawn'))
  })

  it('decline tells the buyer side with a link to their offer', async () => {
    const { offer, buyer, seller } = await createTestOffer(t, { status: 'active' })
    expect(offerOf(await call(seller, 'POST', `/api/offers/${offer.id}/decline`)).status).toBe('declined')
    const [notice] = await notificationsOf(t, buyer.id, offer.id)
    expect(notice).toMatchObject({ type: 'offer.declined', data: { side: 'buyer' } })
    const [email] = await emailsTo(t, buyer.email)
    expect(email?.textBody).toContain(`/submitted-offers/update/${offer.id}`)
  })

  it('acknowledging the acceptance stamps the Binding Agreement Date, once, and the deadlines appear', async () => {
    const { offer, buyer, seller } = await createTestOffer(t, { status: 'accepted', terms: { inspectionPeriodDays: 10, earnestMoney: { amount: 5000, dueDays: 3 } } })
    const before = offerOf(await call(buyer, 'GET', `/api/offers/${offer.id}`))
    expect(before.deadlines).toBeNull()
    expect(before.actions).toEqual(['acknowledge', 'terminate'])
    const acknowledged = offerOf(await call(buyer, 'POST', `/api/offers/${offer.id}/acknowledge`))
    expect(acknowledged.status).toBe('accepted')
    expect(acknowledged.bindingAgreementAt).not.toBeNull()
    expect(acknowledged.actions).toEqual(['terminate'])
    const date = acknowledged.deadlines?.bindingAgreementDate ?? ''
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const plus = (days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
    expect(acknowledged.deadlines).toMatchObject({ earnestMoneyDue: plus(3), inspectionPeriodEnds: plus(10), closing: acknowledged.terms.closingDate })
    expect((await eventsOf(t, offer.id)).at(-1)).toMatchObject({ type: 'acknowledged', fromStatus: 'accepted', toStatus: 'accepted' })
    expect((await notificationsOf(t, seller!.id, offer.id)).map((notice) => notice.type)).toEqual(['offer.acknowledged'])
    expectRefusal(await call(buyer, 'POST', `/api/offers/${offer.id}/acknowledge`), 409, OFFER_MESSAGES.alreadyAcknowledged)
    expectRefusal(await call(seller, 'POST', `/api/offers/${offer.id}/acknowledge`), 403, OFFER_MESSAGES.notYourOffer)
  })

  it('close is the seller’s, terminate is either side’s, and only of an accepted offer', async () => {
    const closing = await createTestOffer(t, { status: 'accepted', buyer: await createUser(t, { roles: ['BUYER_AGENT'] }) })
    expectRefusal(await call(closing.buyer, 'POST', `/api/offers/${closing.offer.id}/close`), 403, OFFER_MESSAGES.notSellerOfOffer)
    expect(offerOf(await call(closing.seller, 'POST', `/api/offers/${closing.offer.id}/close`)).status).toBe('closed')
    const terminating = await createTestOffer(t, { status: 'accepted' })
    expect(offerOf(await call(terminating.buyer, 'POST', `/api/offers/${terminating.offer.id}/terminate`)).status).toBe('terminated')
    expect((await notificationsOf(t, terminating.seller!.id, terminating.offer.id)).map((notice) => notice.type)).toEqual(['offer.terminated'])
    const active = await createTestOffer(t, { status: 'active' })
    expectRefusal(await call(active.seller, 'POST', `/api/offers/${active.offer.id}/terminate`), 409, OFFER_MESSAGES.notAllowed('terminated', 'active'))
  })

  it('a change whose notification cannot be sent does not happen, and leaves no audit event', async () => {
    const { offer, buyer, listing } = await createTestOffer(t, { status: 'active' })
    // A notify address the outbox refuses (written past the settings form, which would refuse it too).
    await t.db
      .update(listingTable)
      .set({ notify: { owner: true, listAgent: true, emails: ['not an email'] } })
      .where(eq(listingTable.id, listing.id))
    const response = await call(buyer, 'POST', `/api/offers/${offer.id}/withdraw`)
    expect(response.statusCode).toBe(400)
    expect(await statusOf(t, offer.id)).toBe('active')
    expect((await eventsOf(t, offer.id)).map((event) => event.type)).toEqual(['created', 'shared'])
  })
})

describe('POST /api/offers/:id/accept', () => {
  async function threeOffers() {
    const { seller, listing } = await sellerWithListing()
    const offers = []
    for (let index = 0; index < 3; index++) offers.push(await createTestOffer(t, { status: 'active', listing }))
    const withdrawn = await createTestOffer(t, { status: 'withdrawn', listing })
    return { seller, listing, offers, withdrawn }
  }

  it('declines the others at the same instant, tells each buyer in the same words, and puts the listing under contract', async () => {
    const { seller, listing, offers, withdrawn } = await threeOffers()
    const [chosen, second, third] = offers as [(typeof offers)[number], (typeof offers)[number], (typeof offers)[number]]
    const accepted = offerOf(await call(seller, 'POST', `/api/offers/${chosen.offer.id}/accept`, { others: 'decline' }))
    expect(accepted).toMatchObject({ status: 'accepted', viewer: 'seller', actions: ['close', 'terminate'] })

    const rows = await t.db.select().from(offerTable).where(eq(offerTable.listingId, listing.id))
    const byId = new Map(rows.map((row) => [row.id, row]))
    expect(byId.get(second.offer.id)?.status).toBe('declined')
    expect(byId.get(third.offer.id)?.status).toBe('declined')
    expect(byId.get(withdrawn.offer.id)?.status).toBe('withdrawn')
    const decided = new Set([chosen, second, third].map((entry) => byId.get(entry.offer.id)?.decidedAt?.toISOString()))
    expect(decided.size).toBe(1)
    expect(accepted.decidedAt).toBe([...decided][0])

    const [secondEmails, thirdEmails, chosenEmails, withdrawnEmails] = await Promise.all([second, third, chosen, withdrawn].map((entry) => emailsTo(t, entry.buyer.email)))
    expect(secondEmails).toHaveLength(1)
    expect(thirdEmails).toHaveLength(1)
    expect(secondEmails?.[0]?.subject).toBe(thirdEmails?.[0]?.subject)
    expect(secondEmails?.[0]?.textBody).toBe(thirdEmails?.[0]?.textBody)
    expect(secondEmails?.[0]?.subject).toContain('declined')
    expect(chosenEmails?.[0]?.subject).toContain('accepted')
    expect(withdrawnEmails).toEqual([])
    expect((await eventsOf(t, second.offer.id)).at(-1)).toMatchObject({ type: 'declined', actorId: seller.id, fromStatus: 'active', toStatus: 'declined' })

    const [after] = await t.db.select().from(listingTable).where(eq(listingTable.id, listing.id))
    expect(after?.standardStatus).toBe('ActiveUnderContract')
  })

  it('keeps the others as back-ups when asked, and refuses a second acceptance', async () => {
    const { seller, offers } = await threeOffers()
    const [chosen, second, third] = offers as [(typeof offers)[number], (typeof offers)[number], (typeof offers)[number]]
    offerOf(await call(seller, 'POST', `/api/offers/${chosen.offer.id}/accept`, { others: 'backup' }))
    expect(await statusOf(t, second.offer.id)).toBe('backup')
    expect(await statusOf(t, third.offer.id)).toBe('backup')
    const [secondEmail] = await emailsTo(t, second.buyer.email)
    const [thirdEmail] = await emailsTo(t, third.buyer.email)
    expect(secondEmail?.textBody).toBe(thirdEmail?.textBody)
    expect(secondEmail?.subject).toContain('back-up')
    expect((await notificationsOf(t, second.buyer.id)).map((notice) => notice.type)).toEqual(['offer.backup'])

    expectRefusal(await call(seller, 'POST', `/api/offers/${second.offer.id}/accept`, { others: 'decline' }), 409, OFFER_MESSAGES.alreadyAccepted)
    expect(await statusOf(t, second.offer.id)).toBe('backup')
    // The buyer side of a back-up may still withdraw it.
    expect(offerOf(await call(second.buyer, 'POST', `/api/offers/${second.offer.id}/withdraw`)).status).toBe('withdrawn')
  })

  it('refuses to accept an offer that is no longer open', async () => {
    const { offer, seller } = await createTestOffer(t, { status: 'declined' })
    expectRefusal(await call(seller, 'POST', `/api/offers/${offer.id}/accept`, {}), 409, OFFER_MESSAGES.notAllowed('accepted', 'declined'))
  })
})

describe('GET /api/offers/mine and GET /api/listings/:id/offers', () => {
  it("lists the buyer's own offers by tab with counts, last changed first", async () => {
    const buyer = await createUser(t, { roles: ['BUYER_SIMPLE'] })
    const draft = await createTestOffer(t, { buyer })
    const active = await createTestOffer(t, { buyer, status: 'active' })
    await createTestOffer(t, { buyer, status: 'declined' })
    await createTestOffer(t, { status: 'active' })
    const all = (await call(buyer, 'GET', '/api/offers/mine')).json<MyOffersPage>()
    expect(all.counts).toEqual({ all: 3, new: 1, active: 1, accepted: 0, closed: 0, inactive: 1 })
    expect(all.total).toBe(3)
    const activeTab = (await call(buyer, 'GET', '/api/offers/mine?tab=active')).json<MyOffersPage>()
    expect(activeTab.items.map((item) => item.id)).toEqual([active.offer.id])
    expect(activeTab.items[0]).toMatchObject({ status: 'active', purchasePrice: 300_000, buyerNames: ['Ben Buyer'], actions: ['withdraw'], property: { id: active.listing.id } })
    // An edit moves a draft to the top.
    await call(buyer, 'PATCH', `/api/offers/${draft.offer.id}`, { terms: shareableTerms({ purchasePrice: 301_000 }) })
    expect((await call(buyer, 'GET', '/api/offers/mine')).json<MyOffersPage>().items[0]?.id).toBe(draft.offer.id)
    expectRefusal(await call(buyer, 'GET', '/api/offers/mine?tab=nope'), 400)
  })

  it('shows the seller side the shared offers on their listing only', async () => {
    const { seller, listing } = await sellerWithListing()
    const shared = await createTestOffer(t, { listing, status: 'active' })
    await createTestOffer(t, { listing })
    const items = (await call(seller, 'GET', `/api/listings/${listing.id}/offers`)).json<{ items: OfferSummary[] }>().items
    expect(items.map((item) => item.id)).toEqual([shared.offer.id])
    expect(items[0]?.actions).toEqual(['accept', 'decline'])
    const agent = await createUser(t, { roles: ['BUYER_AGENT'] })
    expectRefusal(await call(agent, 'GET', `/api/listings/${listing.id}/offers`), 403)
    expectRefusal(await call(agent, 'GET', `/api/listings/${MISSING_ID}/offers`), 404)
    // A simple buyer has no /my-properties page (spec section 2): refused whatever the listing.
    const buyer = await createUser(t, { roles: ['BUYER_SIMPLE'] })
    expectRefusal(await call(buyer, 'GET', `/api/listings/${MISSING_ID}/offers`), 403)
  })
})
