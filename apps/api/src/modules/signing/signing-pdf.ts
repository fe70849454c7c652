import { createHash } from 'node:crypto'
import { deflateSync, inflateSync } from 'node:zlib'
import type { PDFFont, PDFImage, PDFPage } from 'pdf-lib'
import { concatTransformationMatrix, drawObject, PDFArray, PDFDocument, PDFName, PDFRef, popGraphicsState, pushGraphicsState, rgb, StandardFonts } from 'pdf-lib'
import type { PageSize, SignerRole, SigningFieldType } from '@offerbook/domain/signing'
import { SIGNATURE_PAGE_LAYOUT, SIGNER_ROLE_LABELS, SIGNING_LIMITS, SIGNING_MESSAGES, signatureBlockPosition, signaturePageCount } from '@offerbook/domain/signing'
import { AppError } from '../../app-error'
import { toWinAnsi } from '../contracts/rf707-pdf'
import { wrapText } from '../offers/offer-pdf'
import type { SealingIdentity } from './signing-certificate'
import { sealDocument } from './signing-seal'

/**
 * The packet's PDF (decision 016): the source documents joined into one file with the offer
 * packet's signature page(s), and at completion the fields burnt in, the Certificate of Completion
 * appended and the whole sealed. Field positions are fractions of the page as a viewer shows it
 * (origin top left, after /Rotate, inside the CropBox), so pdf.js in the browser and this file agree.
 */

export type PacketSource = { filename: string; bytes: Uint8Array; contentType: 'application/pdf' | 'image/jpeg' | 'image/png' }
export type AssembledPacket = {
  pdf: Uint8Array
  pages: PageSize[]
  documents: { filename: string; sha256: string; pageCount: number }[]
  /** pages before the signature page(s) */
  contentPageCount: number
}

/** US Letter, in points: image pages, signature pages and the certificate. */
const LETTER = { width: 612, height: 792 } as const
const HALF_INCH = 36
const GREY = rgb(0.35, 0.35, 0.35)
const LIGHT_GREY = rgb(0.7, 0.7, 0.7)
const PDF_HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d] // %PDF-

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

// ---------------------------------------------------------------------------------------------
// Pages as a viewer shows them

type Rotation = 0 | 90 | 180 | 270
/** The part of the page a viewer shows (CropBox within MediaBox), in the page's own space, and how it is turned. */
type PageFrame = { x: number; y: number; width: number; height: number; rotation: Rotation }

function pageFrame(page: PDFPage): PageFrame {
  const media = page.getMediaBox()
  const crop = page.getCropBox()
  const x = Math.max(media.x, crop.x)
  const y = Math.max(media.y, crop.y)
  const width = Math.min(media.x + media.width, crop.x + crop.width) - x
  const height = Math.min(media.y + media.height, crop.y + crop.height) - y
  const angle = (((Math.round(page.getRotation().angle / 90) * 90) % 360) + 360) % 360
  const rotation = angle as Rotation
  return width > 0 && height > 0 ? { x, y, width, height, rotation } : { ...media, rotation }
}

function displaySize(frame: PageFrame): PageSize {
  return frame.rotation === 90 || frame.rotation === 270 ? { width: frame.height, height: frame.width } : { width: frame.width, height: frame.height }
}

/**
 * Runs `draw` in the page's display space: x to the right and y up from the bottom-left corner of
 * the page as the viewer shows it, whatever the page's /Rotate and CropBox, so text stays upright.
 */
function inDisplaySpace(page: PDFPage, frame: PageFrame, draw: () => void): void {
  const { x, y, width: w, height: h } = frame
  const matrix: Record<Rotation, [number, number, number, number, number, number]> = {
    0: [1, 0, 0, 1, x, y],
    90: [0, 1, -1, 0, x + w, y],
    180: [-1, 0, 0, -1, x + w, y + h],
    270: [0, -1, 1, 0, x, y + h],
  }
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(...matrix[frame.rotation]))
  draw()
  page.pushOperators(popGraphicsState())
}

// ---------------------------------------------------------------------------------------------
// Reading uploads

const damaged = (cause?: unknown) => new AppError('BAD_REQUEST', SIGNING_MESSAGES.pdfDamaged, cause === undefined ? {} : { cause })

