import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { OfferView } from '@offerbook/domain/offer'
import type { HighestBestResult } from '@offerbook/domain/offer-negotiation'
import type { OptimizeResult } from '@offerbook/domain/offer-scoring'
import { createTestOffer, createUser } from '../../../test/factories'
import { storedFile } from '../../db/schema/files'
import { offer as offerTable, offerAttachment, offerVersion } from '../../db/schema/offers'
import { readPdf } from '../contracts/rf707-pdf.test-helpers'
import { renderOfferFormPdf } from '../offer-documents/offer-documents.service'
import type { LightMyRequestResponse } from 'fastify'
import type { ApiError } from '@offerbook/domain/api-error'
import type { MessageKey } from '@offerbook/domain/messages'
import { emailsTo, eventsOf, expectRefusal, notificationsOf, offerOf, offersTestApp, statusOf } from './offers.test-helpers'

const suite = offersTestApp()
const { call } = suite
const DAY = 86_400_000

const inDays = (days: number) => new Date(Date.now() + days * DAY)
const dateIn = (days: number) => inDays(days).toISOString().slice(0, 10)

/** The PDF's text as pdftotext reads it, its spaces folded. */
async function pdftotext(bytes: Buffer): Promise<string> {
  const child = execFile('pdftotext', ['-layout', '-', '-'])
  const chunks: Buffer[] = []
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(Buffer.from(chunk)))
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`pdftotext exited with ${code}`))))
  })
  child.stdin?.end(bytes)
  await done
  return Buffer.concat(chunks).toString('utf8').replace(/\s+/g, ' ')
}

/** A refusal with its status and catalogue key (and some of its parameters). */
function refused(response: LightMyRequestResponse, status: number, expected: { key: MessageKey; params?: Record<string, string> }): ApiError {
  const body = expectRefusal(response, status)
  expect(body).toMatchObject(expected)
  return body
}

async function rowOf(id: string) {
  const [row] = await suite.t.db.select().from(offerTable).where(eq(offerTable.id, id))
  if (!row) throw new Error('no offer')
  return row
}

