import { eq } from 'drizzle-orm'
import { formatZonedDateTime } from '@offerbook/domain/property-time'
import { describe, expect, it } from 'vitest'
import { createTestListing, createTestOffer, createUser, shareableTerms } from '../../../test/factories'
import { offer as offerTable, offerShareLink } from '../../db/schema/offers'
import { emailsTo, eventsOf, expectRefusal, MISSING_ID, notificationsOf, offerOf, offersTestApp, sellerWithListing, statusOf } from './offers.test-helpers'

/** The buyer side's draft: made, saved as it is typed, shared or deleted. */

const suite = offersTestApp()
const { call } = suite

describe('POST /api/offers: a draft', () => {
  it("says an anonymous visitor must be logged in to make an offer, in the spec's words", async () => {
    const { listing } = await sellerWithListing(suite.t)
    expectRefusal(await call(null, 'POST', '/api/offers', { listingId: listing.id }), 401, { key: 'offer.loginRequired', message: 'You must be logged in to make an offer' })
  })

  it('refuses a role that makes no offers (403)', async () => {
    const { listing } = await sellerWithListing(suite.t)
    const admin = await createUser(suite.t, { roles: ['ADMIN'] })
    expectRefusal(await call(admin, 'POST', '/api/offers', { listingId: listing.id }), 403)
  })

  it("prefills a buyer's draft from the listing and the buyer's profile", async () => {
    const { listing } = await sellerWithListing(suite.t, { listPrice: 412_000, listOfficeName: 'Music City Realty', firmLicenseNumber: 'F-1234', listAgentDirectPhone: '+16155550100' })
    const buyer = await createUser(suite.t, { roles: ['BUYER_SIMPLE'], name: 'Ben Buyer' })
    const draft = offerOf(await call(buyer, 'POST', '/api/offers', { listingId: listing.id }), 201)
    expect(draft).toMatchObject({ status: 'draft', viewer: 'buyer', actions: ['share'], sharedAt: null, shareUrl: null, property: { id: listing.id, listPrice: 412_000 } })
    expect(draft.terms.purchasePrice).toBe(412_000)
    expect(draft.terms.listingAgent).toMatchObject({ fullName: 'Lena Seller', email: listing.listAgentEmail, phone: '+16155550100', firmName: 'Music City Realty', firmLicenseNumber: 'F-1234' })
    expect(draft.terms.buyers).toEqual([{ fullName: 'Ben Buyer', email: buyer.email, phone: '' }])
    expect(draft.terms.buyerAgent.fullName).toBe('')
    expect(draft.events.map((event) => event.type)).toEqual(['created'])
    const [row] = await suite.t.db.select().from(offerTable).where(eq(offerTable.id, draft.id))
    expect(row?.purchasePrice).toBe(412_000)
  })

  it('names a buyer agent as the buyer agent, not as a buyer', async () => {
    const { listing } = await sellerWithListing(suite.t)
    const agent = await createUser(suite.t, { roles: ['BUYER_AGENT'], name: 'Alex Agent' })
    const draft = offerOf(await call(agent, 'POST', '/api/offers', { listingId: listing.id }), 201)
    expect(draft.terms.buyers).toEqual([])
    expect(draft.terms.buyerAgent).toMatchObject({ fullName: 'Alex Agent', email: agent.email })
  })

  it('refuses an offer on your own listing', async () => {
    const { seller, listing } = await sellerWithListing(suite.t)
    expectRefusal(await call(seller, 'POST', '/api/offers', { listingId: listing.id }), 403, { key: 'offer.ownListing', message: 'You cannot make an offer on your own listing' })
  })

  it('refuses a property that is not taking offers, and one that is not there', async () => {
    const buyer = await createUser(suite.t, { roles: ['BUYER_SIMPLE'] })
    const { listing: closed } = await sellerWithListing(suite.t, { standardStatus: 'Closed' })
    expectRefusal(await call(buyer, 'POST', '/api/offers', { listingId: closed.id }), 409, { key: 'offer.notTakingOffers', message: 'This property is not taking offers' })
    for (const standardStatus of ['ComingSoon', 'Pending'] as const) {
      const { listing: notYet } = await sellerWithListing(suite.t, { standardStatus })
      expectRefusal(await call(buyer, 'POST', '/api/offers', { listingId: notYet.id }), 409, { key: 'offer.notTakingOffers', message: 'This property is not taking offers' })
    }
    const { listing: draftListing } = await sellerWithListing(suite.t, { standardStatus: 'Incomplete' })
    expectRefusal(await call(buyer, 'POST', '/api/offers', { listingId: draftListing.id }), 404, { key: 'listing.notFound', message: 'Listing not found' })
    expectRefusal(await call(buyer, 'POST', '/api/offers', { listingId: MISSING_ID }), 404, { key: 'listing.notFound', message: 'Listing not found' })
    expectRefusal(await call(buyer, 'POST', '/api/offers', { listingId: 'not-an-id' }), 404)
    expectRefusal(await call(buyer, 'POST', '/api/offers', {}), 400)
  })

  it('takes offers on a property under contract (back-ups)', async () => {
    const buyer = await createUser(suite.t, { roles: ['BUYER_SIMPLE'] })
    const { listing } = await sellerWithListing(suite.t, { standardStatus: 'ActiveUnderContract' })
    offerOf(await call(buyer, 'POST', '/api/offers', { listingId: listing.id }), 201)
  })
})

