import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import { degrees, PDFDocument, StandardFonts } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SignerRole } from '@offerbook/domain/signing'
import { CONSENT_VERSION, placeOfferFields, SIGNATURE_PAGE_LAYOUT, SIGNER_ROLE_LABELS, SIGNING_MESSAGES } from '@offerbook/domain/signing'
import { AppError } from '../../app-error'
import type { SealingIdentity } from './signing-certificate'
import { loadSealingIdentity } from './signing-certificate'
import type { BurnField, CertificateData } from './signing-pdf'
import { assemblePacket, completePacketPdf, inspectPdf } from './signing-pdf'
import { readSeal } from './signing-seal'

let workDir = ''
let identity: SealingIdentity

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'signing-pdf-'))
  identity = await loadSealingIdentity({ dataDir: workDir })
})
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true })
})

/** Runs a command-line tool and keeps its output whatever its exit code (pdfsig exits non-zero for a bad signature). */
function run(command: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
      resolve({ code, stdout: String(stdout), stderr: String(stderr) })
    })
  })
}

let fileCount = 0
async function toFile(bytes: Uint8Array, name = 'file.pdf'): Promise<string> {
  const path = join(workDir, `${++fileCount}-${name}`)
  await writeFile(path, bytes)
  return path
}

async function pdftotext(bytes: Uint8Array, options: { first?: number; last?: number; layout?: boolean } = {}): Promise<string> {
  const path = await toFile(bytes)
  const args = [...(options.first ? ['-f', String(options.first)] : []), ...(options.last ? ['-l', String(options.last)] : []), ...(options.layout === false ? [] : ['-layout']), path, '-']
  const { code, stdout, stderr } = await run('pdftotext', args)
  if (code !== 0) throw new Error(`pdftotext failed: ${stderr}`)
  return stdout
}

type Word = { text: string; xMin: number; yMin: number; xMax: number; yMax: number }
const WORD = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g

/** Each word poppler finds on pages first to last (one list a page), with its box in points from the top left of the page as shown. */
async function wordsOnPages(bytes: Uint8Array, first: number, last: number): Promise<Word[][]> {
  const path = await toFile(bytes)
  const { stdout } = await run('pdftotext', ['-bbox', '-f', String(first), '-l', String(last), path, '-'])
  return stdout
    .split('<page ')
    .slice(1)
    .map((page) =>
      [...page.matchAll(WORD)].map((match) => ({ text: match[5] ?? '', xMin: Number(match[1]), yMin: Number(match[2]), xMax: Number(match[3]), yMax: Number(match[4]) })),
    )
}

async function wordsOnPage(bytes: Uint8Array, page: number): Promise<Word[]> {
  return (await wordsOnPages(bytes, page, page))[0] ?? []
}

async function pdfPages(count: number, label: string, size: [number, number] = [612, 792]): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (let index = 0; index < count; index++) {
    const page = doc.addPage(size)
    page.drawText(`${label} page ${index + 1}`, { x: 72, y: size[1] - 72, size: 14, font })
  }
  return doc.save()
}

/** A PNG written byte by byte (RGBA, 8 bits): a dark stroke across a transparent background, like a drawn signature. */
function signaturePng(width = 300, height = 100): Uint8Array {
  const rows: Buffer[] = []
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 4)
    for (let x = 0; x < width; x++) {
      const onStroke = Math.abs(y - (height / 2 + (height / 3) * Math.sin(x / 20))) < 3
      if (onStroke) row.set([20, 30, 90, 255], 1 + x * 4)
    }
    rows.push(row)
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 6, 0, 0, 0], 8)
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))])
}

/** A JPEG made by poppler: a PDF page rendered by pdftoppm. */
async function jpeg(): Promise<Uint8Array> {
  const path = await toFile(await pdfPages(1, 'Photo'))
  const out = join(workDir, 'photo')
  const { code, stderr } = await run('pdftoppm', ['-jpeg', '-r', '30', '-singlefile', path, out])
  if (code !== 0) throw new Error(`pdftoppm failed: ${stderr}`)
  return readFile(`${out}.jpg`)
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

async function expectAppError(promise: Promise<unknown>, code: string, message: string) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(AppError)
  expect(error).toMatchObject({ code, message })
}

