import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ContractAmendments } from '@offerbook/domain/contract-amendments'
import type { ContractTimelineView } from '@offerbook/domain/contract-timeline-view'
import type { Dashboard } from '@offerbook/domain/dashboard'
import { dateInZone, propertyTimeZone } from '@offerbook/domain/property-time'
import { createTestOffer } from '../../../test/factories'
import { useTestApp } from '../../../test/per-file'
import { offerVersion } from '../../db/schema/offers'
import { eventsOf, expectRefusal, notificationsOf, offerOf } from '../offers/offers.test-helpers'
import { pdftotext, setUpPdfWork } from '../signing/signing-pdf.test-helpers'
import { authOf, completeNow, createUser, expectKeyedRefusal, fieldRefusal, lastLink, offersCaller, packetRow, signAs, signerCaller, uniqueEmail } from '../signing/signing.test-helpers'
import { joinByInvitation, person } from '../teams/teams.test-helpers'

/**
 * Amendments of a bound contract and repair proposals (issue #34 item 4, decision 066): drafted as a
 * difference on the current terms, drawn as our own document, signed by both sides, and applied to
 * the contract's terms when the packet completes.
 */

const t = useTestApp()
setUpPdfWork()
const call = offersCaller(t)
const signer = signerCaller(t)

const DAY = 86_400_000
/** A calendar day `days` from today in the property's calendar (the test listings have no county: Central time). */
const dayFromToday = (days: number) => dateInZone(new Date(Date.now() + days * DAY), propertyTimeZone(null))

/** An accepted offer bound two days ago, closing in 45 days; its buyer (named on the offer with their own address) and the listing agent sign. */
async function boundDeal() {
  const buyer = await createUser(t, { roles: ['BUYER_AGENT'], name: 'Bea Agent' })
  const buyerEmail = uniqueEmail('ben')
  const created = await createTestOffer(t, {
    status: 'accepted',
    buyer,
    bindingAgreementAt: new Date(Date.now() - 2 * DAY),
    terms: { buyers: [{ fullName: 'Ben Buyer', email: buyerEmail, phone: '' }], closingDate: dayFromToday(45) },
  })
  return { ...created, seller: created.seller!, buyerEmail }
}

const amendmentsOf = async (who: Parameters<typeof call>[0], offerId: string): Promise<ContractAmendments> => {
  const answer = await call(who, 'GET', `/api/offers/${offerId}/amendments`)
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json<ContractAmendments>()
}

const draft = (who: Parameters<typeof call>[0], offerId: string, body: Record<string, unknown>) => call(who, 'POST', `/api/offers/${offerId}/amendments`, body)