describe('POST /api/offers/:id/share', () => {
  it("puts the listing agent's message first, and every problem on its field", async () => {
    const { offer, buyer } = await createTestOffer(suite.t, { terms: { listingAgent: { fullName: '', email: '' }, closingDate: null } })
    const body = expectRefusal(await call(buyer, 'POST', `/api/offers/${offer.id}/share`), 400, { key: 'offerTerms.listingAgentRequired', message: 'Listing agent email & name is mandatory to share the offer' })
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: 'listingAgent', key: 'offerTerms.listingAgentRequired', message: 'Listing agent email & name is mandatory to share the offer' },
        { path: 'closingDate', key: 'offerTerms.closingDateRequired', message: 'Enter the closing date' },
      ]),
    )
    expect(await statusOf(suite.t, offer.id)).toBe('draft')
    expect(await eventsOf(suite.t, offer.id)).toHaveLength(1)
  })

  it("refuses an offer without the contract's terms (earnest money, appraisal, inspection and resolution periods, possession date), each on its field", async () => {
    const { offer, buyer } = await createTestOffer(suite.t, {
      terms: { earnestMoney: {}, appraisalContingency: null, inspectionPeriodDays: 10, resolutionPeriodDays: null, possession: { time: 'after-closing', date: null } },
    })
    const body = expectRefusal(await call(buyer, 'POST', `/api/offers/${offer.id}/share`), 400, { key: 'offerTerms.earnestMoneyRequired', message: 'Enter the earnest money amount' })
    expect(body.errors).toEqual([
      { path: 'earnestMoney.amount', key: 'offerTerms.earnestMoneyRequired', message: 'Enter the earnest money amount' },
      { path: 'earnestMoney.holder', key: 'offerTerms.earnestHolderRequired', message: 'Choose who holds the earnest money' },
      { path: 'earnestMoney.dueDays', key: 'offerTerms.earnestDueDaysRequired', message: 'Enter within how many days the earnest money is due' },
      { path: 'appraisalContingency', key: 'offerTerms.appraisalRequired', message: 'Choose whether the offer is contingent on the appraisal' },
      { path: 'resolutionPeriodDays', key: 'offerTerms.resolutionPeriodRequired', message: 'Enter the resolution period in days' },
      { path: 'possession.date', key: 'offerTerms.possessionDateRequired', message: 'Enter the possession date' },
    ])
    expect(await statusOf(suite.t, offer.id)).toBe('draft')
    // A waived inspection needs no resolution period.
    const waived = await createTestOffer(suite.t, { terms: { inspectionPeriodDays: 0, resolutionPeriodDays: null } })
    expect(offerOf(await call(waived.buyer, 'POST', `/api/offers/${waived.offer.id}/share`))).toMatchObject({ status: 'active' })
  })

  it('names the expiry in the property time zone in the email to the listing agent: Eastern for Knox County', async () => {
    const owner = await createUser(suite.t, { roles: ['SELLER_AGENT'] })
    const knoxville = await createTestListing(suite.t, { ownerId: owner.id, city: 'Knoxville', countyOrParish: 'Knox', postalCode: '37902' })
    const { offer, buyer } = await createTestOffer(suite.t, { listing: knoxville, terms: { listingAgent: { fullName: 'East Agent', email: 'east.agent@example.com' } } })
    const expiresAt = new Date(offer.expiresAt ?? 0)
    offerOf(await call(buyer, 'POST', `/api/offers/${offer.id}/share`))
    const [email] = await emailsTo(suite.t, 'east.agent@example.com')
    const eastern = formatZonedDateTime(expiresAt, 'America/New_York')
    expect(eastern).toMatch(/ E[SD]T$/)
    expect(email?.textBody).toContain(eastern)
    expect(email?.textBody).not.toMatch(/C[SD]T/)
  })

  it('makes the offer active and emails the listing agent a link that opens it read-only', async () => {
    const { offer, buyer, seller, listing } = await createTestOffer(suite.t, { terms: { listingAgent: { fullName: 'Outside Agent', email: 'outside.agent@example.com' } } })
    const shared = offerOf(await call(buyer, 'POST', `/api/offers/${offer.id}/share`))
    expect(shared).toMatchObject({ status: 'active', actions: ['withdraw', 'revise'], shareProblems: [] })
    expect(shared.sharedAt).not.toBeNull()
    expect(shared.shareUrl).toBe(`http://localhost:3000/property/${listing.id}/offers/${offer.id}`)
    expect(shared.events.map((event) => [event.type, event.actorName])).toEqual([
      ['created', null],
      ['shared', 'Ben Buyer'],
    ])

    const [email] = await emailsTo(suite.t, 'outside.agent@example.com')
    expect(email?.subject).toContain(listing.unparsedAddress)
    const link = /(http:\/\/localhost:3000\/property\/[^\s]+)/.exec(email?.textBody ?? '')?.[1]
    expect(link).toBeDefined()
    const url = new URL(link ?? '')
    expect(url.pathname).toBe(`/property/${listing.id}/offers/${offer.id}`)
    const token = url.searchParams.get('token') ?? ''
    expect(token.length).toBeGreaterThanOrEqual(43)
    const [stored] = await suite.t.db.select().from(offerShareLink).where(eq(offerShareLink.offerId, offer.id))
    expect(stored?.tokenHash).not.toContain(token)

    const seen = offerOf(await call(null, 'GET', `/api/offers/${offer.id}?token=${encodeURIComponent(token)}`))
    expect(seen).toMatchObject({ id: offer.id, viewer: 'link', actions: [], shareUrl: null, status: 'active' })

    // The seller side's account hears of it too, with a link to their review page.
    const [notice] = await notificationsOf(suite.t, seller!.id, offer.id)
    expect(notice).toMatchObject({ type: 'offer.shared', listingId: listing.id, data: { side: 'seller', price: 300_000, address: listing.unparsedAddress } })
    const [sellerEmail] = await emailsTo(suite.t, seller!.email)
    expect(sellerEmail?.textBody).toContain(`/my-properties/${listing.id}/offers/${offer.id}`)
  })

  it("sends the listing agent's account one email only: the link", async () => {
    const { offer, buyer, seller } = await createTestOffer(suite.t)
    offerOf(await call(buyer, 'POST', `/api/offers/${offer.id}/share`))
    const emails = await emailsTo(suite.t, seller!.email)
    expect(emails.map((email) => email.kind)).toEqual(['offer-shared'])
    expect(await notificationsOf(suite.t, seller!.id, offer.id)).toHaveLength(1)
  })

  it('refuses a price under 70 % of the list price and earnest money over 10 % of it until the share confirms them', async () => {
    const { listing } = await sellerWithListing(suite.t, { listPrice: 469_900 })
    const { offer, buyer } = await createTestOffer(suite.t, { listing, terms: { purchasePrice: 44_500, earnestMoney: { ...shareableTerms().earnestMoney, amount: 5_000 }, financing: { type: 'cash' } } })
    const body = expectRefusal(await call(buyer, 'POST', `/api/offers/${offer.id}/share`), 400, { key: 'offer.moneyUnconfirmed', message: 'An amount looks unusual: confirm it before sharing the offer' })
    expect(body.errors?.map((error) => error.path)).toEqual(['purchasePrice', 'earnestMoney.amount'])
    // Confirming one is not enough; nothing was shared, told or logged.
    expect(expectRefusal(await call(buyer, 'POST', `/api/offers/${offer.id}/share`, { confirmed: ['purchasePrice'] }), 400).errors?.map((error) => error.path)).toEqual(['earnestMoney.amount'])
    expect(await statusOf(suite.t, offer.id)).toBe('draft')
    expect(await eventsOf(suite.t, offer.id)).toHaveLength(1)
    expectRefusal(await call(buyer, 'POST', `/api/offers/${offer.id}/share`, { confirmed: ['listPrice'] }), 400)
    expect(offerOf(await call(buyer, 'POST', `/api/offers/${offer.id}/share`, { confirmed: ['purchasePrice', 'earnestMoney'] }))).toMatchObject({ status: 'active' })
  })

  it('refuses earnest money over the price and an expiry after the closing date, on their fields', async () => {
    const { offer, buyer } = await createTestOffer(suite.t, { terms: { earnestMoney: { ...shareableTerms().earnestMoney, amount: 300_001 }, closingDate: '2031-06-01', expiresAt: '2031-06-03T17:00:00Z' } })
    const body = expectRefusal(await call(buyer, 'POST', `/api/offers/${offer.id}/share`, { confirmed: ['earnestMoney'] }), 400)
    expect(body.errors?.map((error) => [error.path, error.key])).toEqual([
      ['expiresAt', 'offerTerms.expiryAfterClosing'],
      ['earnestMoney.amount', 'offerTerms.earnestAbovePrice'],
    ])
  })

  it('keeps the link no longer than the offer is open, and refuses a second share', async () => {
    const expiresAt = new Date(Date.now() + 2 * 86_400_000)
    const { offer, buyer } = await createTestOffer(suite.t, { terms: { expiresAt: expiresAt.toISOString() } })
    offerOf(await call(buyer, 'POST', `/api/offers/${offer.id}/share`))
    const [stored] = await suite.t.db.select().from(offerShareLink).where(eq(offerShareLink.offerId, offer.id))
    expect(stored?.expiresAt.getTime()).toBe(expiresAt.getTime())
    expectRefusal(await call(buyer, 'POST', `/api/offers/${offer.id}/share`), 409, { key: 'offer.cannotShare', message: 'An offer that is active cannot be shared', params: { status: 'active' } })
  })
})