describe('assemblePacket', () => {
  it('joins a PDF, a PNG and a JPEG and adds a signature page naming each signer', async () => {
    const offer = await pdfPages(3, 'Offer')
    const png = signaturePng(800, 400)
    const photo = await jpeg()
    const packet = await assemblePacket({
      sources: [
        { filename: 'offer.pdf', bytes: offer, contentType: 'application/pdf' },
        { filename: 'survey.png', bytes: png, contentType: 'image/png' },
        { filename: 'photo.jpg', bytes: photo, contentType: 'image/jpeg' },
      ],
      signaturePage: {
        title: 'Offer to Purchase',
        address: '12 Main Street, Nashville, TN 37212',
        signers: [
          { name: 'Jane Q. Buyer', role: 'buyer' },
          { name: 'Sam Seller', role: 'seller' },
        ],
      },
    })

    expect(packet.contentPageCount).toBe(5)
    expect(packet.pages).toHaveLength(6)
    expect(packet.pages.every((page) => page.width === 612 && page.height === 792)).toBe(true)
    expect(packet.documents).toEqual([
      { filename: 'offer.pdf', sha256: sha256(offer), pageCount: 3 },
      { filename: 'survey.png', sha256: sha256(png), pageCount: 1 },
      { filename: 'photo.jpg', sha256: sha256(photo), pageCount: 1 },
    ])

    const info = await run('pdfinfo', [await toFile(packet.pdf)])
    expect(info.stdout).toMatch(/Pages:\s+6/)
    expect(await pdftotext(packet.pdf, { first: 2, last: 2 })).toContain('Offer page 2')
    const signaturePage = await pdftotext(packet.pdf, { first: 6, last: 6 })
    for (const text of ['Signatures', 'Offer to Purchase', '12 Main Street, Nashville, TN 37212', 'Buyer: Jane Q. Buyer', 'Seller: Sam Seller', 'Signature', 'Printed name', 'Date']) {
      expect(signaturePage).toContain(text)
    }
  })

  it('draws each signer’s lines where placeOfferFields puts their signature, name and date', async () => {
    const signers: { name: string; role: SignerRole }[] = ['Ann', 'Ben', 'Cal', 'Dee', 'Eve', 'Fay', 'Gus'].map((name, index) => ({ name: `${name} Party`, role: index % 2 ? 'seller' : 'buyer' }))
    const packet = await assemblePacket({ sources: [{ filename: 'offer.pdf', bytes: await pdfPages(2, 'Offer'), contentType: 'application/pdf' }], signaturePage: { title: 'Offer', address: 'Somewhere', signers } })
    // Seven signers: five blocks on the first signature page, two on a second.
    expect(packet.pages).toHaveLength(4)
    const fields = placeOfferFields(packet.contentPageCount, signers.map((_, index) => String(index)))
    for (const sheet of [0, 1]) {
      const words = await wordsOnPage(packet.pdf, packet.contentPageCount + sheet + 1)
      // Only the blocks' labels: not the heading above them nor the page number below.
      const inBlocks = (word: Word) => word.yMin > SIGNATURE_PAGE_LAYOUT.top * 792 && word.yMax < 0.95 * 792
      const labels = (text: string) => words.filter((word) => word.text === text && inBlocks(word)).sort((a, b) => a.yMin - b.yMin)
      const onSheet = fields.filter((field) => field.page === packet.contentPageCount + sheet)
      const expectUnder = (type: string, label: string) => {
        const boxes = onSheet.filter((field) => field.type === type)
        const found = labels(label)
        expect(found).toHaveLength(boxes.length)
        boxes.forEach((box, index) => {
          const word = found[index]
          // The label sits just under the field's bottom edge, at its left.
          expect(word?.yMin).toBeGreaterThan((box.y + box.height) * 792)
          expect(word?.yMin).toBeLessThan((box.y + box.height) * 792 + 6)
          expect(Math.abs((word?.xMin ?? 0) - box.x * 612)).toBeLessThan(1)
        })
      }
      expectUnder('signature', 'Signature')
      expectUnder('date-signed', 'Date')
      expectUnder('full-name', 'Printed')
    }
    expect(SIGNATURE_PAGE_LAYOUT.blocksPerPage).toBe(5)
  })
})