/** A page whose content streams are missing (a cut-off file) would print blank; call that damaged. */
function contentsPresent(doc: PDFDocument, page: PDFPage): boolean {
  const contents = page.node.get(PDFName.of('Contents'))
  if (contents === undefined) return true
  const resolved = contents instanceof PDFRef ? doc.context.lookup(contents) : contents
  if (resolved === undefined) return false
  if (!(resolved instanceof PDFArray)) return true
  return resolved.asArray().every((item) => !(item instanceof PDFRef) || doc.context.lookup(item) !== undefined)
}

async function loadReadablePdf(bytes: Uint8Array): Promise<{ doc: PDFDocument; pages: PageSize[] }> {
  if (bytes.length < PDF_HEADER.length || PDF_HEADER.some((byte, index) => bytes[index] !== byte)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', SIGNING_MESSAGES.notPdf)
  }
  let doc: PDFDocument
  try {
    // ignoreEncryption lets an encrypted file load, so it is told apart from a damaged one below.
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false })
  } catch (error) {
    throw damaged(error)
  }
  if (doc.isEncrypted || doc.context.trailerInfo.Encrypt !== undefined) throw new AppError('BAD_REQUEST', SIGNING_MESSAGES.pdfEncrypted)
  let pages: PDFPage[]
  try {
    pages = doc.getPages()
  } catch (error) {
    throw damaged(error)
  }
  if (pages.length === 0) throw damaged()
  if (pages.length > SIGNING_LIMITS.maxPages) throw new AppError('BAD_REQUEST', SIGNING_MESSAGES.tooManyPages)
  try {
    const sizes = pages.map((page) => {
      if (!contentsPresent(doc, page)) throw new Error('a page has lost its content stream')
      const size = displaySize(pageFrame(page))
      if (!(size.width > 0 && size.height > 0 && Number.isFinite(size.width) && Number.isFinite(size.height))) throw new Error('a page has no size')
      return size
    })
    return { doc, pages: sizes }
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

type Fonts = { regular: PDFFont; bold: PDFFont }

/** The text on one line no wider than `width`, at `size` or smaller down to `minSize`, cut with '...' if it must be. */
function fitLine(text: string, font: PDFFont, size: number, width: number, minSize = size * 0.75): { text: string; size: number } {
  const line = toWinAnsi(text).replace(/\s+/g, ' ').trim()
  const natural = font.widthOfTextAtSize(line, size)
  if (natural <= width) return { text: line, size }
  const shrunk = Math.max(minSize, (size * width) / natural)
  if (font.widthOfTextAtSize(line, shrunk) <= width) return { text: line, size: shrunk }
  let cut = line.length
  while (cut > 0 && font.widthOfTextAtSize(`${line.slice(0, cut).trimEnd()}...`, shrunk) > width) cut--
  return { text: `${line.slice(0, cut).trimEnd()}...`, size: shrunk }
}

async function addImagePage(doc: PDFDocument, source: PacketSource): Promise<void> {
  let image: PDFImage
  try {
    image = source.contentType === 'image/png' ? await doc.embedPng(source.bytes) : await doc.embedJpg(source.bytes)
  } catch (error) {
    throw new AppError('BAD_REQUEST', SIGNING_MESSAGES.attachmentNotPdf, { cause: error })
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
      const { doc: sourceDoc } = await loadReadablePdf(source.bytes)
      for (const page of await doc.copyPages(sourceDoc, sourceDoc.getPageIndices())) doc.addPage(page)
    } else {
      await addImagePage(doc, source)
    }
    documents.push({ filename: source.filename, sha256: sha256Hex(source.bytes), pageCount: doc.getPageCount() - before })
  }
  const contentPageCount = doc.getPageCount()
  if (input.signaturePage) {
    const fonts: Fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) }
    doc.setTitle(toWinAnsi(input.signaturePage.title))
    addSignaturePages(doc, fonts, input.signaturePage)
  }
  const pages = doc.getPages().map((page) => displaySize(pageFrame(page)))
  return { pdf: await doc.save({ useObjectStreams: false }), pages, documents, contentPageCount }
}

// ---------------------------------------------------------------------------------------------
// Completing: fields burnt in, the certificate, the seal

