import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { EarnestMoneyView, HolderPage, TrustLogPage } from '@offerbook/domain/earnest-money'
import { dateInZone } from '@offerbook/domain/property-time'
import { earnestMoneyLink, earnestMoneyRecord } from '../../db/schema/earnest-money'
import { notification, offer } from '../../db/schema/offers'
import { createTestOffer, createUser } from '../../../test/factories'
import type { CreatedUser } from '../../../test/factories'
import type { TestApp } from '../../../test/build-test-app'
import { emailsTo, eventsOf, expectRefusal, offersTestApp, sellerWithListing } from '../offers/offers.test-helpers'
import { pdftotext, setUpPdfWork } from '../signing/signing-pdf.test-helpers'
import { joinByInvitation, person } from '../teams/teams.test-helpers'
import { reminderDayOwed, sendDisbursementReminders } from './disbursement-reminders'

const app = offersTestApp()
setUpPdfWork()
const call = app.call
const DAY = 86_400_000
const ZONE = 'America/Chicago'
const today = () => dateInZone(new Date(), ZONE)
const HOLDER_EMAIL = 'escrow@volunteer-title.test'

/**
 * A brokerage (Pat, principal broker; Lena, his listing agent) and a contract bound three days ago on
 * Lena's listing in Nashville, with an outside buyer agent, the earnest money held by the listing broker.
 */
async function contract(t: TestApp) {
  const broker = await person(t, ['PRINCIPAL_BROKER'], 'Pat Broker')
  const { seller: listingAgent, listing } = await sellerWithListing(t, { countyOrParish: 'Davidson', city: 'Nashville', unparsedAddress: '12 Elm St, Nashville, TN 37203' })
  await joinByInvitation(call, t, broker, listingAgent)
  const buyerAgent = await createUser(t, { roles: ['BUYER_AGENT'], name: 'Bo Agent' })
  const created = await createTestOffer(t, {
    status: 'accepted',
    listing,
    buyer: buyerAgent,
    bindingAgreementAt: new Date(Date.now() - 3 * DAY),
    terms: {
      buyers: [{ fullName: 'Ana Buyer' }],
      earnestMoney: { amount: 5000, holder: 'listing-broker', holderName: 'Elm Realty Trust', holderAddress: '1 Main St, Nashville, TN 37201', dueDays: 5 },
      financing: { type: 'cash' },
      appraisalContingency: false,
      inspectionPeriodDays: 0,
      closingDate: dateInZone(new Date(Date.now() + 60 * DAY), ZONE),
    },
  })
  return { broker, listingAgent, buyerAgent, listing, offerId: created.offer.id }
}

async function holderToken(t: TestApp, email = HOLDER_EMAIL): Promise<string> {
  const last = (await emailsTo(t, email)).at(-1)
  const match = last?.textBody.match(/earnest-money\/attest\?token=([A-Za-z0-9_-]+)/)
  if (!match?.[1]) throw new Error(`no holder link in the mail to ${email}`)
  return match[1]
}

async function sendLink(agent: CreatedUser, offerId: string, email = HOLDER_EMAIL) {
  const sent = await call(agent, 'POST', `/api/offers/${offerId}/earnest-money/holder-link`, { email })
  expect(sent.statusCode, sent.body).toBe(201)
  return sent.json<EarnestMoneyView>()
}

const attestation = (overrides: Record<string, unknown> = {}) => ({ amount: 5000, receivedOn: today(), method: 'wire', ...overrides })

async function received(t: TestApp) {
  const world = await contract(t)
  await sendLink(world.buyerAgent, world.offerId)
  const token = await holderToken(t)
  const attested = await call(null, 'POST', '/api/earnest-money/holder/attest', { token, attestation: attestation() })
  expect(attested.statusCode, attested.body).toBe(201)
  return world
}

/** Noon in Nashville, `days` after today there. */
function noonAfter(days: number): Date {
  const [year, month, day] = today().split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year, month - 1, day + days, 18))
}