describe('an amendment of the closing date', () => {
  it('is drawn as our document, signed by both sides, and then the terms, the timeline, the calendar and the dashboard follow it', async () => {
    const deal = await boundDeal()
    const before = await amendmentsOf(deal.buyer, deal.offer.id)
    expect(before).toMatchObject({ amendments: [], side: 'buyer', canDraft: true, waitingFor: null, version: 1 })
    const oldClosing = dayFromToday(45)
    const newClosing = dayFromToday(10)

    const sent = await draft(deal.buyer, deal.offer.id, { changes: { closingDate: newClosing }, version: 1, message: 'The lender needs less time.' })
    expect(sent.statusCode, sent.body).toBe(201)
    const [amendment] = sent.json<ContractAmendments>().amendments
    expect(amendment).toMatchObject({ number: 1, side: 'buyer', state: 'signing', baseVersion: 1, appliedVersion: null, lines: [{ field: 'closingDate', before: oldClosing, after: newClosing }] })
    expect(sent.json<ContractAmendments>()).toMatchObject({ canDraft: false, waitingFor: 1 })

    // Our own words, with the form code and version date, each change old -> new, its fonts embedded.
    const original = await t.app.inject({ method: 'GET', url: `/api/signing/packets/${amendment!.packetId}/original`, headers: await authOf(t, deal.seller) })
    expect(original.statusCode).toBe(200)
    const text = await pdftotext(original.rawPayload, { layout: false })
    expect(text).toContain('OB-AMD')
    expect(text).toContain('Version 12/01/2026')
    expect(text).toContain('Amendment to the Purchase and Sale Agreement')
    expect(text).toContain('The agreement is amended as follows:')
    expect(text).toMatch(/Closing date \(on or before\): \w+ \d+, \d{4} -> \w+ \d+, \d{4}/)
    expect(text).toContain('Ben Buyer')
    expect(original.rawPayload.includes('/FontFile2')).toBe(true)
    expect((await packetRow(t, amendment!.packetId!)).kind).toBe('amendment')

    // A second amendment waits for the first.
    expectKeyedRefusal(await draft(deal.seller, deal.offer.id, { changes: { purchasePrice: 295_000 }, version: 1 }), 409, 'amendment.waitsForAnother', { number: 1 })

    // One side alone does not complete it: the terms stand.
    await signAs(t, await lastLink(t, deal.buyerEmail))
    expect(await completeNow(t)).toBe(0)
    expect((await amendmentsOf(deal.seller, deal.offer.id)).amendments[0]?.state).toBe('signing')
    const unchanged = (await call(deal.buyer, 'GET', `/api/offers/${deal.offer.id}/timeline`)).json<ContractTimelineView>()
    expect(unchanged.items.find((item) => item.kind === 'closing')?.date).toBe(oldClosing)

    const done = await signAs(t, await lastLink(t, deal.seller.email))
    expect(done.packet.status).toBe('completing')
    expect(await completeNow(t)).toBe(1)

    const after = await amendmentsOf(deal.buyer, deal.offer.id)
    expect(after).toMatchObject({ canDraft: true, waitingFor: null, version: 2, amendments: [{ number: 1, state: 'signed', appliedVersion: 2 }] })
    const offer = offerOf(await call(deal.seller, 'GET', `/api/offers/${deal.offer.id}`))
    expect(offer.terms.closingDate).toBe(newClosing)
    expect(offer.negotiation.version).toBe(2)
    expect(offer.negotiation.versions.map((item) => item.kind)).toEqual(['offer', 'amendment'])
    const [version] = await t.db.select().from(offerVersion).where(and(eq(offerVersion.offerId, deal.offer.id), eq(offerVersion.number, 2)))
    expect(version).toMatchObject({ kind: 'amendment', side: 'buyer' })

    const timeline = (await call(deal.seller, 'GET', `/api/offers/${deal.offer.id}/timeline`)).json<ContractTimelineView>()
    expect(timeline.items.find((item) => item.kind === 'closing')?.date).toBe(newClosing)
    const ics = await call(deal.buyer, 'GET', `/api/offers/${deal.offer.id}/calendar`)
    expect(ics.statusCode).toBe(200)
    expect(ics.body).toContain(`DTSTART;VALUE=DATE:${newClosing.replaceAll('-', '')}`)
    expect(ics.body).not.toContain(`DTSTART;VALUE=DATE:${oldClosing.replaceAll('-', '')}`)
    const dashboard = (await call(deal.buyer, 'GET', '/api/dashboard')).json<Dashboard>()
    expect(dashboard.deadlines.filter((item) => item.offerId === deal.offer.id && item.kind === 'closing').map((item) => item.date)).toEqual([newClosing])

    const entries = (await eventsOf(t, deal.offer.id)).filter((event) => event.type === 'amendment-drafted' || event.type === 'amended')
    expect(entries.map((event) => [event.type, event.actorId])).toEqual([
      ['amendment-drafted', deal.buyer.id],
      ['amended', null],
    ])
    expect(entries[1]?.details).toMatchObject({ number: 1, version: 2, changes: { closingDate: newClosing }, timeline: expect.arrayContaining([{ kind: 'closing', change: 'moved', from: oldClosing, to: newClosing }]) })
    expect((await notificationsOf(t, deal.buyer.id, deal.offer.id)).map((notice) => notice.type)).toContain('offer.amended')
    expect((await notificationsOf(t, deal.seller.id, deal.offer.id)).map((notice) => notice.type)).toContain('offer.amended')
  })
})

