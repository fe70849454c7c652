import { and, eq } from 'drizzle-orm'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import type { TextItem } from 'pdfjs-dist/types/src/display/api'
import { describe, expect, it } from 'vitest'
import type { OfferAttachment } from '@offerbook/domain/offer'
import { OFFER_LIMITS } from '@offerbook/domain/offer'
import { useTestApp } from '../../../test/per-file'
import type { CreatedOffer, CreatedUser } from '../../../test/factories'
import { createTestOffer, createUser } from '../../../test/factories'
import { storedFile } from '../../db/schema/files'
import { listing as listingTable } from '../../db/schema/listings'
import { offerAttachment, offerEvent } from '../../db/schema/offers'
import { makeJpegLike, makePng, multipart } from '../files/files.test-helpers'
import { contentDisposition } from '../../http/content-disposition'
import { expectRefusal, userHeaders } from '../offers/offers.test-helpers'

const t = useTestApp()

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(16)])

const headersOf = userHeaders(t)

async function upload(who: CreatedUser | null, offerId: string, file: { bytes: Buffer; filename?: string; type?: string } = { bytes: PDF }, kind?: string) {
  const form = await multipart([{ name: 'file', value: file.bytes, filename: file.filename ?? 'document.pdf', type: file.type ?? 'application/pdf' }])
  return t.app.inject({
    method: 'POST',
    url: `/api/offers/${offerId}/attachments${kind ? `?kind=${kind}` : ''}`,
    payload: form.payload,
    headers: { ...form.headers, ...(await headersOf(who)) },
  })
}

async function attach(who: CreatedUser, offerId: string, file?: { bytes: Buffer; filename?: string; type?: string }, kind?: string): Promise<OfferAttachment> {
  const response = await upload(who, offerId, file, kind)
  expect(response.statusCode, response.body).toBe(201)
  return response.json<{ attachment: OfferAttachment }>().attachment
}

async function download(who: CreatedUser | null, offerId: string, attachmentId: string, token?: string) {
  return t.app.inject({ method: 'GET', url: `/api/offers/${offerId}/attachments/${attachmentId}${token ? `?token=${encodeURIComponent(token)}` : ''}`, headers: await headersOf(who) })
}

async function remove(who: CreatedUser | null, offerId: string, attachmentId: string) {
  return t.app.inject({ method: 'DELETE', url: `/api/offers/${offerId}/attachments/${attachmentId}`, headers: await headersOf(who) })
}

async function generate(who: CreatedUser | null, offerId: string) {
  return t.app.inject({ method: 'POST', url: `/api/offers/${offerId}/forms`, headers: await headersOf(who) })
}

const sellerOf = (created: CreatedOffer): CreatedUser => {
  if (!created.seller) throw new Error('the offer was made on a given listing')
  return created.seller
}

async function pdfText(bytes: Uint8Array): Promise<{ pageCount: number; text: string }> {
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise
  try {
    const pages: string[] = []
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent()
      pages.push(
        content.items
          .filter((item): item is TextItem => 'str' in item)
          .map((item) => item.str)
          .join(' '),
      )
    }
    return { pageCount: document.numPages, text: pages.join('\n').replace(/\s+/g, ' ') }
  } finally {
    await document.destroy()
  }
}

const eventsOf = (offerId: string) => t.db.select().from(offerEvent).where(eq(offerEvent.offerId, offerId)).orderBy(offerEvent.at)