describe('inspectPdf', () => {
  it('refuses a file that is not a PDF', async () => {
    await expectAppError(inspectPdf(signaturePng()), 'UNSUPPORTED_MEDIA_TYPE', SIGNING_MESSAGES.notPdf)
    await expectAppError(inspectPdf(new Uint8Array()), 'UNSUPPORTED_MEDIA_TYPE', SIGNING_MESSAGES.notPdf)
  })

  it('refuses a password-protected PDF', async () => {
    const plain = await toFile(await pdfPages(2, 'Secret'))
    const encrypted = join(workDir, 'encrypted.pdf')
    const { code, stderr } = await run('qpdf', ['--encrypt', 'user', 'owner', '256', '--', plain, encrypted])
    expect(code, stderr).toBe(0)
    await expectAppError(inspectPdf(await readFile(encrypted)), 'BAD_REQUEST', SIGNING_MESSAGES.pdfEncrypted)
  })

  it('refuses a damaged PDF', async () => {
    const whole = await pdfPages(3, 'Cut')
    await expectAppError(inspectPdf(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(Array.from({ length: 4000 }, (_, index) => (index * 7919) % 251))])), 'BAD_REQUEST', SIGNING_MESSAGES.pdfDamaged)
    await expectAppError(inspectPdf(whole.slice(0, Math.floor(whole.length / 3))), 'BAD_REQUEST', SIGNING_MESSAGES.pdfDamaged)
    await expectAppError(inspectPdf(Buffer.from('%PDF-1.4\n%%EOF\n')), 'BAD_REQUEST', SIGNING_MESSAGES.pdfDamaged)
  })

  it('refuses more than 200 pages', async () => {
    await expectAppError(inspectPdf(await pdfPages(201, 'Long')), 'BAD_REQUEST', SIGNING_MESSAGES.tooManyPages)
  })

  it('gives each page’s size as a viewer shows it: turned by /Rotate, cut by the CropBox', async () => {
    const doc = await PDFDocument.create()
    doc.addPage([612, 792])
    doc.addPage([612, 792]).setRotation(degrees(90))
    doc.addPage([842, 595]).setRotation(degrees(-90))
    doc.addPage([612, 792]).setCropBox(36, 36, 540, 720)
    const { pages } = await inspectPdf(await doc.save())
    expect(pages).toEqual([
      { width: 612, height: 792 },
      { width: 792, height: 612 },
      { width: 595, height: 842 },
      { width: 540, height: 720 },
    ])
  })
})

