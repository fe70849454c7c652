import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { PacketView, SigningFieldInput } from '@offerbook/domain/signing'
import { SIGNING_LIMITS } from '@offerbook/domain/signing'
import { formDocumentLabel } from '@offerbook/domain/signing-rules'
import { useTestApp } from '../../../test/per-file'
import { storedFile } from '../../db/schema/files'
import { offer as offerTable } from '../../db/schema/offers'
import { signingPacket } from '../../db/schema/signing'
import { expectRefusal } from '../offers/offers.test-helpers'
import { sha256Hex } from './signing-events'
import type { AcceptedOffer } from './signing.test-helpers'
import {
  acceptedOffer,
  ADOPTED,
  authOf,
  completeNow,
  expectKeyedRefusal,
  fieldRefusal,
  lastLink,
  offersCaller,
  outboxTo,
  outsider,
  packetFiles,
  packetOf,
  pdfWithPages,
  signAs,
  signatureFields,
  signerCaller,
  signerViewOf,
  signingLinks,
  uploadForm,
} from './signing.test-helpers'

const run = promisify(execFile)

const t = useTestApp()
const call = offersCaller(t)
let twoPages: Buffer

beforeAll(async () => {
  twoPages = await pdfWithPages(2)
})

async function draftOf(deal: AcceptedOffer): Promise<PacketView> {
  return packetOf(await uploadForm(t, deal.buyer, deal.offer.id, twoPages, { filename: 'Lead paint disclosure.pdf' }), 201)
}

async function signingFileCount(): Promise<number> {
  return (await t.db.select().from(storedFile).where(eq(storedFile.purpose, 'signing-document'))).length
}

