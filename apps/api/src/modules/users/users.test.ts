import { describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import type { User } from '@offerbook/domain/user'
import { useTestApp } from '../../../test/per-file'
import { bearer, createUser, signIn } from '../../../test/factories'
import { findUserIdForEmail } from './users.service'

const t = useTestApp()

describe('GET /api/me', () => {
  it('returns the signed-in user with roles', async () => {
    const seller = await createUser(t, { roles: ['SELLER_OWNER'], name: 'Olga Owner' })
    const { accessToken } = await signIn(t.app, seller.email, seller.password)
    const response = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(accessToken) })
    expect(response.statusCode).toBe(200)
    expect(response.json<{ user: User }>().user).toMatchObject({ uid: seller.id, name: 'Olga Owner', email: seller.email, roles: ['SELLER_OWNER'] })
  })

  it("gives each user a public key of their own that stays the same, and no one can change it", async () => {
    const first = await createUser(t, { roles: ['BUYER_SIMPLE'] })
    const second = await createUser(t, { roles: ['BUYER_SIMPLE'] })
    const keyOf = async (who: { email: string; password: string }) => {
      const { accessToken } = await signIn(t.app, who.email, who.password)
      const response = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(accessToken) })
      return { key: response.json<{ user: User }>().user.key, accessToken }
    }
    const a = await keyOf(first)
    const b = await keyOf(second)
    expect(a.key).toMatch(/^[0-9a-f-]{36}$/)
    expect(a.key).not.toBe(b.key)
    expect(a.key).not.toBe(first.id)
    // A profile change that sends a key is not a way to set it.
    const patched = await t.app.inject({ method: 'PATCH', url: '/api/me', headers: bearer(a.accessToken), payload: { key: b.key, zipcode: '37203' } })
    expect(patched.statusCode).toBe(200)
    expect(patched.json<{ user: User }>().user.key).toBe(a.key)
    expect((await keyOf(first)).key).toBe(a.key)
  })

  it('answers 401 Please sign in without a token, with a garbage token and with a malformed header', async () => {
    for (const headers of [{}, bearer('garbage'), bearer('abc.def'), { authorization: 'Basic Zm9vOmJhcg==' }, bearer('x'.repeat(5000))]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/me', headers })
      expect(response.statusCode).toBe(401)
      expect(response.json<ApiError>()).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', key: 'request.signInRequired', message: 'Please sign in' })
    }
  })

  it("reads every role in name order, none for a user with none, and refuses a kept session once the account's row says deactivated", async () => {
    const { user, userRole } = await import('../../db/schema/users')
    const { eq } = await import('drizzle-orm')
    const agent = await createUser(t, { roles: ['SELLER_AGENT', 'BUYER_AGENT', 'ADMIN'] })
    const { accessToken } = await signIn(t.app, agent.email, agent.password)
    const me = async () => t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(accessToken) })
    expect((await me()).json<{ user: User }>().user.roles).toEqual(['ADMIN', 'BUYER_AGENT', 'SELLER_AGENT'])

    await t.db.delete(userRole).where(eq(userRole.userId, agent.id))
    const roleless = await me()
    expect(roleless.statusCode).toBe(200)
    expect(roleless.json<{ user: User }>().user.roles).toEqual([])

    // Deactivated in the database with its session left in place: the token is refused all the same.
    await t.db.update(user).set({ deactivatedAt: new Date() }).where(eq(user.id, agent.id))
    const refused = await me()
    expect(refused.statusCode).toBe(401)
    expect(refused.json<ApiError>().key).toBe('request.signInRequired')
  })

  it('answers 401 once the session has expired', async () => {
    const buyer = await createUser(t, { roles: ['BUYER_SIMPLE'] })
    const { accessToken } = await signIn(t.app, buyer.email, buyer.password)
    const { session } = await import('../../db/schema/auth')
    const { eq } = await import('drizzle-orm')
    await t.db.update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.userId, buyer.id))
    const response = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(accessToken) })
    expect(response.statusCode).toBe(401)
  })
})