describe('completePacketPdf', () => {
  const SIGNERS = [
    { id: 's1', name: 'Jane Q. Buyer', email: 'jane@example.com', role: 'buyer' },
    { id: 's2', name: 'José Núñez', email: 'jose@example.com', role: 'buyer' },
    { id: 's3', name: 'Sam Seller 🏠', email: 'sam@example.com', role: 'seller' },
    { id: 's4', name: 'Lee Agent', email: 'lee@example.com', role: 'listing-agent' },
  ] as const
  const CHAIN_HEAD = 'ab'.repeat(32)
  let sealed: Uint8Array
  let documents: CertificateData['documents']
  let pageCount = 0

  beforeAll(async () => {
    const offer = await pdfPages(9, 'Offer')
    const packet = await assemblePacket({
      sources: [{ filename: 'offer-to-purchase.pdf', bytes: offer, contentType: 'application/pdf' }],
      signaturePage: { title: 'Offer to Purchase', address: '12 Main Street, Nashville, TN 37212', signers: SIGNERS.map(({ name, role }) => ({ name, role })) },
    })
    documents = packet.documents
    expect(packet.pages).toHaveLength(10)
    const byKey = new Map(SIGNERS.map((signer, index) => [String(index), signer]))
    const fields: BurnField[] = placeOfferFields(packet.contentPageCount, [...byKey.keys()]).map((field) => {
      const signer = byKey.get(field.signerKey)
      if (!signer) throw new Error('unknown signer')
      const value = field.type === 'full-name' ? signer.name : field.type === 'date-signed' ? '11/25/2026' : null
      return { signerId: signer.id, type: field.type, page: field.page, x: field.x, y: field.y, width: field.width, height: field.height, value }
    })
    const signature = signaturePng()
    const initials = signaturePng(120, 60)
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 25, 21, minutes, 5))
    const started = performance.now()
    sealed = await completePacketPdf({
      original: packet.pdf,
      fields,
      images: new Map(SIGNERS.map((signer) => [signer.id, { signature, initials }])),
      certificate: {
        packetId: 'pkt_0123456789',
        title: 'Offer to Purchase',
        address: '12 Main Street, Nashville, TN 37212',
        sentBy: 'Lee Agent',
        sentAt: at(0),
        completedAt: at(30),
        documents,
        signers: SIGNERS.map((signer, index) => ({
          name: signer.name,
          email: signer.email,
          role: signer.role,
          authMethod: index === 0 ? 'email-link+sms-code' : 'email-link',
          consentedAt: at(index + 2),
          viewedAt: at(index + 1),
          signedAt: at(index + 10),
          ip: `203.0.113.${index + 1}`,
          userAgent: `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Signer/${index} 漢字 😀`,
          signatureMethod: index % 2 ? 'typed' : 'drawn',
          signaturePng: signature,
        })),
        chainHead: CHAIN_HEAD,
        eventCount: 23,
        consentVersion: CONSENT_VERSION,
        verifyUrl: 'https://offerbook.example/verify',
      },
      identity,
      sealedAt: at(30),
    })
    pageCount = Number(/Pages:\s+(\d+)/.exec((await run('pdfinfo', [await toFile(sealed)])).stdout)?.[1])
    // Not a benchmark (bench/signing.ts is); a guard against a slow path sneaking in.
    expect(performance.now() - started).toBeLessThan(5000)
  })

  it('is sealed: pdfsig finds a valid signature over the whole file', async () => {
    const { stdout } = await run('pdfsig', [await toFile(sealed)])
    expect(stdout).toContain('Signature is Valid')
    expect(stdout).toContain('Total document signed')
    expect(stdout).toContain('adbe.pkcs7.detached')
    expect(stdout).toContain('Offerbook document sealing')
    expect(readSeal(sealed)).toEqual({ sealed: true, intact: true })
  })

  it('is a well-formed PDF (qpdf --check)', async () => {
    const { code, stdout, stderr } = await run('qpdf', ['--check', await toFile(sealed)])
    expect(code, stdout + stderr).toBe(0)
    expect(stdout).toContain('No syntax or stream encoding errors found')
  })

  it('ends with a Certificate of Completion naming every signer and every document’s hash', async () => {
    expect(pageCount).toBeGreaterThan(10)
    const certificate = await pdftotext(sealed, { first: 11, last: pageCount })
    expect(certificate).toContain('Certificate of Completion')
    expect(certificate).toContain('pkt_0123456789')
    for (const signer of [...SIGNERS.slice(0, 2), SIGNERS[3]]) expect(certificate).toContain(signer.name)
    expect(certificate).toContain('Sam Seller ?')
    for (const signer of SIGNERS) expect(certificate).toContain(signer.email)
    for (const document of documents) expect(certificate).toContain(document.sha256)
    expect(certificate).toContain(`Audit trail: 23 events, chain head ${CHAIN_HEAD}`)
    expect(certificate).toContain('Verify this document at https://offerbook.example/verify')
    expect(certificate).toContain('Nov 25, 2026, 3:30:05 PM CST')
    expect(certificate).toContain(`Nov 25, 2026, 3:02:05 PM CST, disclosure version ${CONSENT_VERSION}`)
    expect(certificate).toContain('Email link and SMS code')
    expect(certificate).toContain('203.0.113.4')
    expect(certificate).toContain('Listing agent')
    expect(certificate).toContain(SIGNER_ROLE_LABELS.buyer)
  })

  it('burns each printed name and date onto its line of the signature page', async () => {
    const page = await pdftotext(sealed, { first: 10, last: 10 })
    for (const signer of [SIGNERS[0], SIGNERS[1], SIGNERS[3]]) expect(page.match(new RegExp(signer.name, 'g'))?.length).toBeGreaterThanOrEqual(2)
    expect(page).toContain('Sam Seller ?')
    expect(page.match(/11\/25\/2026/g)).toHaveLength(4)
    const words = await wordsOnPage(sealed, 10)
    const dates = words.filter((word) => word.text === '11/25/2026').sort((a, b) => a.yMin - b.yMin)
    const dateFields = placeOfferFields(9, ['0', '1', '2', '3']).filter((field) => field.type === 'date-signed')
    dates.forEach((word, index) => {
      const field = dateFields[index]
      if (!field) throw new Error('missing field')
      expect(word.yMin).toBeGreaterThanOrEqual(field.y * 792 - 0.5)
      expect(word.yMax).toBeLessThanOrEqual((field.y + field.height) * 792 + 0.5)
      expect(word.xMin).toBeCloseTo(field.x * 612, 0)
    })
  })

  it('no longer verifies once a byte it covers changes', async () => {
    const changed = Buffer.from(sealed)
    // The fifth page's width, 612 points, becomes 712.
    let at = 0
    for (let page = 0; page < 5; page++) at = changed.indexOf('/MediaBox', at + 1)
    at = changed.indexOf('612', at)
    expect(at).toBeGreaterThan(0)
    changed[at] = 0x37
    const { stdout } = await run('pdfsig', [await toFile(changed)])
    expect(stdout).not.toContain('Signature is Valid')
    expect(stdout).toMatch(/Signature is Invalid|Digest Mismatch/i)
    expect(readSeal(changed)).toEqual({ sealed: true, intact: false })
    expect(readSeal(sealed)).toEqual({ sealed: true, intact: true })
  })

  it('tells a file without our seal from a sealed one, and never throws', async () => {
    expect(readSeal(await pdfPages(1, 'Plain'))).toEqual({ sealed: false, intact: false })
    expect(readSeal(new Uint8Array(64 * 1024).map((_, index) => (index * 2654435761) % 256))).toEqual({ sealed: false, intact: false })
    expect(readSeal(new Uint8Array())).toEqual({ sealed: false, intact: false })
  })
})

