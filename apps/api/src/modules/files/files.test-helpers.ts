import sharp from 'sharp'
import { crc32, deflateSync } from 'node:zlib'

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** One PNG chunk: the data's length, the type, the data and their CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/**
 * A PNG written byte by byte, 8 bits a channel, from its scanlines (each a filter byte, then the
 * row's pixels), so a test needs no image on disk. Colour type 0 is grey, 2 RGB, 4 grey and alpha, 6 RGBA.
 */
export function encodePng(width: number, height: number, colourType: 0 | 2 | 4 | 6, scanlines: Buffer): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = colourType
  return Buffer.concat([SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(scanlines)), pngChunk('IEND', Buffer.alloc(0))])
}

/** A real PNG of width x height pixels of one colour. */
export function makePng(width: number, height: number, [red, green, blue]: readonly [number, number, number]): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [red, green, blue]).flat())])
  return encodePng(width, height, 2, Buffer.concat(Array.from({ length: height }, () => row)))
}

/** A PNG tEXt chunk (a keyword and its text), to put between a PNG's chunks. */
export function textChunk(keyword: string, text: string): Buffer {
  return pngChunk('tEXt', Buffer.from(`${keyword}\0${text}`, 'latin1'))
}

/** The start of a JFIF file (SOI, APP0) and its end marker: what the upload sniffs, not a picture. */
/** A real JPEG of 4 x 3 pixels, which an image library decodes (the listing photos' WebP copies need one). */
export async function makeJpeg(rgb: readonly [number, number, number] = [30, 120, 200]): Promise<Buffer> {
  return sharp({ create: { width: 4, height: 3, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } }).jpeg().toBuffer()
}

/** JPEG markers around bytes that are no image: enough for a check by magic bytes, not for a decoder. */
export function makeJpegLike(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
    Buffer.from('not really pixels'),
    Buffer.from([0xff, 0xd9]),
  ])
}

export type FormPart = { name: string; value: Buffer | string; filename?: string; type?: string }

/** A multipart/form-data body as a browser's fetch would send it. */
export async function multipart(parts: FormPart[]): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const form = new FormData()
  for (const part of parts) {
    if (typeof part.value === 'string' && part.filename === undefined) form.append(part.name, part.value)
    else form.append(part.name, new Blob([part.value], { type: part.type ?? 'application/octet-stream' }), part.filename ?? 'file')
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form })
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type') ?? '' } }
}