describe('POST /api/offers/:id/attachments', () => {
  it('keeps a PDF on the buyer’s draft and gives it back with its name and type', async () => {
    const { offer, buyer } = await createTestOffer(t)
    const attachment = await attach(buyer, offer.id, { bytes: PDF, filename: 'proof of funds.pdf', type: 'application/octet-stream' })
    expect(attachment).toMatchObject({ kind: 'attachment', filename: 'proof of funds.pdf', contentType: 'application/pdf', size: PDF.length })

    const response = await download(buyer, offer.id, attachment.id)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toBe(`attachment; filename="proof of funds.pdf"; filename*=UTF-8''proof%20of%20funds.pdf`)
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.rawPayload.equals(PDF)).toBe(true)
  })

  it('takes JPEG and PNG by their bytes, whatever they are called', async () => {
    const { offer, buyer } = await createTestOffer(t)
    const png = makePng(2, 2, [10, 20, 30])
    expect(await attach(buyer, offer.id, { bytes: png, filename: 'scan.pdf', type: 'application/pdf' })).toMatchObject({ contentType: 'image/png', filename: 'scan.pdf' })
    expect(await attach(buyer, offer.id, { bytes: makeJpegLike(), filename: 'photo', type: 'text/plain' })).toMatchObject({ contentType: 'image/jpeg' })
  })

  it('refuses anything that is not a PDF, JPEG or PNG, whatever it claims to be', async () => {
    const { offer, buyer } = await createTestOffer(t)
    expectRefusal(await upload(buyer, offer.id, { bytes: Buffer.from('just text, not a PDF'), filename: 'offer.pdf', type: 'application/pdf' }), 415, { key: 'offer.attachmentType', message: 'The file must be a PDF, JPEG or PNG' })
    expectRefusal(await upload(buyer, offer.id, { bytes: WEBP, filename: 'photo.webp', type: 'image/webp' }), 415, { key: 'offer.attachmentType', message: 'The file must be a PDF, JPEG or PNG' })
    expectRefusal(await upload(buyer, offer.id, { bytes: Buffer.from('<html><script>alert(1)</script>'), filename: 'page.html', type: 'text/html' }), 415, { key: 'offer.attachmentType', message: 'The file must be a PDF, JPEG or PNG' })
    expect(await t.db.select().from(offerAttachment).where(eq(offerAttachment.offerId, offer.id))).toEqual([])
  })

  it('refuses a file over 20 MB with 413', async () => {
    const { offer, buyer } = await createTestOffer(t)
    const big = Buffer.concat([PDF, Buffer.alloc(OFFER_LIMITS.attachmentMaxBytes + 1 - PDF.length)])
    expectRefusal(await upload(buyer, offer.id, { bytes: big }), 413, 'The file is larger than 20 MB')
    const justUnder = Buffer.concat([PDF, Buffer.alloc(OFFER_LIMITS.attachmentMaxBytes - PDF.length)])
    expect((await upload(buyer, offer.id, { bytes: justUnder })).statusCode).toBe(201)
  })

  it('explains a request that is not one file in the field "file"', async () => {
    const { offer, buyer } = await createTestOffer(t)
    const url = `/api/offers/${offer.id}/attachments`
    const headers = await headersOf(buyer)
    expectRefusal(await t.app.inject({ method: 'POST', url, headers, payload: { file: 'x' } }), 415, { key: 'offer.attachmentNotMultipart', message: 'Send the file as multipart/form-data' })

    const two = await multipart([
      { name: 'file', value: PDF, filename: 'a.pdf' },
      { name: 'file', value: PDF, filename: 'b.pdf' },
    ])
    expectRefusal(await t.app.inject({ method: 'POST', url, payload: two.payload, headers: { ...two.headers, ...headers } }), 400, { key: 'offer.attachmentOnlyOne', message: 'Send one file, in the form field file, and nothing else' })
    const wrongField = await multipart([{ name: 'document', value: PDF, filename: 'a.pdf' }])
    expectRefusal(await t.app.inject({ method: 'POST', url, payload: wrongField.payload, headers: { ...wrongField.headers, ...headers } }), 400, { key: 'offer.attachmentOnlyOne', message: 'Send one file, in the form field file, and nothing else' })
    const none = await multipart([])
    expectRefusal(await t.app.inject({ method: 'POST', url, payload: none.payload, headers: { ...none.headers, ...headers } }), 400, 'Choose a file to upload')
    const empty = await multipart([{ name: 'file', value: Buffer.alloc(0), filename: 'empty.pdf' }])
    expectRefusal(await t.app.inject({ method: 'POST', url, payload: empty.payload, headers: { ...empty.headers, ...headers } }), 400, 'Choose a file to upload')
    expectRefusal(await upload(buyer, offer.id, { bytes: PDF }, 'offer-form'), 400)
  })

  it('keeps at most 20 attachments on an offer; the offer form does not count', async () => {
    const { offer, buyer } = await createTestOffer(t)
    expect((await generate(buyer, offer.id)).statusCode).toBe(201)
    for (let index = 0; index < OFFER_LIMITS.maxAttachments - 1; index++) await attach(buyer, offer.id, { bytes: PDF, filename: `file-${index}.pdf` })
    await attach(buyer, offer.id, { bytes: PDF }, 'pre-approval')
    expectRefusal(await upload(buyer, offer.id), 400, 'An offer can have at most 20 attachments')
    // A new pre-approval letter replaces the one there, so it still fits.
    expect((await upload(buyer, offer.id, { bytes: PDF, filename: 'letter-2.pdf' }, 'pre-approval')).statusCode).toBe(201)
    expect(await t.db.select().from(offerAttachment).where(eq(offerAttachment.offerId, offer.id))).toHaveLength(OFFER_LIMITS.maxAttachments + 1)
  })

  it('replaces the pre-approval letter with a new one', async () => {
    const { offer, buyer } = await createTestOffer(t)
    const other = await attach(buyer, offer.id, { bytes: PDF, filename: 'inspection.pdf' })
    const first = await attach(buyer, offer.id, { bytes: PDF, filename: 'letter.pdf' }, 'pre-approval')
    const second = await attach(buyer, offer.id, { bytes: makePng(1, 1, [0, 0, 0]), filename: 'letter.png' }, 'pre-approval')
    expect(second).toMatchObject({ kind: 'pre-approval', filename: 'letter.png', contentType: 'image/png' })
    expect((await download(buyer, offer.id, first.id)).statusCode).toBe(404)
    expect((await download(buyer, offer.id, second.id)).statusCode).toBe(200)
    expect((await download(buyer, offer.id, other.id)).statusCode).toBe(200)
    expect(await t.db.select().from(storedFile).where(eq(storedFile.filename, 'letter.pdf'))).toEqual([])
  })

  it('records a change to a shared offer’s files in its history; a draft’s files are its own business', async () => {
    const draft = await createTestOffer(t)
    await attach(draft.buyer, draft.offer.id)
    expect((await eventsOf(draft.offer.id)).map((event) => event.type)).toEqual(['created'])

    const shared = await createTestOffer(t, { status: 'active' })
    const attachment = await attach(shared.buyer, shared.offer.id, { bytes: PDF, filename: 'appraisal.pdf' })
    expect((await remove(shared.buyer, shared.offer.id, attachment.id)).statusCode).toBe(204)
    const events = (await eventsOf(shared.offer.id)).filter((event) => event.type === 'updated')
    expect(events.map((event) => [event.type, event.details])).toEqual([
      ['updated', { attachmentAdded: 'appraisal.pdf', kind: 'attachment' }],
      ['updated', { attachmentRemoved: 'appraisal.pdf', kind: 'attachment' }],
    ])
    expect(events.at(-1)?.actorId).toBe(shared.buyer.id)
  })

  it('lets only the buyer side attach: the seller is refused, anyone else finds no offer', async () => {
    const created = await createTestOffer(t, { status: 'active' })
    const stranger = await createUser(t, { roles: ['BUYER_SIMPLE'] })
    expectRefusal(await upload(sellerOf(created), created.offer.id), 403, { key: 'offer.notYourOffer', message: 'Only the buyer side can change this offer' })
    expectRefusal(await upload(stranger, created.offer.id), 404, { key: 'offer.notFound', message: 'Offer not found' })
    expectRefusal(await upload(null, created.offer.id), 401)
    expectRefusal(await upload(created.buyer, '6d1f0a52-0c8b-4b57-9d3c-2b8f1b2f7e10'), 404, { key: 'offer.notFound', message: 'Offer not found' })
    expectRefusal(await upload(created.buyer, 'not-an-id'), 404, { key: 'offer.notFound', message: 'Offer not found' })

    // A draft is invisible to its listing's seller.
    const draft = await createTestOffer(t)
    expectRefusal(await upload(sellerOf(draft), draft.offer.id), 404, { key: 'offer.notFound', message: 'Offer not found' })
  })

  it('changes no files once the offer is answered', async () => {
    for (const status of ['accepted', 'declined', 'withdrawn', 'expired'] as const) {
      const created = await createTestOffer(t, { status })
      expectRefusal(await upload(created.buyer, created.offer.id), 409, `An offer that is ${status} can no longer be changed`)
    }
  })
})

