import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ContractNotices, NoticeView } from '@offerbook/domain/contract-notices'
import type { ContractTimelineView } from '@offerbook/domain/contract-timeline-view'
import type { LightMyRequestResponse } from 'fastify'
import { dateOfDayNumber, dayNumberOf } from '@offerbook/domain/calendar-days'
import { dateInZone, propertyTimeZone } from '@offerbook/domain/property-time'
import { useTestApp } from '../../../test/per-file'
import { createTestListing, createTestOffer, createUser } from '../../../test/factories'
import { listing as listingTable } from '../../db/schema/listings'
import { offer as offerTable } from '../../db/schema/offers'
import { emailsTo, eventsOf, expectRefusal, notificationsOf, offersCaller } from '../offers/offers.test-helpers'
import { pdftotext, setUpPdfWork } from '../signing/signing-pdf.test-helpers'
import { completeNow, fieldRefusal, lastLink, outboxTo, packetRow, signAs, signingContextOf, uniqueEmail } from '../signing/signing.test-helpers'

setUpPdfWork()
const t = useTestApp()
const call = offersCaller(t)
const DAY = 86_400_000

/** Today in the listing's county's zone, as a notice's dates are read: around midnight UTC it is not the UTC date. */
const todayThere = (listing: { countyOrParish: string | null }) => dateInZone(new Date(), propertyTimeZone(listing.countyOrParish))

/** A binding contract (bound yesterday) on a seller agent's listing under contract, by a buyer named on the offer with their own address. */
async function boundDeal() {
  const seller = await createUser(t, { roles: ['SELLER_AGENT'], name: 'Lena Seller', email: uniqueEmail('lena') })
  const listing = await createTestListing(t, { ownerId: seller.id, listAgentUserId: seller.id, listAgentFullName: 'Lena Seller', listAgentEmail: seller.email, standardStatus: 'ActiveUnderContract' })
  const buyer = await createUser(t, { roles: ['BUYER_SIMPLE'], name: 'Ben Buyer', email: uniqueEmail('ben') })
  const created = await createTestOffer(t, {
    status: 'accepted',
    listing,
    buyer,
    bindingAgreementAt: new Date(Date.now() - DAY),
    terms: { buyers: [{ fullName: 'Ben Buyer', email: buyer.email, phone: '' }], buyerAgent: { fullName: '', email: '' }, closingDate: new Date(Date.now() + 60 * DAY).toISOString().slice(0, 10) },
  })
  return { ...created, seller, buyer, listing }
}

function noticeOf(response: LightMyRequestResponse): NoticeView {
  expect(response.statusCode, response.body).toBe(201)
  return response.json<{ notice: NoticeView }>().notice
}

async function timelineOf(who: Parameters<typeof call>[0], offerId: string) {
  const answer = await call(who, 'GET', `/api/offers/${offerId}/timeline`)
  expect(answer.statusCode, answer.body).toBe(200)
  return Object.fromEntries(answer.json<ContractTimelineView>().items.map((item) => [item.kind, item]))
}

