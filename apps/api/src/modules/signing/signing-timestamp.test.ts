import { createHash } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PacketView, VerifyResult } from '@offerbook/domain/signing'
import type { LocalTsa } from '../../../test/tsa-server'
import { LOCAL_TSA_SUBJECT, startLocalTsa } from '../../../test/tsa-server'
import { useTestApp } from '../../../test/per-file'
import { childrenOf, tlvAt } from './signing-cms'
import { pdftotext, run, setUpPdfWork, toFile } from './signing-pdf.test-helpers'
import { completePendingPackets } from './signing-jobs'
import { sealSignatureValue } from './signing-seal'
import { TimestampUnavailableError } from './signing-tsa'
import type { SigningContext } from './signing.service'
import { completingPacket, offersCaller, packetOf, packetRow, sealedFile, signingContextOf } from './signing.test-helpers'

const t = useTestApp()
setUpPdfWork()
const call = offersCaller(t)

let tsa: LocalTsa
let spare: LocalTsa
beforeAll(async () => {
  ;[tsa, spare] = await Promise.all([startLocalTsa(), startLocalTsa()])
})
afterAll(async () => {
  await Promise.all([tsa.close(), spare.close()])
})

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest()

/** The job's context with the local TSAs as SIGNING_TSA_URL, a short timeout so a hung TSA fails fast. */
function withTsa(urls: string[]): SigningContext {
  return { ...signingContextOf(t), timestamps: { urls, timeoutMs: 500, retryDelayMs: 10 } }
}

/** The signature-time-stamp token (unsigned attribute 1.2.840.113549.1.9.16.2.14) in the seal's CMS. */
function embeddedToken(sealed: Buffer): Buffer | null {
  const text = sealed.toString('latin1')
  const [, b, c] = /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\]/.exec(text)!.slice(1).map(Number) as number[]
  const cms = Buffer.from(text.slice(b! + 1, c! - 1), 'hex')
  const signedData = childrenOf(cms, childrenOf(cms, childrenOf(cms, tlvAt(cms, 0, cms.length)!)[1]!)[0]!)
  const signerInfo = childrenOf(cms, signedData.at(-1)!)[0]!
  const unsigned = childrenOf(cms, signerInfo).find((field) => field.tag === 0xa1)
  const attribute = unsigned && childrenOf(cms, unsigned)[0]
  if (!attribute) return null
  const [type, values] = childrenOf(cms, attribute)
  if (cms.subarray(type!.start, type!.end).toString('hex') !== '060b2a864886f70d010910020e') return null
  const token = childrenOf(cms, values!)[0]!
  return cms.subarray(token.start, token.end)
}

async function verifyAnswer(pdf: Buffer): Promise<VerifyResult> {
  return (await t.app.inject({ method: 'POST', url: '/api/verify', payload: { sha256: sha256(pdf).toString('hex') } })).json<VerifyResult>()
}

