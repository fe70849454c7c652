// POST /api/verify of a 5 MB PAdES B-LTA PDF (issues #12 and #32, Measure): the server's time from
// request to answer, in process (app.inject: no socket), for a sealed PDF that matches a completed
// packet ('intact') and for the same file with one byte changed ('changed': hash, lookup and the seal
// check, which follows the DSS and the document timestamp). The file is sealed with a local CA's
// certificate, timestamped by its TSA and archived (decision 056). Prints one line of JSON;
// scripts/bench.mjs reads it. Target: median < 100 ms.
//   npx tsx apps/api/bench/verify.ts
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib'
import { buildTestApp } from '../test/build-test-app'
import { createTestOffer } from '../test/factories'
import { signingPacket, signingSealVersion } from '../src/db/schema/signing'
import { loadSealingIdentity } from '../src/modules/signing/signing-certificate'
import { sha256Hex } from '../src/modules/signing/signing-events'
import { archiveSealedFile } from '../src/modules/signing/signing-archive'
import { addSignatureTimestamp, sealPdf, sealSignatureValue } from '../src/modules/signing/signing-seal'
import { requestTimestamp } from '../src/modules/signing/signing-tsa'
import { startLocalTsa } from '../test/tsa-server'

const WARM_UP = Number(process.env.BENCH_VERIFY_WARM_UP ?? 5)
const RUNS = Number(process.env.BENCH_VERIFY_RUNS ?? 30)
const SIZE = 5 * 1024 * 1024

/** A PDF of about 5 MB: a few pages of text and an incompressible stream (as a scanned page would be). */
async function bigPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (let index = 0; index < 10; index++) doc.addPage([612, 792]).drawText(`Page ${index + 1} of a large signed document`, { x: 72, y: 720, size: 14, font })
  const filler = doc.context.flateStream(randomBytes(SIZE - 64 * 1024))
  doc.catalog.set(doc.context.obj('OfferbookBenchFiller'), doc.context.register(filler))
  return doc.save({ useObjectStreams: false })
}

function multipart(bytes: Uint8Array) {
  const boundary = '----offerbook-bench'
  const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="signed.pdf"\r\nContent-Type: application/pdf\r\n\r\n`), Buffer.from(bytes), Buffer.from(`\r\n--${boundary}--\r\n`)])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return Number((sorted[Math.floor(sorted.length / 2)] ?? Number.NaN).toFixed(1))
}

const dataDir = mkdtempSync(join(tmpdir(), 'offerbook-bench-verify-'))
const t = await buildTestApp()
try {
  const ca = await startLocalTsa({ revocation: true })
  let sealed: Uint8Array
  try {
    const identity = await loadSealingIdentity({ p12: `base64:${ca.sealingP12!.toString('base64')}`, passphrase: ca.sealingPassphrase, dataDir })
    const sealedBB = await sealPdf(await bigPdf(), identity, { signedAt: new Date() })
    const stamp = await requestTimestamp(createHash('sha256').update(sealSignatureValue(sealedBB)).digest(), { urls: [ca.url] })
    sealed = (await archiveSealedFile(addSignatureTimestamp(sealedBB, stamp.token), (digest) => requestTimestamp(digest, { urls: [ca.url] }))).pdf
  } finally {
    await ca.close()
  }
  const deal = await createTestOffer(t, { status: 'accepted' })
  const [packet] = await t.db.insert(signingPacket).values({ kind: 'offer', offerId: deal.offer.id, title: 'Offer to Purchase', status: 'completed', completedAt: new Date(), signedSha256: sha256Hex(sealed), sealLevel: 'B-LTA' }).returning()
  await t.db.insert(signingSealVersion).values({ packetId: packet!.id, seq: 1, sha256: sha256Hex(sealed), level: 'B-LTA' })
  const tampered = Buffer.from(sealed)
  const middle = Math.floor(tampered.length / 2)
  tampered[middle] = (tampered[middle] ?? 0) ^ 0x01

  const time = async (bytes: Uint8Array, expected: string) => {
    const { payload, headers } = multipart(bytes)
    const started = performance.now()
    const response = await t.app.inject({ method: 'POST', url: '/api/verify', payload, headers })
    const took = performance.now() - started
    const status = (response.json() as { status?: string }).status
    if (status !== expected) throw new Error(`expected ${expected}, the API said ${response.statusCode} ${response.body.slice(0, 200)}`)
    return took
  }
  for (let index = 0; index < WARM_UP; index++) await time(sealed, 'intact')
  const intact: number[] = []
  const changed: number[] = []
  for (let index = 0; index < RUNS; index++) {
    intact.push(await time(sealed, 'intact'))
    changed.push(await time(tampered, 'changed'))
  }
  console.log(JSON.stringify({ verifyIntactMedianMs: median(intact), verifyChangedMedianMs: median(changed), bytes: sealed.length, runs: RUNS }))
} finally {
  await t.close()
  rmSync(dataDir, { recursive: true, force: true })
}
