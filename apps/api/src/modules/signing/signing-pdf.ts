import { constants, inflateSync } from 'node:zlib'
import type { PDFImage, PDFPage } from '@cantoo/pdf-lib'
import { AFRelationship, PDFArray, PDFDict, PDFDocument, PDFName, PDFPageLeaf, PDFPageTree, PDFRef } from '@cantoo/pdf-lib'
import type { PacketDocument, PageSize, PdfRemoval, SignerRole } from '@offerbook/domain/signing'
import { PDF_REMOVALS, SIGNING_LIMITS } from '@offerbook/domain/signing'
import { SIGNATURE_PAGE_LAYOUT, SIGNER_ROLE_LABELS, signatureBlockPosition, signaturePageCount } from '@offerbook/domain/signing-rules'
import { AppError } from '../../app-error'
import { embedFace, embedSans } from '../../pdf/fonts'
import { archivalCheck, markArchival } from '../../pdf/pdfa'
import { toWinAnsi } from '../contracts/lined-pdf'
import type { SealingIdentity } from './signing-certificate'
import type { CertFonts, CertificateData } from './signing-pdf-audit'
import { addCertificate } from './signing-pdf-audit'
import { imageCache } from './signing-pdf-images'
import type { Fonts } from './signing-pdf-page'
import { displaySize, fitLine, GREY, HALF_INCH, LETTER, pageFrame, sha256Hex } from './signing-pdf-page'
import type { BurnField, SignerMarks } from './signing-pdf-stamp'
import { burnFields } from './signing-pdf-stamp'
import { sealDocument } from './signing-seal'

/**
 * The packet's PDF (decision 016): the source documents joined into one file with the offer
 * packet's signature page(s), and at completion the fields burnt in, the Certificate of Completion
 * appended and the whole sealed. The pieces it draws with live in signing-pdf-page.ts (geometry),
 * signing-pdf-images.ts, signing-pdf-stamp.ts (fields) and signing-pdf-audit.ts (the certificate).
 */

export type PacketSource = { filename: string; bytes: Uint8Array; contentType: 'application/pdf' | 'image/jpeg' | 'image/png' }
export type AssembledPacket = {
  pdf: Uint8Array
  pages: PageSize[]
  documents: PacketDocument[]
  /** pages before the signature page(s) */
  contentPageCount: number
}

const PDF_HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d] // %PDF-

// ---------------------------------------------------------------------------------------------
// Reading uploads

const damaged = (cause?: unknown) => new AppError('BAD_REQUEST', 'signing.pdfDamaged', cause === undefined ? {} : { cause })

/** A page whose content streams are missing (a cut-off file) would print blank; call that damaged. */
function contentsPresent(doc: PDFDocument, page: PDFPage): boolean {
  const contents = page.node.get(PDFName.of('Contents'))
  if (contents === undefined) return true
  const resolved = contents instanceof PDFRef ? doc.context.lookup(contents) : contents
  if (resolved === undefined) return false
  if (!(resolved instanceof PDFArray)) return true
  return resolved.asArray().every((item) => !(item instanceof PDFRef) || doc.context.lookup(item) !== undefined)
}

/**
 * How many objects the file holds or declares, counted in its bytes before it is parsed: each
 * `n g obj`, each object stream's /N, and the largest /Size of a trailer or cross-reference stream.
 */
export function declaredObjectCount(bytes: Uint8Array): number {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  let count = 0
  for (const match of text.matchAll(/\d+\s+\d+\s+obj\b/g)) count += match.length
  for (const match of text.matchAll(/\/Type\s*\/ObjStm\b/g)) {
    const around = text.slice(Math.max(0, match.index - 200), match.index + 200)
    count += Number(/\/N\s+(\d{1,12})/.exec(around)?.[1] ?? 0)
  }
  let size = 0
  for (const match of text.matchAll(/\/Size\s+(\d{1,12})/g)) size = Math.max(size, Number(match[1]))
  return Math.max(count, size)
}