export type BurnField = {
  signerId: string
  type: SigningFieldType
  page: number
  x: number
  y: number
  width: number
  height: number
  /** text for text, full-name and date-signed fields; ignored for signature/initials */
  value: string | null
}
export type CertificateSigner = {
  name: string
  email: string
  role: SignerRole
  authMethod: 'email-link' | 'email-link+sms-code'
  consentedAt: Date | null
  viewedAt: Date | null
  signedAt: Date | null
  ip: string | null
  userAgent: string | null
  signatureMethod: 'typed' | 'drawn' | null
  signaturePng: Uint8Array | null
}
export type CertificateData = {
  packetId: string
  title: string
  address: string
  sentBy: string | null
  sentAt: Date | null
  completedAt: Date
  documents: { filename: string; sha256: string; pageCount: number }[]
  signers: CertificateSigner[]
  chainHead: string
  eventCount: number
  consentVersion: string
  verifyUrl: string
}

/** An image in the document, drawn into a box of the page's current space. */
type Embedded = { width: number; height: number; draw: (page: PDFPage, box: { x: number; y: number; width: number; height: number }) => void }

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** Channels of the PNG colour types read here: grey, RGB, grey and alpha, RGBA. */
const PNG_CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 4: 2, 6: 4 }

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft
  const toLeft = Math.abs(estimate - left)
  const toUp = Math.abs(estimate - up)
  const toUpLeft = Math.abs(estimate - upLeft)
  return toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft
}

/** The pixels of an 8-bit, non-interlaced grey/RGB(A) PNG, or null for any other kind (pdf-lib reads those). */
function decodeSimplePng(png: Uint8Array): { width: number; height: number; channels: number; pixels: Uint8Array } | null {
  const file = Buffer.from(png.buffer, png.byteOffset, png.byteLength)
  if (file.length < 33 || !file.subarray(0, 8).equals(PNG_SIGNATURE)) return null
  let width = 0
  let height = 0
  let channels = 0
  const data: Buffer[] = []
  for (let at = 8; at + 8 <= file.length; ) {
    const length = file.readUInt32BE(at)
    const type = file.toString('latin1', at + 4, at + 8)
    const body = file.subarray(at + 8, at + 8 + length)
    if (type === 'IHDR') {
      const [depth, colourType, , , interlace] = body.subarray(8, 13)
      channels = PNG_CHANNELS[colourType ?? -1] ?? 0
      if (depth !== 8 || interlace !== 0 || channels === 0) return null
      width = body.readUInt32BE(0)
      height = body.readUInt32BE(4)
    } else if (type === 'tRNS') return null
    else if (type === 'IDAT') data.push(body)
    else if (type === 'IEND') break
    at += 12 + length
  }
  if (width === 0 || height === 0 || data.length === 0) return null
  const raw = inflateSync(Buffer.concat(data))
  const stride = width * channels
  if (raw.length < height * (stride + 1)) return null
  const pixels = new Uint8Array(height * stride)
  // One loop per filter: this runs over every byte of every signature image at completion.
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]
    const source = y * (stride + 1) + 1
    const row = y * stride
    const previous = row - stride
    pixels.set(raw.subarray(source, source + stride), row)
    if (filter === 0 || (filter === 2 && y === 0)) continue
    if (filter === 1 || (filter === 4 && y === 0)) {
      for (let x = channels; x < stride; x++) pixels[row + x] = ((pixels[row + x] as number) + (pixels[row + x - channels] as number)) & 0xff
    } else if (filter === 2) {
      for (let x = 0; x < stride; x++) pixels[row + x] = ((pixels[row + x] as number) + (pixels[previous + x] as number)) & 0xff
    } else if (filter === 3) {
      for (let x = 0; x < stride; x++) {
        const left = x >= channels ? (pixels[row + x - channels] as number) : 0
        const up = y > 0 ? (pixels[previous + x] as number) : 0
        pixels[row + x] = ((pixels[row + x] as number) + ((left + up) >> 1)) & 0xff
      }
    } else if (filter === 4) {
      for (let x = 0; x < stride; x++) {
        const up = pixels[previous + x] as number
        const predicted = x >= channels ? paeth(pixels[row + x - channels] as number, up, pixels[previous + x - channels] as number) : up
        pixels[row + x] = ((pixels[row + x] as number) + predicted) & 0xff
      }
    } else {
      return null
    }
  }
  return { width, height, channels, pixels }
}