describe('counter-offers', () => {
  it('goes two rounds, then the seller side accepts the last version: its terms are the offer, its PDF says so, every version is kept', async () => {
    const { offer, seller, buyer } = await createTestOffer(suite.t, { status: 'active', terms: { purchasePrice: 300_000 } })
    if (!seller) throw new Error('no seller')

    // Round 1: the seller side counters the price and the closing date.
    const v2 = offerOf(await call(seller, 'POST', `/api/offers/${offer.id}/counter`, { terms: { purchasePrice: 325_000, closingDate: dateIn(40), expiresAt: inDays(2).toISOString() }, message: 'We can meet at 325.', version: 1 }))
    expect(v2).toMatchObject({ status: 'countered', terms: { purchasePrice: 325_000 }, negotiation: { version: 2, turn: 'buyer' } })
    expect(v2.actions).toEqual(['decline'])
    expect(v2.negotiation.versions.map((version) => [version.number, version.side, version.changed])).toEqual([
      [1, 'buyer', []],
      [2, 'seller', ['purchasePrice', 'closingDate', 'expiresAt']],
    ])
    expect(v2.negotiation.versions[0]?.terms.purchasePrice).toBe(300_000)
    // The buyer side is told, with the seller side's words, by a notification and an email.
    expect((await notificationsOf(suite.t, buyer.id, offer.id)).map((item) => item.type)).toContain('offer.countered')
    const [countered] = (await emailsTo(suite.t, buyer.email)).filter((email) => (email.subject ?? '').startsWith('Counter-offer on'))
    expect(countered?.textBody).toContain('We can meet at 325.')

    // The buyer side sees its turn, and counters back on the price.
    const seen = offerOf(await call(buyer, 'GET', `/api/offers/${offer.id}`))
    expect(seen.actions).toEqual(['withdraw', 'counter', 'acceptCounter', 'declineCounter'])
    const v3 = offerOf(await call(buyer, 'POST', `/api/offers/${offer.id}/counter`, { terms: { purchasePrice: 312_500 }, message: 'Split the difference?', version: 2 }))
    expect(v3).toMatchObject({ status: 'countered', terms: { purchasePrice: 312_500, closingDate: dateIn(40) }, negotiation: { version: 3, turn: 'seller' } })
    expect(v3.negotiation.versions.at(-1)).toMatchObject({ number: 3, side: 'buyer', changed: ['purchasePrice'], message: 'Split the difference?' })
    expect((await notificationsOf(suite.t, seller.id, offer.id)).map((item) => item.type)).toContain('offer.countered')

    // The seller side accepts version 3.
    const accepted = offerOf(await call(seller, 'POST', `/api/offers/${offer.id}/accept`, { others: 'decline', version: 3 }))
    expect(accepted).toMatchObject({ status: 'accepted', terms: { purchasePrice: 312_500 }, negotiation: { version: 3, turn: null } })
    const row = await rowOf(offer.id)
    expect(row).toMatchObject({ purchasePrice: 312_500, version: 3, status: 'accepted' })

    // The PDF that goes to signing is version 3's.
    const text = await pdftotext((await renderOfferFormPdf(suite.t.db, row, new Date())).pdf)
    expect(text).toContain('$312,500')
    expect(text).not.toContain('$300,000')
    expect(text).not.toContain('$325,000')
    expect(text).toContain('Offer version 3')

    const types = (await eventsOf(suite.t, offer.id)).map((event) => event.type)
    expect(types.filter((type) => type === 'countered')).toHaveLength(2)
    expect(types.at(-1)).toBe('accepted')
  })

  it('accepts the seller side\'s counter for the buyer side, at the counter\'s terms, and tells the seller side', async () => {
    const { offer, seller, buyer } = await createTestOffer(suite.t, { status: 'active' })
    if (!seller) throw new Error('no seller')
    offerOf(await call(seller, 'POST', `/api/offers/${offer.id}/counter`, { terms: { inspectionPeriodDays: 5, earnestMoney: { amount: 9_000 } }, message: '', version: 1 }))
    // The seller side cannot accept its own counter: it waits on the buyer side.
    expectRefusal(await call(seller, 'POST', `/api/offers/${offer.id}/accept`, { others: 'decline', version: 1 }), 409, { key: 'negotiation.waitingForBuyer', message: 'The buyer side has not answered the last counter-offer yet' })
    const accepted = offerOf(await call(buyer, 'POST', `/api/offers/${offer.id}/counter/accept`, { version: 2 }))
    expect(accepted).toMatchObject({ status: 'accepted', terms: { inspectionPeriodDays: 5, earnestMoney: { amount: 9_000, holder: 'title-company' } } })
    expect((await notificationsOf(suite.t, seller.id, offer.id)).map((item) => item.type)).toContain('offer.counter-accepted')
    const text = await pdftotext((await renderOfferFormPdf(suite.t.db, await rowOf(offer.id), new Date())).pdf)
    expect(text).toContain('$9,000')
    expect(text).toContain('Offer version 2')
  })

  it('ends the negotiation when the buyer side declines the counter', async () => {
    const { offer, seller, buyer } = await createTestOffer(suite.t, { status: 'active' })
    if (!seller) throw new Error('no seller')
    offerOf(await call(seller, 'POST', `/api/offers/${offer.id}/counter`, { terms: { purchasePrice: 350_000 }, message: 'Firm.', version: 1 }))
    expect(offerOf(await call(buyer, 'POST', `/api/offers/${offer.id}/counter/decline`, { version: 2 }))).toMatchObject({ status: 'declined', actions: [] })
    expect((await notificationsOf(suite.t, seller.id, offer.id)).map((item) => item.type)).toContain('offer.counter-declined')
    refused(await call(seller, 'POST', `/api/offers/${offer.id}/counter`, { terms: { purchasePrice: 340_000 }, version: 2 }), 409, { key: 'negotiation.cannotCounter', params: { status: 'declined' } })
  })

  it('refuses a counter that changes nothing, on an offer that is not open, or past its expiration, with its message, and changes nothing', async () => {
    const { offer, seller } = await createTestOffer(suite.t, { status: 'active', terms: { purchasePrice: 300_000 } })
    if (!seller) throw new Error('no seller')
    const before = await rowOf(offer.id)
    expectRefusal(await call(seller, 'POST', `/api/offers/${offer.id}/counter`, { terms: { purchasePrice: 300_000 }, message: 'Same', version: 1 }), 400, {
      key: 'negotiation.counterUnchanged',
      message: 'The counter-offer changes nothing: change at least one term',
    })
    refused(await call(seller, 'POST', `/api/offers/${offer.id}/counter`, { terms: {}, version: 1 }), 400, { key: 'negotiation.counterUnchanged' })
    // A term the schema refuses, and a version that could not be shared (an expiration in the past).
    expectRefusal(await call(seller, 'POST', `/api/offers/${offer.id}/counter`, { terms: { purchasePrice: 5 }, version: 1 }), 400)
    refused(await call(seller, 'POST', `/api/offers/${offer.id}/counter`, { terms: { expiresAt: new Date(Date.now() - DAY).toISOString() }, version: 1 }), 400, { key: 'offerTerms.expirationPast' })
    expect(await rowOf(offer.id)).toEqual(before)

    const { offer: withdrawn, seller: other } = await createTestOffer(suite.t, { status: 'withdrawn' })
    if (!other) throw new Error('no seller')
    expectRefusal(await call(other, 'POST', `/api/offers/${withdrawn.id}/counter`, { terms: { purchasePrice: 310_000 }, version: 1 }), 409, {
      key: 'negotiation.cannotCounter',
      message: 'An offer that is withdrawn cannot be countered',
    })
    expect(await statusOf(suite.t, withdrawn.id)).toBe('withdrawn')

    // Past its expiration, before the expiry job came by.
    await suite.t.db.update(offerTable).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(offerTable.id, offer.id))
    const late = refused(await call(seller, 'POST', `/api/offers/${offer.id}/counter`, { terms: { purchasePrice: 310_000 }, version: 1 }), 409, { key: 'offer.expired' })
    expect(late.message).toMatch(/^This offer expired on .+ (CST|CDT)$/)
    expect(await rowOf(offer.id)).toMatchObject({ status: 'active', version: 1, purchasePrice: 300_000 })
    expect(await suite.t.db.select().from(offerVersion).where(eq(offerVersion.offerId, offer.id))).toEqual([])
  })

  it('lets only the seller side counter, only the buyer side answer, and each only on its turn', async () => {
    const { offer, seller, buyer } = await createTestOffer(suite.t, { status: 'active' })
    if (!seller) throw new Error('no seller')
    const stranger = await createUser(suite.t, { roles: ['SELLER_AGENT'] })
    // The buyer side cannot counter its own open offer (it edits it instead).
    refused(await call(buyer, 'POST', `/api/offers/${offer.id}/counter`, { terms: { purchasePrice: 290_000 }, version: 1 }), 403, { key: 'negotiation.onlySellerCounters' })
    refused(await call(stranger, 'POST', `/api/offers/${offer.id}/counter`, { terms: { purchasePrice: 290_000 }, version: 1 }), 404, { key: 'offer.notFound' })
    refused(await call(buyer, 'POST', `/api/offers/${offer.id}/counter/accept`, { version: 1 }), 409, { key: 'negotiation.cannotAcceptCounter' })

    offerOf(await call(seller, 'POST', `/api/offers/${offer.id}/counter`, { terms: { purchasePrice: 330_000 }, version: 1 }))
    // Now it waits on the buyer side: the seller side may not counter again nor accept or decline for the buyer.
    refused(await call(seller, 'POST', `/api/offers/${offer.id}/counter`, { terms: { purchasePrice: 335_000 }, version: 2 }), 409, { key: 'negotiation.waitingForBuyer' })
    refused(await call(seller, 'POST', `/api/offers/${offer.id}/counter/accept`, { version: 2 }), 403, { key: 'negotiation.onlyBuyerAnswers' })
    expectRefusal(await call(stranger, 'POST', `/api/offers/${offer.id}/counter/decline`, { version: 2 }), 404)
    offerOf(await call(buyer, 'POST', `/api/offers/${offer.id}/counter`, { terms: { purchasePrice: 315_000 }, version: 2 }))
    refused(await call(buyer, 'POST', `/api/offers/${offer.id}/counter`, { terms: { purchasePrice: 316_000 }, version: 3 }), 409, { key: 'negotiation.waitingForSeller' })
    refused(await call(buyer, 'POST', `/api/offers/${offer.id}/counter/accept`, { version: 3 }), 409, { key: 'negotiation.waitingForSeller' })
    // The buyer side can no longer edit the terms outside a counter.
    refused(await call(buyer, 'PATCH', `/api/offers/${offer.id}`, { terms: { ...(await rowOf(offer.id)).terms, purchasePrice: 400_000 } }), 409, { key: 'offer.locked' })
  })

  it('keeps a version as it was sent: the database refuses to change one', async () => {
    const { offer, seller } = await createTestOffer(suite.t, { status: 'active' })
    if (!seller) throw new Error('no seller')
    offerOf(await call(seller, 'POST', `/api/offers/${offer.id}/counter`, { terms: { purchasePrice: 333_000 }, version: 1 }))
    await expect(suite.t.db.update(offerVersion).set({ message: 'rewritten' }).where(eq(offerVersion.offerId, offer.id))).rejects.toThrow()
    const [version] = await suite.t.db.select().from(offerVersion).where(sql`${offerVersion.offerId} = ${offer.id} and ${offerVersion.number} = 2`)
    expect(version?.terms.purchasePrice).toBe(333_000)
  })

  it('expires a countered offer at its version\'s expiration, and ranks it in optimize at its latest version', async () => {
    const { offer, seller, listing } = await createTestOffer(suite.t, { status: 'active', terms: { purchasePrice: 300_000 } })
    if (!seller) throw new Error('no seller')
    offerOf(await call(seller, 'POST', `/api/offers/${offer.id}/counter`, { terms: { purchasePrice: 345_000 }, version: 1 }))
    const ranked = (await call(seller, 'GET', `/api/listings/${listing.id}/optimize`)).json<OptimizeResult>()
    expect(ranked.offers.find((entry) => entry.id === offer.id)).toMatchObject({ status: 'countered', purchasePrice: 345_000, version: 2, turn: 'buyer' })
    await suite.t.db.update(offerTable).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(offerTable.id, offer.id))
    const { expireDueOffers } = await import('./offers-expiry')
    await expireDueOffers(suite.t.db, { publicUrl: 'http://localhost' })
    expect(await statusOf(suite.t, offer.id)).toBe('expired')
  })
})

