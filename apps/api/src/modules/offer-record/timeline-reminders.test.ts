import { and, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { contactOptOut } from '../../db/schema/conversations'
import { contractTimelineRecord } from '../../db/schema/notices'
import { notification, offer } from '../../db/schema/offers'
import { outboxMessage } from '../../db/schema/outbox'
import { user } from '../../db/schema/users'
import { createTestOffer, createUser } from '../../../test/factories'
import type { TestApp } from '../../../test/build-test-app'
import { offersTestApp, sellerWithListing } from '../offers/offers.test-helpers'
import { listOfferEvents } from '../offers/offer-rows.service'
import { verifyLedger } from './offer-record.service'
import { sendTimelineReminders } from './timeline-reminders'

const app = offersTestApp()
const HOUR = 3_600_000
const ctx = { publicUrl: 'https://offerbook.test' }

// Bound on Monday 2 March 2026, 9 AM in Nashville (Central, CST): earnest money within 3 days is due
// by the end of Thursday 5 March (11:59 PM CST), a cash buyer's proof of funds by the end of Saturday 7 March.
const BOUND = new Date('2026-03-02T15:00:00Z')
const EARNEST_DUE = new Date('2026-03-06T05:59:00Z')
const FUNDS_DUE = new Date('2026-03-08T05:59:00Z')
const TERMS = { earnestMoney: { amount: 5000, holder: 'title-company' as const, dueDays: 3 }, financing: { type: 'cash' as const }, appraisalContingency: false, inspectionPeriodDays: 0, closingDate: '2026-05-29' }

async function boundContract(t: TestApp, { buyerLanguage = 'en-us', buyerPhone = null, phoneVerified = false }: { buyerLanguage?: string; buyerPhone?: string | null; phoneVerified?: boolean } = {}) {
  const { seller, listing } = await sellerWithListing(t, { countyOrParish: 'Davidson', city: 'Nashville', unparsedAddress: '12 Elm St, Nashville, TN 37203' })
  const buyer = await createUser(t, { roles: ['BUYER_AGENT'], name: 'Bo Agent' })
  await t.db.update(user).set({ language: buyerLanguage, phone: buyerPhone, phoneVerified }).where(eq(user.id, buyer.id))
  const created = await createTestOffer(t, { status: 'accepted', listing, buyer, bindingAgreementAt: BOUND, terms: TERMS })
  return { seller, buyer, listing, offerId: created.offer.id }
}

async function outboxTo(t: TestApp, recipients: string[]) {
  return t.db.select().from(outboxMessage).where(inArray(outboxMessage.recipient, recipients)).orderBy(outboxMessage.createdAt)
}

const reminderEntries = async (t: TestApp, offerId: string) => (await listOfferEvents(t.db, offerId)).filter((event) => event.type.startsWith('timeline-')).sort((a, b) => a.seq - b.seq)

describe('the contract timeline reminders', () => {
  it('reminds the owner 48 and 24 hours ahead once each, by email and text, and tells the other side’s agent once an item is missed', async () => {
    const t = app.t
    const { seller, buyer, listing, offerId } = await boundContract(t, { buyerPhone: '+16155550141', phoneVerified: true })

    // 40 hours before the earnest money is due: its 48-hour reminder, to the buyer side only.
    const first = new Date(EARNEST_DUE.getTime() - 40 * HOUR)
    await sendTimelineReminders(t.db, ctx, { now: first })
    let sent = await outboxTo(t, [buyer.email, seller.email, '+16155550141'])
    expect(sent.map((message) => [message.channel, message.recipient, message.kind])).toEqual([
      ['email', buyer.email, 'timeline-reminder.48h'],
      ['sms', '+16155550141', 'timeline-reminder.48h.sms'],
    ])
    expect(sent[0]!.subject).toBe('Due in 48 hours: Earnest money due, 12 Elm St, Nashville, TN 37203')
    expect(sent[0]!.textBody).toContain('March 5, 2026, 11:59 PM CST')
    expect(sent[0]!.textBody).toContain('If nothing is done: ')
    expect(sent[0]!.textBody).toContain(`https://offerbook.test/submitted-offers/update/${offerId}`)
    expect(sent[1]!.textBody).toMatch(/^Offerbook reminder, 48 hours left: Earnest money due, 12 Elm St.*Reply STOP to opt out\.$/)
    // 7:59 AM in Nashville: the email leaves now, the text waits for 8:00 AM there (decision 064).
    expect(sent[1]!.nextAttemptAt.toISOString()).toBe('2026-03-04T14:00:00.000Z')
    expect(sent[0]!.nextAttemptAt.getTime()).toBeGreaterThan(Date.parse('2026-11-01T00:00:00Z'))

    // Again, and an hour later: nothing more.
    await sendTimelineReminders(t.db, ctx, { now: first })
    await sendTimelineReminders(t.db, ctx, { now: new Date(first.getTime() + HOUR) })
    expect(await outboxTo(t, [buyer.email, seller.email, '+16155550141'])).toHaveLength(2)

    // 10 hours before: the 24-hour reminder, once.
    const second = new Date(EARNEST_DUE.getTime() - 10 * HOUR)
    await sendTimelineReminders(t.db, ctx, { now: second })
    await sendTimelineReminders(t.db, ctx, { now: second })
    sent = await outboxTo(t, [buyer.email, seller.email, '+16155550141'])
    expect(sent.slice(2).map((message) => message.kind)).toEqual(['timeline-reminder.24h', 'timeline-reminder.24h.sms'])
    // 1:59 PM there: the text leaves at once, as its email does.
    expect(sent[3]!.nextAttemptAt.getTime()).toBeGreaterThan(Date.parse('2026-11-01T00:00:00Z'))

    // An hour after it was due: the seller side's agent is told it was missed (a notification and its
    // email, once), and the proof of funds, due 47 hours later, gets its 48-hour reminder.
    const third = new Date(EARNEST_DUE.getTime() + HOUR)
    await sendTimelineReminders(t.db, ctx, { now: third })
    await sendTimelineReminders(t.db, ctx, { now: new Date(third.getTime() + 2 * HOUR) })
    sent = await outboxTo(t, [buyer.email, seller.email, '+16155550141'])
    const later = sent.slice(4).map((message) => [message.recipient, message.kind])
    expect(later).toHaveLength(3)
    expect(later).toEqual(expect.arrayContaining([[seller.email, 'notification:offer.timeline-missed'], [buyer.email, 'timeline-reminder.48h'], ['+16155550141', 'timeline-reminder.48h.sms']]))
    expect(sent.find((message) => message.recipient === seller.email)!.subject).toBe('Missed: Earnest money due, 12 Elm St, Nashville, TN 37203')
    const told = await t.db.select().from(notification).where(and(eq(notification.userId, seller.id), eq(notification.type, 'offer.timeline-missed')))
    expect(told).toHaveLength(1)
    expect(told[0]!.data).toMatchObject({ side: 'seller', item: 'earnestMoney', offerId, listingId: listing.id })
    expect(await t.db.select().from(notification).where(and(eq(notification.userId, buyer.id), eq(notification.type, 'offer.timeline-missed')))).toHaveLength(0)

    // Each is an entry of the offer record, in its export too.
    const entries = await reminderEntries(t, offerId)
    expect(entries.map((entry) => [entry.type, entry.details['item'], entry.details['reminder']])).toEqual([
      ['timeline-reminder', 'earnestMoney', '48h'],
      ['timeline-reminder', 'earnestMoney', '24h'],
      ['timeline-missed', 'earnestMoney', 'missed'],
      ['timeline-reminder', 'proofOfFunds', '48h'],
    ])
    expect(entries[0]!.details).toMatchObject({ due: EARNEST_DUE.toISOString(), date: '2026-03-05', owner: 'buyer', emails: 1, texts: 1 })
    expect(entries[2]!.details).toMatchObject({ sides: ['seller'], emails: 1 })
    expect(entries[3]!.details).toMatchObject({ due: FUNDS_DUE.toISOString(), date: '2026-03-07' })
    // Written in batches, the entries still chain: the record verifies.
    expect(await verifyLedger(t.db, listing.id)).toMatchObject({ ok: true, checked: 6, broken: null })
    const csv = await app.call(seller, 'GET', `/api/listings/${listing.id}/offer-record.csv`)
    expect(csv.statusCode, csv.body).toBe(200)
    expect(csv.body.match(/timeline-reminder/g)?.length).toBeGreaterThanOrEqual(3)
    expect(csv.body).toContain("Contract date missed: the other side's agent told")
  })

  it('writes to a Spanish reader in Spanish, texts only a verified phone that did not reply STOP, and does not send a late 48-hour reminder', async () => {
    const t = app.t
    const spanish = await boundContract(t, { buyerLanguage: 'es-es', buyerPhone: '+16155550142', phoneVerified: true })
    const unverified = await boundContract(t, { buyerPhone: '+16155550143', phoneVerified: false })
    const stopped = await boundContract(t, { buyerPhone: '+16155550144', phoneVerified: true })
    await t.db.insert(contactOptOut).values({ channel: 'sms', recipient: '+16155550144', reason: 'stop' })

    // The server was down through the 48-hour window: at 10 hours before, only the 24-hour reminder goes.
    await sendTimelineReminders(t.db, ctx, { now: new Date(EARNEST_DUE.getTime() - 10 * HOUR) })
    const sent = await outboxTo(t, [spanish.buyer.email, unverified.buyer.email, stopped.buyer.email, '+16155550142', '+16155550143', '+16155550144'])
    expect(sent.map((message) => [message.recipient, message.kind]).sort()).toEqual(
      [
        [spanish.buyer.email, 'timeline-reminder.24h'],
        ['+16155550142', 'timeline-reminder.24h.sms'],
        [unverified.buyer.email, 'timeline-reminder.24h'],
        [stopped.buyer.email, 'timeline-reminder.24h'],
      ].sort(),
    )
    const email = sent.find((message) => message.recipient === spanish.buyer.email)!
    expect(email.locale).toBe('es-es')
    expect(email.subject).toBe('Vence en 24 horas: Vence el depósito de garantía, 12 Elm St, Nashville, TN 37203')
    expect(email.textBody).toContain('Si no se hace nada: Si el depósito de garantía no se entrega a tiempo')
    expect(email.textBody).toContain('5 de marzo de 2026')
    expect(email.textBody).toContain('Responsable: Comprador')
    const text = sent.find((message) => message.recipient === '+16155550142')!
    expect(text.textBody).toMatch(/^Recordatorio de Offerbook, quedan 24 horas: Vence el depósito de garantía.*Responda STOP para darse de baja\.$/)
    expect((await reminderEntries(t, spanish.offerId)).map((entry) => entry.details['reminder'])).toEqual(['24h'])
  })

  it('gives a date an amendment moved reminders of its own, and none to a closed contract or an item a notice recorded done', async () => {
    const t = app.t
    const moved = await boundContract(t)
    const closed = await boundContract(t)
    await t.db.update(offer).set({ status: 'closed' }).where(eq(offer.id, closed.offerId))
    const delivered = await boundContract(t)
    await t.db.insert(contractTimelineRecord).values({ offerId: delivered.offerId, kind: 'earnestMoney', outcome: 'done', date: '2026-03-04' })
    const now = new Date(EARNEST_DUE.getTime() - 40 * HOUR)
    await sendTimelineReminders(t.db, ctx, { now })
    // The earnest money is now due a day later: its new instant is reminded again when its window comes.
    const [row] = await t.db.select({ terms: offer.terms }).from(offer).where(eq(offer.id, moved.offerId))
    await t.db
      .update(offer)
      .set({ terms: { ...row!.terms, earnestMoney: { ...row!.terms.earnestMoney, dueDays: 4 } } })
      .where(eq(offer.id, moved.offerId))
    await sendTimelineReminders(t.db, ctx, { now })
    await sendTimelineReminders(t.db, ctx, { now: new Date(now.getTime() + 24 * HOUR) })
    const entries = await reminderEntries(t, moved.offerId)
    expect(entries.map((entry) => [entry.details['reminder'], entry.details['date']])).toEqual([
      ['48h', '2026-03-05'],
      ['48h', '2026-03-06'],
    ])
    expect(await outboxTo(t, [closed.buyer.email, closed.seller.email])).toHaveLength(0)
    expect(await reminderEntries(t, closed.offerId)).toHaveLength(0)
    expect(await outboxTo(t, [delivered.buyer.email])).toHaveLength(0)
    expect(await reminderEntries(t, delivered.offerId)).toHaveLength(0)
  })
})
