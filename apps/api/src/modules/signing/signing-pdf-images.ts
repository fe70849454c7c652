import { deflateSync } from 'node:zlib'
import type { PDFDocument, PDFPage, PDFRef } from 'pdf-lib'
import { concatTransformationMatrix, drawObject, popGraphicsState, pushGraphicsState } from 'pdf-lib'
import { SIGNING_LIMITS } from '@offerbook/domain/signing'
import { sha256Hex } from './signing-pdf-page'
import { hasChunk, inflateImageData, readPngHeader } from './signing-png'

/**
 * The signature and initials images in the completed PDF: each distinct PNG embedded once, with its
 * alpha as a soft mask, and drawn into the boxes of the fields and the certificate.
 */

/** An image in the document, drawn into a box of the page's current space. */
export type Embedded = { width: number; height: number; draw: (page: PDFPage, box: { x: number; y: number; width: number; height: number }) => void }

/** Channels of the PNG colour types read here: grey, RGB, grey and alpha, RGBA. */
const PNG_CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 4: 2, 6: 4 }

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft
  const toLeft = Math.abs(estimate - left)
  const toUp = Math.abs(estimate - up)
  const toUpLeft = Math.abs(estimate - upLeft)
  return toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft
}

/**
 * The pixels of an 8-bit, non-interlaced grey/RGB(A) PNG, or null for any other kind (pdf-lib reads
 * those, from image data checked here to inflate within its header's size). An image larger than a
 * signature may be (the finish refuses those) throws: nothing here inflates or walks it.
 */
function decodeSimplePng(png: Uint8Array): { width: number; height: number; channels: number; pixels: Uint8Array } | null {
  const header = readPngHeader(png)
  if (!header) return null
  if (header.width > SIGNING_LIMITS.signatureMaxWidth || header.height > SIGNING_LIMITS.signatureMaxHeight) throw new Error(`a signature image of ${header.width} × ${header.height} pixels is larger than a signature may be`)
  const raw = inflateImageData(png, header)
  if (!raw) throw new Error('a signature image does not inflate within its size')
  const { width, height, depth, colourType, interlace } = header
  const channels = PNG_CHANNELS[colourType] ?? 0
  if (depth !== 8 || interlace !== 0 || channels === 0 || hasChunk(png, 'tRNS')) return null
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
