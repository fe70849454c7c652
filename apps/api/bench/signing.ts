// Completing a signing packet (issue #12, decision 016): a 10-page offer packet with 4 signers gets
// its fields and signature images burnt in, the Certificate of Completion appended and the seal
// applied, RUNS times after a warm-up, as the completion job does once per packet. Then readSeal, as
// /api/verify runs it on an upload, on a sealed file of about 5 MB. Prints one line of JSON.
// Target: completion median < 150 ms; readSeal on 5 MB well under 100 ms. Then the same completion at
// PAdES B-T against a local openssl TSA (decision 052).
//   npx tsx apps/api/bench/signing.ts
// BENCH_SIGNING_OUT=/tmp/packet.pdf also writes the completed packet, to look at.
import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import { PDFDocument, PDFName, StandardFonts } from '@cantoo/pdf-lib'
import type { SignerRole } from '@offerbook/domain/signing'
import { CONSENT_VERSION } from '@offerbook/domain/signing'
import { placeOfferFields } from '@offerbook/domain/signing-rules'
import { loadSealingIdentity } from '../src/modules/signing/signing-certificate'
import type { BurnField } from '../src/modules/signing/signing-pdf-stamp'
import type { CertificateData } from '../src/modules/signing/signing-pdf-audit'
import { assemblePacket, completePacketPdf } from '../src/modules/signing/signing-pdf'
import { addSignatureTimestamp, readSeal, sealPdf, sealSignatureValue } from '../src/modules/signing/signing-seal'
import { requestTimestamp } from '../src/modules/signing/signing-tsa'
import { archiveSealedFile } from '../src/modules/signing/signing-archive'
import { startLocalTsa } from '../test/tsa-server'
import { percentile } from './stats'

const WARM_UP = Number(process.env.BENCH_SIGNING_WARM_UP ?? 3)
const RUNS = Number(process.env.BENCH_SIGNING_RUNS ?? 30)
/** Each B-T run asks the local TSA twice, and `openssl ts -reply` starts a process each time. */
const BT_RUNS = Number(process.env.BENCH_SIGNING_BT_RUNS ?? 15)
const READ_RUNS = 20

/** An RGBA PNG of a wavy stroke on a transparent background, about what a signature pad sends. */
function signaturePng(width: number, height: number, phase: number): Uint8Array {
  const rows: Buffer[] = []
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 4)
    for (let x = 0; x < width; x++) {
      if (Math.abs(y - (height / 2 + (height / 3) * Math.sin(x / 23 + phase))) < 3) row.set([20, 30, 90, 255], 1 + x * 4)
    }
    rows.push(row)
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
  header.set([8, 6, 0, 0, 0], 8)
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))])
}

async function offerPages(count: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const line = 'The Buyer agrees to buy and the Seller agrees to sell the property described below on the terms set out here. '
  for (let index = 0; index < count; index++) {
    const page = doc.addPage([612, 792])
    page.drawText(`Offer to Purchase, page ${index + 1}`, { x: 54, y: 740, size: 16, font })
    for (let row = 0; row < 50; row++) page.drawText(line, { x: 54, y: 700 - row * 12, size: 8.5, font })
  }
  return doc.save()
}

const round = (ms: number) => Math.round(ms * 10) / 10

