import { randomUUID } from 'node:crypto'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { DEFAULT_LISTING_WEIGHTING } from '@offerbook/domain/listing'
import type { ListingWeighting } from '@offerbook/domain/listing'
import type { OptimizeResult } from '@offerbook/domain/offer-scoring'
import { scoreOffers } from '@offerbook/domain/offer-scoring'
import { bearer, createTestListing, createTestOffer, createUser, shareableTerms, signIn } from '../../../test/factories'
import { storedFile } from '../../db/schema/files'
import { listing as listingTable, listingMedia, teamMember } from '../../db/schema/listings'
import { offer as offerTable, offerAttachment } from '../../db/schema/offers'
import type { User } from '@offerbook/domain/user'
import { getUser } from '../users/users.service'
import { optimizeListing } from './offers-lists.service'
import { expectRefusal, offersTestApp } from './offers.test-helpers'

const suite = offersTestApp()
const { call } = suite

const WEIGHTING: ListingWeighting = {
  ...DEFAULT_LISTING_WEIGHTING,
  weights: { netToSeller: 10, earnestMoney: 2, financingCertainty: 8, downPayment: 3, contingencies: 6, inspectionPeriod: 4, closingDateFit: 5, concessions: 5, preApproval: 7, escalation: 0 },
  sellerCommissionPercent: 2.5,
  sellerClosingCosts: 4_000,
  wantedClosingDate: '2031-06-01',
}

async function preApprove(offerId: string, ownerId: string): Promise<void> {
  const fileId = randomUUID()
  await suite.t.db.insert(storedFile).values({ id: fileId, ownerId, key: `offers/${offerId}/${fileId}.pdf`, purpose: 'offer-attachment', filename: 'letter.pdf', contentType: 'application/pdf', size: 10 })
  await suite.t.db.insert(offerAttachment).values({ offerId, fileId, kind: 'pre-approval' })
}

