import { deflateSync } from 'node:zlib'
import type { PDFDocument, PDFPage, PDFRef } from '@cantoo/pdf-lib'
import { concatTransformationMatrix, drawObject, popGraphicsState, pushGraphicsState } from '@cantoo/pdf-lib'
import { SIGNING_LIMITS } from '@offerbook/domain/signing'
import { sha256Hex } from './signing-pdf-page'
import { readPngHeader } from './signing-png'

/**
 * The signature and initials images in the completed PDF: each distinct PNG embedded once, with its
 * alpha as a soft mask, and drawn into the boxes of the fields and the certificate.
 */

/** An image in the document, drawn into a box of the page's current space. */
export type Embedded = { width: number; height: number; draw: (page: PDFPage, box: { x: number; y: number; width: number; height: number }) => void }

/**
 * A PNG as a PDF image with its alpha as a soft mask. sharp (libvips) decodes every kind of PNG
 * (grey, palette, 16-bit, interlaced, with tRNS) to 8-bit RGB(A), natively and off this thread; an
 * image larger than a signature may be (the finish refuses those) throws before anything is decoded.
 */
async function embedPng(doc: PDFDocument, png: Uint8Array): Promise<Embedded> {
  const header = readPngHeader(png)
  if (!header) throw new Error('a signature image is not a PNG')
  const { signatureMaxWidth, signatureMaxHeight } = SIGNING_LIMITS
  if (header.width > signatureMaxWidth || header.height > signatureMaxHeight) throw new Error(`a signature image of ${header.width} × ${header.height} pixels is larger than a signature may be`)
  const { default: sharp } = await import('sharp')
  const { data: pixels, info } = await sharp(png, { limitInputPixels: signatureMaxWidth * signatureMaxHeight }).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true })
  const { width, height, channels } = info
  const hasAlpha = channels === 4
  const colour = hasAlpha ? new Uint8Array(width * height * 3) : pixels
  const alpha = new Uint8Array(hasAlpha ? width * height : 0)
  let opaque = true
  if (hasAlpha) {
    for (let pixel = 0, from = 0, to = 0; pixel < width * height; pixel++, from += 4, to += 3) {
      colour[to] = pixels[from] as number
      colour[to + 1] = pixels[from + 1] as number
      colour[to + 2] = pixels[from + 2] as number
      const value = pixels[from + 3] as number
      alpha[pixel] = value
      if (value !== 255) opaque = false
    }
  }
  const image = (bytes: Uint8Array, colorSpace: 'DeviceRGB' | 'DeviceGray', extra: Record<string, PDFRef> = {}) =>
    doc.context.register(
      doc.context.stream(deflateSync(bytes), { Type: 'XObject', Subtype: 'Image', Width: width, Height: height, BitsPerComponent: 8, ColorSpace: colorSpace, Filter: 'FlateDecode', ...extra }),
    )
  const mask: Record<string, PDFRef> = hasAlpha && !opaque ? { SMask: image(alpha, 'DeviceGray') } : {}
  const ref = image(colour, 'DeviceRGB', mask)
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
export function imageCache(doc: PDFDocument) {
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
export function drawImageInBox(page: PDFPage, image: Embedded, box: { x: number; y: number; width: number; height: number }): void {
  const scale = Math.min(box.width / image.width, box.height / image.height)
  const width = image.width * scale
  const height = image.height * scale
  image.draw(page, { x: box.x, y: box.y + (box.height - height) / 2, width, height })
}