/**
 * A PNG as a PDF image with its alpha as a soft mask. pdf-lib's embedPng decodes and compresses in
 * JavaScript and took most of the completion time for a few signature images; node:zlib does the
 * same work natively. PNGs of other kinds (palette, 16-bit, interlaced) still go through pdf-lib.
 */
async function embedPng(doc: PDFDocument, png: Uint8Array): Promise<Embedded> {
  const decoded = decodeSimplePng(png)
  if (!decoded) {
    const image = await doc.embedPng(png)
    return { width: image.width, height: image.height, draw: (page, box) => page.drawImage(image, box) }
  }
  const { width, height, channels, pixels } = decoded
  const hasAlpha = channels === 2 || channels === 4
  const colours = hasAlpha ? channels - 1 : channels
  const colour = new Uint8Array(width * height * colours)
  const alpha = new Uint8Array(hasAlpha ? width * height : 0)
  let opaque = true
  if (!hasAlpha) colour.set(pixels)
  else if (channels === 4) {
    for (let pixel = 0, from = 0, to = 0; pixel < width * height; pixel++, from += 4, to += 3) {
      colour[to] = pixels[from] as number
      colour[to + 1] = pixels[from + 1] as number
      colour[to + 2] = pixels[from + 2] as number
      const value = pixels[from + 3] as number
      alpha[pixel] = value
      if (value !== 255) opaque = false
    }
  } else {
    for (let pixel = 0, from = 0; pixel < width * height; pixel++, from += 2) {
      colour[pixel] = pixels[from] as number
      const value = pixels[from + 1] as number
      alpha[pixel] = value
      if (value !== 255) opaque = false
    }
  }
  const image = (bytes: Uint8Array, colorSpace: 'DeviceRGB' | 'DeviceGray', extra: Record<string, PDFRef> = {}) =>
    doc.context.register(
      doc.context.stream(deflateSync(bytes), { Type: 'XObject', Subtype: 'Image', Width: width, Height: height, BitsPerComponent: 8, ColorSpace: colorSpace, Filter: 'FlateDecode', ...extra }),
    )
  const mask: Record<string, PDFRef> = hasAlpha && !opaque ? { SMask: image(alpha, 'DeviceGray') } : {}
  const ref = image(colour, colours === 3 ? 'DeviceRGB' : 'DeviceGray', mask)
  return {
    width,
    height,
    draw(page, box) {
      const name = page.node.newXObject('Image', ref)
      page.pushOperators(pushGraphicsState(), concatTransformationMatrix(box.width, 0, 0, box.height, box.x, box.y), drawObject(name), popGraphicsState())
    },
  }
}

/** Embeds each distinct PNG once, however many fields and certificate entries show it. */
function imageCache(doc: PDFDocument) {
  const cache = new Map<string, Promise<Embedded>>()
  return (png: Uint8Array): Promise<Embedded> => {
    const key = sha256Hex(png)
    let image = cache.get(key)
    if (!image) {
      image = embedPng(doc, png)
      cache.set(key, image)
    }
    return image
  }
}

/** An image inside a box, as large as fits with its proportions kept, left-aligned and centred vertically. */
function drawImageInBox(page: PDFPage, image: Embedded, box: { x: number; y: number; width: number; height: number }): void {
  const scale = Math.min(box.width / image.width, box.height / image.height)
  const width = image.width * scale
  const height = image.height * scale
  image.draw(page, { x: box.x, y: box.y + (box.height - height) / 2, width, height })
}

const CAP_HEIGHT = 0.718
const TEXT_LEADING = 1.2