const dataDir = await mkdtemp(join(tmpdir(), 'bench-signing-'))
try {
  const identity = await loadSealingIdentity({ dataDir })
  const signers: { id: string; name: string; email: string; role: SignerRole }[] = [
    { id: 'signer-1', name: 'Jane Q. Buyer', email: 'jane@example.com', role: 'buyer' },
    { id: 'signer-2', name: 'José Núñez', email: 'jose@example.com', role: 'buyer' },
    { id: 'signer-3', name: 'Sam Seller', email: 'sam@example.com', role: 'seller' },
    { id: 'signer-4', name: 'Lee Agent', email: 'lee@example.com', role: 'listing-agent' },
  ]
  const packet = await assemblePacket({
    sources: [{ filename: 'offer-to-purchase.pdf', bytes: await offerPages(9), contentType: 'application/pdf' }],
    signaturePage: { title: 'Offer to Purchase', address: '12 Main Street, Nashville, TN 37212', signers },
  })
  if (packet.pages.length !== 10) throw new Error(`expected 10 pages, got ${packet.pages.length}`)
  const images = new Map(signers.map((signer, index) => [signer.id, { signature: signaturePng(600, 180, index), initials: signaturePng(200, 100, index) }]))
  const fields: BurnField[] = placeOfferFields(
    packet.contentPageCount,
    signers.map((signer) => signer.id),
  ).map((field) => {
    const signer = signers.find((candidate) => candidate.id === field.signerKey)
    return { ...field, signerId: field.signerKey, value: field.type === 'full-name' ? (signer?.name ?? '') : field.type === 'date-signed' ? 'Nov 25, 2026' : null }
  })
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 25, 21, minutes))
  const certificate: CertificateData = {
    packetId: '7d0c1c8e-5d0e-4a54-9c43-0d0f3b1a2c9e',
    title: 'Offer to Purchase',
    address: '12 Main Street, Nashville, TN 37212',
    sentBy: 'Lee Agent',
    sentAt: at(0),
    completedAt: at(40),
    documents: packet.documents,
    signers: signers.map((signer, index) => ({
      name: signer.name,
      email: signer.email,
      role: signer.role,
      authMethod: index === 0 ? 'email-link+sms-code' : 'email-link',
      consentedAt: at(index * 5 + 2),
      viewedAt: at(index * 5 + 1),
      signedAt: at(index * 5 + 4),
      ip: `203.0.113.${index + 10}`,
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      signatureMethod: index % 2 ? 'typed' : 'drawn',
      signaturePng: images.get(signer.id)?.signature ?? null,
    })),
    chainHead: randomBytes(32).toString('hex'),
    eventCount: 27,
    consentVersion: CONSENT_VERSION,
    verifyUrl: 'https://offerbook.example/verify',
  }

  const complete = () => completePacketPdf({ original: packet.pdf, fields, images, certificate, identity, sealedAt: at(40) })
  const once = async () => {
    const started = performance.now()
    const sealed = await complete()
    const elapsed = performance.now() - started
    if (!readSeal(sealed).intact) throw new Error('the completed packet does not carry an intact seal')
    return elapsed
  }
  for (let index = 0; index < WARM_UP; index++) await once()
  const times: number[] = []
  for (let index = 0; index < RUNS; index++) times.push(await once())
  times.sort((a, b) => a - b)
  if (process.env.BENCH_SIGNING_OUT) await writeFile(process.env.BENCH_SIGNING_OUT, await complete())

  // B-T (decision 052) against a local openssl TSA: the chain head attested, the packet completed,
  // the seal's signature timestamped and the token written in, as the job does with SIGNING_TSA_URL set.
  const tsa = await startLocalTsa()
  const btTimes: number[] = []
  try {
    const timestamps = { urls: [tsa.url] }
    const onceBt = async () => {
      const started = performance.now()
      const attested = await requestTimestamp(Buffer.from(certificate.chainHead, 'hex'), timestamps)
      const sealedBB = await completePacketPdf({ original: packet.pdf, fields, images, certificate: { ...certificate, seal: { level: 'B-T', tsaName: attested.tsaName, attestedAt: attested.time } }, identity, sealedAt: at(40) })
      const stamp = await requestTimestamp(createHash('sha256').update(sealSignatureValue(sealedBB)).digest(), { urls: [attested.url] })
      const sealed = addSignatureTimestamp(sealedBB, stamp.token)
      const elapsed = performance.now() - started
      if (!readSeal(sealed).intact) throw new Error('the B-T packet does not carry an intact seal')
      return elapsed
    }
    for (let index = 0; index < WARM_UP; index++) await onceBt()
    for (let index = 0; index < BT_RUNS; index++) btTimes.push(await onceBt())
    btTimes.sort((a, b) => a - b)
  } finally {
    await tsa.close()
  }

  // B-LTA (decision 056) against a local CA that publishes its CRL and its TSA: the B-T steps with the
  // CA's sealing certificate, then the archive step (the chains' CRLs fetched, a DSS and a document
  // timestamp appended), as the signing job does at completion with SIGNING_TSA_URL set.
  const ca = await startLocalTsa({ revocation: true })
  const ltaTimes: number[] = []
  try {
    const caIdentity = await loadSealingIdentity({ p12: `base64:${ca.sealingP12!.toString('base64')}`, passphrase: ca.sealingPassphrase, dataDir })
    const timestamps = { urls: [ca.url] }
    const onceLta = async () => {
      const started = performance.now()
      const attested = await requestTimestamp(Buffer.from(certificate.chainHead, 'hex'), timestamps)
      const sealedBB = await completePacketPdf({ original: packet.pdf, fields, images, certificate: { ...certificate, seal: { level: 'B-T', tsaName: attested.tsaName, attestedAt: attested.time } }, identity: caIdentity, sealedAt: at(40) })
      const stamp = await requestTimestamp(createHash('sha256').update(sealSignatureValue(sealedBB)).digest(), { urls: [attested.url] })
      const archived = await archiveSealedFile(addSignatureTimestamp(sealedBB, stamp.token), (digest) => requestTimestamp(digest, timestamps))
      const elapsed = performance.now() - started
      if (!readSeal(archived.pdf).intact) throw new Error('the B-LTA packet does not carry an intact seal')
      return elapsed
    }
    for (let index = 0; index < WARM_UP; index++) await onceLta()
    for (let index = 0; index < BT_RUNS; index++) ltaTimes.push(await onceLta())
    ltaTimes.sort((a, b) => a - b)
  } finally {
    await ca.close()
  }

  // A file of about 5 MB: the packet with a 5 MB stream of random bytes that nothing draws.
  const big = await PDFDocument.load(packet.pdf)
  big.catalog.set(PDFName.of('OfferbookBenchFiller'), big.context.register(big.context.stream(randomBytes(5 * 1024 * 1024))))
  const bigSealed = await sealPdf(await big.save({ useObjectStreams: false }), identity, { signedAt: at(40) })
  const readTimes: number[] = []
  for (let index = 0; index < READ_RUNS; index++) {
    const started = performance.now()
    const seal = readSeal(bigSealed)
    readTimes.push(performance.now() - started)
    if (!seal.intact) throw new Error('the 5 MB sealed file does not read as intact')
  }
  readTimes.sort((a, b) => a - b)

  console.log(
    JSON.stringify({
      signingCompleteMedianMs: round(percentile(times, 0.5)),
      signingCompleteP95Ms: round(percentile(times, 0.95)),
      runs: RUNS,
      signingCompleteBtMedianMs: round(percentile(btTimes, 0.5)),
      btRuns: BT_RUNS,
      signingCompleteLtaMedianMs: round(percentile(ltaTimes, 0.5)),
      readSeal5MbMedianMs: round(percentile(readTimes, 0.5)),
    }),
  )
} finally {
  await rm(dataDir, { recursive: true, force: true })
}
