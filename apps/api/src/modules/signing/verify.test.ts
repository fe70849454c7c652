import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { VerifyResult } from '@offerbook/domain/signing'
import { SIGNING_LIMITS } from '@offerbook/domain/signing'
import { firstBrokenLink } from '@offerbook/domain/signing-chain'
import { useTestApp } from '../../../test/per-file'
import { listing } from '../../db/schema/listings'
import { signingEvent } from '../../db/schema/signing'
import { chainEventOf, sha256Hex } from './signing-events'
import {
  acceptedOffer,
  authOf,
  completeNow,
  expectKeyedRefusal,
  fieldRefusal,
  lastLink,
  multipartFile,
  offersCaller,
  packetOf,
  partiesAsSigners,
  pdfWithPages,
  sendOffer,
  signAs,
  signerCaller,
  signerViewOf,
} from './signing.test-helpers'

const t = useTestApp()

const verifyHash = (payload?: unknown) => t.app.inject({ method: 'POST', url: '/api/verify', ...(payload === undefined ? {} : { payload: payload as object }) })
function verifyUpload(bytes: Buffer) {
  const body = multipartFile(bytes)
  return t.app.inject({ method: 'POST', url: '/api/verify', payload: body.payload, headers: body.headers })
}
function resultOf(response: Awaited<ReturnType<typeof verifyHash>>): VerifyResult {
  expect(response.statusCode, response.body).toBe(200)
  return response.json<VerifyResult>()
}

describe('/api/verify without a signed document', () => {
  it('asks for a file or a hash, and refuses a hash that is not 64 hex characters', async () => {
    expectKeyedRefusal(await verifyHash(), 400, 'signing.verifyNeedsInput')
    expectKeyedRefusal(await verifyHash({}), 400, 'signing.verifyNeedsInput')
    const bad = expectKeyedRefusal(await verifyHash({ sha256: 'xyz' }), 400, 'signing.sha256Invalid')
    expect(bad.errors).toEqual([fieldRefusal('sha256', 'signing.sha256Invalid')])
    expectKeyedRefusal(await verifyHash({ sha256: 'g'.repeat(64) }), 400, 'signing.sha256Invalid')
  })

  it('says only unknown for a hash, a file that is not a PDF, and a PDF never signed here', async () => {
    expect(resultOf(await verifyHash({ sha256: sha256Hex(randomBytes(32)) }))).toEqual({ status: 'unknown' })
    expect(resultOf(await verifyUpload(randomBytes(4096)))).toEqual({ status: 'unknown' })
    const plain = await pdfWithPages(1)
    expect(resultOf(await verifyUpload(plain))).toEqual({ status: 'unknown' })
    expect(resultOf(await verifyHash({ sha256: sha256Hex(plain) }))).toEqual({ status: 'unknown' })
  })

  it('refuses a file over 25 MB', async () => {
    expectKeyedRefusal(await verifyUpload(Buffer.alloc(SIGNING_LIMITS.documentMaxBytes + 1, 0x20)), 413, 'signing.fileTooLarge')
  })
})

describe('/api/verify with a sealed PDF', () => {
  let sealed: Buffer
  let completedAt: string
  let listingId: string

  beforeAll(async () => {
    const deal = await acceptedOffer(t)
    listingId = deal.listing.id
    const sent = await sendOffer(t, deal, { signers: partiesAsSigners(deal) })
    await signAs(t, await lastLink(t, deal.buyer.email))
    await signAs(t, await lastLink(t, deal.seller.email))
    expect(await completeNow(t)).toBe(1)
    const completed = packetOf(await offersCaller(t)(deal.buyer, 'GET', `/api/signing/packets/${sent.id}`))
    completedAt = completed.completedAt!
    const download = await t.app.inject({ method: 'GET', url: `/api/signing/packets/${sent.id}/signed`, headers: await authOf(t, deal.buyer) })
    expect(download.statusCode).toBe(200)
    sealed = download.rawPayload
  })

  it('finds the untouched file intact, by upload and by hash (any case), with who signed and when, in the zone of the property', async () => {
    const expected = {
      status: 'intact',
      packet: {
        // The test listing has no county: a Tennessee property without one is on Central time.
        timeZone: 'America/Chicago',
        completedAt,
        signers: [
          { name: 'Ben Buyer', role: 'buyer', signedAt: expect.any(String) as string },
          { name: 'Lena Seller', role: 'seller', signedAt: expect.any(String) as string },
        ],
        // No SIGNING_TSA_URL in the test app: PAdES B-B, no trusted time.
        sealLevel: 'B-B',
        timestampedAt: null,
        // The terms and audit chain inside the file (decision 059), by name and SHA-256.
        record: { filename: 'offerbook-record.json', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) as string },
      },
    }
    expect(resultOf(await verifyUpload(sealed))).toEqual(expected)
    expect(resultOf(await verifyHash({ sha256: sha256Hex(sealed) }))).toEqual(expected)
    expect(resultOf(await verifyHash({ sha256: sha256Hex(sealed).toUpperCase() }))).toEqual(expected)
  })

  it('names Eastern time for a property in East Tennessee', async () => {
    await t.db.update(listing).set({ countyOrParish: 'Knox' }).where(eq(listing.id, listingId))
    try {
      expect(resultOf(await verifyHash({ sha256: sha256Hex(sealed) })).packet?.timeZone).toBe('America/New_York')
    } finally {
      await t.db.update(listing).set({ countyOrParish: null }).where(eq(listing.id, listingId))
    }
  })

  it('finds the file changed when one byte is flipped or bytes are appended, and says nothing about the packet', async () => {
    const flipped = Buffer.from(sealed)
    const at = Math.floor(flipped.length / 3)
    flipped[at] = flipped[at] === 0x41 ? 0x42 : 0x41
    expect(resultOf(await verifyUpload(flipped))).toEqual({ status: 'changed' })

    const appended = Buffer.concat([sealed, Buffer.from('\n% added after signing\n')])
    expect(resultOf(await verifyUpload(appended))).toEqual({ status: 'changed' })
    // By hash alone a changed file matches nothing.
    expect(resultOf(await verifyHash({ sha256: sha256Hex(appended) }))).toEqual({ status: 'unknown' })
  })
})

describe('the audit chain', () => {
  it('a changed event row breaks the chain at that row', async () => {
    const deal = await acceptedOffer(t)
    const sent = await sendOffer(t, deal, { signers: partiesAsSigners(deal) })
    const link = await lastLink(t, deal.buyer.email)
    signerViewOf(await signerCaller(t)(link, 'GET'))
    signerViewOf(await signerCaller(t)(link, 'POST', '/consent', { accepted: true }))

    const chainOf = async () => {
      const rows = await t.db.select().from(signingEvent).where(eq(signingEvent.packetId, sent.id)).orderBy(signingEvent.seq)
      return rows.map((row) => ({ ...chainEventOf(row), previousHash: row.previousHash, hash: row.hash }))
    }
    const before = await chainOf()
    expect(before.map((event) => event.type)).toEqual(['created', 'sent', 'viewed', 'consented'])
    expect(firstBrokenLink(before, sha256Hex)).toBeNull()

    // Someone rewrites who the packet was sent to.
    const sentRow = before.find((event) => event.type === 'sent')!
    await t.db
      .update(signingEvent)
      .set({ details: { ...sentRow.details, signers: [] } })
      .where(and(eq(signingEvent.packetId, sent.id), eq(signingEvent.seq, sentRow.seq)))
    expect(firstBrokenLink(await chainOf(), sha256Hex)).toBe(sentRow.seq)
  })
})
