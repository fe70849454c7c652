import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import { DEMO_PASSWORD } from '@offerbook/domain/demo-accounts'
import type { Session } from '@offerbook/domain/session'
import type { TestApp } from '../../../test/build-test-app'
import { buildTestApp } from '../../../test/build-test-app'
import { bearer, signIn } from '../../../test/factories'
import { account, session as sessionTable } from '../../db/schema/auth'
import { user } from '../../db/schema/users'
import { ACCOUNT_LIMIT, Browser, ssoTestApp } from './sso.test-helpers'

const sso = ssoTestApp()
const { signInWithSso, exchange, me, serveBasic, logLines } = sso

describe('GET /api/sso', () => {
  it('reports single sign-on as enabled, with the name for its button', async () => {
    const response = await sso.t.app.inject({ method: 'GET', url: '/api/sso' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ enabled: true, name: 'Cognito' })
  })
})

describe('GET /api/sso/start', () => {
  it('redirects to the provider with state, an S256 PKCE challenge and the email scope', async () => {
    const response = await sso.t.app.inject({ method: 'GET', url: '/api/sso/start?redirect=/my-properties' })
    expect(response.statusCode).toBe(302)
    const location = new URL(response.headers.location as string)
    expect(`${location.origin}${location.pathname}`).toBe(`${sso.issuer}/auth`)
    expect(location.searchParams.get('client_id')).toBe('offerbook')
    expect(location.searchParams.get('response_type')).toBe('code')
    expect(location.searchParams.get('redirect_uri')).toBe(`${sso.offerbook}/api/auth/callback/oidc`)
    expect(location.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']))
    expect(location.searchParams.get('state')).toEqual(expect.any(String))
    expect(location.searchParams.get('code_challenge_method')).toBe('S256')
    expect(location.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    const stateCookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((cookie) => cookie.startsWith('better-auth.state='))
    expect(stateCookie).toMatch(/HttpOnly/i)
    expect(stateCookie).toMatch(/SameSite=Lax/i)
  })
})

describe('the single sign-on round trip', () => {
  it('creates an account for a new e-mail and signs it in with a bearer token; the cookie is then cleared', async () => {
    const { browser, landing } = await signInWithSso('idp-new', '/submitted-offers/all?page=2')
    expect(landing.origin).toBe(sso.offerbook)
    expect(landing.pathname).toBe('/')
    expect(landing.searchParams.get('sso')).toBe('1')
    expect(landing.searchParams.get('redirect')).toBe('/submitted-offers/all?page=2')
    expect(browser.jar.has('better-auth.session_token')).toBe(true)

    const response = await exchange(browser)
    expect(response.status).toBe(200)
    const cleared = response.headers.getSetCookie().find((cookie) => cookie.startsWith('better-auth.session_token='))
    expect(cleared).toMatch(/^better-auth\.session_token=;.*Max-Age=0/)
    expect(cleared).toMatch(/HttpOnly/)
    expect(cleared).toMatch(/SameSite=Lax/)
    expect(browser.jar.has('better-auth.session_token')).toBe(false)

    const session = (await response.json()) as Session
    expect(new Date(session.expiresAt).getTime()).toBeGreaterThan(Date.now())
    expect(session.user).toMatchObject({ email: 'sso-newcomer@example.com', name: 'New Comer', roles: [], onboarded: false })
    expect(await me(session.accessToken)).toMatchObject({ uid: session.user.uid, email: 'sso-newcomer@example.com' })

    const [row] = await sso.t.db.select({ emailVerified: user.emailVerified }).from(user).where(eq(user.id, session.user.uid))
    expect(row?.emailVerified).toBe(true)
    const links = await sso.t.db.select({ accountId: account.accountId }).from(account).where(and(eq(account.userId, session.user.uid), eq(account.providerId, 'oidc')))
    expect(links).toEqual([{ accountId: 'idp-new' }])

    // Signing in again finds the same account through the provider's subject.
    const again = await signInWithSso('idp-new')
    const second = (await (await exchange(again.browser)).json()) as Session
    expect(second.user.uid).toBe(session.user.uid)
  })

  it('links a verified e-mail to the existing Offerbook account with that e-mail, keeping its roles', async () => {
    const withPassword = await signIn(sso.t.app, 'seller-agent@example.com', DEMO_PASSWORD)
    const { browser, landing } = await signInWithSso('idp-seller-agent')
    expect(landing.searchParams.get('sso')).toBe('1')

    const response = await exchange(browser)
    expect(response.status).toBe(200)
    const session = (await response.json()) as Session
    expect(session.user.uid).toBe(withPassword.user.uid)
    expect(session.user.roles).toEqual(['SELLER_AGENT'])
    expect(await me(session.accessToken)).toMatchObject({ uid: withPassword.user.uid, roles: ['SELLER_AGENT'] })
    const links = await sso.t.db.select({ accountId: account.accountId }).from(account).where(and(eq(account.userId, session.user.uid), eq(account.providerId, 'oidc')))
    expect(links).toEqual([{ accountId: 'idp-seller-agent' }])
  })

  it('does not link an unverified e-mail to an existing account: the browser is sent to sign-in with an error', async () => {
    const existing = await signIn(sso.t.app, 'buyer-agent@example.com', DEMO_PASSWORD)
    const { browser, landing } = await signInWithSso('idp-buyer-agent')
    expect(`${landing.origin}${landing.pathname}`).toBe(`${sso.offerbook}/auth/sign-in`)
    expect(landing.searchParams.get('sso_error')).toBe('1')
    expect(landing.searchParams.get('error')).toBe('account_not_linked')
    expect(browser.jar.has('better-auth.session_token')).toBe(false)

    expect((await exchange(browser)).status).toBe(401)
    const links = await sso.t.db.select().from(account).where(and(eq(account.userId, existing.user.uid), eq(account.providerId, 'oidc')))
    expect(links).toEqual([])
  })

  it('drops a redirect that would leave the site', async () => {
    const { landing } = await signInWithSso('idp-new', '//evil.example/phish')
    expect(landing.pathname).toBe('/')
    expect(landing.searchParams.get('sso')).toBe('1')
    expect(landing.searchParams.has('redirect')).toBe(false)
  })
})

describe('the per-account sign-in limit', () => {
  it('counts single sign-on exchanges per account and answers 429 with the product message past it, handing over no session', async () => {
    const statuses: number[] = []
    let limited: Response | undefined
    for (let i = 0; i <= ACCOUNT_LIMIT.max; i++) {
      const { browser } = await signInWithSso('idp-limited')
      const response = await exchange(browser)
      statuses.push(response.status)
      if (response.status === 429) limited = response
    }
    expect(statuses).toEqual([...Array<number>(ACCOUNT_LIMIT.max).fill(200), 429])
    expect(await limited?.json()).toEqual({ statusCode: 429, code: 'RATE_LIMITED', key: 'common.tooManyRequests', message: 'Too many requests, please try again later or reset your password' })
    // The refused exchange's session was deleted rather than left for the cookie.
    const [row] = await sso.t.db.select({ id: user.id }).from(user).where(eq(user.email, 'sso-limited@example.com'))
    const sessions = await sso.t.db.select().from(sessionTable).where(eq(sessionTable.userId, row?.id ?? ''))
    expect(sessions).toHaveLength(ACCOUNT_LIMIT.max)
  })
})

describe('GET /api/sso/end-session', () => {
  it("gives the provider's logout URL for a session made by single sign-on, and null for a password session", async () => {
    const { browser } = await signInWithSso('idp-new')
    const session = (await (await exchange(browser)).json()) as Session
    const response = await sso.t.app.inject({ method: 'GET', url: '/api/sso/end-session', headers: bearer(session.accessToken) })
    expect(response.statusCode).toBe(200)
    const url = new URL(response.json<{ url: string }>().url)
    expect(`${url.origin}${url.pathname}`).toBe(`${sso.issuer}/session/end`)
    expect(url.searchParams.get('client_id')).toBe('offerbook')
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${sso.offerbook}/`)
    expect(url.searchParams.get('id_token_hint')?.split('.')).toHaveLength(3)

    const withPassword = await signIn(sso.t.app, 'seller-agent@example.com', DEMO_PASSWORD)
    const plain = await sso.t.app.inject({ method: 'GET', url: '/api/sso/end-session', headers: bearer(withPassword.accessToken) })
    expect(plain.json()).toEqual({ url: null })
    expect((await sso.t.app.inject({ method: 'GET', url: '/api/sso/end-session' })).statusCode).toBe(401)
  })
})

describe('the server log', () => {
  it("shows the provider's callback without its authorization code or state", async () => {
    await signInWithSso('idp-new')
    const callbacks = logLines.filter((line) => line.includes('/api/auth/callback/oidc'))
    expect(callbacks.length).toBeGreaterThan(0)
    expect(callbacks.some((line) => line.includes('code=[redacted]'))).toBe(true)
    for (const line of logLines) {
      expect(line).not.toMatch(/[?&](code|state|sso_verify|pending)=(?!\[redacted\])/)
    }
  })
})

describe('token endpoint authentication', () => {
  let basic: TestApp
  beforeAll(async () => {
    basic = await buildTestApp({
      config: {
        publicUrl: sso.basicOfferbook,
        oidc: { issuer: sso.issuer, clientId: 'offerbook-basic', clientSecret: 'offerbook-basic-client-secret', name: 'Cognito', tokenEndpointAuth: 'client_secret_basic' },
      },
    })
    serveBasic(basic)
  }, 120_000)
  afterAll(async () => basic?.close())

  it('signs in with a client registered for client_secret_basic when OIDC_TOKEN_AUTH says so (client_secret_post is the round trips above)', async () => {
    const browser = new Browser()
    const start = await browser.request(new URL('/api/sso/start', sso.basicOfferbook))
    const landing = await browser.signInAtProvider(new URL(start.headers.get('location') ?? ''), { login: 'idp-new', offerbook: sso.basicOfferbook })
    expect(landing.searchParams.get('sso')).toBe('1')
    const response = await browser.request(new URL('/api/sso/session', sso.basicOfferbook), { method: 'POST', headers: { origin: sso.basicOfferbook } })
    expect(response.status).toBe(200)
    expect(((await response.json()) as Session).user.email).toBe('sso-newcomer@example.com')
  })
})

describe('POST /api/sso/session', () => {
  it('answers 401 without the session cookie, or with one that is not valid', async () => {
    const none = await sso.t.app.inject({ method: 'POST', url: '/api/sso/session' })
    expect(none.statusCode).toBe(401)
    expect(none.json<ApiError>()).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', key: 'request.signInRequired', message: 'Please sign in' })

    const forged = await sso.t.app.inject({ method: 'POST', url: '/api/sso/session', headers: { cookie: 'better-auth.session_token=forged.value' } })
    expect(forged.statusCode).toBe(401)
  })

  it('refuses a request from another origin', async () => {
    const { browser } = await signInWithSso('idp-new')
    const foreign = await browser.request(new URL('/api/sso/session', sso.offerbook), { method: 'POST', headers: { origin: 'https://evil.example' } })
    expect(foreign.status).toBe(403)
    expect(await foreign.json()).toMatchObject({ code: 'FORBIDDEN', key: 'request.forbidden', message: 'You do not have access to this page' })
    // The cookie is left alone, so the real page can still exchange it.
    expect((await exchange(browser)).status).toBe(200)
  })
})

describe('in production', () => {
  // A second app on a busy machine can take longer than the default 30 s to build.
  it('marks the state cookie and the cleared session cookie Secure as well as HttpOnly and SameSite=Lax', { timeout: 120_000 }, async () => {
    const production = await buildTestApp({
      config: { nodeEnv: 'production', publicUrl: sso.offerbook, oidc: { issuer: sso.issuer, clientId: 'offerbook', clientSecret: 'offerbook-client-secret', name: 'Cognito' } },
    })
    try {
      const start = await production.app.inject({ method: 'GET', url: '/api/sso/start' })
      const state = ([] as string[]).concat(start.headers['set-cookie'] ?? []).find((cookie) => cookie.startsWith('__Secure-better-auth.state='))
      expect(state).toMatch(/Secure/)
      expect(state).toMatch(/HttpOnly/)
      expect(state).toMatch(/SameSite=Lax/)

      const exchange = await production.app.inject({ method: 'POST', url: '/api/sso/session', headers: { cookie: '__Secure-better-auth.session_token=forged.value' } })
      expect(exchange.statusCode).toBe(401)
      expect(exchange.headers['set-cookie']).toBe('__Secure-better-auth.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure')
    } finally {
      await production.close()
    }
  })
})