describe('PUT /api/me/language', () => {
  it('changes the language and returns the user', async () => {
    const buyer = await createUser(t, { roles: ['BUYER_AGENT'] })
    const { accessToken } = await signIn(t.app, buyer.email, buyer.password)
    const response = await t.app.inject({ method: 'PUT', url: '/api/me/language', headers: bearer(accessToken), payload: { language: 'es-es' } })
    expect(response.statusCode).toBe(200)
    expect(response.json<{ user: User }>().user.language).toBe('es-es')
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(accessToken) })
    expect(me.json<{ user: User }>().user.language).toBe('es-es')
  })

  it('refuses a language that does not exist', async () => {
    const buyer = await createUser(t, { roles: ['BUYER_AGENT'] })
    const { accessToken } = await signIn(t.app, buyer.email, buyer.password)
    const response = await t.app.inject({ method: 'PUT', url: '/api/me/language', headers: bearer(accessToken), payload: { language: 'fr-fr' } })
    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>().errors?.[0]?.path).toBe('language')
  })
})

describe('PUT /api/me/ui-mode', () => {
  it('is buy by default, changes to sell, is kept on the account and comes back with the user', async () => {
    const agent = await createUser(t, { roles: ['SELLER_AGENT'] })
    const { accessToken } = await signIn(t.app, agent.email, agent.password)
    const before = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(accessToken) })
    expect(before.json<{ user: User }>().user.uiMode).toBe('buy')
    const response = await t.app.inject({ method: 'PUT', url: '/api/me/ui-mode', headers: bearer(accessToken), payload: { uiMode: 'sell' } })
    expect(response.statusCode).toBe(200)
    expect(response.json<{ user: User }>().user.uiMode).toBe('sell')
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(accessToken) })
    expect(me.json<{ user: User }>().user).toMatchObject({ uiMode: 'sell', language: 'en-us' })
  })

  it('refuses a mode that does not exist and an anonymous caller', async () => {
    const buyer = await createUser(t, { roles: ['BUYER_SIMPLE'] })
    const { accessToken } = await signIn(t.app, buyer.email, buyer.password)
    const response = await t.app.inject({ method: 'PUT', url: '/api/me/ui-mode', headers: bearer(accessToken), payload: { uiMode: 'rent' } })
    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>().errors?.[0]?.path).toBe('uiMode')
    const anonymous = await t.app.inject({ method: 'PUT', url: '/api/me/ui-mode', payload: { uiMode: 'sell' } })
    expect(anonymous.statusCode).toBe(401)
  })

  it('is changed with the profile too (PATCH /api/me)', async () => {
    const buyer = await createUser(t, { roles: ['BUYER_SIMPLE'] })
    const { accessToken } = await signIn(t.app, buyer.email, buyer.password)
    const response = await t.app.inject({ method: 'PATCH', url: '/api/me', headers: bearer(accessToken), payload: { uiMode: 'sell', language: 'es-es' } })
    expect(response.statusCode).toBe(200)
    expect(response.json<{ user: User }>().user).toMatchObject({ uiMode: 'sell', language: 'es-es' })
  })
})

describe('sign-up through better-auth'
, () => {
  it('is closed: its endpoint answers 404 and creates no account, whatever the request asks for', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'http://localhost:3000' },
      payload: { email: 'newcomer@example.com', password: 'a-long-password', name: 'New Comer', roles: ['SUPER_ADMIN'], isPrincipalBroker: true, onboarded: true },
    })
    expect(response.statusCode).toBe(404)
    expect(response.json<ApiError>().code).toBe('NOT_FOUND')
    expect(response.headers['set-auth-token']).toBeUndefined()
    expect(await findUserIdForEmail(t.db, 'newcomer@example.com')).toBeNull()
  })
})