describe('the Certificate of Completion', () => {
  it('runs onto as many pages as ten signers with long details need, never into the footer', async () => {
    const original = await pdfPages(1, 'Form')
    const userAgent = Array.from({ length: 60 }, (_, index) => `Component/${index}.0 (build ${index * 7})`).join(' ')
    const signers = Array.from({ length: 10 }, (_, index) => ({
      name: `Signer Number ${index + 1} Ñandú`,
      email: `signer${index + 1}@example.com`,
      role: 'other' as const,
      authMethod: 'email-link' as const,
      consentedAt: new Date(),
      viewedAt: null,
      signedAt: new Date(),
      ip: '2001:db8::1',
      userAgent,
      signatureMethod: null,
      signaturePng: index % 2 ? signaturePng() : null,
    }))
    const sealed = await completePacketPdf({
      original,
      fields: [],
      images: new Map(),
      certificate: {
        packetId: 'pkt_many',
        title: 'A title long enough to wrap onto a second line of the certificate because it names every form in the packet one after another',
        address: '1 Long Road',
        sentBy: 'Sender',
        sentAt: new Date(),
        completedAt: new Date(),
        documents: Array.from({ length: 12 }, (_, index) => ({ filename: `attachment-${index + 1}.pdf`, sha256: sha256(new Uint8Array([index])), pageCount: index + 1 })),
        signers,
        chainHead: CHAIN_HEAD_ZERO,
        eventCount: 61,
        consentVersion: CONSENT_VERSION,
        verifyUrl: 'https://offerbook.example/verify',
      },
      identity,
      sealedAt: new Date(),
    })
    const pages = Number(/Pages:\s+(\d+)/.exec((await run('pdfinfo', [await toFile(sealed)])).stdout)?.[1])
    expect(pages).toBeGreaterThan(4)
    const text = await pdftotext(sealed, { first: 2, last: pages })
    for (const signer of signers) expect(text).toContain(signer.email)
    expect(text).toContain('Signer Number 10 Ñandú')
    expect(text).toContain(`Page ${pages - 1} of ${pages - 1}`)
    const certificatePages = await wordsOnPages(sealed, 2, pages)
    expect(certificatePages).toHaveLength(pages - 1)
    for (const words of certificatePages) {
      const footerTop = 792 - 48
      const body = words.filter((word) => word.yMax < footerTop)
      expect(body.length).toBeGreaterThan(0)
      // Everything above the footer ends above its rule; nothing runs off the right edge.
      for (const word of words) expect(word.xMax).toBeLessThanOrEqual(612 - 54 + 0.5)
      for (const word of body) expect(word.yMax).toBeLessThanOrEqual(792 - 64 + 0.5)
    }
    expect((await run('pdfsig', [await toFile(sealed)])).stdout).toContain('Signature is Valid')
  })
})

