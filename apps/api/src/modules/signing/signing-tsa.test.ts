import { createHash } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocalTsa } from '../../../test/tsa-server'
import { LOCAL_TSA_SUBJECT, startLocalTsa } from '../../../test/tsa-server'
import { childrenOf, CMS_OIDS, tlvAt } from './signing-cms'
import { run, sealingIdentity, setUpPdfWork, toFile } from './signing-pdf.test-helpers'
import { addSignatureTimestamp, readSeal, sealPdf, sealSignatureValue } from './signing-seal'
import { requestTimestamp, TimestampUnavailableError } from './signing-tsa'

setUpPdfWork()

let tsa: LocalTsa
let spare: LocalTsa
let plain: Uint8Array

beforeAll(async () => {
  ;[tsa, spare] = await Promise.all([startLocalTsa(), startLocalTsa()])
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  doc.addPage([612, 792]).drawText('A page to seal', { x: 72, y: 720, size: 14, font })
  plain = await doc.save()
})
afterAll(async () => {
  await Promise.all([tsa.close(), spare.close()])
})

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest()
const OID_SIGNATURE_TIMESTAMP = Buffer.from('060b2a864886f70d010910020e', 'hex')

/** The signature-time-stamp token inside the seal's CMS, found by walking the DER by hand. */
function embeddedToken(sealed: Uint8Array): Buffer | null {
  const text = Buffer.from(sealed).toString('latin1')
  const [, b, c] = /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\]/.exec(text)!.slice(1).map(Number) as number[]
  const cms = Buffer.from(text.slice(b! + 1, c! - 1), 'hex')
  const root = tlvAt(cms, 0, cms.length)!
  const signedData = childrenOf(cms, childrenOf(cms, root)[1]!)[0]!
  const signerInfo = childrenOf(cms, childrenOf(cms, signedData).at(-1)!)[0]!
  const unsigned = childrenOf(cms, signerInfo).find((field) => field.tag === 0xa1)
  if (!unsigned) return null
  for (const attribute of childrenOf(cms, unsigned)) {
    const [type, values] = childrenOf(cms, attribute)
    if (type && values && cms.subarray(type.start, type.end).equals(OID_SIGNATURE_TIMESTAMP)) {
      const token = childrenOf(cms, values)[0]!
      return cms.subarray(token.start, token.end)
    }
  }
  return null
}

describe('requestTimestamp', () => {
  it('gets a token from the local TSA naming its signer and the time it attested', async () => {
    const digest = sha256(Buffer.from('a signature value'))
    const before = Date.now()
    const stamp = await requestTimestamp(digest, { urls: [tsa.url] })
    expect(stamp.tsaName).toBe(LOCAL_TSA_SUBJECT)
    expect(stamp.time.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000)
    expect(stamp.url).toBe(tsa.url)
  })

  it('refuses garbage and a token for another nonce, and then asks the next TSA in the list', async () => {
    const digest = sha256(Buffer.from('another value'))
    tsa.mode = 'garbage'
    const first = tsa.requests
    await expect(requestTimestamp(digest, { urls: [tsa.url], retryDelayMs: 1 })).rejects.toThrow(/not a timestamp response/)
    expect(tsa.requests - first).toBe(2)
    tsa.mode = 'wrong-nonce'
    await expect(requestTimestamp(digest, { urls: [tsa.url], retryDelayMs: 1 })).rejects.toThrow(/another nonce/)
    const fromSpare = await requestTimestamp(digest, { urls: [tsa.url, spare.url], retryDelayMs: 1 })
    expect(fromSpare.url).toBe(spare.url)
    tsa.mode = 'ok'
  })

  it('gives up on a TSA that refuses connections or does not answer in time', async () => {
    const digest = sha256(Buffer.from('a third value'))
    await tsa.stop()
    const refused = await requestTimestamp(digest, { urls: [tsa.url], retryDelayMs: 1 }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(TimestampUnavailableError)
    expect(String((refused as Error).message)).toMatch(/cannot connect \(ECONNREFUSED\)/)
    await tsa.start()
    tsa.mode = 'hang'
    await expect(requestTimestamp(digest, { urls: [tsa.url], timeoutMs: 200, retryDelayMs: 1 })).rejects.toThrow(/no answer within 200 ms/)
    tsa.mode = 'ok'
    await expect(requestTimestamp(digest, { urls: [tsa.url] })).resolves.toMatchObject({ url: tsa.url })
  })
})

describe('a PAdES B-T seal', () => {
  it('carries a signature timestamp over its signature value that pdfsig, openssl and readSeal accept', async () => {
    const bb = await sealPdf(plain, sealingIdentity(), { signedAt: new Date() })
    expect(embeddedToken(bb)).toBeNull()
    const value = sealSignatureValue(bb)
    const stamp = await requestTimestamp(sha256(value), { urls: [tsa.url] })
    const bt = addSignatureTimestamp(bb, stamp.token)
    expect(bt.length).toBe(bb.length)
    expect(readSeal(bt)).toEqual({ sealed: true, intact: true })

    const path = await toFile(bt, 'b-t.pdf')
    const report = (await run('pdfsig', [path])).stdout
    expect(report).toContain('ETSI.CAdES.detached')
    expect(report).toContain('Signature is Valid')
    expect(report).toContain('Total document signed')
    // poppler 22.12 does not report a signature timestamp; its 'Signing Time' is the dictionary's /M.
    expect((await run('qpdf', ['--check', path])).code).toBe(0)

    const token = embeddedToken(bt)
    expect(token?.equals(stamp.token)).toBe(true)
    const tokenPath = join(tsa.dir, 'embedded-token.der')
    await writeFile(tokenPath, token!)
    const verified = await run('openssl', ['ts', '-verify', '-in', tokenPath, '-token_in', '-digest', sha256(value).toString('hex'), '-CAfile', tsa.rootPath])
    expect(verified.stdout).toContain('Verification: OK')
    // The same signature value: the signed bytes and the signature are untouched.
    expect(sealSignatureValue(bt).equals(value)).toBe(true)
    expect(CMS_OIDS.signatureTimeStampToken).toBe('1.2.840.113549.1.9.16.2.14')
  })
})