describe('a never-shared offer', () => {
  it('answers every other action with the share-first message', async () => {
    // A buyer agent reaches both offer pages' endpoints, so every action gets past the role guard.
    const { offer, buyer } = await createTestOffer(suite.t, { buyer: await createUser(suite.t, { roles: ['BUYER_AGENT'] }) })
    for (const action of ['withdraw', 'acknowledge', 'decline', 'accept', 'closing/record', 'closing/confirm', 'terminate']) {
      const body = action === 'accept' || action === 'decline' ? { version: 1 } : action === 'closing/record' ? { closingDate: '2026-01-05', finalPrice: 300_000 } : undefined
      expectRefusal(await call(buyer, 'POST', `/api/offers/${offer.id}/${action}`, body), 409, { key: 'offer.shareFirst', message: 'Please share the offer with the seller before performing any other actions' })
    }
    expect(await statusOf(suite.t, offer.id)).toBe('draft')
  })

  it('is deleted by its buyer; a shared one is withdrawn instead', async () => {
    const draft = await createTestOffer(suite.t)
    expect((await call(draft.buyer, 'DELETE', `/api/offers/${draft.offer.id}`)).statusCode).toBe(204)
    expect(await statusOf(suite.t, draft.offer.id)).toBeUndefined()
    const shared = await createTestOffer(suite.t, { status: 'active' })
    expectRefusal(await call(shared.buyer, 'DELETE', `/api/offers/${shared.offer.id}`), 409, { key: 'offer.onlyDraftDeleted', message: 'Only a draft can be deleted; withdraw a shared offer instead' })
    expectRefusal(await call(shared.seller, 'DELETE', `/api/offers/${shared.offer.id}`), 403, { key: 'offer.notYourOffer', message: 'Only the buyer side can change this offer' })
  })
})