describe('uploading a form document', () => {
  it('a PDF becomes a draft packet with its pages and the SHA-256 of the upload', async () => {
    const deal = await acceptedOffer(t)
    const draft = await draftOf(deal)
    expect(draft).toMatchObject({ kind: 'form', status: 'draft', title: 'Lead paint disclosure', offerId: deal.offer.id, signers: [], fields: [], actions: ['send', 'delete'] })
    expect(draft.pages).toEqual([
      { width: 612, height: 792 },
      { width: 612, height: 792 },
    ])
    expect(draft.documents).toEqual([{ filename: 'Lead paint disclosure.pdf', sha256: sha256Hex(twoPages), pageCount: 2, removed: [] }])
    expect(draft.events.map((event) => event.type)).toEqual(['created'])
    // The seller side sees it and can open the preview.
    const original = await t.app.inject({ method: 'GET', url: `/api/signing/packets/${draft.id}/original`, headers: await authOf(t, deal.seller) })
    expect(original.statusCode).toBe(200)
    expect(original.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  })

  it('a file that is not a usable PDF is refused with its reason, and nothing is stored', async () => {
    const deal = await acceptedOffer(t)
    const filesBefore = await signingFileCount()

    expectKeyedRefusal(await uploadForm(t, deal.buyer, deal.offer.id, Buffer.from('Just some notes, not a PDF'), { filename: 'notes.txt', contentType: 'text/plain' }), 415, 'signing.notPdf')
    // A PNG named .pdf is still not a PDF.
    expectKeyedRefusal(await uploadForm(t, deal.buyer, deal.offer.id, Buffer.from(ADOPTED.signature.split(',')[1]!, 'base64'), { filename: 'scan.pdf' }), 415, 'signing.notPdf')
    expectKeyedRefusal(await uploadForm(t, deal.buyer, deal.offer.id, Buffer.from('%PDF-1.7 garbage')), 400, 'signing.pdfDamaged')

    const dir = mkdtempSync(join(tmpdir(), 'offerbook-encrypted-'))
    writeFileSync(join(dir, 'plain.pdf'), twoPages)
    await run('qpdf', ['--encrypt', 'user', 'owner', '256', '--', join(dir, 'plain.pdf'), join(dir, 'locked.pdf')])
    expectKeyedRefusal(await uploadForm(t, deal.buyer, deal.offer.id, readFileSync(join(dir, 'locked.pdf'))), 400, 'signing.pdfEncrypted')

    const tooLarge = Buffer.concat([twoPages, Buffer.alloc(SIGNING_LIMITS.documentMaxBytes + 1 - twoPages.length, 0x20)])
    expectKeyedRefusal(await uploadForm(t, deal.buyer, deal.offer.id, tooLarge), 413, 'signing.fileTooLarge')
    expectKeyedRefusal(await uploadForm(t, deal.buyer, deal.offer.id, Buffer.alloc(0)), 400, 'signing.fileMissing')
    expectKeyedRefusal(await call(deal.buyer, 'POST', `/api/offers/${deal.offer.id}/signing/documents`, { file: 'form.pdf' }), 415, 'signing.fileNotMultipart')

    expect(await t.db.select().from(signingPacket).where(eq(signingPacket.offerId, deal.offer.id))).toEqual([])
    expect(await signingFileCount()).toBe(filesBefore)
  })
})

describe('sending a form document', () => {
  it('refuses fields off the page, on a missing page, a signer without a signature field and a bad email, and sends nothing', async () => {
    const deal = await acceptedOffer(t)
    const draft = await draftOf(deal)
    const signers = [outsider('inspector'), outsider('lender')]
    const send = (body: Record<string, unknown>) => call(deal.buyer, 'POST', `/api/signing/packets/${draft.id}/send`, { signers, fields: signatureFields(2), ...body })
    const fieldWith = (changes: Partial<SigningFieldInput>) => [{ ...signatureFields(1)[0]!, ...changes }, signatureFields(2)[1]!]

    const offPage = expectKeyedRefusal(await send({ fields: fieldWith({ x: 0.9, width: 0.2 }) }), 400, 'signing.fieldOffPage')
    expect(offPage.errors).toContainEqual(fieldRefusal('fields.0.width', 'signing.fieldOffPage'))
    const noPage = expectKeyedRefusal(await send({ fields: fieldWith({ page: 5 }) }), 400, 'signing.fieldPageMissing')
    expect(noPage.errors).toEqual([fieldRefusal('fields.0.page', 'signing.fieldPageMissing')])
    const unsigned = expectKeyedRefusal(await send({ fields: [signatureFields(1)[0]!, { ...signatureFields(2)[1]!, type: 'date-signed' }] }), 400, 'signing.signerWithoutSignature')
    expect(unsigned.errors).toEqual([fieldRefusal('signers.1', 'signing.signerWithoutSignature')])
    const nobody = expectKeyedRefusal(await send({ fields: [...signatureFields(2), { ...signatureFields(1)[0]!, signerKey: '5' }] }), 400, 'signing.fieldSignerMissing')
    expect(nobody.errors).toEqual([fieldRefusal('fields.2.signerKey', 'signing.fieldSignerMissing')])
    const twice = expectKeyedRefusal(await send({ signers: [signers[0], { ...signers[1]!, email: signers[0]!.email.toUpperCase() }] }), 400, 'signing.duplicateSignerEmail')
    expect(twice.errors).toEqual([fieldRefusal('signers.1.email', 'signing.duplicateSignerEmail')])
    const badEmail = expectRefusal(await send({ signers: [{ ...signers[0]!, email: 'inspector-at-example' }, signers[1]] }), 400, 'Invalid email')
    expect(badEmail.errors).toEqual([{ path: 'signers.0.email', key: 'common.invalidEmail', message: 'Invalid email' }])

    const still = packetOf(await call(deal.buyer, 'GET', `/api/signing/packets/${draft.id}`))
    expect(still).toMatchObject({ status: 'draft', signers: [], fields: [], sentAt: null })
    for (const signer of signers) expect(await outboxTo(t, signer.email)).toEqual([])
  })

  it('is signed at /form-sign with a required text field filled, completes as form approved, and leaves the offer unsigned', async () => {
    const deal = await acceptedOffer(t)
    const draft = await draftOf(deal)
    const inspector = outsider('inspector')
    const fields: SigningFieldInput[] = [
      ...signatureFields(1),
      { signerKey: '0', type: 'text', page: 1, x: 0.1, y: 0.3, width: 0.5, height: 0.04, required: true, label: 'License number' },
      { signerKey: '0', type: 'date-signed', page: 1, x: 0.1, y: 0.4, width: 0.3, height: 0.04, required: true, label: '' },
    ]
    // The draft is the buyer side's, who uploaded it: the seller side sees it but cannot send it.
    expect(packetOf(await call(deal.seller, 'GET', `/api/signing/packets/${draft.id}`)).actions).toEqual([])
    expectKeyedRefusal(await call(deal.seller, 'POST', `/api/signing/packets/${draft.id}/send`, { signers: [inspector], fields }), 403, 'signing.notYourDraft')
    expectKeyedRefusal(await call(deal.buyer, 'POST', `/api/signing/packets/${draft.id}/send`, { signers: [inspector], fields, title: '   ' }), 400, 'signing.titleRequired')
    // The sender names the document; the signers and the record read that name, not the file's.
    const sent = packetOf(await call(deal.buyer, 'POST', `/api/signing/packets/${draft.id}/send`, { signers: [inspector], fields, title: "Inspector's license addendum" }))
    expect(sent).toMatchObject({ id: draft.id, status: 'sent', title: "Inspector's license addendum", actions: ['remind', 'void'] })
    expect(sent.fields).toHaveLength(3)
    const [invitation] = await signingLinks(t, inspector.email)
    expect(invitation!.path).toBe(`/form-sign/${draft.id}/${sent.signers[0]!.id}?token=${invitation!.token}`)
    const textField = sent.fields.find((field) => field.type === 'text')!

    const signer = signerCaller(t)
    expect(signerViewOf(await signer(invitation!, 'GET')).fields.map((field) => field.type)).toEqual(['signature', 'text', 'date-signed'])
    signerViewOf(await signer(invitation!, 'POST', '/consent', { accepted: true }))
    const missing = expectKeyedRefusal(await signer(invitation!, 'POST', '/finish', { adopted: ADOPTED, values: { [textField.id]: '   ' } }), 400, 'signing.fieldRequired')
    expect(missing.errors).toEqual([fieldRefusal(`values.${textField.id}`, 'signing.fieldRequired')])
    const stranger = expectKeyedRefusal(await signer(invitation!, 'POST', '/finish', { adopted: ADOPTED, values: { [textField.id]: 'TN-4411', [sent.fields[0]!.id]: 'x' } }), 400, 'signing.unknownField')
    expect(stranger.errors).toEqual([fieldRefusal(`values.${sent.fields[0]!.id}`, 'signing.unknownField')])
    expect(signerViewOf(await signer(invitation!, 'GET')).signer.status).toBe('pending')

    const done = await signAs(t, invitation!, { [textField.id]: 'TN-4411' })
    expect(done.packet.status).toBe('completing')
    expect(done.fields.find((field) => field.id === textField.id)?.value).toBe('TN-4411')
    expect(await completeNow(t)).toBe(1)

    const completed = packetOf(await call(deal.buyer, 'GET', `/api/signing/packets/${draft.id}`))
    expect(completed.status).toBe('completed')
    expect(formDocumentLabel(completed.status)).toBe('form approved')
    const [offerRow] = await t.db.select({ signedAt: offerTable.signedAt }).from(offerTable).where(eq(offerTable.id, deal.offer.id))
    expect(offerRow?.signedAt).toBeNull()
    expect(await packetFiles(t, draft.id)).toHaveLength(2)

    // The sealed PDF carries the value typed in.
    const pdf = await t.app.inject({ method: 'GET', url: `/api/signing/packets/${draft.id}/signed`, headers: await authOf(t, deal.buyer) })
    expect(pdf.statusCode).toBe(200)
    const file = join(mkdtempSync(join(tmpdir(), 'offerbook-form-')), 'signed.pdf')
    writeFileSync(file, pdf.rawPayload)
    expect((await run('pdftotext', [file, '-'])).stdout).toContain('TN-4411')
    // The signer downloads it with the link of the completion email.
    const link = await lastLink(t, inspector.email)
    expect(link.kind).toBe('signing.completed')
    expect(link.path.startsWith(`/form-sign/${draft.id}/`)).toBe(true)

    // The offer's ledger has the form sent, the signer's view, consent and signature, and the form completed.
    const offerView = await call(deal.buyer, 'GET', `/api/offers/${deal.offer.id}`)
    const events = (offerView.json() as { offer: { events: { type: string; actorName: string | null }[] } }).offer.events
    expect(events.filter((event) => ['form-sent', 'signer-viewed', 'signer-consented', 'signer-signed', 'form-completed'].includes(event.type))).toEqual([
      { type: 'form-sent', at: expect.any(String), actorName: 'Ben Buyer' },
      { type: 'signer-viewed', at: expect.any(String), actorName: inspector.name },
      { type: 'signer-consented', at: expect.any(String), actorName: inspector.name },
      { type: 'signer-signed', at: expect.any(String), actorName: inspector.name },
      { type: 'form-completed', at: expect.any(String), actorName: null },
    ])
  })
})

describe('deleting a form document', () => {
  it('a draft is deleted with its file by its uploader only; a sent one cannot be', async () => {
    const deal = await acceptedOffer(t)
    const draft = await draftOf(deal)
    const [file] = await packetFiles(t, draft.id)
    const storage = t.config.storage
    if (!file || storage.kind !== 'disk') throw new Error("expected the draft's file on disk")
    expect(existsSync(join(storage.directory, file.key))).toBe(true)
    // Only its uploader throws a draft away: the other side is refused and the draft stays.
    expectKeyedRefusal(await call(deal.seller, 'DELETE', `/api/signing/packets/${draft.id}`), 403, 'signing.notYourDraft')
    expect(packetOf(await call(deal.buyer, 'GET', `/api/signing/packets/${draft.id}`)).status).toBe('draft')
    const deleted = await call(deal.buyer, 'DELETE', `/api/signing/packets/${draft.id}`)
    expect(deleted.statusCode, deleted.body).toBe(204)
    expectKeyedRefusal(await call(deal.buyer, 'GET', `/api/signing/packets/${draft.id}`), 404, 'signing.packetNotFound')
    expect(await packetFiles(t, draft.id)).toEqual([])
    expect(existsSync(join(storage.directory, file.key))).toBe(false)

    const other = await draftOf(deal)
    packetOf(await call(deal.buyer, 'POST', `/api/signing/packets/${other.id}/send`, { signers: [outsider('inspector')], fields: signatureFields(1) }))
    expectKeyedRefusal(await call(deal.buyer, 'DELETE', `/api/signing/packets/${other.id}`), 409, 'signing.notDraft')
    expectKeyedRefusal(await call(deal.buyer, 'POST', `/api/signing/packets/${other.id}/send`, { signers: [outsider('inspector')], fields: signatureFields(1) }), 409, 'signing.notDraft')
    expect(packetOf(await call(deal.buyer, 'GET', `/api/signing/packets/${other.id}`)).status).toBe('sent')
  })
})
