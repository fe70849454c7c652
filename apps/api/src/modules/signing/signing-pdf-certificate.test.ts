import { degrees, PDFDocument, StandardFonts } from '@cantoo/pdf-lib'
import { describe, expect, it } from 'vitest'
import { CONSENT_VERSION } from '@offerbook/domain/signing'
import { completePacketPdf, inspectPdf } from './signing-pdf'
import { CHAIN_HEAD_ZERO, filteredPng, pdfPages, pdftotext, renderFirstPage, run, sealingIdentity, setUpPdfWork, sha256, signaturePng, toFile, wordsOnPage, wordsOnPages } from './signing-pdf.test-helpers'

setUpPdfWork()

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
      identity: sealingIdentity(),
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
      identity: sealingIdentity(),
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
      identity: sealingIdentity(),
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
      identity: sealingIdentity(),
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