describe('GET /api/listings/:id/optimize', () => {
  it("ranks the open offers exactly as scoreOffers does with the listing's weighting", async () => {
    const seller = await createUser(suite.t, { roles: ['SELLER_AGENT'] })
    const listing = await createTestListing(suite.t, { ownerId: seller.id, listAgentUserId: seller.id, weighting: WEIGHTING })
    const cash = await createTestOffer(suite.t, { listing, status: 'active', terms: { purchasePrice: 290_000, financing: { type: 'cash' }, inspectionPeriodDays: 0, closingDate: '2031-06-05' } })
    const fha = await createTestOffer(suite.t, { listing, status: 'active', terms: { purchasePrice: 320_000, financing: { type: 'fha', loanAmount: 310_000 }, sellerConcessions: { unit: 'dollars', amount: 8_000 } } })
    const conventional = await createTestOffer(suite.t, { listing, status: 'backup', terms: { purchasePrice: 305_000, closingDate: '2031-06-01' } })
    await preApprove(conventional.offer.id, conventional.buyer.id)
    await createTestOffer(suite.t, { listing, status: 'declined', terms: { purchasePrice: 900_000 } })
    await createTestOffer(suite.t, { listing, terms: { purchasePrice: 950_000 } })

    const response = await call(seller, 'GET', `/api/listings/${listing.id}/optimize`)
    expect(response.statusCode, response.body).toBe(200)
    const result = response.json<OptimizeResult>()
    expect(result.weighting).toEqual(WEIGHTING)
    expect(result.property.id).toBe(listing.id)

    const expected = scoreOffers(
      [cash, fha, conventional].map((entry) => ({ id: entry.offer.id, terms: entry.offer.terms, hasPreApproval: entry === conventional, sharedAt: entry.offer.sharedAt?.toISOString() ?? null })),
      { ...WEIGHTING, listPrice: listing.listPrice },
    )
    expect(result.offers.map((entry) => [entry.id, entry.rank, entry.score])).toEqual(expected.map((entry) => [entry.id, entry.rank, entry.score]))
    expect(result.offers.find((entry) => entry.id === conventional.offer.id)).toMatchObject({ status: 'backup', hasPreApproval: true, closingDate: '2031-06-01' })
    expect(result.offers.find((entry) => entry.id === cash.offer.id)).toMatchObject({ financingType: 'cash', purchasePrice: 290_000, buyerNames: ['Ben Buyer'] })
  })

  it('nets an offer with stipulation A and RF707 clause B, line by line, and escalates a clause over the best shared offer', async () => {
    const seller = await createUser(suite.t, { roles: ['SELLER_AGENT'] })
    const listing = await createTestListing(suite.t, { ownerId: seller.id, listAgentUserId: seller.id, weighting: WEIGHTING, listPrice: 420_000 })
    const clauses = await createTestOffer(suite.t, {
      listing,
      status: 'active',
      terms: { purchasePrice: 400_000, stipulationChoices: { ACheckbox: true, Atext1: '3', Atext2: '10,000' }, addendum: { BCheckbox: true, Btext1: '3,500' } },
    })
    const escalating = await createTestOffer(suite.t, { listing, status: 'active', terms: { purchasePrice: 395_000, escalation: { increment: 2_000, cap: 415_000, proofRequired: true } } })

    const result = (await call(seller, 'GET', `/api/listings/${listing.id}/optimize`)).json<OptimizeResult>()
    const withClauses = result.offers.find((entry) => entry.id === clauses.offer.id)
    // 400,000 less 3,500 (clause B) is 396,500; 3 % of it is 11,895, capped at 10,000; commission 2.5 % of
    // 396,500 = 9,913 (9,912.5 rounded); closing costs 4,000. 400,000 - 3,500 - 10,000 - 9,913 - 4,000 = 372,587.
    expect(withClauses?.netToSeller).toBe(372_587)
    expect(withClauses?.costs).toEqual({ concessions: 13_500, commission: 9_913, closingCosts: 4_000, homeWarranty: 0 })
    expect(withClauses?.lines.map((line) => [line.key, line.amount, line.params])).toEqual([
      ['basePrice', 400_000, {}],
      ['priceReduction', -3_500, { clause: 'B', source: 'addendum', dollars: 3_500 }],
      ['closingCostShare', -10_000, { clause: 'A', source: 'stipulations', percent: 3, cap: 10_000 }],
      ['commission', -9_913, { percent: 2.5 }],
      ['closingCosts', -4_000, {}],
    ])
    // 395,000 escalates over the 400,000 offer by 2,000: 402,000, under its cap.
    expect(result.offers.find((entry) => entry.id === escalating.offer.id)).toMatchObject({
      purchasePrice: 395_000,
      price: 402_000,
      escalated: { price: 402_000, by: 7_000, over: clauses.offer.id, capped: false },
    })
  })

  it('leaves out an offer from the instant it expires, though no row changed and its ranking was kept', async () => {
    const seller = await createUser(suite.t, { roles: ['SELLER_AGENT'] })
    const listing = await createTestListing(suite.t, { ownerId: seller.id, listAgentUserId: seller.id, weighting: WEIGHTING })
    const lasting = await createTestOffer(suite.t, { listing, status: 'active', terms: { purchasePrice: 300_000 } })
    const expiring = await createTestOffer(suite.t, { listing, status: 'active', terms: { purchasePrice: 310_000 } })
    const gone = await createTestOffer(suite.t, { listing, status: 'active', terms: { purchasePrice: 320_000 } })
    // As the expiry job has not run yet: the rows still say active.
    await suite.t.db.update(offerTable).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(offerTable.id, gone.offer.id))
    const expiresAt = new Date(Date.now() + 5_000)
    await suite.t.db.update(offerTable).set({ expiresAt }).where(eq(offerTable.id, expiring.offer.id))
    const ranked = async () => (await call(seller, 'GET', `/api/listings/${listing.id}/optimize`)).json<OptimizeResult>().offers.map((entry) => entry.id).sort()

    expect(await ranked()).toEqual([lasting.offer.id, expiring.offer.id].sort())
    expect(await ranked()).toEqual([lasting.offer.id, expiring.offer.id].sort())
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt.getTime() - Date.now()) + 100))
    expect(await ranked()).toEqual([lasting.offer.id])
  })

  it('refuses someone who does not manage the listing, as the listings module does', async () => {
    const { listing } = await createTestOffer(suite.t, { status: 'active' })
    // A buyer agent may open /my-properties, so the listing's own rule answers.
    const agent = await createUser(suite.t, { roles: ['BUYER_AGENT'] })
    expectRefusal(await call(agent, 'GET', `/api/listings/${listing.id}/optimize`), 403, { key: 'listing.notYours', message: 'Only the owner, the listing agent or their team can manage this listing' })
    expectRefusal(await call(agent, 'GET', '/api/listings/3f1c2a4e-9b7d-4c2e-8a1f-0d9e8c7b6a55/optimize'), 404)
    expectRefusal(await call(null, 'GET', `/api/listings/${listing.id}/optimize`), 401)
    // A simple buyer has no /my-properties page (spec section 2): refused before the listing is looked at.
    const buyer = await createUser(suite.t, { roles: ['BUYER_SIMPLE'] })
    expectRefusal(await call(buyer, 'GET', '/api/listings/3f1c2a4e-9b7d-4c2e-8a1f-0d9e8c7b6a55/optimize'), 403)
  })

  it('answers 200 offers with one statement, and one again while the ranking is kept', async () => {
    const seller = await createUser(suite.t, { roles: ['SELLER_AGENT'] })
    const buyer = await createUser(suite.t, { roles: ['BUYER_SIMPLE'] })
    const actor = await getUser(suite.t.db, seller.id)
    if (!actor) throw new Error('no seller')
    const now = new Date()
    async function listingWith(count: number) {
      const listing = await createTestListing(suite.t, { ownerId: seller.id, weighting: WEIGHTING })
      await suite.t.db.insert(offerTable).values(
        Array.from({ length: count }, (_, index) => {
          const terms = shareableTerms({ purchasePrice: 250_000 + index * 500, financing: { type: index % 3 === 0 ? 'cash' : 'conventional', loanAmount: 200_000 } })
          return { listingId: listing.id, buyerId: buyer.id, status: index % 10 === 0 ? 'backup' : 'active', terms, purchasePrice: terms.purchasePrice, expiresAt: new Date(terms.expiresAt ?? now), sharedAt: now }
        }),
      )
      return listing
    }
    async function queriesFor(listingId: string): Promise<{ queries: number; offers: number }> {
      let queries = 0
      // Counts every query the use case starts on the database it is given.
      const counting = new Proxy(suite.t.db, {
        get(target, property, receiver) {
          const value = Reflect.get(target, property, receiver) as unknown
          if (typeof value !== 'function') return value
          return (...args: unknown[]) => {
            if (['select', 'selectDistinct', 'selectDistinctOn', 'execute'].includes(String(property))) queries++
            return (value as (...inner: unknown[]) => unknown).apply(target, args)
          }
        },
      })
      const result = await optimizeListing(counting, { actor: actor as User, listingId })
      return { queries, offers: result.offers.length }
    }
    const small = await queriesFor((await listingWith(2)).id)
    const largeListing = await listingWith(200)
    const large = await queriesFor(largeListing.id)
    expect(small).toEqual({ queries: 1, offers: 2 })
    expect(large).toEqual({ queries: 1, offers: 200 })
    // Kept: the manager check and the offers' stamp, one statement, and the ranking from memory.
    expect(await queriesFor(largeListing.id)).toEqual({ queries: 1, offers: 200 })
  })

  it('ranks again when an offer changes, when the weighting changes, and sends what the grid shows', async () => {
    const seller = await createUser(suite.t, { roles: ['SELLER_AGENT'] })
    const listing = await createTestListing(suite.t, { ownerId: seller.id, listAgentUserId: seller.id, weighting: WEIGHTING })
    const low = await createTestOffer(suite.t, { listing, status: 'active', terms: { purchasePrice: 280_000 } })
    const high = await createTestOffer(suite.t, { listing, status: 'active', terms: { purchasePrice: 300_000 } })
    const ranking = async () => (await call(seller, 'GET', `/api/listings/${listing.id}/optimize`)).json<OptimizeResult>()

    const first = await ranking()
    expect(first.offers.map((entry) => entry.id)).toEqual([high.offer.id, low.offer.id])
    // The weight of a criterion is the listing's, sent once; each offer carries measures and points only.
    expect(Object.keys(first.offers[0]?.criteria[0] ?? {}).sort()).toEqual(['criterion', 'measure', 'points'])

    // The low offer is raised past the other by its buyer's sent revision: the next answer ranks it first.
    const raised = shareableTerms({ purchasePrice: 320_000 })
    const saved = await call(low.buyer, 'POST', `/api/offers/${low.offer.id}/revisions`, { version: 1, terms: raised })
    expect(saved.statusCode, saved.body).toBe(200)
    expect((await ranking()).offers.map((entry) => [entry.id, entry.purchasePrice])).toEqual([
      [low.offer.id, 320_000],
      [high.offer.id, 300_000],
    ])

    // A change written straight to the database (as another process would) is seen too: the offers' stamp moved.
    await suite.t.db.update(offerTable).set({ status: 'withdrawn', updatedAt: new Date() }).where(eq(offerTable.id, high.offer.id))
    expect((await ranking()).offers.map((entry) => entry.id)).toEqual([low.offer.id])

    const weights = { ...WEIGHTING.weights, netToSeller: 0 }
    const changed = await call(seller, 'PUT', `/api/listings/${listing.id}/weighting`, { ...WEIGHTING, weights })
    expect(changed.statusCode, changed.body).toBe(200)
    expect((await ranking()).weighting.weights.netToSeller).toBe(0)
    expect((await ranking()).offers[0]?.criteria.find((entry) => entry.criterion === 'netToSeller')?.points).toBe(0)
  })

  it('sees changes written straight to the database, as another process writes them: the listing, its photos, its offers and the team that manages it', async () => {
    const leader = await createUser(suite.t, { roles: ['SELLER_AGENT'] })
    const member = await createUser(suite.t, { roles: ['SELLER_AGENT'] })
    const listing = await createTestListing(suite.t, { ownerId: leader.id, listAgentUserId: leader.id, weighting: WEIGHTING })
    const first = await createTestOffer(suite.t, { listing, status: 'active', terms: { purchasePrice: 300_000 } })
    await suite.t.db.insert(teamMember).values({ leaderId: leader.id, memberId: member.id, access: 'all' })
    const optimize = async () => call(member, 'GET', `/api/listings/${listing.id}/optimize`)
    // Each read twice: the second may come from what the server kept (the embedded database keeps it).
    const twice = async () => {
      const one = await optimize()
      const two = await optimize()
      expect(two.statusCode).toBe(one.statusCode)
      return one.statusCode === 200 ? one.json<OptimizeResult>() : null
    }
    expect((await twice())?.offers.map((entry) => entry.id)).toEqual([first.offer.id])

    // As another process or a script would write them: no service of this one is told.
    await suite.t.db.update(listingTable).set({ listPrice: 333_000 }).where(eq(listingTable.id, listing.id))
    expect((await twice())?.property.listPrice).toBe(333_000)

    const fileId = randomUUID()
    await suite.t.db.insert(storedFile).values({ id: fileId, ownerId: leader.id, key: `listings/${listing.id}/${fileId}.jpg`, purpose: 'listing-photo', filename: 'front.jpg', contentType: 'image/jpeg', size: 10 })
    await suite.t.db.insert(listingMedia).values({ listingId: listing.id, fileId, mediaKey: fileId, order: 0 })
    expect((await twice())?.property.primaryPhotoURL).toBe(`/api/files/${fileId}`)

    const second = await createTestOffer(suite.t, { listing, status: 'active', terms: { purchasePrice: 350_000 } })
    expect((await twice())?.offers.map((entry) => entry.id)).toEqual([second.offer.id, first.offer.id])
    // A letter attached as the offer's files service does it: the offer's time moves with it.
    await preApprove(first.offer.id, first.buyer.id)
    await suite.t.db.update(offerTable).set({ updatedAt: new Date() }).where(eq(offerTable.id, first.offer.id))
    expect((await twice())?.offers.find((entry) => entry.id === first.offer.id)?.hasPreApproval).toBe(true)

    // The member leaves the team: refused at once, as a stranger is.
    await suite.t.db.delete(teamMember).where(eq(teamMember.memberId, member.id))
    expectRefusal(await optimize(), 403, 'Only the owner, the listing agent or their team can manage this listing')
    expectRefusal(await optimize(), 403, 'Only the owner, the listing agent or their team can manage this listing')
  })

  it('sends the answer compressed as the client accepts (Brotli, else gzip), the same JSON as the plain one', async () => {
    const seller = await createUser(suite.t, { roles: ['SELLER_AGENT'] })
    const listing = await createTestListing(suite.t, { ownerId: seller.id, listAgentUserId: seller.id })
    for (let index = 0; index < 30; index++) await createTestOffer(suite.t, { listing, status: 'active', terms: { purchasePrice: 300_000 + index * 1_000 } })
    const headers = bearer((await signIn(suite.t.app, seller.email, seller.password)).accessToken)
    const read = (acceptEncoding?: string) =>
      suite.t.app.inject({ method: 'GET', url: `/api/listings/${listing.id}/optimize`, headers: { ...headers, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) } })

    const plain = await read()
    expect(plain.statusCode, plain.body).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.json<OptimizeResult>().offers).toHaveLength(30)
    const decoded = { br: brotliDecompressSync, gzip: gunzipSync }
    for (const [accepted, coding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.8', 'gzip'],
      ['*', 'br'],
    ] as const) {
      // Twice: the second comes from the kept bytes.
      for (let time = 0; time < 2; time++) {
        const response = await read(accepted)
        expect(response.statusCode).toBe(200)
        expect(response.headers['content-encoding'], accepted).toBe(coding)
        expect(response.headers.vary).toContain('accept-encoding')
        expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3)
        expect(decoded[coding](response.rawPayload).toString('utf8')).toBe(plain.body)
      }
    }
    for (const refused of ['identity', 'br;q=0, gzip;q=0', '*;q=0']) expect((await read(refused)).headers['content-encoding'], refused).toBeUndefined()

    // A changed offer makes a new answer, compressed anew.
    const [first] = plain.json<OptimizeResult>().offers
    await suite.t.db.update(offerTable).set({ status: 'declined', updatedAt: new Date() }).where(eq(offerTable.id, first?.id ?? ''))
    const after = await read('br')
    expect(JSON.parse(brotliDecompressSync(after.rawPayload).toString('utf8')).offers).toHaveLength(29)
  })
})

