import { createHash } from 'node:crypto'
import type { PDFFont, PDFPage } from '@cantoo/pdf-lib'
import { concatTransformationMatrix, popGraphicsState, pushGraphicsState, rgb } from '@cantoo/pdf-lib'
import type { PageSize } from '@offerbook/domain/signing'
import { toWinAnsi } from '../contracts/lined-pdf'

/**
 * What every part of the packet's PDF draws with: the sheet it adds, its greys and fonts, and pages
 * as a viewer shows them. Field positions are fractions of the page as a viewer shows it (origin top
 * left, after /Rotate, inside the CropBox), so pdf.js in the browser and the server agree.
 */

/** US Letter, in points: image pages, signature pages and the certificate. */
export const LETTER = { width: 612, height: 792 } as const
export const HALF_INCH = 36
export const GREY = rgb(0.35, 0.35, 0.35)
export const LIGHT_GREY = rgb(0.7, 0.7, 0.7)

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

export type Rotation = 0 | 90 | 180 | 270
/** The part of the page a viewer shows (CropBox within MediaBox), in the page's own space, and how it is turned. */
export type PageFrame = { x: number; y: number; width: number; height: number; rotation: Rotation }

export function pageFrame(page: PDFPage): PageFrame {
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

export function displaySize(frame: PageFrame): PageSize {
  return frame.rotation === 90 || frame.rotation === 270 ? { width: frame.height, height: frame.width } : { width: frame.width, height: frame.height }
}

/**
 * Runs `draw` in the page's display space: x to the right and y up from the bottom-left corner of
 * the page as the viewer shows it, whatever the page's /Rotate and CropBox, so text stays upright.
 */
export function inDisplaySpace(page: PDFPage, frame: PageFrame, draw: () => void): void {
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

export type Fonts = { regular: PDFFont; bold: PDFFont }

/** The text on one line no wider than `width`, at `size` or smaller down to `minSize`, cut with '...' if it must be. */
export function fitLine(text: string, font: PDFFont, size: number, width: number, minSize = size * 0.75): { text: string; size: number } {
  const line = toWinAnsi(text).replace(/\s+/g, ' ').trim()
  const natural = font.widthOfTextAtSize(line, size)
  if (natural <= width) return { text: line, size }
  const shrunk = Math.max(minSize, (size * width) / natural)
  if (font.widthOfTextAtSize(line, shrunk) <= width) return { text: line, size: shrunk }
  let cut = line.length
  while (cut > 0 && font.widthOfTextAtSize(`${line.slice(0, cut).trimEnd()}...`, shrunk) > width) cut--
  return { text: `${line.slice(0, cut).trimEnd()}...`, size: shrunk }
}