/** PDF whitespace (NUL, tab, LF, FF, CR, space): 1 where a byte is one. */
const WHITESPACE = new Uint8Array(256)
for (const byte of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WHITESPACE[byte] = 1
/** Bytes that begin a value of their own wherever they stand: ( < [ { / */
const OPENERS = new Uint8Array(256)
for (const byte of [0x28, 0x3c, 0x5b, 0x7b, 0x2f]) OPENERS[byte] = 1
/** Bytes that end a value: whitespace, ( ) < > [ ] { } / % */
const BREAKS = new Uint8Array(WHITESPACE)
for (const byte of [0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]) BREAKS[byte] = 1

/** The values spelled out in bytes [from, to): each opener, and each run of other bytes after a break. Strings count their words: an overcount, never an under. */
function tokensIn(bytes: Uint8Array, from: number, to: number): number {
  let count = 0
  let previousBreaks = true
  for (let index = from; index < to; index++) {
    const byte = bytes[index]!
    if (OPENERS[byte]) count += 1
    else if (previousBreaks && !BREAKS[byte]) count += 1
    previousBreaks = BREAKS[byte] === 1
  }
  return count
}

const STREAM = Buffer.from('stream')
const ENDSTREAM = Buffer.from('endstream')

/**
 * How many values the file spells out outside its streams, counted in its bytes before it is parsed
 * (issue #29): the parse makes an object of each, so a file of ten million numbers would fill the
 * worker's memory before any other limit is met. A stream's bytes are skipped: content streams are
 * not parsed with the file, and object streams are counted as checkObjectStreams inflates them.
 */
export function tokensOutsideStreams(bytes: Uint8Array): number {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let count = 0
  let from = 0
  for (let at = file.indexOf(STREAM, 0); at !== -1; at = file.indexOf(STREAM, at + STREAM.length)) {
    // `endstream` holds `stream`: only a keyword followed by its end of line opens a stream's data.
    const next = file[at + STREAM.length]
    if (at >= 3 && file[at - 1] === 0x64 && file[at - 2] === 0x6e && file[at - 3] === 0x65) continue
    if (next !== 0x0a && next !== 0x0d) continue
    count += tokensIn(file, from, at)
    const end = file.indexOf(ENDSTREAM, at + STREAM.length)
    if (end === -1) return count
    from = end + ENDSTREAM.length
    at = end + ENDSTREAM.length - STREAM.length
  }
  return count + tokensIn(file, from, file.length)
}

/** What a file's object streams may inflate to, all together: pdf-lib inflates them at the parse, with no limit of its own. */
const OBJECT_STREAMS_MAX_BYTES = 128 * 1024 * 1024

/**
 * Inflates each Flate-compressed object stream of the file, before pdf-lib does, never beyond what is
 * left of OBJECT_STREAMS_MAX_BYTES: a decompression bomb in an object stream is refused as too complex.
 * The values each object stream spells out, inflated or plain, add to `tokensBefore` (those outside
 * the streams): past maxPdfTokens the file is refused as too complex, as its parse would fill memory.
 * A stream that does not inflate is left for the parse to call damaged.
 */
export function checkObjectStreams(bytes: Uint8Array, tokensBefore = 0): void {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const text = file.toString('latin1')
  let left = OBJECT_STREAMS_MAX_BYTES
  let tokens = tokensBefore
  for (const match of text.matchAll(/\/Type\s*\/ObjStm\b/g)) {
    const keyword = text.indexOf('stream', match.index)
    if (keyword === -1 || keyword - match.index > 2_000) continue
    const start = keyword + (text[keyword + 6] === '\r' && text[keyword + 7] === '\n' ? 8 : 7)
    const end = text.indexOf('endstream', start)
    if (end === -1) continue
    let objects: Buffer = file.subarray(start, end)
    if (/\/FlateDecode\b/.test(text.slice(Math.max(0, match.index - 500), keyword))) {
      try {
        objects = inflateSync(objects, { maxOutputLength: left, finishFlush: constants.Z_SYNC_FLUSH })
      } catch (error) {
        if (error instanceof RangeError) throw new AppError('BAD_REQUEST', 'signing.fileTooComplex')
        continue
      }
      left -= objects.length
    }
    tokens += tokensIn(objects, 0, objects.length)
    if (tokens > SIGNING_LIMITS.maxPdfTokens) throw new AppError('BAD_REQUEST', 'signing.fileTooComplex')
  }
}

/**
 * Walks the page tree from the catalog without loading a page: every node once (a node met twice is
 * refused, a cycle on its own key), at most maxPageTreeNodes nodes and maxPageTreeDepth levels;
 * returns the number of pages. pdf-lib lists pages only after this has passed.
 */
export function countPages(doc: PDFDocument): number {
  const { maxPageTreeNodes, maxPageTreeDepth, maxPages } = SIGNING_LIMITS
  const root = doc.catalog instanceof PDFDict ? doc.catalog.get(PDFName.of('Pages')) : undefined
  if (!(root instanceof PDFRef)) throw damaged()
  const parents = new Map<PDFRef, PDFRef | null>([[root, null]])
  const stack: { ref: PDFRef; depth: number }[] = [{ ref: root, depth: 1 }]
  let pages = 0
  while (stack.length > 0) {
    const { ref, depth } = stack.pop()!
    const node = doc.context.lookup(ref)
    if (node instanceof PDFPageLeaf) {
      pages += 1
      if (pages > maxPages) throw new AppError('BAD_REQUEST', 'signing.tooManyPages')
      continue
    }
    if (!(node instanceof PDFPageTree)) throw damaged()
    if (depth >= maxPageTreeDepth) throw new AppError('BAD_REQUEST', 'signing.pdfPageTreeTooDeep', { params: { maximum: maxPageTreeDepth } })
    const kids = node.lookup(PDFName.of('Kids'))
    if (!(kids instanceof PDFArray)) throw damaged()
    for (let index = kids.size() - 1; index >= 0; index--) {
      const kid = kids.get(index)
      if (!(kid instanceof PDFRef)) throw damaged()
      if (parents.has(kid)) {
        let ancestor: PDFRef | null | undefined = ref
        while (ancestor && ancestor !== kid) ancestor = parents.get(ancestor)
        throw new AppError('BAD_REQUEST', ancestor === kid ? 'signing.pdfPageTreeCycle' : 'signing.pdfPageTreeRepeated')
      }
      parents.set(kid, ref)
      if (parents.size > maxPageTreeNodes) throw new AppError('BAD_REQUEST', 'signing.pdfPageTreeTooLarge', { params: { maximum: maxPageTreeNodes } })
      stack.push({ ref: kid, depth: depth + 1 })
    }
  }
  return pages
}

/** Annotations that carry files or media: not copied into a packet at all. */
const MEDIA_ANNOTATIONS = new Set(['FileAttachment', 'Sound', 'Movie', 'Screen', 'RichMedia', '3D'])

const name = (key: string) => PDFName.of(key)
const isNamed = (value: unknown, key: string) => value instanceof PDFName && value.decodeText() === key

/** Whether an action (or a trigger dictionary of actions, /AA) runs JavaScript; only its first level is read. */
function runsScript(doc: PDFDocument, value: unknown): boolean {
  const action = value instanceof PDFRef ? doc.context.lookup(value) : value
  if (!(action instanceof PDFDict)) return false
  if (isNamed(action.lookup(name('S')), 'JavaScript')) return true
  return action.entries().some(([, trigger]) => {
    const inner = trigger instanceof PDFRef ? doc.context.lookup(trigger) : trigger
    return inner instanceof PDFDict && isNamed(inner.lookup(name('S')), 'JavaScript')
  })
}

/**
 * What a source PDF carries that its packet will not: read before anything is taken off, so the
 * sender can be told (issue #32). The catalog's entries never reach a packet (its catalog is new);
 * the pages' are taken off by flattenForm and withoutActions.
 */
function removalsOf(doc: PDFDocument, pages: PDFPage[]): Set<PdfRemoval> {
  const found = new Set<PdfRemoval>()
  const catalog = doc.catalog
  const names = catalog.lookup(name('Names'))
  if (names instanceof PDFDict) {
    if (names.has(name('JavaScript'))) found.add('scripts')
    if (names.has(name('EmbeddedFiles'))) found.add('embeddedFiles')
  }
  for (const key of ['OpenAction', 'AA']) {
    if (!catalog.has(name(key))) continue
    found.add('openActions')
    if (runsScript(doc, catalog.get(name(key)))) found.add('scripts')
  }
  const form = catalog.lookup(name('AcroForm'))
  const fields = form instanceof PDFDict ? form.lookup(name('Fields')) : undefined
  if (fields instanceof PDFArray && fields.size() > 0) found.add('formFields')
  for (const page of pages) {
    if (page.node.has(name('AA'))) {
      found.add('openActions')
      if (runsScript(doc, page.node.get(name('AA')))) found.add('scripts')
    }
    const annotations = page.node.lookup(name('Annots'))
    if (!(annotations instanceof PDFArray)) continue
    for (const item of annotations.asArray()) {
      const annotation = item instanceof PDFRef ? doc.context.lookup(item) : item
      if (!(annotation instanceof PDFDict)) continue
      const subtype = annotation.lookup(name('Subtype'))
      if (subtype instanceof PDFName && MEDIA_ANNOTATIONS.has(subtype.decodeText())) found.add(subtype.decodeText() === 'FileAttachment' ? 'embeddedFiles' : 'media')
      if (isNamed(subtype, 'Widget')) found.add('formFields')
      for (const key of ['A', 'AA']) {
        if (!annotation.has(name(key))) continue
        found.add('actions')
        if (runsScript(doc, annotation.get(name(key)))) found.add('scripts')
      }
    }
  }
  return found
}

/**
 * Draws each form field's appearance into its page and takes the fields away: what a filled form
 * shows stays, and nothing is left to type into or submit. A field with no appearance of its own
 * leaves nothing behind. A form pdf-lib cannot read is left to withoutActions, which cuts its
 * widgets loose from it.
 */
function flattenForm(doc: PDFDocument): void {
  if (!(doc.catalog.lookup(name('AcroForm')) instanceof PDFDict)) return
  try {
    doc.getForm().flatten({ updateFieldAppearances: false })
  } catch {
    // Left as it is: the widgets lose their actions and their field below.
  }
}

/**
 * Takes every action off a source PDF's pages before they are copied into a packet: the page's own
 * (/AA), each annotation's (/A, /AA) and the form field behind a widget (/Parent, which the packet
 * has no form for). The packet's catalog is new, so the source's open action and document scripts
 * never come along; a signed document runs nothing and links nowhere.
 */
function withoutActions(doc: PDFDocument, pages: PDFPage[]): void {
  for (const page of pages) {
    page.node.delete(PDFName.of('AA'))
    const annotations = page.node.lookup(PDFName.of('Annots'))
    if (!(annotations instanceof PDFArray)) {
      if (annotations !== undefined) page.node.delete(PDFName.of('Annots'))
      continue
    }
    const kept = annotations.asArray().filter((item) => {
      const annotation = item instanceof PDFRef ? doc.context.lookup(item) : item
      if (!(annotation instanceof PDFDict)) return false
      const subtype = annotation.lookup(PDFName.of('Subtype'))
      if (subtype instanceof PDFName && MEDIA_ANNOTATIONS.has(subtype.decodeText())) return false
      for (const key of ['A', 'AA', 'Parent']) annotation.delete(PDFName.of(key))
      return true
    })
    page.node.set(PDFName.of('Annots'), doc.context.obj(kept))
  }
}

/**
 * A PDF read within the limits (issue #29), in this order: its size, its declared object count,
 * the values it spells out, what its object streams inflate to (and the values in them), the parse, encryption, then the page tree walked and counted, and only then the pages read.
 */
async function loadReadablePdf(bytes: Uint8Array): Promise<{ doc: PDFDocument; pages: PageSize[]; removed: PdfRemoval[] }> {
  if (bytes.length < PDF_HEADER.length || PDF_HEADER.some((byte, index) => bytes[index] !== byte)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'signing.notPdf')
  }
  if (bytes.length > SIGNING_LIMITS.documentMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', 'signing.fileTooLarge')
  if (declaredObjectCount(bytes) > SIGNING_LIMITS.maxPdfObjects) throw new AppError('BAD_REQUEST', 'signing.pdfTooManyObjects', { params: { maximum: SIGNING_LIMITS.maxPdfObjects } })
  const tokens = tokensOutsideStreams(bytes)
  if (tokens > SIGNING_LIMITS.maxPdfTokens) throw new AppError('BAD_REQUEST', 'signing.fileTooComplex')
  checkObjectStreams(bytes, tokens)
  let doc: PDFDocument
  try {
    // ignoreEncryption lets an encrypted file load, so it is told apart from a damaged one below.
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false })
  } catch (error) {
    throw damaged(error)
  }
  if (doc.isEncrypted || doc.context.trailerInfo.Encrypt !== undefined) throw new AppError('BAD_REQUEST', 'signing.pdfEncrypted')
  let pageCount: number
  try {
    pageCount = countPages(doc)
  } catch (error) {
    throw error instanceof AppError ? error : damaged(error)
  }
  if (pageCount === 0) throw damaged()
  let pages: PDFPage[]
  try {
    pages = doc.getPages()
  } catch (error) {
    throw damaged(error)
  }
  if (pages.length === 0) throw damaged()
  if (pages.length > SIGNING_LIMITS.maxPages) throw new AppError('BAD_REQUEST', 'signing.tooManyPages')
  try {
    const sizes = pages.map((page) => {
      if (!contentsPresent(doc, page)) throw new Error('a page has lost its content stream')
      const size = displaySize(pageFrame(page))
      if (!(size.width > 0 && size.height > 0 && Number.isFinite(size.width) && Number.isFinite(size.height))) throw new Error('a page has no size')
      return size
    })
    const removed = removalsOf(doc, pages)
    flattenForm(doc)
    withoutActions(doc, doc.getPages())
    return { doc, pages: sizes, removed: PDF_REMOVALS.filter((kind) => removed.has(kind)) }
  } catch (error) {
    throw damaged(error)
  }
}