describe('GET /api/listings/:id/optimize/screen', () => {
  it('answers the ranking and the shared offers in one, as /optimize and /offers do, and refuses whom they refuse', async () => {
    const seller = await createUser(suite.t, { roles: ['SELLER_AGENT'] })
    const stranger = await createUser(suite.t, { roles: ['SELLER_AGENT'] })
    const listing = await createTestListing(suite.t, { ownerId: seller.id, listAgentUserId: seller.id, weighting: WEIGHTING })
    await createTestOffer(suite.t, { listing, status: 'active', terms: { purchasePrice: 300_000 } })
    await createTestOffer(suite.t, { listing, status: 'declined', terms: { purchasePrice: 280_000 } })

    const screen = await call(seller, 'GET', `/api/listings/${listing.id}/optimize/screen`)
    expect(screen.statusCode, screen.body).toBe(200)
    const body = screen.json<{ optimize: OptimizeResult; offers: { items: { id: string }[] } }>()
    expect(body.optimize).toEqual((await call(seller, 'GET', `/api/listings/${listing.id}/optimize`)).json())
    expect(body.offers).toEqual((await call(seller, 'GET', `/api/listings/${listing.id}/offers`)).json())
    expect(body.offers.items).toHaveLength(2)

    for (const [who, url] of [
      [stranger, `/api/listings/${listing.id}`],
      [stranger, `/api/listings/${randomUUID()}`],
      [seller, '/api/listings/not-an-id'],
    ] as const) {
      const alone = await call(who, 'GET', `${url}/optimize`)
      const together = await call(who, 'GET', `${url}/optimize/screen`)
      expect(together.statusCode, url).toBe(alone.statusCode)
      expect([403, 404]).toContain(together.statusCode)
    }
  })
})