describe('PATCH /api/offers/:id', () => {
  it('saves a draft as it is typed, keeping the price and expiration columns in step', async () => {
    const { offer, buyer } = await createTestOffer(suite.t)
    const expiresAt = new Date(Date.now() + 5 * 86_400_000).toISOString()
    const saved = offerOf(await call(buyer, 'PATCH', `/api/offers/${offer.id}`, { terms: shareableTerms({ purchasePrice: 333_000, expiresAt, closingDate: null }) }))
    expect(saved.terms.purchasePrice).toBe(333_000)
    expect(saved.shareProblems).toEqual([{ field: 'closingDate', key: 'offerTerms.closingDateRequired' }])
    const [row] = await suite.t.db.select().from(offerTable).where(eq(offerTable.id, offer.id))
    expect(row?.purchasePrice).toBe(333_000)
    expect(row?.expiresAt?.toISOString()).toBe(expiresAt)
    expect((await eventsOf(suite.t, offer.id)).map((event) => event.type)).toEqual(['created'])
  })

  it('refuses a bad value with its message on its field', async () => {
    const { offer, buyer } = await createTestOffer(suite.t)
    const body = expectRefusal(await call(buyer, 'PATCH', `/api/offers/${offer.id}`, { terms: { purchasePrice: 5 } }), 400, { key: 'offerTerms.priceRange', message: 'Price must be between $1,000 and $1,000,000,000' })
    expect(body.errors?.[0]?.path).toContain('purchasePrice')
  })

  it('keeps a change to an active offer to its buyer side until sent; the sent revision is told to the seller side and audited; its expiration stays ahead', async () => {
    const { offer, buyer, seller } = await createTestOffer(suite.t, { status: 'active' })
    offerOf(await call(buyer, 'PATCH', `/api/offers/${offer.id}`, { terms: shareableTerms({ purchasePrice: 310_000 }) }))
    expect((await eventsOf(suite.t, offer.id)).at(-1)).toMatchObject({ type: 'shared' })
    expect(await notificationsOf(suite.t, seller!.id, offer.id)).toEqual([])
    offerOf(await call(buyer, 'POST', `/api/offers/${offer.id}/revisions`, { version: 1 }))
    expect((await eventsOf(suite.t, offer.id)).at(-1)).toMatchObject({ type: 'updated', fromStatus: 'active', toStatus: 'active', actorId: buyer.id })
    expect((await notificationsOf(suite.t, seller!.id, offer.id)).map((notice) => notice.type)).toEqual(['offer.updated'])

    const past = new Date(Date.now() - 60_000).toISOString()
    expectRefusal(await call(buyer, 'POST', `/api/offers/${offer.id}/revisions`, { version: 2, terms: shareableTerms({ expiresAt: past }) }), 400, { key: 'offerTerms.expirationPast', message: 'The offer expiration must be in the future' })
  })

  it('refuses to change an offer that is no longer open', async () => {
    const { offer, buyer } = await createTestOffer(suite.t, { status: 'declined' })
    expectRefusal(await call(buyer, 'PATCH', `/api/offers/${offer.id}`, { terms: shareableTerms() }), 409, { key: 'offer.locked', message: 'An offer that is declined can no longer be changed', params: { status: 'declined' } })
  })
})