describe('what a draft refuses, changing nothing', () => {
  it('an amendment that changes nothing, a field at its current value, closing before today, a stale version', async () => {
    const deal = await boundDeal()
    const url = `/api/offers/${deal.offer.id}/amendments`
    const nothing = await call(deal.buyer, 'POST', url, { changes: {}, version: 1 })
    expect(expectKeyedRefusal(nothing, 400, 'amendment.nothingChanged').errors).toEqual([fieldRefusal('changes', 'amendment.nothingChanged')])
    const same = await call(deal.buyer, 'POST', url, { changes: { closingDate: dayFromToday(45) }, version: 1 })
    expect(expectKeyedRefusal(same, 400, 'amendment.fieldUnchanged').errors).toEqual([fieldRefusal('changes.closingDate', 'amendment.fieldUnchanged')])
    const past = await call(deal.seller, 'POST', url, { changes: { closingDate: dayFromToday(-1) }, version: 1 })
    expect(expectKeyedRefusal(past, 400, 'amendment.closingBeforeToday').errors).toEqual([fieldRefusal('changes.closingDate', 'amendment.closingBeforeToday')])
    expectKeyedRefusal(await call(deal.buyer, 'POST', url, { changes: { closingDate: dayFromToday(20) }, version: 2 }), 409, 'offer.versionChanged', { version: 1 })
    expect((await amendmentsOf(deal.buyer, deal.offer.id)).amendments).toEqual([])
  })

  it('an offer not bound yet cannot be amended', async () => {
    const created = await createTestOffer(t, { status: 'accepted' })
    expectKeyedRefusal(await draft(created.buyer, created.offer.id, { changes: { closingDate: dayFromToday(20) }, version: 1 }), 409, 'amendment.notBound')
  })
})

describe('who may draft and read amendments', () => {
  it("the contract's two parties draft; the buyer's team reads; a principal broker, a stranger and an anonymous caller cannot", async () => {
    const deal = await boundDeal()
    const member = await person(t, ['BUYER_AGENT'], 'Tia Team')
    await joinByInvitation(call, t, deal.buyer, member)
    expect(await amendmentsOf(member, deal.offer.id)).toMatchObject({ side: null, canDraft: false, canProposeRepairs: false })
    expectKeyedRefusal(await draft(member, deal.offer.id, { changes: { closingDate: dayFromToday(20) }, version: 1 }), 403, 'amendment.onlyParties')
    const broker = await createUser(t, { roles: ['PRINCIPAL_BROKER'] })
    expectRefusal(await draft(broker, deal.offer.id, { changes: { closingDate: dayFromToday(20) }, version: 1 }), 403)
    expect((await call(broker, 'GET', `/api/offers/${deal.offer.id}/amendments`)).statusCode).toBe(403)
    const stranger = await createUser(t, { roles: ['BUYER_AGENT'] })
    expectKeyedRefusal(await draft(stranger, deal.offer.id, { changes: { closingDate: dayFromToday(20) }, version: 1 }), 404, 'offer.notFound')
    expect((await call(null, 'POST', `/api/offers/${deal.offer.id}/amendments`, { changes: { closingDate: dayFromToday(20) }, version: 1 })).statusCode).toBe(401)

    // The seller side drafts too; declined by the buyer, the amendment changes nothing and the next may be drafted.
    const sent = await draft(deal.seller, deal.offer.id, { changes: { purchasePrice: 290_000 }, version: 1 })
    expect(sent.statusCode, sent.body).toBe(201)
    const link = await lastLink(t, deal.buyerEmail)
    await signer(link, 'GET')
    await signer(link, 'POST', '/consent', { accepted: true })
    expect((await signer(link, 'POST', '/decline', { reason: 'We agreed on a credit instead.' })).statusCode).toBe(200)
    const after = await amendmentsOf(deal.buyer, deal.offer.id)
    expect(after).toMatchObject({ canDraft: true, version: 1, amendments: [{ side: 'seller', state: 'declined', appliedVersion: null }] })
    expect(offerOf(await call(deal.buyer, 'GET', `/api/offers/${deal.offer.id}`)).terms.purchasePrice).toBe(300_000)
  })
})