describe('GET /api/offers/:id/attachments/:attachmentId', () => {
  it('serves the seller side once the offer is shared, and never a draft’s', async () => {
    const draft = await createTestOffer(t)
    const draftFile = await attach(draft.buyer, draft.offer.id)
    expectRefusal(await download(sellerOf(draft), draft.offer.id, draftFile.id), 404, { key: 'offer.notFound', message: 'Offer not found' })

    const shared = await createTestOffer(t, { status: 'active' })
    const file = await attach(shared.buyer, shared.offer.id)
    const response = await download(sellerOf(shared), shared.offer.id, file.id)
    expect(response.statusCode).toBe(200)
    expect(response.rawPayload.equals(PDF)).toBe(true)
  })

  it('serves the holder of a valid share link, signed in or not, and refuses an expired or wrong one', async () => {
    const shared = await createTestOffer(t, { status: 'active' })
    const file = await attach(shared.buyer, shared.offer.id)
    if (!shared.token) throw new Error('a shared offer has a link')
    expect((await download(null, shared.offer.id, file.id, shared.token)).statusCode).toBe(200)
    const stranger = await createUser(t, { roles: ['BUYER_SIMPLE'] })
    expect((await download(stranger, shared.offer.id, file.id, shared.token)).statusCode).toBe(200)
    expectRefusal(await download(null, shared.offer.id, file.id, 'not-the-token'), 404, { key: 'offer.notFound', message: 'Offer not found' })
    expectRefusal(await download(null, shared.offer.id, file.id), 404, { key: 'offer.notFound', message: 'Offer not found' })
    expectRefusal(await download(stranger, shared.offer.id, file.id), 404, { key: 'offer.notFound', message: 'Offer not found' })

    const expired = await createTestOffer(t, { status: 'active', tokenExpiresAt: new Date(Date.now() - 1000) })
    const expiredFile = await attach(expired.buyer, expired.offer.id)
    expectRefusal(await download(null, expired.offer.id, expiredFile.id, expired.token ?? ''), 403, { key: 'offer.linkExpired', message: 'This offer link has expired' })
  })

  it('finds no file that is not the offer’s own', async () => {
    const one = await createTestOffer(t)
    const two = await createTestOffer(t, { buyer: one.buyer })
    const file = await attach(one.buyer, one.offer.id)
    expectRefusal(await download(one.buyer, two.offer.id, file.id), 404, { key: 'offer.attachmentNotFound', message: 'This file is not on the offer. It may have been replaced or removed.' })
    expectRefusal(await download(one.buyer, one.offer.id, '6d1f0a52-0c8b-4b57-9d3c-2b8f1b2f7e10'), 404, { key: 'offer.attachmentNotFound', message: 'This file is not on the offer. It may have been replaced or removed.' })
    expectRefusal(await download(one.buyer, one.offer.id, 'x'.repeat(300)), 404, { key: 'offer.attachmentNotFound', message: 'This file is not on the offer. It may have been replaced or removed.' })
    // Offer files are not public files.
    const [row] = await t.db.select({ fileId: offerAttachment.fileId }).from(offerAttachment).where(eq(offerAttachment.id, file.id))
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${row?.fileId}` })).statusCode).toBe(404)
  })

  it('names a file with characters outside ASCII both ways', async () => {
    const { offer, buyer } = await createTestOffer(t)
    const file = await attach(buyer, offer.id, { bytes: PDF, filename: 'Préaprobación «Ben».pdf' })
    const response = await download(buyer, offer.id, file.id)
    expect(response.headers['content-disposition']).toBe(`attachment; filename="Pr_aprobaci_n _Ben_.pdf"; filename*=UTF-8''Pr%C3%A9aprobaci%C3%B3n%20%C2%ABBen%C2%BB.pdf`)
    // Quotes and apostrophes cannot end the header's values early; a backslash never reaches it (decision 017).
    expect(contentDisposition(`Ben's "offer"\\.pdf`)).toBe(`attachment; filename="Ben's _offer_.pdf"; filename*=UTF-8''Ben%27s%20%22offer%22.pdf`)
  })
})

