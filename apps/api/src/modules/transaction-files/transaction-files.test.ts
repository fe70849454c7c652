import { readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ReviewQueuePage, TransactionFileView, FileDocumentView } from '@offerbook/domain/transaction-file-view'
import { useTestApp } from '../../../test/per-file'
import type { CreatedUser } from '../../../test/factories'
import { createTestListing, createTestOffer, createUser } from '../../../test/factories'
import { transactionFileDocument } from '../../db/schema/transaction-files'
import { multipart } from '../files/files.test-helpers'
import { emailsTo, eventsOf, expectRefusal, notificationsOf, offersCaller, userHeaders } from '../offers/offers.test-helpers'
import { setUpPdfWork } from '../signing/signing-pdf.test-helpers'
import { acceptedOffer, completeNow, lastLink, partiesAsSigners, sendOffer, signAs } from '../signing/signing.test-helpers'
import { joinByInvitation, person } from '../teams/teams.test-helpers'

setUpPdfWork()
const t = useTestApp()
const call = offersCaller(t)
const headersOf = userHeaders(t)

/** A small PDF whose bytes differ by its label. */
const pdf = (label: string) => Buffer.from(`%PDF-1.4\n% ${label}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`)

async function upload(who: CreatedUser | null, offerId: string, side: string, fields: { slotKey?: string; kind?: string }, file: { bytes: Buffer; filename: string }) {
  const parts = [
    ...(fields.slotKey === undefined ? [] : [{ name: 'slotKey', value: fields.slotKey }]),
    ...(fields.kind === undefined ? [] : [{ name: 'kind', value: fields.kind }]),
    { name: 'file', value: file.bytes, filename: file.filename, type: 'application/pdf' },
  ]
  const form = await multipart(parts)
  return t.app.inject({ method: 'POST', url: `/api/offers/${offerId}/file/${side}/documents`, payload: form.payload, headers: { ...form.headers, ...(await headersOf(who)) } })
}

async function fileOf(who: CreatedUser, offerId: string, side = 'listing'): Promise<TransactionFileView> {
  const answer = await call(who, 'GET', `/api/offers/${offerId}/file/${side}`)
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json<TransactionFileView>()
}

async function documentCount(offerId: string) {
  return (await t.db.select().from(transactionFileDocument).where(eq(transactionFileDocument.offerId, offerId))).length
}

/** Pat's brokerage with Lena, a listing agent, whose listing (built in 2004) is under a bound contract. */
async function brokerage() {
  const broker = await person(t, ['PRINCIPAL_BROKER'], 'Pat Broker')
  const agent = await person(t, ['SELLER_AGENT'], 'Lena Listing')
  await joinByInvitation(call, t, broker, agent)
  const listing = await createTestListing(t, { ownerId: agent.id, listAgentUserId: agent.id, listAgentFullName: 'Lena Listing', yearBuilt: 2004 })
  const { offer } = await createTestOffer(t, { status: 'accepted', listing, bindingAgreementAt: new Date(Date.now() - 60_000) })
  return { broker, agent, offerId: offer.id, listingId: listing.id }
}

/** Lena files a distinct PDF in every empty slot. */
async function fillEverySlot(agent: CreatedUser, offerId: string): Promise<FileDocumentView[]> {
  const file = await fileOf(agent, offerId)
  const filed: FileDocumentView[] = []
  for (const slot of file.slots) {
    if (slot.documents.length > 0) continue
    const answer = await upload(agent, offerId, 'listing', { slotKey: slot.key, kind: slot.accepts[0] }, { bytes: pdf(`${offerId} ${slot.key}`), filename: `${slot.kind}.pdf` })
    expect(answer.statusCode, answer.body).toBe(201)
    filed.push(answer.json<FileDocumentView>())
  }
  return filed
}

const review = (who: CreatedUser, offerId: string, documentId: string, body: unknown) => call(who, 'POST', `/api/offers/${offerId}/file/listing/documents/${documentId}/review`, body)