/** A value in its box: as large as the box's height allows (at most 14 pt), wrapped onto more lines before it gets too small to read. */
function drawTextInBox(page: PDFPage, value: string, font: PDFFont, box: { x: number; y: number; width: number; height: number }): void {
  const largest = Math.min(box.height * 0.62, 14)
  const single = toWinAnsi(value).replace(/\s+/g, ' ').trim()
  if (single === '') return
  if (font.widthOfTextAtSize(single, largest) <= box.width) {
    page.drawText(single, { x: box.x, y: box.y + (box.height - CAP_HEIGHT * largest) / 2, size: largest, font })
    return
  }
  for (let size = largest; size >= 5; size -= 0.5) {
    const lines = wrapText(value, font, size, box.width).filter((line) => line !== '')
    if (lines.length === 1 || lines.length * size * TEXT_LEADING > box.height) continue
    lines.forEach((line, index) => page.drawText(line, { x: box.x, y: box.y + box.height - size - index * size * TEXT_LEADING, size, font }))
    return
  }
  const size = Math.max(1, (largest * box.width) / font.widthOfTextAtSize(single, largest))
  page.drawText(single, { x: box.x, y: box.y + (box.height - CAP_HEIGHT * size) / 2, size, font })
}

async function burnFields(doc: PDFDocument, font: PDFFont, fields: readonly BurnField[], images: Map<string, { signature: Uint8Array; initials: Uint8Array }>, embed: (png: Uint8Array) => Promise<Embedded>): Promise<void> {
  const pages = doc.getPages()
  const frames = new Map<number, PageFrame>()
  for (const field of fields) {
    const page = pages[field.page]
    if (!page) throw new Error(`A field is on page ${field.page + 1}, which the packet does not have`)
    let frame = frames.get(field.page)
    if (!frame) {
      frame = pageFrame(page)
      frames.set(field.page, frame)
    }
    const size = displaySize(frame)
    const box = { x: field.x * size.width, y: size.height * (1 - field.y - field.height), width: field.width * size.width, height: field.height * size.height }
    if (field.type === 'signature' || field.type === 'initials') {
      const png = images.get(field.signerId)?.[field.type]
      if (!png) throw new Error(`No ${field.type} image for signer ${field.signerId}`)
      const image = await embed(png)
      inDisplaySpace(page, frame, () => drawImageInBox(page, image, box))
    } else if (field.value !== null && field.value.trim() !== '') {
      const value = field.value
      inDisplaySpace(page, frame, () => drawTextInBox(page, value, font, box))
    }
  }
}

const CHICAGO_TIME = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Chicago',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
})
const NOT_RECORDED = 'Not recorded'
/** 'Nov 25, 2026, 3:04:05 PM CST'; Intl may put a narrow no-break space before PM, the page wants a plain one. */
export const certificateTime = (date: Date | null): string => (date === null ? NOT_RECORDED : CHICAGO_TIME.format(date).replace(/\s/g, ' '))

const AUTH_LABELS: Record<CertificateSigner['authMethod'], string> = { 'email-link': 'Email link', 'email-link+sms-code': 'Email link and SMS code' }
const METHOD_LABELS: Record<NonNullable<CertificateSigner['signatureMethod']>, string> = { typed: 'Typed', drawn: 'Drawn' }

const CERT = {
  margin: 54,
  top: LETTER.height - 54,
  /** Nothing but the footer below this. */
  bottom: 64,
  footerY: 36,
  labelWidth: 150,
  size: 9,
  leading: 12,
  hashSize: 8,
  signatureBox: { width: 180, height: 54 },
} as const
const CERT_CONTENT_WIDTH = LETTER.width - 2 * CERT.margin
const CERT_VALUE_X = CERT.margin + CERT.labelWidth
const CERT_VALUE_WIDTH = CERT_CONTENT_WIDTH - CERT.labelWidth

type CertFonts = Fonts & { mono: PDFFont }
/** A line of a value: Courier for hashes, so each digit is easy to compare. */
type ValueLine = { text: string; mono?: boolean }
/** Something of a known height that is drawn with its top at `y`. */
type Piece = { height: number; draw: (page: PDFPage, y: number) => void }

