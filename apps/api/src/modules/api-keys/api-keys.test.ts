import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import type { ApiKeys, CreatedApiKey } from '@offerbook/domain/api-keys'
import { useTestApp } from '../../../test/per-file'
import type { CreatedUser } from '../../../test/factories'
import { bearer, createTestListing, createUser, signIn } from '../../../test/factories'
import { apiKey } from '../../db/schema/api-keys'
import { user, userRole } from '../../db/schema/users'
import { hashApiKey } from './api-keys.service'

const LIMIT = 6

const t = useTestApp({
  config: { apiKeyLimit: { max: LIMIT, timeWindowMs: 60_000 } },
  // A route only keys may call, as the feed and RESO routes will be.
  extend: (app) => {
    app.get('/api/test/key-only', { config: { access: 'signed-in', keyScope: 'listings:read', auth: 'key-only' } }, async (request) => ({ uid: request.user?.uid }))
  },
})

async function sessionOf(owner: CreatedUser): Promise<{ authorization: string }> {
  return bearer((await signIn(t.app, owner.email, owner.password)).accessToken)
}

async function makeKey(headers: { authorization: string }, body: object): Promise<CreatedApiKey> {
  const response = await t.app.inject({ method: 'POST', url: '/api/me/api-keys', headers, payload: body })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<CreatedApiKey>()
}

const get = (url: string, headers: { authorization: string }) => t.app.inject({ method: 'GET', url, headers })
const keyOf = (created: CreatedApiKey) => bearer(created.secret)