describe('completePacketPdf on a form document', () => {
  it('wraps a long answer inside its box rather than shrinking it to nothing', async () => {
    const doc = await PDFDocument.create()
    doc.addPage([612, 792])
    const original = await doc.save()
    const answer = 'The seller will repair the roof over the back porch and replace the two cracked windows in the kitchen before closing, at the seller’s expense.'
    const field = { x: 0.1, y: 0.5, width: 0.4, height: 0.12 }
    const sealed = await completePacketPdf({
      original,
      fields: [{ signerId: 'a', type: 'text', page: 0, ...field, value: answer }],
      images: new Map(),
      certificate: { packetId: 'p', title: 'T', address: 'A', sentBy: null, sentAt: null, completedAt: new Date(), documents: [], signers: [], chainHead: CHAIN_HEAD_ZERO, eventCount: 0, consentVersion: CONSENT_VERSION, verifyUrl: 'https://offerbook.example/verify' },
      identity,
      sealedAt: new Date(),
    })
    const words = await wordsOnPage(sealed, 1)
    expect(words.map((word) => word.text).join(' ')).toBe(answer)
    expect(new Set(words.map((word) => Math.round(word.yMin))).size).toBeGreaterThan(1)
    for (const word of words) {
      expect(word.xMin).toBeGreaterThanOrEqual(field.x * 612 - 0.5)
      expect(word.xMax).toBeLessThanOrEqual((field.x + field.width) * 612 + 0.5)
      expect(word.yMin).toBeGreaterThanOrEqual(field.y * 792 - 0.5)
      expect(word.yMax).toBeLessThanOrEqual((field.y + field.height) * 792 + 0.5)
      // Still readable: at least 5 pt.
      expect(word.yMax - word.yMin).toBeGreaterThan(5)
    }
  })

  it('places a field on a turned page where the viewer sees it, upright', async () => {
    const doc = await PDFDocument.create()
    const font = await doc.embedFont(StandardFonts.Helvetica)
    const page = doc.addPage([612, 792])
    page.drawText('Landscape form', { x: 72, y: 700, size: 12, font })
    page.setRotation(degrees(90))
    const original = await doc.save()
    expect((await inspectPdf(original)).pages).toEqual([{ width: 792, height: 612 }])
    const sealed = await completePacketPdf({
      original,
      fields: [{ signerId: 'a', type: 'text', page: 0, x: 0.5, y: 0.25, width: 0.3, height: 0.05, value: 'Upright answer' }],
      images: new Map(),
      certificate: {
        packetId: 'pkt_form',
        title: 'Form',
        address: 'Somewhere',
        sentBy: null,
        sentAt: null,
        completedAt: new Date(),
        documents: [{ filename: 'form.pdf', sha256: sha256(original), pageCount: 1 }],
        signers: [],
        chainHead: CHAIN_HEAD_ZERO,
        eventCount: 1,
        consentVersion: CONSENT_VERSION,
        verifyUrl: 'https://offerbook.example/verify',
      },
      identity,
      sealedAt: new Date(),
    })
    const words = await wordsOnPage(sealed, 1)
    const answer = words.find((word) => word.text === 'Upright')
    expect(answer).toBeDefined()
    // pdftotext -bbox gives positions on the page as shown: the field's box is 0.5 and 0.25 of 792 x 612.
    expect(answer?.xMin).toBeCloseTo(0.5 * 792, 0)
    expect(answer?.yMin).toBeGreaterThan(0.25 * 612 - 0.5)
    expect(answer?.yMax).toBeLessThan(0.3 * 612 + 0.5)
    // Upright: the word is wider than it is tall.
    expect((answer?.xMax ?? 0) - (answer?.xMin ?? 0)).toBeGreaterThan((answer?.yMax ?? 0) - (answer?.yMin ?? 0))
    expect((await run('pdfsig', [await toFile(sealed)])).stdout).toContain('Signature is Valid')
  })
})