describe("the earnest money holder's receipt", () => {
  it('sends the holder a link; the holder sees the contract and attests once: the receipt PDF, the trust log row, the ledger, both agents told', async () => {
    const t = app.t
    const { broker, listingAgent, buyerAgent, offerId } = await contract(t)
    const view = await sendLink(buyerAgent, offerId)
    expect(view.holder).toEqual({ kind: 'listing-broker', name: 'Elm Realty Trust', address: '1 Main St, Nashville, TN 37201' })
    expect(view.links).toEqual([expect.objectContaining({ email: HOLDER_EMAIL, state: 'open' })])
    const mail = (await emailsTo(t, HOLDER_EMAIL)).at(-1)
    expect(mail?.subject).toBe('Confirm the earnest money you received for 12 Elm St, Nashville, TN 37203')
    const token = await holderToken(t)
    // Only the hash is kept.
    const [link] = await t.db.select().from(earnestMoneyLink).where(eq(earnestMoneyLink.offerId, offerId))
    expect(link?.tokenHash).not.toContain(token)
    expect(link?.tokenHash).toMatch(/^[0-9a-f]{64}$/)

    const opened = await call(null, 'POST', '/api/earnest-money/holder/open', { token })
    expect(opened.statusCode, opened.body).toBe(200)
    expect(opened.json<HolderPage>()).toMatchObject({ address: '12 Elm St, Nashville, TN 37203', buyers: ['Ana Buyer'], sellers: ['Lena Seller'], amountDue: 5000, holder: { name: 'Elm Realty Trust' } })

    // Bad input: each field named, nothing changed, the link still open.
    const bad = expectRefusal(await call(null, 'POST', '/api/earnest-money/holder/attest', { token, attestation: { amount: -5, receivedOn: 'soon', method: 'barter' } }), 400)
    expect(bad.errors?.map((error) => error.path).sort()).toEqual(['attestation.amount', 'attestation.method', 'attestation.receivedOn'])
    expectRefusal(await call(null, 'POST', '/api/earnest-money/holder/attest', { token, attestation: attestation({ method: 'other' }) }), 400, { key: 'earnestMoney.methodOtherRequired' })
    expectRefusal(await call(null, 'POST', '/api/earnest-money/holder/attest', { token, attestation: attestation({ receivedOn: dateInZone(new Date(Date.now() + 3 * DAY), ZONE) }) }), 400, { key: 'earnestMoney.dateFuture' })
    expectRefusal(await call(null, 'POST', '/api/earnest-money/holder/attest', { token, attestation: attestation({ amount: 10.005 }) }), 400, { key: 'earnestMoney.amountCents' })
    expect(await t.db.select().from(earnestMoneyRecord).where(eq(earnestMoneyRecord.offerId, offerId))).toEqual([])
    expect((await call(null, 'POST', '/api/earnest-money/holder/open', { token })).statusCode).toBe(200)

    const attested = await call(null, 'POST', '/api/earnest-money/holder/attest', { token, attestation: attestation({ amount: 5000.5, method: 'cashiersCheck' }) })
    expect(attested.statusCode, attested.body).toBe(201)
    // The token cannot be used twice.
    expectRefusal(await call(null, 'POST', '/api/earnest-money/holder/attest', { token, attestation: attestation() }), 409, { key: 'earnestMoney.linkUsed' })
    expectRefusal(await call(null, 'POST', '/api/earnest-money/holder/open', { token }), 409, { key: 'earnestMoney.linkUsed' })
    expectRefusal(await call(null, 'POST', '/api/earnest-money/holder/open', { token: 'not-a-token' }), 404, { key: 'earnestMoney.linkNotValid' })

    const after = (await call(listingAgent, 'GET', `/api/offers/${offerId}/earnest-money`)).json<EarnestMoneyView>()
    expect(after.receipt).toMatchObject({ amount: 5000.5, receivedOn: today(), method: 'cashiersCheck', holderEmail: HOLDER_EMAIL })
    expect(after.links[0]?.state).toBe('used')
    const receipt = await call(buyerAgent, 'GET', `/api/offers/${offerId}/earnest-money/receipt`)
    expect(receipt.statusCode).toBe(200)
    expect(receipt.headers['content-type']).toBe('application/pdf')
    const text = await pdftotext(receipt.rawPayload)
    expect(text).toContain('Earnest Money Receipt')
    expect(text).toContain('12 Elm St, Nashville, TN 37203')
    expect(text).toContain('$5,000.50')
    expect(text).toContain("Cashier's check")
    expect(receipt.rawPayload.toString('latin1')).toContain('pdfaid:part')

    // The receipt is a document of both sides' files, in the earnest money receipt's slot, for the broker to review.
    for (const [agent, side] of [[listingAgent, 'listing'], [buyerAgent, 'buyer']] as const) {
      const file = await call(agent, 'GET', `/api/offers/${offerId}/file/${side}`)
      expect(file.statusCode, file.body).toBe(200)
      const slot = file.json<{ slots: { key: string; documents: { source: string; review: string; kind: string }[] }[] }>().slots.find((each) => each.key === 'earnestMoneyReceipt')
      expect(slot?.documents).toEqual([expect.objectContaining({ source: 'trust', review: 'pending', kind: 'earnestMoneyReceipt' })])
    }

    // The trust log's row, with the T.C.A. 62-13-321 fields.
    const log = (await call(broker, 'GET', '/api/broker/trust-log')).json<TrustLogPage>()
    expect(log.total).toBe(1)
    expect(log.items[0]).toMatchObject({ offerId, depositor: 'Ana Buyer', amount: 5000.5, depositDate: today(), holder: { name: 'Elm Realty Trust', address: '1 Main St, Nashville, TN 37201' }, withdrawalDate: null, payee: null, agents: [{ name: 'Lena Seller', side: 'listing' }] })

    const types = (await eventsOf(t, offerId)).map((event) => event.type)
    expect(types).toEqual(expect.arrayContaining(['earnest-money-link-sent', 'earnest-money-received']))
    for (const agent of [listingAgent, buyerAgent]) {
      const told = await t.db.select().from(notification).where(eq(notification.userId, agent.id))
      expect(told.map((row) => row.type)).toContain('offer.earnest-money-received')
      expect((await emailsTo(t, agent.email)).map((row) => row.subject)).toContain('Earnest money received on 12 Elm St, Nashville, TN 37203')
    }
    // A new link after the receipt is refused.
    expectRefusal(await call(buyerAgent, 'POST', `/api/offers/${offerId}/earnest-money/holder-link`, { email: HOLDER_EMAIL }), 409, { key: 'earnestMoney.alreadyReceived' })
  })

  it("dates the file's receipt by the day the holder received the money, not the day the holder attested it", async () => {
    const t = app.t
    const { listingAgent, buyerAgent, offerId } = await contract(t)
    // Bound ten days ago with earnest money due five days after: due five days ago, received on time, attested today.
    await t.db.update(offer).set({ bindingAgreementAt: new Date(Date.now() - 10 * DAY) }).where(eq(offer.id, offerId))
    await sendLink(buyerAgent, offerId)
    const token = await holderToken(t)
    const receivedOn = dateInZone(new Date(Date.now() - 9 * DAY), ZONE)
    const attested = await call(null, 'POST', '/api/earnest-money/holder/attest', { token, attestation: attestation({ receivedOn }) })
    expect(attested.statusCode, attested.body).toBe(201)
    const file = await call(listingAgent, 'GET', `/api/offers/${offerId}/file/listing`)
    expect(file.statusCode, file.body).toBe(200)
    const codes = file.json<{ audit: { findings: { code: string }[] } }>().audit.findings.map((finding) => finding.code)
    expect(codes).not.toContain('earnestMoneyLate')
    expect(codes).not.toContain('earnestMoneyMissing')
    // The same contract with the money received after its due day is late in the file.
    await t.db.update(earnestMoneyRecord).set({ receivedOn: today() }).where(eq(earnestMoneyRecord.offerId, offerId))
    const late = (await call(listingAgent, 'GET', `/api/offers/${offerId}/file/listing`)).json<{ audit: { findings: { code: string }[] } }>()
    expect(late.audit.findings.map((finding) => finding.code)).toContain('earnestMoneyLate')
  })

  it('refuses an expired link and a replaced one, and a bad email changes nothing', async () => {
    const t = app.t
    const { listingAgent, offerId } = await contract(t)
    const refused = expectRefusal(await call(listingAgent, 'POST', `/api/offers/${offerId}/earnest-money/holder-link`, { email: 'not an email' }), 400)
    expect(refused.errors?.[0]?.path).toBe('email')
    expect(await t.db.select().from(earnestMoneyLink).where(eq(earnestMoneyLink.offerId, offerId))).toEqual([])

    await sendLink(listingAgent, offerId)
    const first = await holderToken(t)
    await sendLink(listingAgent, offerId)
    const second = await holderToken(t)
    expectRefusal(await call(null, 'POST', '/api/earnest-money/holder/open', { token: first }), 404, { key: 'earnestMoney.linkNotValid' })
    await t.db.update(earnestMoneyLink).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(earnestMoneyLink.offerId, offerId))
    expectRefusal(await call(null, 'POST', '/api/earnest-money/holder/attest', { token: second, attestation: attestation() }), 409, { key: 'earnestMoney.linkExpired' })
    expect(await t.db.select().from(earnestMoneyRecord).where(eq(earnestMoneyRecord.offerId, offerId))).toEqual([])
  })
})