function rowPiece(fonts: CertFonts, label: string, values: readonly ValueLine[]): Piece {
  const labelLines = wrapText(label, fonts.bold, CERT.size, CERT.labelWidth - 10)
  const valueLines = values.flatMap((value) => {
    const font = value.mono ? fonts.mono : fonts.regular
    const size = value.mono ? CERT.hashSize : CERT.size
    return wrapText(value.text, font, size, CERT_VALUE_WIDTH).map((text) => ({ text, font, size }))
  })
  const height = Math.max(labelLines.length, valueLines.length) * CERT.leading + 3
  return {
    height,
    draw(page, y) {
      labelLines.forEach((text, index) => page.drawText(text, { x: CERT.margin, y: y - CERT.size - index * CERT.leading, size: CERT.size, font: fonts.bold }))
      valueLines.forEach((line, index) => page.drawText(line.text, { x: CERT_VALUE_X, y: y - CERT.size - index * CERT.leading, size: line.size, font: line.font }))
    },
  }
}

function headingPiece(fonts: CertFonts, text: string): Piece {
  return {
    height: 30,
    draw(page, y) {
      page.drawText(toWinAnsi(text), { x: CERT.margin, y: y - 20, size: 12, font: fonts.bold })
      page.drawLine({ start: { x: CERT.margin, y: y - 24 }, end: { x: LETTER.width - CERT.margin, y: y - 24 }, thickness: 0.75 })
    },
  }
}

function paragraphPiece(fonts: CertFonts, text: string, { size = CERT.size, bold = false }: { size?: number; bold?: boolean } = {}): Piece {
  const font = bold ? fonts.bold : fonts.regular
  const lines = wrapText(text, font, size, CERT_CONTENT_WIDTH)
  const leading = size * 1.35
  return {
    height: lines.length * leading + 2,
    draw(page, y) {
      lines.forEach((line, index) => page.drawText(line, { x: CERT.margin, y: y - size - index * leading, size, font }))
    },
  }
}

function signaturePiece(fonts: CertFonts, image: Embedded | null): Piece {
  const box = CERT.signatureBox
  return {
    height: box.height + 8,
    draw(page, y) {
      page.drawText('Signature', { x: CERT.margin, y: y - CERT.size, size: CERT.size, font: fonts.bold })
      const frame = { x: CERT_VALUE_X, y: y - box.height, width: box.width, height: box.height }
      page.drawRectangle({ ...frame, borderColor: LIGHT_GREY, borderWidth: 0.5 })
      if (image) drawImageInBox(page, image, { x: frame.x + 4, y: frame.y + 3, width: frame.width - 8, height: frame.height - 6 })
      else page.drawText('No image', { x: frame.x + 6, y: frame.y + box.height / 2 - 3, size: CERT.size, font: fonts.regular, color: GREY })
    },
  }
}

/** Pieces placed top to bottom; a group (one signer, one document) moves to a new page whole when it does not fit. */
function layOutCertificate(doc: PDFDocument, groups: readonly Piece[][]): PDFPage[] {
  const pages: PDFPage[] = []
  let page: PDFPage | undefined
  let y = 0
  const newPage = () => {
    page = doc.addPage([LETTER.width, LETTER.height])
    pages.push(page)
    y = CERT.top
  }
  newPage()
  for (const group of groups) {
    const height = group.reduce((sum, piece) => sum + piece.height, 0)
    if (y - height < CERT.bottom && y !== CERT.top) newPage()
    for (const piece of group) {
      // A group taller than a page still never runs into the footer: it continues overleaf.
      if (y - piece.height < CERT.bottom && y !== CERT.top) newPage()
      if (page) piece.draw(page, y)
      y -= piece.height
    }
  }
  return pages
}