export async function inspectPdf(bytes: Uint8Array): Promise<{ pages: PageSize[] }> {
  const { pages } = await loadReadablePdf(bytes)
  return { pages }
}

// ---------------------------------------------------------------------------------------------
// Assembling the packet


async function addImagePage(doc: PDFDocument, source: PacketSource): Promise<void> {
  let image: PDFImage
  try {
    image = source.contentType === 'image/png' ? await doc.embedPng(source.bytes) : await doc.embedJpg(source.bytes)
  } catch (error) {
    throw new AppError('BAD_REQUEST', 'signing.attachmentNotPdf', { cause: error })
  }
  const page = doc.addPage([LETTER.width, LETTER.height])
  const room = { width: LETTER.width - 2 * HALF_INCH, height: LETTER.height - 2 * HALF_INCH }
  const scale = Math.min(room.width / image.width, room.height / image.height)
  const width = image.width * scale
  const height = image.height * scale
  page.drawImage(image, { x: (LETTER.width - width) / 2, y: (LETTER.height - height) / 2, width, height })
}

type SignaturePageInput = { title: string; address: string; signers: { name: string; role: SignerRole }[] }

/**
 * The offer packet's signature page(s), drawn on the same fractions placeOfferFields uses: the
 * signature box sits on its line with the date beside it, the printed name on the line below.
 */