describe('the 21-day disbursement clock', () => {
  it('owes the latest reminder day reached', () => {
    expect(reminderDayOwed('2026-03-02', '2026-03-15')).toBeNull()
    expect(reminderDayOwed('2026-03-02', '2026-03-16')).toBe(14)
    expect(reminderDayOwed('2026-03-02', '2026-03-20')).toBe(18)
    expect(reminderDayOwed('2026-03-02', '2026-03-30')).toBe(21)
  })

  it('reminds the holder side’s agent and principal broker on days 14, 18 and 21, once each, and not after the release', async () => {
    const t = app.t
    const { broker, listingAgent, buyerAgent, offerId } = await received(t)
    const ctx = { publicUrl: 'https://offerbook.test' }
    expectRefusal(await call(buyerAgent, 'POST', `/api/offers/${offerId}/earnest-money/request`, { requestedOn: '', requestedBy: '', payee: '' }), 400)
    const requested = await call(buyerAgent, 'POST', `/api/offers/${offerId}/earnest-money/request`, { requestedOn: today(), requestedBy: 'Ana Buyer', payee: 'Ana Buyer' })
    expect(requested.statusCode, requested.body).toBe(200)
    expect(requested.json<EarnestMoneyView>().clock).toMatchObject({ requestedOn: today(), state: 'open', daysLeft: 21 })
    expectRefusal(await call(buyerAgent, 'POST', `/api/offers/${offerId}/earnest-money/request`, { requestedOn: today(), requestedBy: 'Ana Buyer', payee: 'Ana Buyer' }), 409, { key: 'earnestMoney.alreadyRequested' })

    const remindersTo = async (user: CreatedUser) => (await emailsTo(t, user.email)).filter((mail) => mail.kind.endsWith('disbursement-reminder')).map((mail) => (mail.subject?.startsWith('Last day') ? 'day 21' : `day ${/^Day (\d+) of 21/.exec(mail.subject ?? '')?.[1]}`))
    const mine = async () => (await t.db.select().from(notification).where(eq(notification.offerId, offerId))).filter((row) => row.type === 'offer.disbursement-reminder')
    const run = async (days: number) => (await sendDisbursementReminders(t.db, ctx, { now: noonAfter(days) })).reminders > 0 || undefined

    await run(13)
    expect(await remindersTo(listingAgent)).toEqual([])
    await run(14)
    expect(await remindersTo(listingAgent)).toEqual(['day 14'])
    expect(await remindersTo(broker)).toEqual(['day 14'])
    expect((await mine()).map((row) => row.userId)).toEqual([listingAgent.id])
    await run(14)
    await run(15)
    expect(await remindersTo(listingAgent)).toEqual(['day 14'])
    await run(18)
    await run(21)
    await run(21)
    expect(await remindersTo(listingAgent)).toEqual(['day 14', 'day 18', 'day 21'])
    expect(await remindersTo(broker)).toHaveLength(3)
    // The buyer side holds nothing here: it is not reminded.
    expect(await remindersTo(buyerAgent)).toEqual([])
    expect((await eventsOf(t, offerId)).filter((event) => event.type === 'disbursement-reminder').map((event) => (event.details as { day: number }).day)).toEqual([14, 18, 21])

    // The release: its amount cannot pass the receipt; once recorded, the clock stops and nothing more is sent.
    expectRefusal(await call(listingAgent, 'POST', `/api/offers/${offerId}/earnest-money/release`, { kind: 'mutualRelease', releasedOn: today(), payee: 'Ana Buyer', amount: 9000 }), 400, { key: 'earnestMoney.releaseOverReceipt' })
    const released = await call(listingAgent, 'POST', `/api/offers/${offerId}/earnest-money/release`, { kind: 'mutualRelease', releasedOn: today(), payee: 'Ana Buyer', amount: 5000 })
    expect(released.statusCode, released.body).toBe(200)
    expect(released.json<EarnestMoneyView>()).toMatchObject({ clock: { state: 'released', daysLeft: null }, release: { kind: 'mutualRelease', payee: 'Ana Buyer', amount: 5000 } })
    expectRefusal(await call(listingAgent, 'POST', `/api/offers/${offerId}/earnest-money/release`, { kind: 'closing', releasedOn: today(), payee: 'Ana Buyer', amount: 5000 }), 409, { key: 'earnestMoney.alreadyReleased' })
    await t.db.delete(notification).where(eq(notification.offerId, offerId))
    expect(await sendDisbursementReminders(t.db, ctx, { now: noonAfter(30) })).toMatchObject({ reminders: 0 })
    expect(await remindersTo(listingAgent)).toHaveLength(3)
    expect(await mine()).toEqual([])
    const types = (await eventsOf(t, offerId)).map((event) => event.type)
    expect(types).toEqual(expect.arrayContaining(['disbursement-requested', 'earnest-money-released']))

    // The trust log shows the withdrawal.
    const row = (await call(broker, 'GET', '/api/broker/trust-log')).json<TrustLogPage>().items.find((item) => item.offerId === offerId)
    expect(row).toMatchObject({ withdrawalDate: today(), payee: 'Ana Buyer', releaseKind: 'mutualRelease', clock: { state: 'released' } })
  })
})

