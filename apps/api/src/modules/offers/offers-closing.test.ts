import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { AnalyticsReport } from '@offerbook/domain/analytics'
import { dateInZone, propertyTimeZone } from '@offerbook/domain/property-time'
import { createTestOffer, createUser } from '../../../test/factories'
import { listing as listingTable } from '../../db/schema/listings'
import { offer as offerTable } from '../../db/schema/offers'
import { user as userTable } from '../../db/schema/users'
import { emailsTo, eventsOf, expectRefusal, notificationsOf, offerOf, offersTestApp, statusOf } from './offers.test-helpers'

/**
 * Closing in two steps (issue #34 item 5, decision 061): one side's agent records the closing date
 * and the final price, the other side confirms (closed) or disputes (cleared, with a reason).
 */

const suite = offersTestApp()
const { call } = suite

const DAY = 86_400_000
/** A calendar day `days` from today in the property's calendar (the test listings have no county: Central time). */
const dayFromToday = (days: number) => dateInZone(new Date(Date.now() + days * DAY), propertyTimeZone(null))

/** An accepted offer of a buyer agent at $300,000, bound 20 days ago. */
async function boundOffer() {
  const buyer = await createUser(suite.t, { roles: ['BUYER_AGENT'], name: 'Bea Agent' })
  const created = await createTestOffer(suite.t, { status: 'accepted', buyer, bindingAgreementAt: new Date(Date.now() - 20 * DAY) })
  await suite.t.db.update(listingTable).set({ standardStatus: 'ActiveUnderContract' }).where(eq(listingTable.id, created.listing.id))
  return { ...created, seller: created.seller! }
}

const closingUrl = (id: string, step: 'record' | 'confirm' | 'dispute') => `/api/offers/${id}/closing/${step}`

describe('recording and confirming a closing', () => {
  it('the buyer agent records, both sides see it waiting, the listing agent confirms: closed at the final price, recorded, told, the listing Closed', async () => {
    const { offer, buyer, seller, listing } = await boundOffer()
    await suite.t.db.update(userTable).set({ language: 'es-es' }).where(eq(userTable.id, seller.id))
    const closingDate = dayFromToday(-1)

    const recorded = offerOf(await call(buyer, 'POST', closingUrl(offer.id, 'record'), { closingDate, finalPrice: 305_000 }))
    expect(recorded).toMatchObject({ status: 'accepted', closing: { closingDate, finalPrice: 305_000, recordedSide: 'buyer', recordedByName: 'Bea Agent', confirmedAt: null } })
    const seen = offerOf(await call(seller, 'GET', `/api/offers/${offer.id}`))
    expect(seen.closing).toMatchObject({ closingDate, finalPrice: 305_000, recordedSide: 'buyer', confirmedAt: null })
    expect((await notificationsOf(suite.t, seller.id, offer.id)).map((notice) => notice.type)).toEqual(['offer.closing-recorded'])
    const [asked] = await emailsTo(suite.t, seller.email)
    expect(asked?.subject).toContain('Cierre registrado')
    expect(asked?.textBody).toContain('305.000')

    const closed = offerOf(await call(seller, 'POST', closingUrl(offer.id, 'confirm')))
    expect(closed.status).toBe('closed')
    expect(closed.actions).toEqual([])
    expect(closed.closing).toMatchObject({ closingDate, finalPrice: 305_000, recordedSide: 'buyer' })
    expect(closed.closing?.confirmedAt).not.toBeNull()

    const entries = (await eventsOf(suite.t, offer.id)).filter((event) => event.type === 'closing-recorded' || event.type === 'closed')
    expect(entries.map((event) => [event.type, event.actorId, event.details])).toEqual([
      ['closing-recorded', buyer.id, { side: 'buyer', closingDate, finalPrice: 305_000, contractPrice: 300_000 }],
      ['closed', seller.id, { closingDate, finalPrice: 305_000, recordedSide: 'buyer', confirmedSide: 'seller' }],
    ])
    expect((await notificationsOf(suite.t, buyer.id, offer.id)).map((notice) => notice.type)).toEqual(['offer.closed'])
    expect((await notificationsOf(suite.t, seller.id, offer.id)).map((notice) => notice.type)).toEqual(['offer.closing-recorded', 'offer.closed'])
    const buyerMail = (await emailsTo(suite.t, buyer.email)).at(-1)
    expect(buyerMail?.textBody).toContain('at a final price of $305,000')
    const [listingRow] = await suite.t.db.select().from(listingTable).where(eq(listingTable.id, listing.id))
    expect(listingRow?.standardStatus).toBe('Closed')

    // Closed volume is the final price, not the offer's $300,000.
    const report = await call(seller, 'GET', '/api/analytics')
    expect(report.statusCode, report.body).toBe(200)
    expect(report.json<AnalyticsReport>().total.selling).toMatchObject({ closedListings: 1, closedVolume: 305_000, acceptedVolume: 305_000 })
  })

  it('the seller side records, the buyer side disputes with a reason: the record is cleared, the recorder told, and it can be recorded again', async () => {
    const { offer, buyer, seller } = await boundOffer()
    offerOf(await call(seller, 'POST', closingUrl(offer.id, 'record'), { closingDate: dayFromToday(0), finalPrice: 295_000 }))
    expectRefusal(await call(buyer, 'POST', closingUrl(offer.id, 'dispute'), { reason: '   ' }), 400, { key: 'common.required' })
    const disputed = offerOf(await call(buyer, 'POST', closingUrl(offer.id, 'dispute'), { reason: 'The credit of $5,000 was not taken off.' }))
    expect(disputed).toMatchObject({ status: 'accepted', closing: null })
    expect((await eventsOf(suite.t, offer.id)).at(-1)).toMatchObject({
      type: 'closing-disputed',
      actorId: buyer.id,
      details: { closingDate: dayFromToday(0), finalPrice: 295_000, recordedSide: 'seller', reason: 'The credit of $5,000 was not taken off.' },
    })
    expect((await notificationsOf(suite.t, seller.id, offer.id)).map((notice) => notice.type)).toEqual(['offer.closing-disputed'])
    const told = (await emailsTo(suite.t, seller.email)).at(-1)
    expect(told?.textBody).toContain('The credit of $5,000 was not taken off.')
    expectRefusal(await call(seller, 'POST', closingUrl(offer.id, 'confirm')), 409, { key: 'offer.closingNothingRecorded' })
    // Recorded again, by either side.
    const again = offerOf(await call(buyer, 'POST', closingUrl(offer.id, 'record'), { closingDate: dayFromToday(0), finalPrice: 290_000 }))
    expect(again.closing).toMatchObject({ finalPrice: 290_000, recordedSide: 'buyer' })
  })
})

