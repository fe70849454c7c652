import { inflateSync } from 'node:zlib'

/**
 * A signature or initials PNG read as far as its checks need (issue #29): the header, before
 * anything is decoded, and its image data inflated no further than its header allows. Not a decoder
 * (sharp decodes the images, signing-pdf-images.ts): libspng inflates only what the rows need and
 * takes a PNG whose data inflates far past its header's size, which the finish refuses as damaged
 * (docs/decisions/044-libraries-and-test-setup.md).
 */

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** Samples per pixel of each PNG colour type: grey, RGB, palette, grey and alpha, RGBA. */
const SAMPLES: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }

export type PngHeader = { width: number; height: number; depth: number; colourType: number; interlace: number }

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)

/** The IHDR of a PNG (which must be its first chunk), or null when the bytes are not a PNG with a sound header. */
export function readPngHeader(bytes: Uint8Array): PngHeader | null {
  const file = asBuffer(bytes)
  if (file.length < 33 || !file.subarray(0, 8).equals(PNG_SIGNATURE)) return null
  if (file.readUInt32BE(8) !== 13 || file.toString('latin1', 12, 16) !== 'IHDR') return null
  const header = { width: file.readUInt32BE(16), height: file.readUInt32BE(20), depth: file[24]!, colourType: file[25]!, interlace: file[28]! }
  if (header.width === 0 || header.height === 0 || SAMPLES[header.colourType] === undefined || ![1, 2, 4, 8, 16].includes(header.depth) || header.interlace > 1) return null
  return header
}

/**
 * The most bytes the image data of a PNG with this header can inflate to: one filter byte and the
 * packed samples per row; an interlaced image's seven passes add at most a filter byte and a
 * partial byte per row of each pass.
 */
function inflatedSizeLimit(header: PngHeader): number {
  const rowBytes = Math.ceil((header.width * SAMPLES[header.colourType]! * header.depth) / 8)
  return header.height * (rowBytes + 1) + (header.interlace ? 7 * 2 * (header.height + 8) : 0)
}

/** The bodies of a PNG's chunks of one type, in order, up to IEND. */
function chunks(bytes: Uint8Array, wanted: string): Buffer[] {
  const file = asBuffer(bytes)
  const found: Buffer[] = []
  for (let at = 8; at + 8 <= file.length; ) {
    const length = file.readUInt32BE(at)
    const type = file.toString('latin1', at + 4, at + 8)
    if (type === wanted) found.push(file.subarray(at + 8, at + 8 + length))
    else if (type === 'IEND') break
    at += 12 + length
  }
  return found
}

/** The concatenated IDAT chunks of a PNG. */
const imageData = (bytes: Uint8Array) => Buffer.concat(chunks(bytes, 'IDAT'))

/** The image data inflated, never beyond what the header allows (a decompression bomb throws), or null. */
function inflateImageData(bytes: Uint8Array, header: PngHeader): Buffer | null {
  try {
    return inflateSync(imageData(bytes), { maxOutputLength: inflatedSizeLimit(header) })
  } catch {
    return null
  }
}

/** Whether a signature PNG decodes: its image data inflates, within its header's size, to at least what its rows need. Run in the heavy-work pool. */
export function signaturePngReadable(bytes: Uint8Array): boolean {
  const header = readPngHeader(bytes)
  if (!header) return false
  const raw = inflateImageData(bytes, header)
  if (!raw) return false
  return header.interlace === 1 || raw.length >= header.height * (Math.ceil((header.width * SAMPLES[header.colourType]! * header.depth) / 8) + 1)
}