describe("the brokerage's file of a transaction", () => {
  it('a complete file passes the audit, its documents are approved, and the broker closes it; each step is on the offer record', async () => {
    const { broker, agent, offerId, listingId } = await brokerage()
    const empty = await fileOf(agent, offerId)
    expect(empty).toMatchObject({ side: 'listing', agentName: 'Lena Listing', closedAt: null, canUpload: true, canReview: false, canClose: false })
    expect(empty.slots.map((slot) => slot.key)).toEqual(expect.arrayContaining(['purchaseAgreement', 'propertyConditionDisclosure', 'agencyDisclosure']))
    expect(empty.slots.map((slot) => slot.key)).not.toContain('leadBasedPaintDisclosure')
    expect(empty.audit.clean).toBe(false)
    expect(empty.audit.findings.filter((finding) => finding.code === 'slotEmpty')).toHaveLength(empty.slots.length)

    const filed = await fillEverySlot(agent, offerId)
    // Filed but not reviewed: the broker must act on each.
    const waiting = await fileOf(broker, offerId)
    expect(waiting).toMatchObject({ canReview: true, canClose: true, canUpload: false })
    expect(waiting.audit.findings.map((finding) => finding.code)).toEqual(filed.map(() => 'documentPending'))
    expectRefusal(await call(broker, 'POST', `/api/offers/${offerId}/file/listing/close`), 409, { key: 'file.notClean' })

    // The bytes come back as they were filed.
    const download = await call(broker, 'GET', `/api/offers/${offerId}/file/listing/documents/${filed[0]!.id}`)
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-disposition']).toContain('attachment')
    expect(download.rawPayload.equals(pdf(`${offerId} ${'purchaseAgreement'}`))).toBe(true)

    for (const document of filed) expect((await review(broker, offerId, document.id, { decision: 'approve' })).statusCode).toBe(200)
    const clean = await fileOf(broker, offerId)
    expect(clean.audit).toEqual({ clean: true, findings: [] })
    const queue = (await call(broker, 'GET', '/api/review?state=clean')).json<ReviewQueuePage>()
    expect(queue.items).toEqual([expect.objectContaining({ offerId, side: 'listing', agentName: 'Lena Listing', pending: 0, returned: 0, findings: 0, clean: true, closedAt: null })])

    const closed = await call(broker, 'POST', `/api/offers/${offerId}/file/listing/close`)
    expect(closed.statusCode, closed.body).toBe(200)
    expect(closed.json<{ closedAt: string }>().closedAt).toMatch(/^\d{4}-/)
    expect((await fileOf(agent, offerId)).canUpload).toBe(false)
    expectRefusal(await call(broker, 'POST', `/api/offers/${offerId}/file/listing/close`), 409, { key: 'file.closed' })
    expect((await call(broker, 'GET', '/api/review?state=closed')).json<ReviewQueuePage>().items.map((item) => item.offerId)).toEqual([offerId])

    const types = (await eventsOf(t, offerId)).map((event) => event.type)
    expect(types.filter((type) => type === 'file-document-approved')).toHaveLength(filed.length)
    expect(types).toContain('file-closed')
    // The offer record's CSV says so too.
    const csv = await call(agent, 'GET', `/api/listings/${listingId}/offer-record.csv`)
    expect(csv.statusCode).toBe(200)
    expect(csv.body).toContain("A side's brokerage file closed by its broker")
    expect(csv.body).toContain("A document of a side's brokerage file approved by its broker")
  })

  it("a buyer agent keeps the buyer side's file, and his principal broker reviews it", async () => {
    const broker = await person(t, ['PRINCIPAL_BROKER'], 'Pat Broker')
    const buyerAgent = await person(t, ['BUYER_AGENT'], 'Bo Agent')
    await joinByInvitation(call, t, broker, buyerAgent)
    const { offer } = await createTestOffer(t, { status: 'accepted', buyer: buyerAgent, bindingAgreementAt: new Date(Date.now() - 60_000) })
    const file = await fileOf(buyerAgent, offer.id, 'buyer')
    expect(file).toMatchObject({ side: 'buyer', agentName: 'Bo Agent', canUpload: true })
    const filed = await upload(buyerAgent, offer.id, 'buyer', { slotKey: 'agencyDisclosure', kind: 'agencyDisclosure' }, { bytes: pdf('buyer agency'), filename: 'agency.pdf' })
    expect(filed.statusCode, filed.body).toBe(201)
    expect((await fileOf(broker, offer.id, 'buyer')).canReview).toBe(true)
    // The listing side's file is not his brokerage's.
    expectRefusal(await call(broker, 'GET', `/api/offers/${offer.id}/file/listing`), 404)
    expect((await call(broker, 'GET', '/api/review?state=needsReview')).json<ReviewQueuePage>().items).toEqual([expect.objectContaining({ offerId: offer.id, side: 'buyer', agentName: 'Bo Agent', pending: 1 })])
  })

  it('a returned document tells the agent, and comes back to the queue when the agent files its replacement', async () => {
    const { broker, agent, offerId, listingId } = await brokerage()
    const [first] = await fillEverySlot(agent, offerId)
    expectRefusal(await review(broker, offerId, first!.id, { decision: 'return' }), 400, { key: 'file.noteRequired' })
    const returned = await review(broker, offerId, first!.id, { decision: 'return', note: 'The seller did not initial page 3.' })
    expect(returned.statusCode, returned.body).toBe(200)
    expect(returned.json<FileDocumentView>()).toMatchObject({ review: 'returned', reviewNote: 'The seller did not initial page 3.' })
    expect((await notificationsOf(t, agent.id, offerId)).map((row) => row.type)).toContain('offer.file-document-returned')
    const [email] = (await emailsTo(t, agent.email)).filter((row) => row.kind === 'notification:offer.file-document-returned')
    expect(email?.subject).toContain('Document returned')
    expect(JSON.stringify(email)).toContain('The seller did not initial page 3.')
    // It leads to the offer's page on the agent's side, where the File section is.
    expect(JSON.stringify(email)).toContain(`/my-properties/${listingId}/offers/${offerId}`)
    expect((await call(broker, 'GET', '/api/review?state=returned')).json<ReviewQueuePage>().items).toEqual([expect.objectContaining({ offerId, returned: 1 })])
    expect((await eventsOf(t, offerId)).map((event) => event.type)).toContain('file-document-returned')

    const replacement = await upload(agent, offerId, 'listing', { slotKey: 'purchaseAgreement', kind: 'purchaseAgreement' }, { bytes: pdf('corrected'), filename: 'agreement-corrected.pdf' })
    expect(replacement.statusCode, replacement.body).toBe(201)
    const file = await fileOf(broker, offerId)
    const slot = file.slots.find((each) => each.key === 'purchaseAgreement')!
    expect(slot.documents.map((document) => [document.review, document.supersededBy])).toEqual([
      ['returned', replacement.json<FileDocumentView>().id],
      ['pending', null],
    ])
    expect(file.audit.findings.some((finding) => finding.code === 'documentReturned')).toBe(false)
    // A replaced document is not decided on again.
    expectRefusal(await review(broker, offerId, first!.id, { decision: 'approve' }), 409, { key: 'file.documentSuperseded' })
    const queue = (await call(broker, 'GET', '/api/review?state=needsReview')).json<ReviewQueuePage>()
    expect(queue.items).toEqual([expect.objectContaining({ offerId, returned: 0 })])
    expect((await call(broker, 'GET', '/api/review?state=returned')).json<ReviewQueuePage>().items).toEqual([])
  })

  it('the same bytes under another name are refused as a duplicate, and nothing is stored', async () => {
    const { agent, offerId } = await brokerage()
    const first = await upload(agent, offerId, 'listing', { slotKey: 'purchaseAgreement', kind: 'purchaseAgreement' }, { bytes: pdf('agreement'), filename: 'agreement.pdf' })
    expect(first.statusCode, first.body).toBe(201)
    const again = expectRefusal(await upload(agent, offerId, 'listing', { slotKey: 'agencyDisclosure', kind: 'agencyDisclosure' }, { bytes: pdf('agreement'), filename: 'agency.pdf' }), 409, { key: 'file.duplicate' })
    expect(again.params).toMatchObject({ documentId: first.json<FileDocumentView>().id, slot: 'purchaseAgreement', filename: 'agreement.pdf' })
    expect(await documentCount(offerId)).toBe(1)
    // The file storage (the test app's disk; its sidecars start with a dot) holds the first upload's bytes alone.
    expect(readdirSync(join(tmpdir(), `offerbook-test-files-${process.pid}`, 'transaction-files', offerId)).filter((name) => !name.startsWith('.'))).toHaveLength(1)
  })

  it('bad input gets a clear 400 on its field and changes nothing', async () => {
    const { broker, agent, offerId } = await brokerage()
    const refusedOn = (answer: Awaited<ReturnType<typeof upload>>, key: string, path: string) => {
      const body = expectRefusal(answer, 400, { key: key as never })
      expect(body.errors?.[0]?.path).toBe(path)
    }
    refusedOn(await upload(agent, offerId, 'listing', { slotKey: 'noSuchSlot', kind: 'purchaseAgreement' }, { bytes: pdf('a'), filename: 'a.pdf' }), 'file.slotUnknown', 'slotKey')
    refusedOn(await upload(agent, offerId, 'listing', { slotKey: 'purchaseAgreement', kind: 'agencyDisclosure' }, { bytes: pdf('b'), filename: 'b.pdf' }), 'file.kindNotAccepted', 'kind')
    refusedOn(await upload(agent, offerId, 'listing', { kind: 'purchaseAgreement' }, { bytes: pdf('c'), filename: 'c.pdf' }), 'file.slotRequired', 'slotKey')
    refusedOn(await upload(agent, offerId, 'listing', { slotKey: 'purchaseAgreement', kind: 'purchaseAgreement' }, { bytes: Buffer.from('just some text, not a PDF'), filename: 'd.pdf' }), 'file.documentType', 'file')
    expectRefusal(await call(agent, 'GET', `/api/offers/${offerId}/file/sideways`), 400)
    expect(await documentCount(offerId)).toBe(0)
    // The condition disclosure's slot takes its disclaimer too.
    const disclaimer = await upload(agent, offerId, 'listing', { slotKey: 'propertyConditionDisclosure', kind: 'propertyConditionDisclaimer' }, { bytes: pdf('disclaimer'), filename: 'disclaimer.pdf' })
    expect(disclaimer.statusCode, disclaimer.body).toBe(201)
    const id = disclaimer.json<FileDocumentView>().id
    expectRefusal(await review(broker, offerId, id, { decision: 'return', note: '   ' }), 400, { key: 'file.noteRequired' })
    expectRefusal(await review(broker, offerId, id, { decision: 'return', note: 'x'.repeat(1001) }), 400, { key: 'file.noteTooLong' })
    expectRefusal(await review(broker, offerId, id, { decision: 'maybe' }), 400)
    expect((await fileOf(broker, offerId)).slots.find((slot) => slot.key === 'propertyConditionDisclosure')?.documents[0]?.review).toBe('pending')
  })

  it("another brokerage's broker and a stranger get 404, the agent cannot review, close or read the queue", async () => {
    const { broker, agent, offerId } = await brokerage()
    const [document] = await fillEverySlot(agent, offerId)
    const other = await brokerage()
    const stranger = await createUser(t, { roles: ['BUYER_SIMPLE'] })
    for (const who of [other.broker, other.agent, stranger]) {
      expectRefusal(await call(who, 'GET', `/api/offers/${offerId}/file/listing`), 404, { key: 'file.notFound' })
      expectRefusal(await call(who, 'GET', `/api/offers/${offerId}/file/listing/documents/${document!.id}`), 404)
      expectRefusal(await review(who, offerId, document!.id, { decision: 'approve' }), 404)
      expectRefusal(await call(who, 'POST', `/api/offers/${offerId}/file/listing/close`), 404)
      expectRefusal(await upload(who, offerId, 'listing', { slotKey: 'agencyDisclosure', kind: 'agencyDisclosure' }, { bytes: pdf(`${who.id}`), filename: 'x.pdf' }), 404)
    }
    // The buyer made the offer as a buyer, not as an agent: the buyer side has no brokerage file.
    expectRefusal(await call(agent, 'GET', `/api/offers/${offerId}/file/buyer`), 404)
    expectRefusal(await review(agent, offerId, document!.id, { decision: 'approve' }), 403, { key: 'file.notReviewer' })
    expectRefusal(await call(agent, 'POST', `/api/offers/${offerId}/file/listing/close`), 403, { key: 'file.notReviewer' })
    expectRefusal(await upload(broker, offerId, 'listing', { slotKey: 'agencyDisclosure', kind: 'agencyDisclosure' }, { bytes: pdf('broker'), filename: 'x.pdf' }), 403, { key: 'file.notYourFile' })
    expectRefusal(await call(agent, 'GET', '/api/review'), 403, { key: 'file.queueNotAllowed' })
    expectRefusal(await call(agent, 'GET', '/api/brokerage/file-rules'), 403, { key: 'file.rulesNotAllowed' })
    expect((await call(null, 'GET', `/api/offers/${offerId}/file/listing`)).statusCode).toBe(401)
    // The other broker's queue does not hold this file.
    expect((await call(other.broker, 'GET', '/api/review')).json<ReviewQueuePage>().items.map((item) => item.offerId)).not.toContain(offerId)
    expect((await fileOf(broker, offerId)).slots.flatMap((slot) => slot.documents).every((each) => each.review === 'pending')).toBe(true)
  })

  it("the brokerage's own rule adds a slot to its agents' files, and a team leader reviews his team's file", async () => {
    const { broker, agent, offerId } = await brokerage()
    const added = await call(broker, 'POST', '/api/brokerage/file-rules', { title: 'Wire fraud advisory', side: 'listing', propertyTypes: [], minPrice: null, maxPrice: null })
    expect(added.statusCode, added.body).toBe(201)
    const rule = added.json<{ id: string }>()
    expectRefusal(await call(broker, 'POST', '/api/brokerage/file-rules', { title: '', minPrice: 5, maxPrice: 1 }), 400)
    // A title the database cannot store (a NUL byte) is refused on its field, not a 500.
    const unstorable = await call(broker, 'POST', '/api/brokerage/file-rules', { title: 'Lead\u0000paint', maxPrice: null })
    expect(unstorable.statusCode, unstorable.body).toBe(400)
    expect(unstorable.json<{ errors: { path: string; key: string }[] }>().errors).toContainEqual(expect.objectContaining({ path: 'title', key: 'common.unstorableText' }))
    expect((await call(broker, 'GET', '/api/brokerage/file-rules')).json<{ rules: unknown[] }>().rules).toHaveLength(1)
    const slot = (await fileOf(agent, offerId)).slots.find((each) => each.key === `brokerageRule:${rule.id}`)
    expect(slot?.title).toEqual({ key: 'file.slotBrokerageRule', params: { title: 'Wire fraud advisory' } })
    expect((await call(broker, 'DELETE', `/api/brokerage/file-rules/${rule.id}`)).statusCode).toBe(204)
    expectRefusal(await call(broker, 'DELETE', `/api/brokerage/file-rules/${rule.id}`), 404, { key: 'file.ruleNotFound' })

    const leader = await person(t, ['SELLER_AGENT'], 'Tess Leader')
    const member = await person(t, ['SELLER_AGENT'], 'Mo Member')
    await joinByInvitation(call, t, leader, member)
    const listing = await createTestListing(t, { ownerId: member.id, listAgentUserId: member.id, yearBuilt: 2010 })
    const { offer } = await createTestOffer(t, { status: 'accepted', listing, bindingAgreementAt: new Date(Date.now() - 60_000) })
    const [document] = await fillEverySlot(member, offer.id)
    expect((await fileOf(leader, offer.id)).canReview).toBe(true)
    expect((await review(leader, offer.id, document!.id, { decision: 'approve' })).statusCode).toBe(200)
    expect((await call(leader, 'GET', '/api/review')).json<ReviewQueuePage>().items.map((item) => item.offerId)).toEqual([offer.id])
    expectRefusal(await call(broker, 'GET', `/api/offers/${offer.id}/file/listing`), 404)
  })

  it('a completed agreement packet fills its slot of the file by itself, review pending, once', async () => {
    const deal = await acceptedOffer(t)
    await sendOffer(t, deal, { signers: partiesAsSigners(deal) })
    await signAs(t, await lastLink(t, deal.buyer.email))
    await signAs(t, await lastLink(t, deal.seller.email))
    expect(await completeNow(t)).toBe(1)
    const file = await fileOf(deal.seller, deal.offer.id)
    const [document] = file.slots.find((slot) => slot.key === 'purchaseAgreement')!.documents
    expect(document).toMatchObject({ source: 'packet', review: 'pending', kind: 'purchaseAgreement', supersededBy: null })
    expect(document!.filename).toContain('signed')
    const download = await call(deal.seller, 'GET', `/api/offers/${deal.offer.id}/file/listing/documents/${document!.id}`)
    expect(download.statusCode).toBe(200)
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    expect(await completeNow(t)).toBe(0)
    expect((await fileOf(deal.seller, deal.offer.id)).slots.find((slot) => slot.key === 'purchaseAgreement')!.documents).toHaveLength(1)
  })

  it("a contract's notice gets its own slot while it is out for signature, and its sealed PDF fills it once signed", async () => {
    const seller = await createUser(t, { roles: ['SELLER_AGENT'], name: 'Lena Seller' })
    const listing = await createTestListing(t, { ownerId: seller.id, listAgentUserId: seller.id, listAgentFullName: 'Lena Seller', listAgentEmail: seller.email, standardStatus: 'ActiveUnderContract', yearBuilt: 2001 })
    const buyer = await createUser(t, { roles: ['BUYER_SIMPLE'], name: 'Ben Buyer' })
    const { offer } = await createTestOffer(t, {
      status: 'accepted',
      listing,
      buyer,
      bindingAgreementAt: new Date(Date.now() - 86_400_000),
      terms: { buyers: [{ fullName: 'Ben Buyer', email: buyer.email, phone: '' }], buyerAgent: { fullName: '', email: '' }, closingDate: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10) },
    })
    const sent = await call(buyer, 'POST', `/api/offers/${offer.id}/notices`, { type: 'inspectionResult', item: 'inspectionPeriod', result: 'satisfied', note: 'All good.' })
    expect(sent.statusCode, sent.body).toBe(201)
    const noticeId = sent.json<{ notice: { id: string } }>().notice.id
    const key = `contractNotice:${noticeId}`
    const waiting = await fileOf(seller, offer.id)
    expect(waiting.slots.find((slot) => slot.key === key)?.documents).toEqual([])
    expect(waiting.audit.findings.filter((finding) => finding.code === 'packetNotSealed')).toHaveLength(1)

    await signAs(t, await lastLink(t, buyer.email))
    expect(await completeNow(t)).toBe(1)
    const file = await fileOf(seller, offer.id)
    expect(file.slots.find((slot) => slot.key === key)?.documents).toEqual([expect.objectContaining({ source: 'packet', kind: 'contractNotice', review: 'pending' })])
    expect(file.audit.findings.filter((finding) => finding.code === 'packetNotSealed')).toEqual([])
  })
})