describe('what a closing refuses, changing nothing', () => {
  async function unchanged(offerId: string, eventCount: number) {
    const [row] = await suite.t.db.select().from(offerTable).where(eq(offerTable.id, offerId))
    expect(row).toMatchObject({ status: 'accepted', closingDate: null, finalPrice: null, closingRecordedAt: null })
    expect(await eventsOf(suite.t, offerId)).toHaveLength(eventCount)
  }

  it('refuses a date after today or before the Binding Agreement Date, and a zero, negative, fractional or absurd price, each on its field', async () => {
    const { offer, buyer } = await boundOffer()
    const events = (await eventsOf(suite.t, offer.id)).length
    const record = (body: unknown) => call(buyer, 'POST', closingUrl(offer.id, 'record'), body)
    const future = expectRefusal(await record({ closingDate: dayFromToday(2), finalPrice: 300_000 }), 400, { key: 'offer.closingDateFuture', message: 'The closing date cannot be later than today' })
    expect(future.errors).toEqual([expect.objectContaining({ path: 'closingDate', key: 'offer.closingDateFuture' })])
    const early = expectRefusal(await record({ closingDate: dayFromToday(-30), finalPrice: 300_000 }), 400, { key: 'offer.closingDateBeforeBinding' })
    expect(early.message).toMatch(/^The closing date cannot be before the Binding Agreement Date \(\w+ \d{1,2}, \d{4}\)$/)
    // The date itself travels as YYYY-MM-DD, so that each reader's language writes it out.
    expect(early.params).toEqual({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) })
    expect(early.errors).toEqual([expect.objectContaining({ path: 'closingDate', params: early.params })])
    expectRefusal(await record({ closingDate: 'yesterday', finalPrice: 300_000 }), 400)
    for (const finalPrice of [0, -5, 300_000.5, 5_000_000_000, '300000']) {
      const refusal = expectRefusal(await record({ closingDate: dayFromToday(0), finalPrice }), 400)
      expect(refusal.errors?.[0]).toMatchObject({ path: 'finalPrice' })
    }
    await unchanged(offer.id, events)
  })

  it('asks for a confirmation of a final price more than 20 % from the contract price', async () => {
    const { offer, seller } = await boundOffer()
    const events = (await eventsOf(suite.t, offer.id)).length
    const refusal = expectRefusal(await call(seller, 'POST', closingUrl(offer.id, 'record'), { closingDate: dayFromToday(0), finalPrice: 200_000 }), 400, { key: 'offer.closingPriceUnconfirmed', params: { percent: 33.3 } })
    expect(refusal.errors?.[0]).toMatchObject({ path: 'finalPrice' })
    await unchanged(offer.id, events)
    const confirmed = offerOf(await call(seller, 'POST', closingUrl(offer.id, 'record'), { closingDate: dayFromToday(0), finalPrice: 200_000, confirmed: true }))
    expect(confirmed.closing?.finalPrice).toBe(200_000)
  })

  it('refuses recording twice, confirming or disputing one’s own record, and answering when nothing is recorded', async () => {
    const { offer, buyer, seller } = await boundOffer()
    expectRefusal(await call(seller, 'POST', closingUrl(offer.id, 'confirm')), 409, { key: 'offer.closingNothingRecorded' })
    expectRefusal(await call(seller, 'POST', closingUrl(offer.id, 'dispute'), { reason: 'No.' }), 409, { key: 'offer.closingNothingRecorded' })
    offerOf(await call(buyer, 'POST', closingUrl(offer.id, 'record'), { closingDate: dayFromToday(0), finalPrice: 300_000 }))
    const events = (await eventsOf(suite.t, offer.id)).length
    expectRefusal(await call(buyer, 'POST', closingUrl(offer.id, 'record'), { closingDate: dayFromToday(0), finalPrice: 310_000 }), 409, { key: 'offer.closingAlreadyRecorded' })
    expectRefusal(await call(seller, 'POST', closingUrl(offer.id, 'record'), { closingDate: dayFromToday(0), finalPrice: 310_000 }), 409, { key: 'offer.closingAlreadyRecorded' })
    expectRefusal(await call(buyer, 'POST', closingUrl(offer.id, 'confirm')), 409, { key: 'offer.closingOwnRecord', message: 'Your side recorded this closing: the other side confirms it' })
    expectRefusal(await call(buyer, 'POST', closingUrl(offer.id, 'dispute'), { reason: 'Wrong.' }), 409, { key: 'offer.closingOwnRecord' })
    expect(await eventsOf(suite.t, offer.id)).toHaveLength(events)
    expect(await statusOf(suite.t, offer.id)).toBe('accepted')
  })

  it('refuses an offer that is not accepted, or not yet bound, and a closed one', async () => {
    const active = await createTestOffer(suite.t, { status: 'active' })
    expectRefusal(await call(active.buyer, 'POST', closingUrl(active.offer.id, 'record'), { closingDate: dayFromToday(0), finalPrice: 300_000 }), 409, { key: 'offer.cannotClose', params: { status: 'active' } })
    const unbound = await createTestOffer(suite.t, { status: 'accepted' })
    expectRefusal(await call(unbound.seller, 'POST', closingUrl(unbound.offer.id, 'record'), { closingDate: dayFromToday(0), finalPrice: 300_000 }), 409, { key: 'offer.closingNotBinding' })
    await unchanged(unbound.offer.id, (await eventsOf(suite.t, unbound.offer.id)).length)
    const { offer, buyer, seller } = await boundOffer()
    offerOf(await call(buyer, 'POST', closingUrl(offer.id, 'record'), { closingDate: dayFromToday(0), finalPrice: 300_000 }))
    offerOf(await call(seller, 'POST', closingUrl(offer.id, 'confirm')))
    expectRefusal(await call(seller, 'POST', closingUrl(offer.id, 'confirm')), 409, { key: 'offer.cannotClose', params: { status: 'closed' } })
    expectRefusal(await call(buyer, 'POST', closingUrl(offer.id, 'record'), { closingDate: dayFromToday(0), finalPrice: 300_000 }), 409, { key: 'offer.cannotClose' })
  })
})