async function addCertificate(doc: PDFDocument, fonts: CertFonts, data: CertificateData, embed: (png: Uint8Array) => Promise<Embedded>): Promise<void> {
  const title: Piece = {
    height: 34,
    draw(page, y) {
      page.drawText('Certificate of Completion', { x: CERT.margin, y: y - 20, size: 20, font: fonts.bold })
    },
  }
  const groups: Piece[][] = [
    [title],
    [
      rowPiece(fonts, 'Packet', [{ text: data.packetId, mono: true }]),
      rowPiece(fonts, 'Title', [{ text: data.title }]),
      rowPiece(fonts, 'Property', [{ text: data.address }]),
      rowPiece(fonts, 'Sent by', [{ text: data.sentBy ?? NOT_RECORDED }]),
      rowPiece(fonts, 'Sent', [{ text: certificateTime(data.sentAt) }]),
      rowPiece(fonts, 'Completed', [{ text: certificateTime(data.completedAt) }]),
    ],
  ]
  data.documents.forEach((document, index) => {
    const row = rowPiece(fonts, `Document ${index + 1}`, [
      { text: document.filename },
      { text: `${document.pageCount} ${document.pageCount === 1 ? 'page' : 'pages'}; SHA-256 before signing:` },
      { text: document.sha256, mono: true },
    ])
    groups.push(index === 0 ? [headingPiece(fonts, 'Documents'), row] : [row])
  })
  for (const [index, signer] of data.signers.entries()) {
    const image = signer.signaturePng ? await embed(signer.signaturePng) : null
    const consent = signer.consentedAt ? `${certificateTime(signer.consentedAt)}, disclosure version ${data.consentVersion}` : NOT_RECORDED
    const group = [
      ...(index === 0 ? [headingPiece(fonts, 'Signers')] : []),
      paragraphPiece(fonts, signer.name, { size: 11, bold: true }),
      rowPiece(fonts, 'Email', [{ text: signer.email }]),
      rowPiece(fonts, 'Role', [{ text: SIGNER_ROLE_LABELS[signer.role] }]),
      rowPiece(fonts, 'Authentication', [{ text: AUTH_LABELS[signer.authMethod] }]),
      rowPiece(fonts, 'Consent', [{ text: consent }]),
      rowPiece(fonts, 'Viewed', [{ text: certificateTime(signer.viewedAt) }]),
      rowPiece(fonts, 'Signed', [{ text: certificateTime(signer.signedAt) }]),
      rowPiece(fonts, 'IP address', [{ text: signer.ip ?? NOT_RECORDED }]),
      rowPiece(fonts, 'User agent', [{ text: signer.userAgent ?? NOT_RECORDED }]),
      rowPiece(fonts, 'Signature method', [{ text: signer.signatureMethod ? METHOD_LABELS[signer.signatureMethod] : NOT_RECORDED }]),
      signaturePiece(fonts, image),
      { height: 14, draw: () => undefined },
    ]
    groups.push(group)
  }
  groups.push([
    headingPiece(fonts, 'Audit trail'),
    paragraphPiece(fonts, `Audit trail: ${data.eventCount} ${data.eventCount === 1 ? 'event' : 'events'}, chain head ${data.chainHead}`),
    paragraphPiece(fonts, `Verify this document at ${data.verifyUrl}`),
  ])

  const pages = layOutCertificate(doc, groups)
  const footer = toWinAnsi(`Certificate of Completion - packet ${data.packetId}`)
  pages.forEach((page, index) => {
    page.drawLine({ start: { x: CERT.margin, y: CERT.footerY + 12 }, end: { x: LETTER.width - CERT.margin, y: CERT.footerY + 12 }, thickness: 0.5, color: GREY })
    page.drawText(footer, { x: CERT.margin, y: CERT.footerY, size: 8, font: fonts.regular, color: GREY })
    const number = `Page ${index + 1} of ${pages.length}`
    page.drawText(number, { x: LETTER.width - CERT.margin - fonts.regular.widthOfTextAtSize(number, 8), y: CERT.footerY, size: 8, font: fonts.regular, color: GREY })
  })
}

export async function completePacketPdf(input: {
  original: Uint8Array
  fields: BurnField[]
  images: Map<string, { signature: Uint8Array; initials: Uint8Array }>
  certificate: CertificateData
  identity: SealingIdentity
  sealedAt: Date
}): Promise<Uint8Array> {
  const doc = await PDFDocument.load(input.original, { updateMetadata: false })
  const [regular, bold, mono] = await Promise.all([doc.embedFont(StandardFonts.Helvetica), doc.embedFont(StandardFonts.HelveticaBold), doc.embedFont(StandardFonts.Courier)])
  const fonts: CertFonts = { regular, bold, mono }
  const embed = imageCache(doc)
  await burnFields(doc, regular, input.fields, input.images, embed)
  await addCertificate(doc, fonts, input.certificate, embed)
  doc.setModificationDate(input.sealedAt)
  doc.setProducer('Offerbook')
  return sealDocument(doc, input.identity, { signedAt: input.sealedAt })
}
