import { describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '@offerbook/domain/demo-accounts'
import type { ApiError } from '@offerbook/domain/api-error'
import type { Session } from '@offerbook/domain/session'
import { testConfig } from '../../../test/build-test-app'
import { useTestApp } from '../../../test/per-file'
import { buildApp } from '../../app'
import { countHit } from '../../plugins/rate-limit-store'
import { bearer, signIn } from '../../../test/factories'

const t = useTestApp({ seed: true, config: { signInLimit: { max: 5, timeWindow: '1 minute' } } })

const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/session', payload: payload as object })

describe('POST /api/session', () => {
  it('signs a demo account in and returns a token, its expiry and the user with roles', async () => {
    const response = await post({ email: 'seller-agent@example.com', password: DEMO_PASSWORD, persist: true })
    expect(response.statusCode).toBe(200)
    const session = response.json<Session>()
    expect(session.accessToken).toEqual(expect.any(String))
    expect(new Date(session.expiresAt).getTime()).toBeGreaterThan(Date.now())
    expect(session.user).toMatchObject({ email: 'seller-agent@example.com', roles: ['SELLER_AGENT'], onboarded: true, language: 'en-us' })
    expect(session.user.sellerAgentId).toMatch(/^TN-\d{6}$/)
  })

  it('accepts the e-mail in any case and with spaces around it', async () => {
    const response = await post({ email: '  Buyer-Simple@Example.com ', password: DEMO_PASSWORD })
    expect(response.statusCode).toBe(200)
  })

  it('says the password is wrong without telling which part', async () => {
    const response = await post({ email: 'buyer-agent@example.com', password: 'not-the-password' })
    expect(response.statusCode).toBe(401)
    expect(response.json<ApiError>()).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', key: 'session.wrongPassword', message: 'Incorrect e-mail/password combination' })
  })

  it('answers an unknown e-mail exactly as a wrong password, so sign-in does not tell who has an account', async () => {
    const unknown = await post({ email: 'nobody@example.com', password: 'not-the-password' })
    const wrong = await post({ email: 'buyer-agent@example.com', password: 'not-the-password' })
    expect(unknown.statusCode).toBe(401)
    expect(unknown.body).toBe(wrong.body)
    expect(unknown.json<ApiError>()).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', key: 'session.wrongPassword', message: 'Incorrect e-mail/password combination' })
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(wrong.headers).sort())
  })

  it('answers 400 with field errors for a missing password and a bad e-mail', async () => {
    const response = await post({ email: 'not-an-email' })
    expect(response.statusCode).toBe(400)
    const body = response.json<ApiError>()
    expect(body.code).toBe('BAD_REQUEST')
    expect(body.message).toBe('Invalid email')
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: 'email', key: 'common.invalidEmail', message: 'Invalid email' },
        { path: 'password', key: 'common.required', message: 'Required' },
      ]),
    )
  })

  it('answers 400 for fields of the wrong type', async () => {
    const response = await post({ email: 42, password: ['x'], persist: 'yes' })
    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>().errors?.map((error) => error.path).sort()).toEqual(['email', 'password', 'persist'])
  })

  it('answers 400 for malformed JSON, an empty body and a body that is not an object', async () => {
    const malformed = await t.app.inject({ method: 'POST', url: '/api/session', headers: { 'content-type': 'application/json' }, payload: '{"email":' })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json<ApiError>()).toMatchObject({ code: 'BAD_REQUEST', message: 'The request body is not valid JSON' })

    const empty = await t.app.inject({ method: 'POST', url: '/api/session', headers: { 'content-type': 'application/json' } })
    expect(empty.statusCode).toBe(400)

    const array = await t.app.inject({ method: 'POST', url: '/api/session', headers: { 'content-type': 'application/json' }, payload: '[1,2]' })
    expect(array.statusCode).toBe(400)
    expect(array.json<ApiError>().code).toBe('BAD_REQUEST')
  })

  it('answers 415 for a body that is not JSON and 413 for one that is too large', async () => {
    const text = await t.app.inject({ method: 'POST', url: '/api/session', headers: { 'content-type': 'text/plain' }, payload: 'hello' })
    expect(text.statusCode).toBe(415)
    expect(text.json<ApiError>()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' })

    const huge = await post({ email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) })
    expect(huge.statusCode).toBe(413)
    expect(huge.json<ApiError>()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' })
  })

  it('refuses odd input with 4xx, never 500', async () => {
    const payloads = [
      { email: '\u0000@example.com', password: 'x' },
      { email: 'a@example.com', password: '\ud800\u0000' },
      { email: 'ünï©ødé@exämple.com', password: 'x' },
      { email: 'a'.repeat(300) + '@example.com', password: 'x' },
    ]
    const hugeNumber = await t.app.inject({ method: 'POST', url: '/api/session', headers: { 'content-type': 'application/json' }, payload: '{"email":"a@example.com","password":"x","persist":1e400}' })
    expect(hugeNumber.statusCode).toBe(400)
    for (const payload of payloads) {
      const response = await post(payload)
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBeGreaterThanOrEqual(400)
      expect(response.statusCode).toBeLessThan(500)
    }
  })

  it('limits sign-in attempts per address and e-mail', async () => {
    const attempt = () => t.app.inject({ method: 'POST', url: '/api/session', remoteAddress: '203.0.113.9', payload: { email: 'admin@example.com', password: 'guess' } })
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await attempt()).statusCode)
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    const limited = await attempt()
    expect(limited.statusCode).toBe(429)
    expect(limited.json<ApiError>()).toEqual({ statusCode: 429, code: 'RATE_LIMITED', key: 'common.tooManyRequests', message: 'Too many requests, please try again later or reset your password' })

    const otherAddress = await t.app.inject({ method: 'POST', url: '/api/session', remoteAddress: '203.0.113.10', payload: { email: 'admin@example.com', password: DEMO_PASSWORD } })
    expect(otherAddress.statusCode).toBe(200)
  })
})