function addSignaturePages(doc: PDFDocument, fonts: Fonts, { title, address, signers }: SignaturePageInput): void {
  const layout = SIGNATURE_PAGE_LAYOUT
  const { width: W, height: H } = LETTER
  const fromTop = (fraction: number) => H * (1 - fraction)
  const left = layout.left * W
  const contentWidth = W - 2 * left
  const sheets = signaturePageCount(signers.length)
  const pages = Array.from({ length: sheets }, (_, sheet) => {
    const page = doc.addPage([W, H])
    page.drawText('Signatures', { x: left, y: fromTop(0.075), size: 18, font: fonts.bold })
    const heading = fitLine(title, fonts.bold, 11, contentWidth)
    page.drawText(heading.text, { x: left, y: fromTop(0.105), size: heading.size, font: fonts.bold })
    const where = fitLine(address, fonts.regular, 10, contentWidth)
    page.drawText(where.text, { x: left, y: fromTop(0.127), size: where.size, font: fonts.regular })
    if (sheets > 1) {
      const number = `Signature page ${sheet + 1} of ${sheets}`
      page.drawText(number, { x: W - left - fonts.regular.widthOfTextAtSize(number, 8), y: 28, size: 8, font: fonts.regular, color: GREY })
    }
    return page
  })

  const line = (page: PDFPage, fromX: number, toX: number, top: number, label: string) => {
    const y = fromTop(top)
    page.drawLine({ start: { x: fromX * W, y }, end: { x: toX * W, y }, thickness: 0.75 })
    page.drawText(label, { x: fromX * W, y: y - 8, size: 6.5, font: fonts.regular, color: GREY })
  }

  signers.forEach((signer, index) => {
    const { sheet, top } = signatureBlockPosition(index)
    const page = pages[sheet]
    if (!page) return
    const who = fitLine(`${SIGNER_ROLE_LABELS[signer.role]}: ${signer.name}`, fonts.bold, 10, contentWidth)
    page.drawText(who.text, { x: left, y: fromTop(top + 0.022), size: who.size, font: fonts.bold })
    // These three tops are the bottoms of the signature, date and full-name fields of placeOfferFields.
    const signatureBottom = top + layout.lineHeight + layout.signatureHeight
    const nameBottom = signatureBottom + 0.005 + layout.lineHeight
    line(page, layout.left, layout.left + layout.signatureWidth, signatureBottom, 'Signature')
    line(page, layout.dateLeft, layout.dateLeft + layout.dateWidth, signatureBottom, 'Date')
    line(page, layout.left, layout.left + layout.nameWidth, nameBottom, 'Printed name')
  })
}

