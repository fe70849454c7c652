import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { VerifyResult } from '@offerbook/domain/signing'
import type { LocalTsa } from '../../../test/tsa-server'
import { startLocalTsa } from '../../../test/tsa-server'
import { useTestApp } from '../../../test/per-file'
import type { SealingIdentity } from './signing-certificate'
import { loadSealingIdentity } from './signing-certificate'
import { run, setUpPdfWork, toFile } from './signing-pdf.test-helpers'
import { archiveDuePackets, completePendingPackets } from './signing-jobs'
import { readSeal } from './signing-seal'
import type { SigningContext } from './signing.service'
import { completingPacket, packetRow, sealedFile, signingContextOf } from './signing.test-helpers'

const t = useTestApp()
setUpPdfWork()

/** A CA that publishes its CRL, with a TSA whose certificate has 200 days left; one whose certificate has 30. */
let ca: LocalTsa
let shortLived: LocalTsa
let identity: SealingIdentity
beforeAll(async () => {
  ;[ca, shortLived] = await Promise.all([startLocalTsa({ revocation: true, tsaDays: 200 }), startLocalTsa({ revocation: true, tsaDays: 30 })])
  identity = await loadSealingIdentity({ p12: `base64:${ca.sealingP12!.toString('base64')}`, passphrase: ca.sealingPassphrase, dataDir: t.config.dataDir })
})
afterAll(async () => {
  await Promise.all([ca.close(), shortLived.close()])
})

const DAY = 24 * 60 * 60 * 1000
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

function context(tsa: LocalTsa): SigningContext {
  return { ...signingContextOf(t), sealing: () => Promise.resolve(identity), timestamps: { urls: [tsa.url], timeoutMs: 2_000, retryDelayMs: 10 } }
}

async function verifyAnswer(pdf: Buffer): Promise<VerifyResult> {
  return (await t.app.inject({ method: 'POST', url: '/api/verify', payload: { sha256: sha256(pdf) } })).json<VerifyResult>()
}

describe('the archive step (PAdES B-LTA)', () => {
  it('takes a B-T seal to B-LTA in the same run, waits for a CRL that is not served, and /verify accepts every version', async () => {
    const { packetId } = await completingPacket(t)
    ca.crlServed = false
    const now = new Date()
    try {
      expect(await completePendingPackets(t.db, context(ca), { now: () => now })).toBe(1)
      const deferred = await archiveDuePackets(t.db, context(ca), { now: () => now })
      expect(deferred.archived).toBe(0)
      expect(deferred.deferred[0]!.reason).toContain('HTTP 503')
    } finally {
      ca.crlServed = true
    }
    const sealed = await sealedFile(t, packetId)
    const waiting = await packetRow(t, packetId)
    expect(waiting).toMatchObject({ status: 'completed', sealLevel: 'B-T' })
    // Tried again an hour later, not before.
    expect(waiting.sealArchiveDueAt!.getTime()).toBe(now.getTime() + 60 * 60 * 1000)
    expect((await archiveDuePackets(t.db, context(ca), { now: () => new Date(now.getTime() + 59 * 60 * 1000) })).archived).toBe(0)

    const later = new Date(now.getTime() + 61 * 60 * 1000)
    expect((await archiveDuePackets(t.db, context(ca), { now: () => later })).archived).toBe(1)
    const archived = await sealedFile(t, packetId)
    expect(archived.subarray(0, sealed.length).equals(sealed)).toBe(true)
    const row = await packetRow(t, packetId)
    expect(row).toMatchObject({ sealLevel: 'B-LTA', signedSha256: sha256(archived) })
    // The renewal falls due 90 days before the TSA certificate's 200 days run out.
    expect(Math.round((row.sealArchiveDueAt!.getTime() - Date.now()) / DAY)).toBe(110)

    const report = (await run('pdfsig', [await toFile(archived, 'b-lta.pdf')])).stdout
    expect(report).toContain('Signature #2')
    expect(report.split('Signature #2:')[0]).toContain('Signature is Valid')
    expect(readSeal(archived)).toEqual({ sealed: true, intact: true })

    // Both files verify, each at its own level; a changed byte of the new one does not.
    expect(await verifyAnswer(sealed)).toMatchObject({ status: 'intact', packet: { sealLevel: 'B-T' } })
    expect(await verifyAnswer(archived)).toMatchObject({ status: 'intact', packet: { sealLevel: 'B-LTA' } })
    const changed = Buffer.from(archived)
    changed[sealed.length + 100] = changed[sealed.length + 100]! ^ 1
    expect(await verifyAnswer(changed)).toEqual({ status: 'unknown' })
  })

  it('renews a document timestamp whose TSA certificate nears its end, as another update over the last', async () => {
    const { packetId } = await completingPacket(t)
    const now = new Date()
    expect(await completePendingPackets(t.db, context(shortLived), { now: () => now })).toBe(1)
    expect((await archiveDuePackets(t.db, context(shortLived), { now: () => now })).archived).toBe(1)
    const first = await sealedFile(t, packetId)
    const due = (await packetRow(t, packetId)).sealArchiveDueAt!
    // 30 days left is already inside the 90: due again as soon as the retry spacing allows.
    expect(due.getTime()).toBe(now.getTime() + 60 * 60 * 1000)
    expect((await archiveDuePackets(t.db, context(shortLived), { now: () => new Date(due.getTime() + 1000) })).archived).toBe(1)
    const renewed = await sealedFile(t, packetId)
    expect(renewed.subarray(0, first.length).equals(first)).toBe(true)
    expect((await run('pdfsig', [await toFile(renewed, 'renewed.pdf')])).stdout).toContain('Signature #3')
    expect(await verifyAnswer(first)).toMatchObject({ status: 'intact', packet: { sealLevel: 'B-LTA' } })
    expect(await verifyAnswer(renewed)).toMatchObject({ status: 'intact', packet: { sealLevel: 'B-LTA' } })
  })
})