describe('API keys', () => {
  it('are made with a name, scopes and an expiry, shown once, listed without the key, and revoked at once', async () => {
    const agent = await createUser(t, { roles: ['SELLER_AGENT'] })
    const session = await sessionOf(agent)
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString()
    const created = await makeKey(session, { name: 'Back office', scopes: ['offers:read', 'listings:read'], expiresAt })
    expect(created.secret).toMatch(/^obk_[A-Za-z0-9_-]{43}$/)
    expect(created.key).toMatchObject({ name: 'Back office', scopes: ['listings:read', 'offers:read'], start: created.secret.slice(0, 12), lastUsedAt: null, expired: false })
    expect(Date.parse(created.key.expiresAt!)).toBe(Date.parse(expiresAt))
    // Only the hash is stored.
    const [row] = await t.db.select().from(apiKey).where(eq(apiKey.id, created.key.id))
    expect(row!.keyHash).toBe(hashApiKey(created.secret))
    expect(JSON.stringify(row)).not.toContain(created.secret)

    const listed = await get('/api/me/api-keys', session)
    expect(listed.statusCode).toBe(200)
    expect(listed.json<ApiKeys>().items.map((item) => item.id)).toEqual([created.key.id])
    expect(listed.body).not.toContain(created.secret)

    expect((await get('/api/listings/mine', keyOf(created))).statusCode).toBe(200)
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/me/api-keys/${created.key.id}`, headers: session })
    expect(revoked.statusCode).toBe(204)
    const after = await get('/api/listings/mine', keyOf(created))
    expect(after.statusCode).toBe(401)
    expect(after.json<ApiError>().key).toBe('apiKey.invalid')
    expect((await get('/api/me/api-keys', session)).json<ApiKeys>().items).toEqual([])
    // Another user's key, or one revoked already, is not found.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/me/api-keys/${created.key.id}`, headers: session })).statusCode).toBe(404)
  })

  it('refuses a key without scopes or with an expiry in the past', async () => {
    const session = await sessionOf(await createUser(t, { roles: ['BUYER_AGENT'] }))
    const none = await t.app.inject({ method: 'POST', url: '/api/me/api-keys', headers: session, payload: { name: 'x', scopes: [] } })
    expect(none.statusCode).toBe(400)
    expect(none.json<ApiError>().key).toBe('apiKey.scopesRequired')
    const past = await t.app.inject({ method: 'POST', url: '/api/me/api-keys', headers: session, payload: { name: 'x', scopes: ['offers:read'], expiresAt: '2020-01-01T00:00:00Z' } })
    expect(past.statusCode).toBe(400)
    expect(past.json<ApiError>().key).toBe('apiKey.expiryPast')
  })

  it("acts as its owner on a scoped read, records its use, and is refused 403 where its scope or the operation does not allow it", async () => {
    const agent = await createUser(t, { roles: ['SELLER_AGENT'] })
    const listing = await createTestListing(t, { ownerId: agent.id })
    const session = await sessionOf(agent)
    const created = await makeKey(session, { name: 'Listings sync', scopes: ['listings:read'] })

    const mine = await get('/api/listings/mine', keyOf(created))
    expect(mine.statusCode, mine.body).toBe(200)
    expect(mine.body).toContain(listing.id)
    const [row] = await t.db.select().from(apiKey).where(eq(apiKey.id, created.key.id))
    expect(row!.lastUsedAt).not.toBeNull()

    const noScope = await get('/api/offers/mine', keyOf(created))
    expect(noScope.statusCode).toBe(403)
    expect(noScope.json<ApiError>()).toMatchObject({ key: 'apiKey.scopeMissing', params: { scope: 'offers:read' } })
    // The pages' session endpoints never take a key, the key management least of all.
    for (const url of ['/api/me', '/api/me/api-keys', '/api/sessions']) {
      const refused = await get(url, keyOf(created))
      expect(refused.statusCode, url).toBe(403)
      expect(refused.json<ApiError>().key).toBe('apiKey.notAccepted')
    }
    const minted = await t.app.inject({ method: 'POST', url: '/api/me/api-keys', headers: keyOf(created), payload: { name: 'y', scopes: ['offers:write'] } })
    expect(minted.statusCode).toBe(403)
  })

  it('is the only thing a key-only route takes: a session is refused there with 401', async () => {
    const agent = await createUser(t, { roles: ['BUYER_AGENT'] })
    const session = await sessionOf(agent)
    const created = await makeKey(session, { name: 'Feed', scopes: ['listings:read'] })
    expect((await get('/api/test/key-only', keyOf(created))).json()).toEqual({ uid: agent.id })
    const bySession = await get('/api/test/key-only', session)
    expect(bySession.statusCode).toBe(401)
    expect(bySession.json<ApiError>().key).toBe('apiKey.required')
  })

  it('stops working at its expiry, at its owner’s deactivation, and within the roles its owner has now', async () => {
    const agent = await createUser(t, { roles: ['SELLER_AGENT'] })
    const session = await sessionOf(agent)
    const created = await makeKey(session, { name: 'Soon', scopes: ['listings:read'], expiresAt: new Date(Date.now() + 60_000).toISOString() })
    const other = await makeKey(session, { name: 'Later', scopes: ['listings:read'] })
    expect((await get('/api/listings/mine', keyOf(created))).statusCode).toBe(200)
    await t.db.update(apiKey).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiKey.id, created.key.id))
    expect((await get('/api/listings/mine', keyOf(created))).statusCode).toBe(401)
    expect((await get('/api/me/api-keys', session)).json<ApiKeys>().items.find((item) => item.id === created.key.id)?.expired).toBe(true)

    // The role that opens /my-properties is gone: the next request is refused as the pages would be.
    await t.db.delete(userRole).where(eq(userRole.userId, agent.id))
    await t.db.insert(userRole).values({ userId: agent.id, role: 'BUYER_SIMPLE' })
    const lost = await get('/api/listings/mine', keyOf(other))
    expect(lost.statusCode).toBe(403)
    expect(lost.json<ApiError>().key).toBe('request.forbidden')

    await t.db.update(user).set({ deactivatedAt: new Date() }).where(eq(user.id, agent.id))
    const gone = await get('/api/properties', keyOf(other))
    expect(gone.statusCode).toBe(401)
    expect(gone.json<ApiError>().key).toBe('apiKey.invalid')
  })

  it('answers 429 with Retry-After past its per-key limit, which other keys do not share', async () => {
    const session = await sessionOf(await createUser(t, { roles: ['BUYER_SIMPLE'] }))
    const busy = await makeKey(session, { name: 'Busy', scopes: ['listings:read'] })
    const calm = await makeKey(session, { name: 'Calm', scopes: ['listings:read'] })
    for (let i = 0; i < LIMIT; i++) expect((await get('/api/properties', keyOf(busy))).statusCode).toBe(200)
    const limited = await get('/api/properties', keyOf(busy))
    expect(limited.statusCode).toBe(429)
    expect(limited.json<ApiError>().key).toBe('apiKey.tooManyRequests')
    const wait = Number(limited.headers['retry-after'])
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(60)
    expect((await get('/api/properties', keyOf(calm))).statusCode).toBe(200)
  })
})