describe('DELETE /api/offers/:id/attachments/:attachmentId', () => {
  it('removes a file of the buyer’s offer, with its stored copy', async () => {
    const { offer, buyer } = await createTestOffer(t)
    const file = await attach(buyer, offer.id, { bytes: PDF, filename: 'to-remove.pdf' })
    expect((await remove(buyer, offer.id, file.id)).statusCode).toBe(204)
    expectRefusal(await download(buyer, offer.id, file.id), 404, { key: 'offer.attachmentNotFound', message: 'This file is not on the offer. It may have been replaced or removed.' })
    expect(await t.db.select().from(storedFile).where(eq(storedFile.filename, 'to-remove.pdf'))).toEqual([])
    expectRefusal(await remove(buyer, offer.id, file.id), 404, { key: 'offer.attachmentNotFound', message: 'This file is not on the offer. It may have been replaced or removed.' })
  })

  it('lets only the buyer side remove files, and only while the offer can change', async () => {
    const created = await createTestOffer(t, { status: 'active' })
    const file = await attach(created.buyer, created.offer.id)
    const stranger = await createUser(t, { roles: ['BUYER_SIMPLE'] })
    expectRefusal(await remove(sellerOf(created), created.offer.id, file.id), 403, { key: 'offer.notYourOffer', message: 'Only the buyer side can change this offer' })
    expectRefusal(await remove(stranger, created.offer.id, file.id), 404, { key: 'offer.notFound', message: 'Offer not found' })
    expectRefusal(await remove(null, created.offer.id, file.id), 401)
    expect((await download(created.buyer, created.offer.id, file.id)).statusCode).toBe(200)

    const accepted = await createTestOffer(t, { status: 'accepted' })
    const [row] = await t.db.select().from(offerAttachment).where(eq(offerAttachment.offerId, accepted.offer.id))
    expect(row).toBeUndefined()
    expectRefusal(await remove(accepted.buyer, accepted.offer.id, file.id), 409, 'An offer that is accepted can no longer be changed')
  })

  it('keeps the offer form of a shared offer; a draft’s may go', async () => {
    const draft = await createTestOffer(t)
    const draftForm = (await generate(draft.buyer, draft.offer.id)).json<{ attachment: OfferAttachment }>().attachment
    expect((await remove(draft.buyer, draft.offer.id, draftForm.id)).statusCode).toBe(204)

    const shared = await createTestOffer(t, { status: 'active' })
    const form = (await generate(shared.buyer, shared.offer.id)).json<{ attachment: OfferAttachment }>().attachment
    expectRefusal(await remove(shared.buyer, shared.offer.id, form.id), 403, { key: 'offer.offerFormKept', message: 'The offer form of a shared offer cannot be removed' })
    expect((await download(sellerOf(shared), shared.offer.id, form.id)).statusCode).toBe(200)
  })
})

