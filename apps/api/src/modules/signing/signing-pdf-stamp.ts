import type { PDFDocument, PDFFont, PDFPage } from '@cantoo/pdf-lib'
import { beginText, endText, moveText, setFontAndSize, setTextRenderingMode, showText, TextRenderingMode } from '@cantoo/pdf-lib'
import type { SigningFieldType } from '@offerbook/domain/signing'
import { toWinAnsi } from '../contracts/lined-pdf'
import { wrapText } from '../offer-documents/offer-pdf'
import type { Embedded } from './signing-pdf-images'
import { drawImageInBox } from './signing-pdf-images'
import type { PageFrame } from './signing-pdf-page'
import { displaySize, inDisplaySpace, pageFrame } from './signing-pdf-page'

/** Completing a packet, first step: each signer's fields burnt into the pages they sit on. */

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

/** A signer's adopted marks, and the name the signature stands for. */
export type SignerMarks = { signature: Uint8Array; initials: Uint8Array; name?: string }

/**
 * The signer's name as invisible text across a signature's box: the image shows the signature, and a
 * reader's tools (copy, search, pdftotext, a screen reader) find whose it is, as an OCR layer does.
 */
function nameLayer(page: PDFPage, font: PDFFont, name: string, box: { x: number; y: number; width: number; height: number }): void {
  const text = toWinAnsi(name).replace(/\s+/g, ' ').trim()
  if (text === '') return
  const size = Math.max(1, Math.min(box.height * 0.6, (box.width * 0.95 * 12) / Math.max(1, font.widthOfTextAtSize(text, 12))))
  page.pushOperators(
    beginText(),
    setFontAndSize(page.node.newFontDictionary(font.name, font.ref), size),
    setTextRenderingMode(TextRenderingMode.Invisible),
    moveText(box.x, box.y + (box.height - CAP_HEIGHT * size) / 2),
    showText(font.encodeText(text)),
    endText(),
  )
}

export async function burnFields(doc: PDFDocument, font: PDFFont, fields: readonly BurnField[], images: Map<string, SignerMarks>, embed: (png: Uint8Array) => Promise<Embedded>): Promise<void> {
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
      const marks = images.get(field.signerId)
      const png = marks?.[field.type]
      if (!png) throw new Error(`No ${field.type} image for signer ${field.signerId}`)
      const image = await embed(png)
      const name = field.type === 'signature' ? marks?.name : undefined
      inDisplaySpace(page, frame, () => {
        drawImageInBox(page, image, box)
        if (name) nameLayer(page, font, name, box)
      })
    } else if (field.value !== null && field.value.trim() !== '') {
      const value = field.value
      inDisplaySpace(page, frame, () => drawTextInBox(page, value, font, box))
    }
  }
}