describe('a packet sealed with SIGNING_TSA_URL set (PAdES B-T)', () => {
  it('carries a timestamp that openssl accepts, a certificate naming the TSA, and /api/verify says B-T with the time', async () => {
    const { packetId } = await completingPacket(t)
    expect(await completePendingPackets(t.db, withTsa([tsa.url]))).toBe(1)
    const pdf = await sealedFile(t, packetId)
    const path = await toFile(pdf, 'b-t.pdf')

    const report = (await run('pdfsig', [path])).stdout
    expect(report).toContain('ETSI.CAdES.detached')
    expect(report).toContain('Signature is Valid')
    expect(report).toContain('Total document signed')
    expect((await run('qpdf', ['--check', path])).code).toBe(0)

    const token = embeddedToken(pdf)
    expect(token).not.toBeNull()
    const tokenPath = join(tsa.dir, `${packetId}.tst`)
    await writeFile(tokenPath, token!)
    const verified = await run('openssl', ['ts', '-verify', '-in', tokenPath, '-token_in', '-digest', sha256(sealSignatureValue(pdf)).toString('hex'), '-CAfile', tsa.rootPath])
    expect(verified.stdout, verified.stderr).toContain('Verification: OK')

    const cmsPath = join(tsa.dir, `${packetId}.p7s`)
    const text = pdf.toString('latin1')
    const [, b, c] = /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\]/.exec(text)!.slice(1).map(Number) as number[]
    const cms = Buffer.from(text.slice(b! + 1, c! - 1), 'hex')
    await writeFile(cmsPath, cms.subarray(0, tlvAt(cms, 0, cms.length)!.end))
    const printed = (await run('openssl', ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', cmsPath])).stdout
    expect(printed).toMatch(/id-smime-aa-signingCertificateV2|1\.2\.840\.113549\.1\.9\.16\.2\.47/)
    expect(printed).toMatch(/id-smime-aa-timeStampToken|1\.2\.840\.113549\.1\.9\.16\.2\.14/)
    // Our signed attributes come before the unsigned ones; the TSA's token (inside those) has a signing time of its own.
    expect(printed.slice(0, printed.indexOf('unsignedAttrs:'))).not.toContain('signingTime')

    const row = await packetRow(t, packetId)
    expect(row).toMatchObject({ status: 'completed', sealLevel: 'B-T', sealTsaName: LOCAL_TSA_SUBJECT, sealWaitingReason: null })
    const certificate = (await pdftotext(pdf, { layout: false })).replace(/\s+/g, ' ')
    expect(certificate).toContain('PAdES baseline B-T')
    expect(certificate).toContain(`Timestamp authority: ${LOCAL_TSA_SUBJECT}.`)

    const answer = await verifyAnswer(pdf)
    expect(answer).toMatchObject({ status: 'intact', packet: { sealLevel: 'B-T', timestampedAt: row.sealTimestampAt!.toISOString() } })
    expect(Math.abs(row.sealTimestampAt!.getTime() - Date.now())).toBeLessThan(60_000)
  })
})

describe('a packet sealed with SIGNING_TSA_URL unset (PAdES B-B)', () => {
  it('is ETSI.CAdES.detached without a timestamp, and its certificate says no trusted timestamp was configured', async () => {
    const { packetId } = await completingPacket(t)
    expect(await completePendingPackets(t.db, signingContextOf(t))).toBe(1)
    const pdf = await sealedFile(t, packetId)
    const report = (await run('pdfsig', [await toFile(pdf)])).stdout
    expect(report).toContain('ETSI.CAdES.detached')
    expect(report).toContain('Signature is Valid')
    expect(embeddedToken(pdf)).toBeNull()
    const certificate = (await pdftotext(pdf, { layout: false })).replace(/\s+/g, ' ')
    expect(certificate).toContain('PAdES baseline B-B')
    expect(certificate).toContain('No trusted timestamp was configured')
    expect(await verifyAnswer(pdf)).toMatchObject({ status: 'intact', packet: { sealLevel: 'B-B', timestampedAt: null } })
  })
})

describe('when no timestamp authority answers', () => {
  it('keeps the packet completing with the reason for its sender, and seals it with a timestamp on a later run', async () => {
    const { deal, packetId } = await completingPacket(t)
    await tsa.stop()
    try {
      const refused = await completePendingPackets(t.db, withTsa([tsa.url])).catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(TimestampUnavailableError)
      expect((refused as Error).message).toContain('ECONNREFUSED')
    } finally {
      await tsa.start()
    }
    tsa.mode = 'hang'
    const hung = await completePendingPackets(t.db, withTsa([tsa.url])).catch((error: unknown) => error)
    tsa.mode = 'ok'
    expect((hung as Error).message).toContain('no answer within 500 ms')

    const waiting = await packetRow(t, packetId)
    expect(waiting).toMatchObject({ status: 'completing', signedFileId: null, sealLevel: null, sealWaitingReason: 'timestamp-unavailable' })
    const view = packetOf(await call(deal.buyer, 'GET', `/api/signing/packets/${packetId}`))
    expect(view.status).toBe('completing')
    expect(view.sealWaiting).toEqual({ reason: 'timestamp-unavailable', since: waiting.sealWaitingSince!.toISOString() })
    // Nothing of the failed runs stays: no completed event, no stored file.
    expect(view.events.map((event) => event.type)).not.toContain('completed')

    expect(await completePendingPackets(t.db, withTsa([tsa.url]))).toBe(1)
    const done = packetOf(await call(deal.buyer, 'GET', `/api/signing/packets/${packetId}`))
    expect(done).toMatchObject<Partial<PacketView>>({ status: 'completed', sealWaiting: null })
    expect(embeddedToken(await sealedFile(t, packetId))).not.toBeNull()
    expect(await packetRow(t, packetId)).toMatchObject({ sealLevel: 'B-T', sealWaitingReason: null })
  })

  it('refuses a TSA answering garbage or a wrong nonce and takes the next one in the list', async () => {
    const { packetId } = await completingPacket(t)
    tsa.mode = 'garbage'
    const garbage = await completePendingPackets(t.db, withTsa([tsa.url])).catch((error: unknown) => error)
    expect((garbage as Error).message).toContain('not a timestamp response')
    tsa.mode = 'wrong-nonce'
    const wrongNonce = await completePendingPackets(t.db, withTsa([tsa.url])).catch((error: unknown) => error)
    expect((wrongNonce as Error).message).toContain('another nonce')
    expect((await packetRow(t, packetId)).status).toBe('completing')

    const before = spare.requests
    expect(await completePendingPackets(t.db, withTsa([tsa.url, spare.url]))).toBe(1)
    tsa.mode = 'ok'
    expect(spare.requests - before).toBe(2)
    expect(await packetRow(t, packetId)).toMatchObject({ status: 'completed', sealLevel: 'B-T', sealTsaName: LOCAL_TSA_SUBJECT })
  })
})