describe('who may close', () => {
  it('only the two sides: anyone else is told there is no such offer, a visitor to sign in, a broker that the page is not theirs', async () => {
    const { offer, buyer } = await boundOffer()
    const body = { closingDate: dayFromToday(0), finalPrice: 300_000 }
    const stranger = await createUser(suite.t, { roles: ['SELLER_AGENT'] })
    expectRefusal(await call(stranger, 'POST', closingUrl(offer.id, 'record'), body), 404, { key: 'offer.notFound' })
    const broker = await createUser(suite.t, { roles: ['PRINCIPAL_BROKER'] })
    expect((await call(broker, 'POST', closingUrl(offer.id, 'record'), body)).statusCode).toBe(403)
    expect((await call(null, 'POST', closingUrl(offer.id, 'record'), body)).statusCode).toBe(401)
    expectRefusal(await call(buyer, 'POST', closingUrl('not-an-id', 'record'), body), 404, { key: 'offer.notFound' })
    offerOf(await call(buyer, 'POST', closingUrl(offer.id, 'record'), body))
    expectRefusal(await call(stranger, 'POST', closingUrl(offer.id, 'confirm')), 404, { key: 'offer.notFound' })
    expectRefusal(await call(stranger, 'POST', closingUrl(offer.id, 'dispute'), { reason: 'Mine.' }), 404, { key: 'offer.notFound' })
    expect(await statusOf(suite.t, offer.id)).toBe('accepted')
  })
})