describe('the escalation clause in the PDF', () => {
  it('prints the increment, the cap and the proof the buyer asks for', async () => {
    const { offer } = await createTestOffer(suite.t, { status: 'active', terms: { purchasePrice: 400_000, escalation: { increment: 2_500, cap: 425_000, proofRequired: true } } })
    // The numbered lines' text, joined: a sentence wrapped over two lines reads whole.
    const read = await readPdf((await renderOfferFormPdf(suite.t.db, await rowOf(offer.id), new Date())).pdf)
    const text = read.pages.flatMap((page) => page.lines.map((line) => line.text.trim())).join(' ')
    expect(text).toContain('Price escalation. The purchase price rises to $2,500 more than the price of any bona fide competing offer the Seller receives, up to $425,000.')
    expect(text).toContain('The Seller gives the Buyer a copy of that offer as proof.')
  })
})

describe('highest and best', () => {
  it('tells every chosen buyer side the same words at the same instant, lets them revise until the deadline, and refuses after it', async () => {
    const { offer: first, seller, listing, buyer } = await createTestOffer(suite.t, { status: 'active', terms: { purchasePrice: 300_000 } })
    if (!seller) throw new Error('no seller')
    const second = await createTestOffer(suite.t, { status: 'backup', listing })
    const notAsked = await createTestOffer(suite.t, { status: 'active', listing })
    const deadline = inDays(1).toISOString()

    const response = await call(seller, 'POST', `/api/listings/${listing.id}/highest-and-best`, { offerIds: [first.id, second.offer.id], deadline, message: 'Please send your highest and best by tomorrow noon.', versions: { [first.id]: 1, [second.offer.id]: 1 } })
    expect(response.statusCode, response.body).toBe(200)
    const result = response.json<HighestBestResult>()
    expect(result.offerIds.sort()).toEqual([first.id, second.offer.id].sort())

    const asked = [...(await eventsOf(suite.t, first.id)), ...(await eventsOf(suite.t, second.offer.id))].filter((event) => event.type === 'best-requested')
    expect(asked).toHaveLength(2)
    expect(new Set(asked.map((event) => event.at.toISOString()))).toEqual(new Set([result.at]))
    expect(new Set(asked.map((event) => JSON.stringify(event.details)))).toHaveProperty('size', 1)
    expect((await eventsOf(suite.t, notAsked.offer.id)).some((event) => event.type === 'best-requested')).toBe(false)
    for (const who of [buyer, second.buyer]) {
      expect((await notificationsOf(suite.t, who.id)).map((item) => item.type)).toContain('offer.best-requested')
      const [email] = (await emailsTo(suite.t, who.email)).filter((item) => (item.subject ?? '').startsWith('Highest and best requested'))
      expect(email?.textBody).toContain('Please send your highest and best by tomorrow noon.')
    }
    expect(offerOf(await call(buyer, 'GET', `/api/offers/${first.id}`)).negotiation.bestRequest).toMatchObject({ deadline: new Date(deadline).toISOString(), message: 'Please send your highest and best by tomorrow noon.' })

    // Before the deadline: a sent revision goes through, recorded as one and told to the seller side.
    const terms = (await rowOf(first.id)).terms
    expect(offerOf(await call(buyer, 'POST', `/api/offers/${first.id}/revisions`, { version: 1, terms: { ...terms, purchasePrice: 320_000 } })).terms.purchasePrice).toBe(320_000)
    expect((await eventsOf(suite.t, first.id)).at(-1)?.type).toBe('revised')
    expect((await notificationsOf(suite.t, seller.id, first.id)).map((item) => item.type)).toContain('offer.revised')

    // The deadline passes (moved into the past in the database): the server refuses, naming the deadline.
    const passed = new Date(Date.now() - 1000)
    await suite.t.db.update(offerTable).set({ bestDeadline: passed }).where(eq(offerTable.id, first.id))
    const refusal = refused(await call(buyer, 'POST', `/api/offers/${first.id}/revisions`, { version: 2, terms: { ...terms, purchasePrice: 330_000 } }), 409, { key: 'negotiation.bestDeadlinePassed' })
    expect(refusal.message).toMatch(/^The deadline for highest and best offers passed on .+ (CST|CDT): the offer can no longer be revised$/)
    expect(refusal.params?.deadline).toBeTruthy()
    expect((await rowOf(first.id)).purchasePrice).toBe(320_000)
  })

  it('asks every open offer when none is named, and refuses bad requests without telling anyone', async () => {
    const { seller, listing, offer } = await createTestOffer(suite.t, { status: 'active' })
    if (!seller) throw new Error('no seller')
    const countered = await createTestOffer(suite.t, { status: 'active', listing })
    offerOf(await call(seller, 'POST', `/api/offers/${countered.offer.id}/counter`, { terms: { purchasePrice: 399_000 }, version: 1 }))
    const declined = await createTestOffer(suite.t, { status: 'declined', listing })
    const url = `/api/listings/${listing.id}/highest-and-best`

    refused(await call(seller, 'POST', url, { deadline: new Date(Date.now() - DAY).toISOString(), message: 'Best', versions: {} }), 400, { key: 'negotiation.bestDeadlinePast' })
    refused(await call(seller, 'POST', url, { deadline: inDays(1).toISOString(), message: '   ', versions: {} }), 400, { key: 'negotiation.bestMessageRequired' })
    refused(await call(seller, 'POST', url, { offerIds: [declined.offer.id], deadline: inDays(1).toISOString(), message: 'Best', versions: {} }), 400, { key: 'negotiation.bestOfferNotOpen' })
    expect((await eventsOf(suite.t, offer.id)).some((event) => event.type === 'best-requested')).toBe(false)

    // Only the seller side asks.
    expectRefusal(await call(countered.buyer, 'POST', url, { deadline: inDays(1).toISOString(), message: 'Best', versions: {} }), 403)

    const all = (await call(seller, 'POST', url, { deadline: inDays(1).toISOString(), message: 'Best', versions: { [offer.id]: 1, [countered.offer.id]: 2 } })).json<HighestBestResult>()
    expect(all.offerIds.sort()).toEqual([offer.id, countered.offer.id].sort())
  })
})