describe('a repair proposal during the resolution period', () => {
  it('the buyer side proposes, the seller side counters, the buyer side accepts: the amendment with those repairs goes out for signature', async () => {
    const deal = await boundDeal()
    const base = `/api/offers/${deal.offer.id}/repairs`
    expectKeyedRefusal(await call(deal.seller, 'POST', base, { repairs: ['Fix the roof'] }), 403, 'amendment.onlyBuyerProposes')
    const proposed = await call(deal.buyer, 'POST', base, { repairs: ['Replace the water heater', 'Fix the roof leak'] })
    expect(proposed.statusCode, proposed.body).toBe(201)
    const [proposal] = proposed.json<ContractAmendments>().repairProposals
    expect(proposal).toMatchObject({ status: 'open', awaiting: 'seller', rounds: [{ side: 'buyer', repairs: ['Replace the water heater', 'Fix the roof leak'] }] })
    expectKeyedRefusal(await call(deal.buyer, 'POST', base, { repairs: ['Paint'] }), 409, 'amendment.repairsOpen')
    expectKeyedRefusal(await call(deal.buyer, 'POST', `${base}/${proposal!.id}/answer`, { answer: 'declined' }), 409, 'amendment.notYourTurn')
    const noList = await call(deal.seller, 'POST', `${base}/${proposal!.id}/answer`, { answer: 'countered' })
    expect(expectKeyedRefusal(noList, 400, 'amendment.repairsRequired').errors?.[0]?.path).toBe('repairs')

    const countered = await call(deal.seller, 'POST', `${base}/${proposal!.id}/answer`, { answer: 'countered', repairs: ['Replace the water heater'] })
    expect(countered.statusCode, countered.body).toBe(200)
    expect(countered.json<ContractAmendments>().repairProposals[0]).toMatchObject({ status: 'open', awaiting: 'buyer' })

    const accepted = await call(deal.buyer, 'POST', `${base}/${proposal!.id}/answer`, { answer: 'accepted' })
    expect(accepted.statusCode, accepted.body).toBe(200)
    const view = accepted.json<ContractAmendments>()
    expect(view.repairProposals[0]).toMatchObject({ status: 'accepted', amendmentId: view.amendments[0]?.id })
    expect(view.amendments[0]).toMatchObject({ side: 'buyer', state: 'signing', repairProposalId: proposal!.id, lines: [{ field: 'repairs', after: ['Replace the water heater'] }] })
    const answers = (await eventsOf(t, deal.offer.id)).filter((event) => event.type === 'repairs-answered').map((event) => (event.details as { answer: string }).answer)
    expect(answers).toEqual(['countered', 'accepted'])
    expect((await notificationsOf(t, deal.seller.id, deal.offer.id)).map((notice) => notice.type)).toEqual(expect.arrayContaining(['offer.repairs-proposed', 'offer.repairs-answered']))
  })

  it('declined, the proposal ends with the resolution period as the contract states', async () => {
    const deal = await boundDeal()
    const base = `/api/offers/${deal.offer.id}/repairs`
    const [proposal] = (await call(deal.buyer, 'POST', base, { repairs: ['Regrade the yard'] })).json<ContractAmendments>().repairProposals
    const declined = await call(deal.seller, 'POST', `${base}/${proposal!.id}/answer`, { answer: 'declined', message: 'Sold as is.' })
    expect(declined.statusCode, declined.body).toBe(200)
    const view = declined.json<ContractAmendments>()
    expect(view.repairProposals[0]).toMatchObject({ status: 'declined', awaiting: null, amendmentId: null })
    expect(view.repairProposals[0]?.resolutionEnds).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(view.amendments).toEqual([])
    expect(view.canProposeRepairs).toBe(false)
    expect((await amendmentsOf(deal.buyer, deal.offer.id)).canProposeRepairs).toBe(true)
  })

  it('a contract whose inspection was waived has no resolution period to propose repairs in', async () => {
    const created = await createTestOffer(t, { status: 'accepted', bindingAgreementAt: new Date(Date.now() - DAY), terms: { inspectionPeriodDays: 0 } })
    expectKeyedRefusal(await call(created.buyer, 'POST', `/api/offers/${created.offer.id}/repairs`, { repairs: ['Fix the roof'] }), 409, 'amendment.noResolutionPeriod')
  })
})