describe('notices of a contract', () => {
  it("the buyer side's inspection notice is signed by that side only, delivered to the seller side, and turns the item done", async () => {
    const deal = await boundDeal()
    const notice = noticeOf(await call(deal.buyer, 'POST', `/api/offers/${deal.offer.id}/notices`, { type: 'inspectionResult', item: 'inspectionPeriod', result: 'satisfied', note: 'All good.' }))
    expect(notice).toMatchObject({ type: 'inspectionResult', item: 'inspectionPeriod', side: 'buyer', status: 'sent', deliveredAt: null })

    // Our own document: its form code, version, property, contract and the facts, read back from the PDF.
    const packet = await packetRow(t, notice.packetId)
    expect(packet.kind).toBe('notice')
    const stored = await signingContextOf(t).storage.get(`signing/${packet.id}/${packet.originalFileId}.pdf`)
    const chunks: Buffer[] = []
    for await (const chunk of stored!.body) chunks.push(Buffer.from(chunk as Uint8Array))
    const text = (await pdftotext(Buffer.concat(chunks), { layout: false })).replace(/\s+/g, ' ')
    expect(text).toContain('OB-NOT')
    expect(text).toContain('Version 12/01/2026')
    expect(text).toContain("Buyer's Notice of the Inspection Result")
    expect(text).toContain(`offer ${deal.offer.id}`)
    expect(text).toContain('accepts the Property as it is')
    expect(text).toContain('Ben Buyer, Buyer')

    // Only the buyer side signs: the seller side's agent gets no link.
    const listed = (await call(deal.seller, 'GET', `/api/offers/${deal.offer.id}/notices`)).json<ContractNotices>()
    expect(listed.notices.map((row) => [row.id, row.status])).toEqual([[notice.id, 'sent']])
    expect(listed.side).toBe('seller')
    expect((await outboxTo(t, deal.seller.email)).filter((row) => row.kind.startsWith('signing.'))).toEqual([])

    // A second notice for the same item waits for the first.
    expectRefusal(await call(deal.buyer, 'POST', `/api/offers/${deal.offer.id}/notices`, { type: 'inspectionResult', item: 'inspectionPeriod', result: 'repairRequest' }), 409, { key: 'notice.inFlight' })

    await signAs(t, await lastLink(t, deal.buyer.email))
    expect(await completeNow(t)).toBe(1)

    const items = await timelineOf(deal.seller, deal.offer.id)
    expect(items['inspectionPeriod']?.state).toBe('done')
    expect(items['resolutionPeriod']?.state).toBe('waived')
    const after = (await call(deal.buyer, 'GET', `/api/offers/${deal.offer.id}/notices`)).json<ContractNotices>()
    expect(after.notices[0]).toMatchObject({ status: 'completed', canDownload: true })
    expect(after.notices[0]?.deliveredAt).not.toBeNull()
    expect((await notificationsOf(t, deal.seller.id, deal.offer.id)).map((row) => row.type)).toContain('offer.notice-delivered')
    expect((await emailsTo(t, deal.seller.email)).some((row) => row.kind === 'notification:offer.notice-delivered')).toBe(true)
    expect((await eventsOf(t, deal.offer.id)).map((row) => row.type)).toEqual(expect.arrayContaining(['notice-sent', 'notice-delivered']))
    // The sealed PDF is reachable from the offer by both sides.
    expect((await call(deal.seller, 'GET', `/api/signing/packets/${notice.packetId}/signed`)).statusCode).toBe(200)

    // A notice for an item already done is refused.
    expectRefusal(await call(deal.buyer, 'POST', `/api/offers/${deal.offer.id}/notices`, { type: 'contingency', item: 'inspectionPeriod', contingency: 'inspection', outcome: 'waived' }), 409, {
      key: 'notice.itemDone',
      message: 'A notice for an item that is already done is refused.',
    })
  })

  it('refuses the wrong side (403), an outsider (404), bad facts on their field, and a notice before binding', async () => {
    const deal = await boundDeal()
    expectRefusal(await call(deal.seller, 'POST', `/api/offers/${deal.offer.id}/notices`, { type: 'inspectionResult', item: 'inspectionPeriod', result: 'satisfied' }), 403, { key: 'notice.notYourSide' })
    expectRefusal(await call(deal.buyer, 'POST', `/api/offers/${deal.offer.id}/notices`, { type: 'termination', ground: 'earnestMoney', reason: 'Late.' }), 403, { key: 'notice.groundNotYourSide' })
    const stranger = await createUser(t, { roles: ['BUYER_AGENT'] })
    expectRefusal(await call(stranger, 'POST', `/api/offers/${deal.offer.id}/notices`, { type: 'inspectionResult', item: 'inspectionPeriod', result: 'satisfied' }), 404)
    expectRefusal(await call(stranger, 'GET', `/api/offers/${deal.offer.id}/notices`), 404)

    const holderMissing = await call(deal.buyer, 'POST', `/api/offers/${deal.offer.id}/notices`, { type: 'earnestMoneyDelivered', item: 'earnestMoney', amount: 5000, deliveredOn: todayThere(deal.listing), holder: '' })
    expect(holderMissing.statusCode).toBe(400)
    expect(holderMissing.json<{ errors: unknown[] }>().errors).toMatchObject([fieldRefusal('holder', 'notice.holderRequired')])
    const future = new Date(Date.now() + 5 * DAY).toISOString().slice(0, 10)
    const late = await call(deal.buyer, 'POST', `/api/offers/${deal.offer.id}/notices`, { type: 'earnestMoneyDelivered', item: 'earnestMoney', amount: 5000, deliveredOn: future, holder: 'Title Co' })
    expect(late.json<{ errors: unknown[] }>().errors).toEqual([fieldRefusal('deliveredOn', 'notice.dateFuture')])
    const notLow = await call(deal.buyer, 'POST', `/api/offers/${deal.offer.id}/notices`, { type: 'appraisalNotice', item: 'appraisalOrdered', appraisedValue: 900_000_000, appraisalDate: todayThere(deal.listing) })
    expect(notLow.json<{ errors: unknown[] }>().errors).toEqual([fieldRefusal('appraisedValue', 'notice.appraisalNotLow')])
    // Nothing was sent.
    expect((await call(deal.buyer, 'GET', `/api/offers/${deal.offer.id}/notices`)).json<ContractNotices>().notices).toEqual([])

    await t.db.update(offerTable).set({ bindingAgreementAt: null }).where(eq(offerTable.id, deal.offer.id))
    expectRefusal(await call(deal.buyer, 'POST', `/api/offers/${deal.offer.id}/notices`, { type: 'inspectionResult', item: 'inspectionPeriod', result: 'satisfied' }), 409, { key: 'notice.notBinding' })
  })

  it('a low appraisal notice, once signed, dates the appraisal contingency from its delivery', async () => {
    const deal = await boundDeal()
    expect((await timelineOf(deal.buyer, deal.offer.id))['appraisalContingency']).toMatchObject({ date: null, waitsFor: 'lowAppraisalNotice' })
    noticeOf(await call(deal.buyer, 'POST', `/api/offers/${deal.offer.id}/notices`, { type: 'appraisalNotice', item: 'appraisalOrdered', appraisedValue: 1000, appraisalDate: todayThere(deal.listing) }))
    await signAs(t, await lastLink(t, deal.buyer.email))
    await completeNow(t)
    const items = await timelineOf(deal.seller, deal.offer.id)
    expect(items['appraisalOrdered']?.state).toBe('done')
    expect(items['appraisalContingency']).toMatchObject({ waitsFor: null })
    // The buyer's 3 days to waive or end it run from the notice's delivery today.
    expect(items['appraisalContingency']?.date).toBe(dateOfDayNumber(dayNumberOf(todayThere(deal.listing)) + 3))
  })

  it('a termination, signed, ends the contract with its reason, puts the listing back on the market and tells the back-ups', async () => {
    const deal = await boundDeal()
    const backupBuyer = await createUser(t, { roles: ['BUYER_SIMPLE'], name: 'Bea Backup', email: uniqueEmail('bea') })
    const backup = await createTestOffer(t, { status: 'backup', listing: deal.listing, buyer: backupBuyer })

    // The one-step terminate is gone once the contract is binding.
    expectRefusal(await call(deal.buyer, 'POST', `/api/offers/${deal.offer.id}/terminate`), 409, { key: 'notice.terminateByNotice' })

    const listed = (await call(deal.buyer, 'GET', `/api/offers/${deal.offer.id}/notices`)).json<ContractNotices>()
    expect(listed.terminationGrounds).toEqual(expect.arrayContaining(['inspection', 'appraisal', 'financing']))
    expect(listed.signers).toEqual([{ name: 'Ben Buyer', email: deal.buyer.email, role: 'buyer' }])
    const notice = noticeOf(await call(deal.buyer, 'POST', `/api/offers/${deal.offer.id}/notices`, { type: 'termination', ground: 'inspection', reason: 'The roof needs replacing.' }))
    expect(notice).toMatchObject({ type: 'termination', item: 'inspectionPeriod' })
    await signAs(t, await lastLink(t, deal.buyer.email))
    await completeNow(t)

    const [row] = await t.db.select().from(offerTable).where(eq(offerTable.id, deal.offer.id))
    expect(row?.status).toBe('terminated')
    const terminated = (await eventsOf(t, deal.offer.id)).find((event) => event.type === 'terminated')
    expect(terminated?.details).toMatchObject({ ground: 'inspection', reason: 'The roof needs replacing.' })
    const [listing] = await t.db.select().from(listingTable).where(eq(listingTable.id, deal.listing.id))
    expect(listing?.standardStatus).toBe('Active')
    expect((await notificationsOf(t, deal.seller.id, deal.offer.id)).map((item) => item.type)).toContain('offer.terminated')
    expect((await notificationsOf(t, backupBuyer.id, backup.offer.id)).map((item) => item.type)).toEqual(['offer.contract-ended'])
    expect((await eventsOf(t, backup.offer.id)).map((event) => event.type)).toContain('contract-ended')
    // The contract is over: no more notices.
    expectRefusal(await call(deal.buyer, 'POST', `/api/offers/${deal.offer.id}/notices`, { type: 'termination', ground: 'appraisal', reason: 'Again.' }), 409, { key: 'notice.notBinding' })
  })
})