export async function assemblePacket(input: { sources: PacketSource[]; signaturePage?: SignaturePageInput | null }): Promise<AssembledPacket> {
  const doc = await PDFDocument.create()
  doc.setCreator('Offerbook')
  doc.setProducer('Offerbook')
  const documents: AssembledPacket['documents'] = []
  for (const source of input.sources) {
    const before = doc.getPageCount()
    if (source.contentType === 'application/pdf') {
      const { doc: sourceDoc, removed } = await loadReadablePdf(source.bytes)
      for (const page of await doc.copyPages(sourceDoc, sourceDoc.getPageIndices())) doc.addPage(page)
      documents.push({ filename: source.filename, sha256: sha256Hex(source.bytes), pageCount: doc.getPageCount() - before, removed })
    } else {
      await addImagePage(doc, source)
      documents.push({ filename: source.filename, sha256: sha256Hex(source.bytes), pageCount: doc.getPageCount() - before, removed: [] })
    }
  }
  const contentPageCount = doc.getPageCount()
  if (input.signaturePage) {
    const fonts: Fonts = await embedSans(doc)
    doc.setTitle(toWinAnsi(input.signaturePage.title))
    addSignaturePages(doc, fonts, input.signaturePage)
  }
  const pages = doc.getPages().map((page) => displaySize(pageFrame(page)))
  return { pdf: await doc.save({ useObjectStreams: false }), pages, documents, contentPageCount }
}