describe('DELETE /api/session', () => {
  it('revokes the token, which is then refused', async () => {
    const { accessToken } = await signIn(t.app, 'buyer-simple@example.com', DEMO_PASSWORD)
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(accessToken) })).statusCode).toBe(200)

    const signOut = await t.app.inject({ method: 'DELETE', url: '/api/session', headers: bearer(accessToken) })
    expect(signOut.statusCode).toBe(204)
    expect(signOut.body).toBe('')

    const after = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(accessToken) })
    expect(after.statusCode).toBe(401)
    expect(after.json<ApiError>()).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', key: 'request.signInRequired', message: 'Please sign in' })
  })

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/session' })
    expect(response.statusCode).toBe(401)
  })

  it('counts attempts in the database, so a second API process sees the same limit', async () => {
    const second = await buildApp({ config: testConfig({ signInLimit: { max: 5, timeWindow: '1 minute' } }), db: t.db, auth: t.auth, logger: false })
    try {
      const attempt = (app: typeof second) => app.inject({ method: 'POST', url: '/api/session', remoteAddress: '198.51.100.7', payload: { email: 'buyer-agent@example.com', password: 'guess' } })
      const statuses: number[] = []
      for (let i = 0; i < 3; i++) statuses.push((await attempt(t.app)).statusCode)
      for (let i = 0; i < 2; i++) statuses.push((await attempt(second)).statusCode)
      expect(statuses).toEqual([401, 401, 401, 401, 401])
      expect((await attempt(second)).statusCode).toBe(429)
      expect((await attempt(t.app)).statusCode).toBe(429)
    } finally {
      await second.close()
    }
  })

  it('starts a counter again once its window has passed', async () => {
    expect(await countHit(t.db, 'window-test', 150)).toMatchObject({ current: 1 })
    const second = await countHit(t.db, 'window-test', 150)
    expect(second.current).toBe(2)
    expect(second.ttl).toBeGreaterThan(0)
    expect(second.ttl).toBeLessThanOrEqual(150)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await countHit(t.db, 'window-test', 150)).toMatchObject({ current: 1 })
  })
})
