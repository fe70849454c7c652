import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib'
import { afterAll, beforeAll, expect } from 'vitest'
import type { MessageKey } from '@offerbook/domain/messages'
import { messageText } from '@offerbook/domain/messages'
import { AppError } from '../../app-error'
import { encodePng } from '../files/files.test-helpers'
import type { SealingIdentity } from './signing-certificate'
import { loadSealingIdentity } from './signing-certificate'

/** The packet's PDF, read back with poppler and qpdf (signing-pdf*.test.ts). */
const pdfWork: { dir: string; identity: SealingIdentity | null; files: number } = { dir: '', identity: null, files: 0 }

/** Gives the file's tests a scratch directory and a sealing identity made in it, removed afterwards. */
export function setUpPdfWork(): void {
  beforeAll(async () => {
    pdfWork.dir = await mkdtemp(join(tmpdir(), 'signing-pdf-'))
    pdfWork.identity = await loadSealingIdentity({ dataDir: pdfWork.dir })
  })
  afterAll(async () => {
    await rm(pdfWork.dir, { recursive: true, force: true })
  })
}

export function sealingIdentity(): SealingIdentity {
  if (!pdfWork.identity) throw new Error('Call setUpPdfWork() in the test file first')
  return pdfWork.identity
}

/** Runs a command-line tool and keeps its output whatever its exit code (pdfsig exits non-zero for a bad signature). */
export function run(command: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
      resolve({ code, stdout: String(stdout), stderr: String(stderr) })
    })
  })
}

/** The test file's scratch directory (removed after its tests). */
export const pdfWorkDir = (): string => pdfWork.dir

export async function toFile(bytes: Uint8Array, name = 'file.pdf'): Promise<string> {
  // Without the scratch directory the file would land in the working directory, and in a commit.
  if (!pdfWork.dir) throw new Error('Call setUpPdfWork() in the test file first')
  const path = join(pdfWork.dir, `${++pdfWork.files}-${name}`)
  await writeFile(path, bytes)
  return path
}

export async function pdftotext(bytes: Uint8Array, options: { first?: number; last?: number; layout?: boolean } = {}): Promise<string> {
  const path = await toFile(bytes)
  const args = [...(options.first ? ['-f', String(options.first)] : []), ...(options.last ? ['-l', String(options.last)] : []), ...(options.layout === false ? [] : ['-layout']), path, '-']
  const { code, stdout, stderr } = await run('pdftotext', args)
  if (code !== 0) throw new Error(`pdftotext failed: ${stderr}`)
  return stdout
}

export type Word = { text: string; xMin: number; yMin: number; xMax: number; yMax: number }
const WORD = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g

/** Each word poppler finds on pages first to last (one list a page), with its box in points from the top left of the page as shown. */
export async function wordsOnPages(bytes: Uint8Array, first: number, last: number): Promise<Word[][]> {
  const path = await toFile(bytes)
  const { stdout } = await run('pdftotext', ['-bbox', '-f', String(first), '-l', String(last), path, '-'])
  return stdout
    .split('<page ')
    .slice(1)
    .map((page) =>
      [...page.matchAll(WORD)].map((match) => ({ text: match[5] ?? '', xMin: Number(match[1]), yMin: Number(match[2]), xMax: Number(match[3]), yMax: Number(match[4]) })),
    )
}

export async function wordsOnPage(bytes: Uint8Array, page: number): Promise<Word[]> {
  return (await wordsOnPages(bytes, page, page))[0] ?? []
}

export async function pdfPages(count: number, label: string, size: [number, number] = [612, 792]): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (let index = 0; index < count; index++) {
    const page = doc.addPage(size)
    page.drawText(`${label} page ${index + 1}`, { x: 72, y: size[1] - 72, size: 14, font })
  }
  return doc.save()
}

/** A PNG written byte by byte (RGBA, 8 bits): a dark stroke across a transparent background, like a drawn signature. */
export function signaturePng(width = 300, height = 100): Uint8Array {
  const rows: Buffer[] = []
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 4)
    for (let x = 0; x < width; x++) {
      const onStroke = Math.abs(y - (height / 2 + (height / 3) * Math.sin(x / 20))) < 3
      if (onStroke) row.set([20, 30, 90, 255], 1 + x * 4)
    }
    rows.push(row)
  }
  return encodePng(width, height, 6, Buffer.concat(rows))
}

/** A JPEG made by poppler: a PDF page rendered by pdftoppm. */
export async function jpeg(): Promise<Uint8Array> {
  const path = await toFile(await pdfPages(1, 'Photo'))
  const out = join(pdfWork.dir, 'photo')
  const { code, stderr } = await run('pdftoppm', ['-jpeg', '-r', '30', '-singlefile', path, out])
  if (code !== 0) throw new Error(`pdftoppm failed: ${stderr}`)
  return readFile(`${out}.jpg`)
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

export async function expectAppError(promise: Promise<unknown>, code: string, key: MessageKey) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(AppError)
  expect(error).toMatchObject({ code, key, message: messageText(key) })
}

export const CHAIN_HEAD_ZERO = '0'.repeat(64)

/** A PNG of colour type `colourType` whose rows use each of the five PNG filters in turn (the first row a different one for each type), as browsers' encoders do. */
export function filteredPng(colourType: 0 | 2 | 4 | 6, width = 64, height = 40): Uint8Array {
  const channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[colourType]
  const stride = width * channels
  const pixels = new Uint8Array(height * stride)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let channel = 0; channel < channels; channel++) pixels[y * stride + x * channels + channel] = (x * 37 + y * 11 + channel * 71 + ((x * y) % 13) * 9) & 0xff
    }
  }
  const paeth = (a: number, b: number, c: number) => {
    const p = a + b - c
    const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)]
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
  }
  const raw = Buffer.alloc(height * (stride + 1))
  for (let y = 0; y < height; y++) {
    const filter = (y + colourType) % 5
    raw[y * (stride + 1)] = filter
    for (let x = 0; x < stride; x++) {
      const value = pixels[y * stride + x] ?? 0
      const left = x >= channels ? (pixels[y * stride + x - channels] ?? 0) : 0
      const up = y > 0 ? (pixels[(y - 1) * stride + x] ?? 0) : 0
      const upLeft = y > 0 && x >= channels ? (pixels[(y - 1) * stride + x - channels] ?? 0) : 0
      const predicted = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter] ?? 0
      raw[y * (stride + 1) + 1 + x] = (value - predicted) & 0xff
    }
  }
  return encodePng(width, height, colourType, raw)
}

export async function renderFirstPage(pdf: Uint8Array): Promise<Buffer> {
  const path = await toFile(pdf)
  const out = join(pdfWork.dir, `render-${pdfWork.files}`)
  const { code, stderr } = await run('pdftoppm', ['-r', '40', '-f', '1', '-l', '1', '-singlefile', path, out])
  if (code !== 0) throw new Error(`pdftoppm failed: ${stderr}`)
  return readFile(`${out}.ppm`)
}
