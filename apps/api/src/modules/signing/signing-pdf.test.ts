import { readFile } from 'node:fs/promises'
import { degrees, PDFDocument } from '@cantoo/pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SignerRole } from '@offerbook/domain/signing'
import { CONSENT_VERSION } from '@offerbook/domain/signing'
import { placeOfferFields, SIGNATURE_PAGE_LAYOUT, SIGNER_ROLE_LABELS } from '@offerbook/domain/signing-rules'
import type { CertificateData } from './signing-pdf-audit'
import type { BurnField } from './signing-pdf-stamp'
import { assemblePacket, completePacketPdf, inspectPdf } from './signing-pdf'
import { readSeal } from './signing-seal'
import { expectAppError, jpeg, pdfPages, pdftotext, run, sealingIdentity, setUpPdfWork, sha256, signaturePng, toFile, wordsOnPage } from './signing-pdf.test-helpers'
import type { Word } from './signing-pdf.test-helpers'

setUpPdfWork()

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
      { filename: 'offer.pdf', sha256: sha256(offer), pageCount: 3, removed: [] },
      { filename: 'survey.png', sha256: sha256(png), pageCount: 1, removed: [] },
      { filename: 'photo.jpg', sha256: sha256(photo), pageCount: 1, removed: [] },
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
    await expectAppError(inspectPdf(signaturePng()), 'UNSUPPORTED_MEDIA_TYPE', 'signing.notPdf')
    await expectAppError(inspectPdf(new Uint8Array()), 'UNSUPPORTED_MEDIA_TYPE', 'signing.notPdf')
  })

  it('refuses a password-protected PDF', async () => {
    const plain = await toFile(await pdfPages(2, 'Secret'))
    const encrypted = await toFile(new Uint8Array(), 'encrypted.pdf')
    const { code, stderr } = await run('qpdf', ['--encrypt', 'user', 'owner', '256', '--', plain, encrypted])
    expect(code, stderr).toBe(0)
    await expectAppError(inspectPdf(await readFile(encrypted)), 'BAD_REQUEST', 'signing.pdfEncrypted')
  })

  it('refuses a damaged PDF', async () => {
    const whole = await pdfPages(3, 'Cut')
    await expectAppError(inspectPdf(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(Array.from({ length: 4000 }, (_, index) => (index * 7919) % 251))])), 'BAD_REQUEST', 'signing.pdfDamaged')
    await expectAppError(inspectPdf(whole.slice(0, Math.floor(whole.length / 3))), 'BAD_REQUEST', 'signing.pdfDamaged')
    await expectAppError(inspectPdf(Buffer.from('%PDF-1.4\n%%EOF\n')), 'BAD_REQUEST', 'signing.pdfDamaged')
  })

  it('refuses more than 200 pages', async () => {
    await expectAppError(inspectPdf(await pdfPages(201, 'Long')), 'BAD_REQUEST', 'signing.tooManyPages')
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
      identity: sealingIdentity(),
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
    expect(stdout).toContain('ETSI.CAdES.detached')
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