const CHAIN_HEAD_ZERO = '0'.repeat(64)

/** A PNG of colour type `colourType` whose rows use each of the five PNG filters in turn (the first row a different one for each type), as browsers' encoders do. */
function filteredPng(colourType: 0 | 2 | 4 | 6, width = 64, height = 40): Uint8Array {
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
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const framing = Buffer.alloc(8)
    framing.writeUInt32BE(data.length, 0)
    framing.writeUInt32BE(crc32(body), 4)
    return Buffer.concat([framing.subarray(0, 4), body, framing.subarray(4)])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, colourType, 0, 0, 0], 8)
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))])
}

async function renderFirstPage(pdf: Uint8Array): Promise<Buffer> {
  const path = await toFile(pdf)
  const out = join(workDir, `render-${fileCount}`)
  const { code, stderr } = await run('pdftoppm', ['-r', '40', '-f', '1', '-l', '1', '-singlefile', path, out])
  if (code !== 0) throw new Error(`pdftoppm failed: ${stderr}`)
  return readFile(`${out}.ppm`)
}

describe('signature images', () => {
  it.each([0, 2, 4, 6] as const)('a PNG of colour type %i is burnt in exactly as pdf-lib would draw it', async (colourType) => {
    const png = filteredPng(colourType)
    const blank = await PDFDocument.create()
    blank.addPage([612, 792])
    const original = await blank.save()
    const field = { x: 0.1, y: 0.1, width: 0.5, height: 0.3 }
    const ours = await completePacketPdf({
      original,
      fields: [{ signerId: 'a', type: 'signature', page: 0, ...field, value: null }],
      images: new Map([['a', { signature: png, initials: png }]]),
      certificate: { packetId: 'p', title: 'T', address: 'A', sentBy: null, sentAt: null, completedAt: new Date(), documents: [], signers: [], chainHead: CHAIN_HEAD_ZERO, eventCount: 0, consentVersion: CONSENT_VERSION, verifyUrl: 'https://offerbook.example/verify' },
      identity,
      sealedAt: new Date(),
    })
    const reference = await PDFDocument.create()
    const image = await reference.embedPng(png)
    const box = { x: field.x * 612, y: 792 * (1 - field.y - field.height), width: field.width * 612, height: field.height * 792 }
    const scale = Math.min(box.width / image.width, box.height / image.height)
    reference.addPage([612, 792]).drawImage(image, { x: box.x, y: box.y + (box.height - image.height * scale) / 2, width: image.width * scale, height: image.height * scale })
    expect((await renderFirstPage(ours)).equals(await renderFirstPage(await reference.save()))).toBe(true)
  })
})
