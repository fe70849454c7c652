import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import { DEMO_PASSWORD } from '@offerbook/domain/demo-accounts'
import type { TestApp } from '../../../test/build-test-app'
import { buildTestApp } from '../../../test/build-test-app'
import { useTestApp } from '../../../test/per-file'
import { bearer, signIn } from '../../../test/factories'
import { session } from '../../db/schema/auth'
import { user } from '../../db/schema/users'

const NOT_FOUND: ApiError = { statusCode: 404, code: 'NOT_FOUND', key: 'request.noSuchEndpoint', message: 'No such API endpoint' }
const ORIGIN = { origin: 'http://localhost:3000' }

let t: TestApp
let closedIssuer: string

beforeAll(async () => {
  // A provider that cannot be reached: the callback route exists, and nothing it does needs the provider.
  const closed = createServer()
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
  closedIssuer = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`
  await new Promise((resolve) => closed.close(resolve))
  t = await buildTestApp({
    seed: true,
    config: { nodeEnv: 'production', signInLimit: { max: 3, timeWindow: '1 minute' }, oidc: { issuer: closedIssuer, clientId: 'offerbook', clientSecret: 'secret', name: 'Cognito' } },
  })
})
afterAll(async () => t.close())

async function userCount(): Promise<number> {
  return (await t.db.select({ id: user.id }).from(user)).length
}

describe("better-auth's HTTP endpoints outside the allow-list", () => {
  it('sign-up/email answers 404 in the ApiError shape and creates no user, whatever it is sent', async () => {
    const before = await userCount()
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: ORIGIN,
      payload: { email: 'bypass@example.com', password: 'a-long-password', name: 'x'.repeat(20_000), image: 'javascript:alert(1)' },
    })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual(NOT_FOUND)
    expect(await userCount()).toBe(before)
    expect(await t.db.select().from(user).where(eq(user.email, 'bypass@example.com'))).toEqual([])
  })

  it('sign-in/email answers 404 to a hundred wrong passwords from changing addresses, and to the right one, with no session made', async () => {
    const sessionsBefore = (await t.db.select().from(session)).length
    for (let i = 0; i < 100; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { ...ORIGIN, 'x-forwarded-for': `192.0.2.${i}` },
        payload: { email: 'admin@example.com', password: `wrong-${i}` },
      })
      expect(response.statusCode).toBe(404)
    }
    const right = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: ORIGIN, payload: { email: 'admin@example.com', password: DEMO_PASSWORD } })
    expect(right.statusCode).toBe(404)
    expect(right.json()).toEqual(NOT_FOUND)
    expect(right.headers['set-auth-token']).toBeUndefined()
    expect(right.headers['set-cookie']).toBeUndefined()
    expect((await t.db.select().from(session)).length).toBe(sessionsBefore)
  })

  it('list-sessions and get-session answer 404 even with a valid bearer token, showing no token', async () => {
    const { accessToken } = await signIn(t.app, 'admin@example.com', DEMO_PASSWORD)
    for (const url of ['/api/auth/list-sessions', '/api/auth/get-session']) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(accessToken) })
      expect(response.statusCode, url).toBe(404)
      expect(response.json(), url).toEqual(NOT_FOUND)
      expect(response.body).not.toContain(accessToken)
    }
  })

  it('update-user answers 404 and leaves the name and image as they were', async () => {
    const { accessToken, user: me } = await signIn(t.app, 'admin@example.com', DEMO_PASSWORD)
    const [before] = await t.db.select({ name: user.name, image: user.image }).from(user).where(eq(user.id, me.uid))
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { ...bearer(accessToken), ...ORIGIN },
      payload: { name: 'x'.repeat(20_000), image: 'javascript:alert(1)' },
    })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual(NOT_FOUND)
    const [after] = await t.db.select({ name: user.name, image: user.image }).from(user).where(eq(user.id, me.uid))
    expect(after).toEqual(before)
  })

  it.each([
    ['GET', '/api/auth/ok'],
    ['GET', '/api/auth/some/random/path?x=1'],
    ['DELETE', '/api/auth/revoke-sessions'],
    ['POST', '/api/auth/callback/github'],
    ['GET', '/api/auth'],
  ])('%s %s answers 404 in the ApiError shape', async (method, url) => {
    const response = await t.app.inject({ method: method as 'GET', url, headers: ORIGIN })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual(NOT_FOUND)
  })

  it('answers 404 before reading a body of any type', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: { ...ORIGIN, 'content-type': 'text/plain' }, payload: 'email=a@b.c' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual(NOT_FOUND)
  })
})

describe("the single sign-on provider's callback", () => {
  it('takes a form_post answer and sends the browser on to the same callback by GET', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/callback/oidc',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=abc&state=xyz',
    })
    expect(response.statusCode).toBe(302)
    const location = new URL(response.headers.location as string)
    expect(location.pathname).toBe('/api/auth/callback/oidc')
    expect(location.searchParams.get('code')).toBe('abc')
    expect(location.searchParams.get('state')).toBe('xyz')
  })

  it('a forged callback never answers 5xx: the browser is sent to sign-in or an error page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/callback/oidc?code=c&state=forged' })
    expect(response.statusCode).toBe(302)
  })

  it('is rate limited per address (3 a minute here), in the ApiError shape', async () => {
    // The tests above used some of this address's tries; the limit shows within the next three.
    const statuses: number[] = []
    let limited
    for (let i = 0; i < 4 && !limited; i++) {
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/callback/oidc?code=c&state=s' })
      statuses.push(response.statusCode)
      if (response.statusCode === 429) limited = response
    }
    expect(statuses.at(-1)).toBe(429)
    expect(statuses.slice(0, -1).every((status) => status === 302)).toBe(true)
    expect(limited?.json()).toEqual({ statusCode: 429, code: 'RATE_LIMITED', key: 'common.tooManyRequests', message: 'Too many requests, please try again later or reset your password' })
  })
})

describe('without single sign-on', () => {
  const plain = useTestApp()

  it('has no callback either', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await plain.app.inject({ method, url: '/api/auth/callback/oidc?code=c&state=s' })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual(NOT_FOUND)
    }
  })
})