describe('POST /api/offers/:id/forms', () => {
  it('asks for the buyer details first, then the listing agent details, each on its field', async () => {
    const neither = await createTestOffer(t, { terms: { buyers: [], listingAgent: { fullName: '', email: '' } } })
    const body = expectRefusal(await generate(neither.buyer, neither.offer.id), 400, 'Please fill the buyer details before generating the forms')
    expect(body.errors).toEqual([{ path: 'buyers', key: 'offerTerms.buyerDetailsRequired', message: 'Please fill the buyer details before generating the forms' }])

    const oneName = await createTestOffer(t, { terms: { buyers: [{ fullName: 'Ben', email: 'ben@example.com' }] } })
    expectRefusal(await generate(oneName.buyer, oneName.offer.id), 400, { key: 'offerTerms.buyerDetailsRequired', message: 'Please fill the buyer details before generating the forms' })

    const noAgent = await createTestOffer(t, { terms: { listingAgent: { fullName: 'Lena Listing', email: '' } } })
    const agentBody = expectRefusal(await generate(noAgent.buyer, noAgent.offer.id), 400, 'Please fill the listing agent details before generating the forms')
    expect(agentBody.errors).toEqual([{ path: 'listingAgent', key: 'offerTerms.listingAgentDetailsRequired', message: 'Please fill the listing agent details before generating the forms' }])
    expect(await t.db.select().from(offerAttachment).where(eq(offerAttachment.offerId, noAgent.offer.id))).toEqual([])
  })

  it('makes the purchase and sale agreement PDF from the saved terms, keeps it as the offer form and records it', async () => {
    const stipulations = 'Seller to repair the back porch railing before closing.'
    const { offer, buyer } = await createTestOffer(t, { terms: { purchasePrice: 312_500, stipulations } })
    const response = await generate(buyer, offer.id)
    expect(response.statusCode, response.body).toBe(201)
    const form = response.json<{ attachment: OfferAttachment }>().attachment
    expect(form).toMatchObject({ kind: 'offer-form', contentType: 'application/pdf' })
    expect(form.filename).toMatch(/^Purchase-and-Sale-Agreement-\d{4}-\d{2}-\d{2}\.pdf$/)

    const file = await download(buyer, offer.id, form.id)
    expect(file.statusCode).toBe(200)
    expect(file.rawPayload.length).toBe(form.size)
    const { pageCount, text } = await pdfText(new Uint8Array(file.rawPayload))
    expect(pageCount).toBeGreaterThanOrEqual(3)
    expect(text).toContain('RESIDENTIAL PURCHASE AND SALE AGREEMENT')
    expect(text).toContain('The purchase price is $312,500')
    expect(text).toContain(stipulations)
    expect(text).toContain('Ben Buyer')

    const events = await eventsOf(offer.id)
    expect(events.at(-1)).toMatchObject({ type: 'forms-generated', actorId: buyer.id, details: { attachmentId: form.id, filename: form.filename } })
  })

  it("identifies the property as its listing does: county, parcel number, deed reference and legal description", async () => {
    const { offer, buyer, listing } = await createTestOffer(t)
    const legal = "Lot 12, Section 3, Magnolia Hills subdivision, as recorded in Plat Book 7900, Page 105, Register's Office of Davidson County, Tennessee."
    await t.db
      .update(listingTable)
      .set({ countyOrParish: 'Davidson', parcelNumber: '093 13 0 123.00', deedReference: "Instrument No. 20190412-0034567, Register's Office of Davidson County", taxLegalDescription: legal })
      .where(eq(listingTable.id, listing.id))
    const form = (await generate(buyer, offer.id)).json<{ attachment: OfferAttachment }>().attachment
    const { text } = await pdfText(new Uint8Array((await download(buyer, offer.id, form.id)).rawPayload))
    const parties = text.slice(text.indexOf('1. PURCHASE AND SALE'), text.indexOf('A. Fixtures that stay.'))
    // Words in order; where a value wraps, the next line's number may read in between.
    const reads = (words: string) => new RegExp(words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '(?: \\d{1,3})? '))
    expect(parties).toMatch(reads('County: Davidson County, Tennessee.'))
    expect(parties).toMatch(reads('Tax map and parcel number: 093 13 0 123.00'))
    expect(parties).toMatch(reads("at the Register of Deeds: Instrument No. 20190412-0034567, Register's Office of Davidson County"))
    expect(parties).toMatch(reads(`Legal description: ${legal}`))
  })

  it('replaces the previous offer form', async () => {
    const { offer, buyer } = await createTestOffer(t)
    const first = (await generate(buyer, offer.id)).json<{ attachment: OfferAttachment }>().attachment
    const second = (await generate(buyer, offer.id)).json<{ attachment: OfferAttachment }>().attachment
    expect(second.id).not.toBe(first.id)
    expect((await download(buyer, offer.id, first.id)).statusCode).toBe(404)
    const forms = await t.db
      .select()
      .from(offerAttachment)
      .where(and(eq(offerAttachment.offerId, offer.id), eq(offerAttachment.kind, 'offer-form')))
    expect(forms.map((row) => row.id)).toEqual([second.id])
  })

  it('appends the RF707 addendum when the offer has one', async () => {
    const { offer, buyer } = await createTestOffer(t, { terms: { addendum: { MCheckbox: true } } })
    const form = (await generate(buyer, offer.id)).json<{ attachment: OfferAttachment }>().attachment
    const { pageCount, text } = await pdfText(new Uint8Array((await download(buyer, offer.id, form.id)).rawPayload))
    // The agreement's pages, then the addendum's six.
    expect(text.indexOf('ADDITIONAL CONTRACT LANGUAGE')).toBeGreaterThan(text.indexOf('11. SIGNATURES'))
    expect(text).toMatch(/Page (\d+) of \1 .*Page 6 of 6/)
    expect(pageCount).toBeGreaterThan(6 + 2)
  })

  it('is for the buyer side alone, while the offer can change', async () => {
    const created = await createTestOffer(t, { status: 'active' })
    const stranger = await createUser(t, { roles: ['BUYER_SIMPLE'] })
    expectRefusal(await generate(sellerOf(created), created.offer.id), 403, { key: 'offer.notYourOffer', message: 'Only the buyer side can change this offer' })
    expectRefusal(await generate(stranger, created.offer.id), 404, { key: 'offer.notFound', message: 'Offer not found' })
    expectRefusal(await generate(null, created.offer.id), 401)
    expectRefusal(await generate(created.buyer, 'nope'), 404, { key: 'offer.notFound', message: 'Offer not found' })
    const declined = await createTestOffer(t, { status: 'declined' })
    expectRefusal(await generate(declined.buyer, declined.offer.id), 409, 'An offer that is declined can no longer be changed')
  })
})

describe('the OpenAPI document', () => {
  it('describes the offer file endpoints', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(response.statusCode).toBe(200)
    const paths = response.json<{ paths: Record<string, Record<string, unknown>> }>().paths
    expect(Object.keys(paths['/api/offers/{id}/attachments'] ?? {})).toContain('post')
    expect(Object.keys(paths['/api/offers/{id}/attachments/{attachmentId}'] ?? {}).sort()).toEqual(['delete', 'get'])
    expect(Object.keys(paths['/api/offers/{id}/forms'] ?? {})).toContain('post')
  })
})