describe("the brokerage's trust log", () => {
  it('exports as CSV and PDF for an audit', async () => {
    const t = app.t
    const { broker, offerId } = await received(t)
    const csv = await call(broker, 'GET', '/api/broker/trust-log.csv')
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n')
    expect(lines[0]).toBe('Contract,Property,Depositor,Amount,Deposit date,Method,Holder,Holder kind,Holder address,Request date,Requested by,Payee requested,Disburse by,Clock,Withdrawal date,Payee,Release kind,Amount released')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(`${offerId},"12 Elm St, Nashville, TN 37203",Ana Buyer,5000.00,${today()},Wire transfer,Elm Realty Trust,Listing broker`)

    const pdf = await call(broker, 'GET', '/api/broker/trust-log.pdf')
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    const text = await pdftotext(pdf.rawPayload)
    expect(text).toContain('Trust Log: Earnest Money Held')
    expect(text).toContain('Brokerage of Pat Broker')
    expect(text).toContain('12 Elm St, Nashville, TN 37203')
    expect(text).toContain('Ana Buyer')
    expect(text).toContain('$5,000.00')
  })

  it("keeps another brokerage's broker and strangers out", async () => {
    const t = app.t
    const { broker, offerId } = await received(t)
    const other = await person(t, ['PRINCIPAL_BROKER'], 'Otto Broker')
    const otherAgent = await person(t, ['SELLER_AGENT'], 'Olga Agent')
    await joinByInvitation(call, t, other, otherAgent)
    const stranger = await person(t, ['BUYER_AGENT'], 'Sam Stranger')

    // His own broker reads it, read-only, and its receipt.
    const read = (await call(broker, 'GET', `/api/offers/${offerId}/earnest-money`)).json<EarnestMoneyView>()
    expect(read).toMatchObject({ canAct: false, links: [] })
    expect((await call(broker, 'GET', `/api/offers/${offerId}/earnest-money/receipt`)).statusCode).toBe(200)
    expectRefusal(await call(broker, 'POST', `/api/offers/${offerId}/earnest-money/request`, { requestedOn: today(), requestedBy: 'x', payee: 'y' }), 403)

    for (const outsider of [other, stranger]) {
      expectRefusal(await call(outsider, 'GET', `/api/offers/${offerId}/earnest-money`), 404)
      expectRefusal(await call(outsider, 'GET', `/api/offers/${offerId}/earnest-money/receipt`), 404)
    }
    expectRefusal(await call(stranger, 'POST', `/api/offers/${offerId}/earnest-money/holder-link`, { email: HOLDER_EMAIL }), 404)
    expectRefusal(await call(stranger, 'POST', `/api/offers/${offerId}/earnest-money/release`, { kind: 'closing', releasedOn: today(), payee: 'x', amount: 1 }), 404)
    const theirs = (await call(other, 'GET', '/api/broker/trust-log')).json<TrustLogPage>()
    expect(theirs.items.map((item) => item.offerId)).not.toContain(offerId)
    expect((await call(other, 'GET', '/api/broker/trust-log.csv')).body).not.toContain(offerId)
    expectRefusal(await call(stranger, 'GET', '/api/broker/trust-log'), 403)

    // An offer that is not bound gets no link.
    const { listing } = await sellerWithListing(t)
    const open = await createTestOffer(t, { status: 'active', listing, buyer: stranger })
    expectRefusal(await call(stranger, 'POST', `/api/offers/${open.offer.id}/earnest-money/holder-link`, { email: HOLDER_EMAIL }), 409, { key: 'earnestMoney.notBound' })
  })
})