describe('the pre-approval letter', () => {
  async function attachLetter(offerId: string, ownerId: string) {
    const fileId = randomUUID()
    await suite.t.db.insert(storedFile).values({ id: fileId, ownerId, key: `offers/${offerId}/${fileId}.pdf`, purpose: 'offer-document', filename: 'letter.pdf', contentType: 'application/pdf', size: 10 })
    await suite.t.db.insert(offerAttachment).values({ offerId, fileId, kind: 'pre-approval' })
  }

  it("shows 'pre-approved' in the lists, lets only the seller side verify it, and records that", async () => {
    const { offer, seller, buyer, listing } = await createTestOffer(suite.t, { status: 'active' })
    if (!seller) throw new Error('no seller')
    const none = await createTestOffer(suite.t, { status: 'active', listing })
    refused(await call(seller, 'POST', `/api/offers/${none.offer.id}/pre-approval/verify`), 409, { key: 'negotiation.noPreApproval' })
    await attachLetter(offer.id, buyer.id)

    const listed = (await call(seller, 'GET', `/api/listings/${listing.id}/offers`)).json<{ items: { id: string; preApproval?: string }[] }>().items
    expect(listed.find((item) => item.id === offer.id)?.preApproval).toBe('pre-approved')
    expect(listed.find((item) => item.id === none.offer.id)?.preApproval).toBe('none')

    expectRefusal(await call(buyer, 'POST', `/api/offers/${offer.id}/pre-approval/verify`), 403)
    const stranger = await createUser(suite.t, { roles: ['SELLER_AGENT'] })
    expectRefusal(await call(stranger, 'POST', `/api/offers/${offer.id}/pre-approval/verify`), 404)

    const verified: OfferView = offerOf(await call(seller, 'POST', `/api/offers/${offer.id}/pre-approval/verify`))
    expect(verified.negotiation.preApprovalVerifiedAt).not.toBeNull()
    expect((await eventsOf(suite.t, offer.id)).filter((event) => event.type === 'pre-approval-verified')).toHaveLength(1)
    // Verifying again records nothing more.
    offerOf(await call(seller, 'POST', `/api/offers/${offer.id}/pre-approval/verify`))
    expect((await eventsOf(suite.t, offer.id)).filter((event) => event.type === 'pre-approval-verified')).toHaveLength(1)
    const mine = (await call(buyer, 'GET', '/api/offers/mine')).json<{ items: { id: string; preApproval?: string }[] }>().items
    expect(mine.find((item) => item.id === offer.id)?.preApproval).toBe('verified')
    const optimize = (await call(seller, 'GET', `/api/listings/${listing.id}/optimize`)).json<OptimizeResult>()
    expect(optimize.offers.find((item) => item.id === offer.id)).toMatchObject({ hasPreApproval: true, preApprovalVerified: true })
  })
})