// ---------------------------------------------------------------------------------------------
// Completing: fields burnt in (signing-pdf-stamp.ts), the certificate (signing-pdf-audit.ts), the seal

export async function completePacketPdf(input: {
  original: Uint8Array
  fields: BurnField[]
  images: Map<string, SignerMarks>
  certificate: CertificateData
  identity: SealingIdentity
  sealedAt: Date
  /** The record the file carries as an associated file (decision 059): the terms signed and the audit chain. */
  record?: { filename: string; bytes: Uint8Array; description: string }
}): Promise<Uint8Array> {
  const doc = await PDFDocument.load(input.original, { updateMetadata: false })
  const regular = await embedFace(doc, 'sans')
  const bold = await embedFace(doc, 'sansBold')
  const mono = await embedFace(doc, 'mono')
  const fonts: CertFonts = { regular, bold, mono }
  const embed = imageCache(doc)
  // PDF/A-3b when every font of the source documents is embedded (ours always are): known before
  // the certificate is drawn, which says so (decision 062).
  const archival = archivalCheck(doc)
  await burnFields(doc, regular, input.fields, input.images, embed)
  await addCertificate(doc, fonts, { ...input.certificate, archival }, embed)
  doc.setModificationDate(input.sealedAt)
  doc.setProducer('Offerbook')
  if (input.record) {
    await doc.attach(input.record.bytes, input.record.filename, {
      mimeType: 'application/json',
      description: input.record.description,
      creationDate: input.sealedAt,
      modificationDate: input.sealedAt,
      afRelationship: AFRelationship.Data,
    })
  }
  // Made PDF/A (or given its metadata without the claim) last, before the seal covers it all.
  markArchival(doc, archival)
  return sealDocument(doc, input.identity, { signedAt: input.sealedAt })
}
