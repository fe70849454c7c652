import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SealingStatus } from '@offerbook/domain/sealing'
import type { LocalTsa } from '../../../test/tsa-server'
import { LOCAL_TSA_SUBJECT, startLocalTsa } from '../../../test/tsa-server'
import { buildTestApp } from '../../../test/build-test-app'
import { perFile } from '../../../test/per-file'
import { bearer, createTestOffer, createUser, signIn } from '../../../test/factories'
import { signingPacket } from '../../db/schema/signing'
import { createFileStorage } from '../../storage/create-file-storage'
import { loadSealingIdentity } from './signing-certificate'
import { createSigningContext } from './signing-context'
import { requestTimestamp, TimestampUnavailableError } from './signing-tsa'

let tsa: LocalTsa
let broken: LocalTsa
/** The app's SIGNING_TSA_URL: a TSA that answers garbage, then one that answers. */
const t = perFile(
  async () => {
    ;[tsa, broken] = await Promise.all([startLocalTsa(), startLocalTsa()])
    broken.mode = 'garbage'
    return buildTestApp({ config: { signingTsaUrls: [broken.url, tsa.url] } })
  },
  async (app) => {
    await app.close()
    await Promise.all([tsa.close(), broken.close()])
  },
  60_000,
)

const headers = {} as Record<'superAdmin' | 'admin' | 'buyer', { authorization: string }>
beforeAll(async () => {
  for (const [key, role] of [['superAdmin', 'SUPER_ADMIN'], ['admin', 'ADMIN'], ['buyer', 'BUYER_SIMPLE']] as const) {
    const user = await createUser(t, { roles: [role] })
    headers[key] = bearer((await signIn(t.app, user.email, user.password)).accessToken)
  }
})

async function status(as: keyof typeof headers) {
  return t.app.inject({ method: 'GET', url: '/api/admin/sealing', headers: headers[as] })
}

/** The seal's context as the server makes it: the same TSAs, each answer recorded in the database. */
function serverContext() {
  return createSigningContext({ publicUrl: t.config.publicUrl, storage: createFileStorage(t.config.storage), dataDir: t.config.dataDir, signingCert: t.config.signingCert, tsaUrls: [broken.url, tsa.url], db: t.db })
}

describe('GET /api/admin/sealing', () => {
  it('shows a super admin the sealing certificate, and each TSA not yet asked', async () => {
    const response = await status('superAdmin')
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json<SealingStatus>()
    // The test app's certificate is the self-signed one made under its DATA_DIR.
    const identity = await loadSealingIdentity({ dataDir: t.config.dataDir })
    expect(body.certificate).toMatchObject({
      subject: identity.subject,
      issuer: identity.subject,
      fingerprint: identity.fingerprint.toUpperCase().match(/../g)!.join(':'),
      selfSigned: true,
      source: 'generated',
      crlUrls: [],
    })
    expect(new Date(body.certificate!.validUntil).getTime()).toBeGreaterThan(Date.now() + 9 * 365 * 86_400_000)
    expect(body.chain).toHaveLength(1)
    expect(body.certificateError).toBeNull()
    expect(body.tsas).toEqual([
      { url: broken.url, lastAt: null, ok: null, tsaName: null, tsaExpiresAt: null, error: null },
      { url: tsa.url, lastAt: null, ok: null, tsaName: null, tsaExpiresAt: null, error: null },
    ])
    expect(body.levels).toEqual({ 'B-B': 0, 'B-T': 0, 'B-LT': 0, 'B-LTA': 0, none: 0 })
    expect(body.archiveDue).toBe(0)
  })

  it("keeps each TSA's last answer, a failure as well as a success, and shows it", async () => {
    const before = Date.now()
    const stamp = await requestTimestamp(randomBytes(32), { ...serverContext().timestamps!, retryDelayMs: 10 })
    expect(stamp.url).toBe(tsa.url)
    // The record is written beside the seal, not awaited by it.
    let body: SealingStatus | undefined
    await expect
      .poll(async () => {
        body = (await status('superAdmin')).json<SealingStatus>()
        return body.tsas.map((each) => each.ok)
      })
      .toEqual([false, true])
    const [failed, answered] = body!.tsas
    expect(failed).toMatchObject({ url: broken.url, error: 'an answer that is not a timestamp response', tsaName: null })
    expect(answered).toMatchObject({ url: tsa.url, tsaName: LOCAL_TSA_SUBJECT, error: null })
    expect(new Date(answered!.lastAt!).getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(answered!.tsaExpiresAt).toBe(stamp.tsaExpiresAt!.toISOString())

    // The TSA that answered fails next time: its last answer becomes the failure.
    tsa.mode = 'garbage'
    await expect(requestTimestamp(randomBytes(32), { ...serverContext().timestamps!, retries: 0 })).rejects.toBeInstanceOf(TimestampUnavailableError)
    await expect.poll(async () => (await status('superAdmin')).json<SealingStatus>().tsas[1]!.ok).toBe(false)
    tsa.mode = 'ok'
  })

  it('counts the sealed packets per PAdES level, and those due for the archive step', async () => {
    const { offer } = await createTestOffer(t, { status: 'accepted' })
    const hour = 3_600_000
    const packets: { status: 'completed' | 'completing'; sealLevel: 'B-B' | 'B-T' | 'B-LTA' | null; sealArchiveDueAt?: Date }[] = [
      { status: 'completed', sealLevel: 'B-B' },
      { status: 'completed', sealLevel: 'B-T', sealArchiveDueAt: new Date(Date.now() - hour) },
      { status: 'completed', sealLevel: 'B-T', sealArchiveDueAt: new Date(Date.now() + hour) },
      { status: 'completed', sealLevel: 'B-LTA', sealArchiveDueAt: new Date(Date.now() + 80 * 24 * hour) },
      { status: 'completed', sealLevel: null },
      // Not sealed yet: not counted.
      { status: 'completing', sealLevel: null },
    ]
    await t.db.insert(signingPacket).values(packets.map((packet) => ({ kind: 'form', offerId: offer.id, title: 'Disclosure', ...packet })))
    const body = (await status('superAdmin')).json<SealingStatus>()
    expect(body.levels).toEqual({ 'B-B': 1, 'B-T': 2, 'B-LT': 0, 'B-LTA': 1, none: 1 })
    expect(body.archiveDue).toBe(1)
  })

  it('refuses an admin who is not a super admin, a plain user and a visitor', async () => {
    expect((await status('admin')).statusCode).toBe(403)
    expect((await status('buyer')).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/sealing' })).statusCode).toBe(401)
  })
})
