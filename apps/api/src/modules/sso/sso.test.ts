import type { AddressInfo } from 'node:net'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import { Writable } from 'node:stream'
import { and, eq } from 'drizzle-orm'
import Provider from 'oidc-provider'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import { DEMO_PASSWORD } from '@offerbook/domain/demo-accounts'
import type { Session } from '@offerbook/domain/session'
import type { User } from '@offerbook/domain/user'
import type { TestApp } from '../../../test/build-test-app'
import { buildTestApp } from '../../../test/build-test-app'
import { bearer, createUser, signIn } from '../../../test/factories'
import { account, session as sessionTable } from '../../db/schema/auth'
import { outboxMessage } from '../../db/schema/outbox'
import { user } from '../../db/schema/users'
import { languageFromHeader, maskEmail, safeRedirectPath } from './sso.service'

type IdpAccount = { sub: string; email: string; email_verified: boolean; name: string }

const IDP_ACCOUNTS: IdpAccount[] = [
  { sub: 'idp-new', email: 'sso-newcomer@example.com', email_verified: true, name: 'New Comer' },
  { sub: 'idp-unverified-new', email: 'sso-unverified@example.com', email_verified: false, name: 'Not Verified' },
  { sub: 'idp-seller-agent', email: 'seller-agent@example.com', email_verified: true, name: 'Seller Agent at the IdP' },
  { sub: 'idp-buyer-agent', email: 'buyer-agent@example.com', email_verified: false, name: 'Someone claiming buyer-agent' },
  { sub: 'idp-unverified-wrong', email: 'sso-wrong-code@example.com', email_verified: false, name: 'Wrong Code' },
  { sub: 'idp-limited', email: 'sso-limited@example.com', email_verified: true, name: 'Often Back' },
  { sub: 'idp-race-verified', email: 'sso-race-verified@example.com', email_verified: false, name: 'Race Verified' },
  { sub: 'idp-race-unverified', email: 'sso-race-unverified@example.com', email_verified: false, name: 'Race Unverified' },
]

/** Tries one account may take here; low so the SSO exchange's limit shows. */
const ACCOUNT_LIMIT = { max: 5, timeWindowMs: 60_000 }

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)))
}

function close(server: Server): Promise<void> {
  server.closeAllConnections()
  return new Promise((resolve) => server.close(() => resolve()))
}

/** Just enough of a browser's cookie store: cookies by name and path, for the one loopback host. */
class CookieJar {
  private cookies = new Map<string, { name: string; value: string; path: string }>()

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim())
      const separator = pair.indexOf('=')
      const name = pair.slice(0, separator)
      const value = pair.slice(separator + 1)
      const attribute = (key: string) => attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1)
      const path = attribute('path') ?? '/'
      const expires = attribute('expires')
      const expired = attribute('max-age') === '0' || (expires !== undefined && new Date(expires).getTime() < Date.now())
      if (expired || value === '') this.cookies.delete(`${name};${path}`)
      else this.cookies.set(`${name};${path}`, { name, value, path })
    }
  }

  header(url: URL): string {
    return [...this.cookies.values()]
      .filter((cookie) => url.pathname === cookie.path || url.pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ')
  }

  has(name: string): boolean {
    return [...this.cookies.values()].some((cookie) => cookie.name === name)
  }
}

class Browser {
  readonly jar = new CookieJar()
  readonly visited: URL[] = []

  async request(url: URL, init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<Response> {
    this.visited.push(url)
    const headers = new Headers(init.headers)
    const cookie = this.jar.header(url)
    if (cookie) headers.set('cookie', cookie)
    if (init.form) headers.set('content-type', 'application/x-www-form-urlencoded')
    const response = await fetch(url, { method: init.method ?? 'GET', headers, body: init.form ? new URLSearchParams(init.form) : undefined, redirect: 'manual' })
    this.jar.store(response)
    return response
  }

  /**
   * Follows redirects and answers the provider's dev login and consent forms, until the browser is sent
   * back to Offerbook's own pages (not its /api/); returns that last URL.
   */
  async signInAtProvider(start: URL, { login, offerbook }: { login: string; offerbook: string }): Promise<URL> {
    let url = start
    for (let step = 0; step < 20; step++) {
      const response = await this.request(url)
      if (response.status >= 300 && response.status < 400) {
        url = new URL(response.headers.get('location') ?? '', url)
        if (url.origin === offerbook && !url.pathname.startsWith('/api/')) return url
        continue
      }
      const html = await response.text()
      expect(response.status, html.slice(0, 500)).toBe(200)
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]
      if (!action) throw new Error(`no form at ${url.href}`)
      const form: Record<string, string> = html.includes('name="login"') ? { prompt: 'login', login, password: 'anything' } : { prompt: 'consent' }
      const submitted = await this.request(new URL(action, url), { method: 'POST', form })
      expect(submitted.status).toBeGreaterThanOrEqual(300)
      url = new URL(submitted.headers.get('location') ?? '', url)
    }
    throw new Error('too many redirects')
  }
}

let t: TestApp
let offerbookServer: Server
/** A second Offerbook, whose client is registered at the provider with client_secret_basic. */
let basicServer: Server
let basicOfferbook: string
let idpServer: Server
let offerbook: string
let issuer: string
const logLines: string[] = []

beforeAll(async () => {
  offerbookServer = createServer()
  idpServer = createServer()
  offerbook = await listen(offerbookServer)
  issuer = await listen(idpServer)
  basicServer = createServer()
  basicOfferbook = await listen(basicServer)

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'offerbook',
        client_secret: 'offerbook-client-secret',
        redirect_uris: [`${offerbook}/api/auth/callback/oidc`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
        post_logout_redirect_uris: [`${offerbook}/`],
      },
      {
        client_id: 'offerbook-basic',
        client_secret: 'offerbook-basic-client-secret',
        redirect_uris: [`${basicOfferbook}/api/auth/callback/oidc`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['oidc-provider-test-cookie-key'] },
    findAccount: (_ctx, id) => {
      const found = IDP_ACCOUNTS.find((candidate) => candidate.sub === id)
      return found && { accountId: found.sub, claims: () => ({ ...found }) }
    },
  })
  idpServer.on('request', provider.callback())

  t = await buildTestApp({
    seed: true,
    config: {
      publicUrl: offerbook,
      logLevel: 'info',
      accountLimit: ACCOUNT_LIMIT,
      // Every round trip here comes from 127.0.0.1; the callback's per-address limit is tested in auth-routes.test.ts.
      signInLimit: { max: 500, timeWindow: '1 minute' },
      oidc: { issuer, clientId: 'offerbook', clientSecret: 'offerbook-client-secret', name: 'Cognito' },
    },
    logStream: new Writable({
      write(chunk: Buffer, _encoding, callback) {
        logLines.push(...chunk.toString().split('\n').filter(Boolean))
        callback()
      },
    }),
  })
  offerbookServer.on('request', (req, res) => t.app.routing(req, res))
})

afterAll(async () => {
  await t?.close()
  await close(offerbookServer)
  await close(basicServer)
  await close(idpServer)
})

async function signInWithSso(login: string, redirect = '/my-properties'): Promise<{ browser: Browser; landing: URL }> {
  const browser = new Browser()
  const start = await browser.request(new URL(`/api/sso/start?redirect=${encodeURIComponent(redirect)}`, offerbook))
  expect(start.status).toBe(302)
  const authorize = new URL(start.headers.get('location') ?? '')
  const landing = await browser.signInAtProvider(authorize, { login, offerbook })
  return { browser, landing }
}

async function exchange(browser: Browser): Promise<Response> {
  return browser.request(new URL('/api/sso/session', offerbook), { method: 'POST', headers: { origin: offerbook } })
}

async function me(accessToken: string): Promise<User> {
  const response = await fetch(new URL('/api/me', offerbook), { headers: bearer(accessToken) })
  expect(response.status).toBe(200)
  return ((await response.json()) as { user: User }).user
}

describe('GET /api/sso', () => {
  it('reports single sign-on as enabled, with the name for its button', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/sso' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ enabled: true, name: 'Cognito' })
  })
})

describe('GET /api/sso/start', () => {
  it('redirects to the provider with state, an S256 PKCE challenge and the email scope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/sso/start?redirect=/my-properties' })
    expect(response.statusCode).toBe(302)
    const location = new URL(response.headers.location as string)
    expect(`${location.origin}${location.pathname}`).toBe(`${issuer}/auth`)
    expect(location.searchParams.get('client_id')).toBe('offerbook')
    expect(location.searchParams.get('response_type')).toBe('code')
    expect(location.searchParams.get('redirect_uri')).toBe(`${offerbook}/api/auth/callback/oidc`)
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
    expect(landing.origin).toBe(offerbook)
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

    const [row] = await t.db.select({ emailVerified: user.emailVerified }).from(user).where(eq(user.id, session.user.uid))
    expect(row?.emailVerified).toBe(true)
    const links = await t.db.select({ accountId: account.accountId }).from(account).where(and(eq(account.userId, session.user.uid), eq(account.providerId, 'oidc')))
    expect(links).toEqual([{ accountId: 'idp-new' }])

    // Signing in again finds the same account through the provider's subject.
    const again = await signInWithSso('idp-new')
    const second = (await (await exchange(again.browser)).json()) as Session
    expect(second.user.uid).toBe(session.user.uid)
  })

  it('links a verified e-mail to the existing Offerbook account with that e-mail, keeping its roles', async () => {
    const withPassword = await signIn(t.app, 'seller-agent@example.com', DEMO_PASSWORD)
    const { browser, landing } = await signInWithSso('idp-seller-agent')
    expect(landing.searchParams.get('sso')).toBe('1')

    const response = await exchange(browser)
    expect(response.status).toBe(200)
    const session = (await response.json()) as Session
    expect(session.user.uid).toBe(withPassword.user.uid)
    expect(session.user.roles).toEqual(['SELLER_AGENT'])
    expect(await me(session.accessToken)).toMatchObject({ uid: withPassword.user.uid, roles: ['SELLER_AGENT'] })
    const links = await t.db.select({ accountId: account.accountId }).from(account).where(and(eq(account.userId, session.user.uid), eq(account.providerId, 'oidc')))
    expect(links).toEqual([{ accountId: 'idp-seller-agent' }])
  })

  it('does not link an unverified e-mail to an existing account: the browser is sent to sign-in with an error', async () => {
    const existing = await signIn(t.app, 'buyer-agent@example.com', DEMO_PASSWORD)
    const { browser, landing } = await signInWithSso('idp-buyer-agent')
    expect(`${landing.origin}${landing.pathname}`).toBe(`${offerbook}/auth/sign-in`)
    expect(landing.searchParams.get('sso_error')).toBe('1')
    expect(landing.searchParams.get('error')).toBe('account_not_linked')
    expect(browser.jar.has('better-auth.session_token')).toBe(false)

    expect((await exchange(browser)).status).toBe(401)
    const links = await t.db.select().from(account).where(and(eq(account.userId, existing.user.uid), eq(account.providerId, 'oidc')))
    expect(links).toEqual([])
  })

  it('drops a redirect that would leave the site', async () => {
    const { landing } = await signInWithSso('idp-new', '//evil.example/phish')
    expect(landing.pathname).toBe('/')
    expect(landing.searchParams.get('sso')).toBe('1')
    expect(landing.searchParams.has('redirect')).toBe(false)
  })
})

/** The 6-digit code of the last e-mail sent to `to` (the verification-code template writes it alone on a line). */
async function lastCodeTo(to: string): Promise<{ code: string; count: number; kind: string }> {
  const messages = await t.db.select().from(outboxMessage).where(eq(outboxMessage.recipient, to)).orderBy(outboxMessage.createdAt)
  const last = messages.at(-1)
  const code = /\b(\d{6})\b/.exec(last?.textBody ?? '')?.[1]
  if (!last || !code) throw new Error(`no code e-mailed to ${to}`)
  return { code, count: messages.length, kind: last.kind }
}

async function verifySso(body: { pending: string; code: string }): Promise<Response> {
  return fetch(new URL('/api/sso/verify', offerbook), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
}

async function usersWithEmail(email: string) {
  return t.db.select({ id: user.id, emailVerified: user.emailVerified }).from(user).where(eq(user.email, email))
}

describe('an e-mail the provider has not verified', () => {
  it('creates no account until our e-mailed code proves it; then exactly one, verified and linked, and the next sign-in goes straight through', async () => {
    const { browser, landing } = await signInWithSso('idp-unverified-new')
    expect(`${landing.origin}${landing.pathname}`).toBe(`${offerbook}/auth/sign-in`)
    const pending = landing.searchParams.get('sso_verify') ?? ''
    expect(pending).toMatch(/^[\w-]{43}$/)
    expect(browser.jar.has('better-auth.session_token')).toBe(false)
    expect(await usersWithEmail('sso-unverified@example.com')).toEqual([])
    expect((await exchange(browser)).status).toBe(401)

    const sent = await lastCodeTo('sso-unverified@example.com')
    expect(sent.kind).toBe('sso.verification-code')
    const status = await fetch(new URL(`/api/sso/verify?pending=${pending}`, offerbook))
    expect(status.status).toBe(200)
    expect(await status.json()).toMatchObject({ email: 's***@example.com' })

    const response = await verifySso({ pending, code: sent.code })
    expect(response.status).toBe(200)
    const session = (await response.json()) as Session
    expect(session.user).toMatchObject({ email: 'sso-unverified@example.com', name: 'Not Verified', roles: [], onboarded: false })
    expect(await me(session.accessToken)).toMatchObject({ uid: session.user.uid })
    expect(await usersWithEmail('sso-unverified@example.com')).toEqual([{ id: session.user.uid, emailVerified: true }])
    const links = await t.db.select({ accountId: account.accountId }).from(account).where(and(eq(account.userId, session.user.uid), eq(account.providerId, 'oidc')))
    expect(links).toEqual([{ accountId: 'idp-unverified-new' }])

    // The code is spent: a second use finds nothing.
    const again = await verifySso({ pending, code: sent.code })
    expect(again.status).toBe(404)
    expect(((await again.json()) as ApiError).message).toBe('This sign-in has expired. Please sign in with single sign-on again')

    // The provider's subject is linked now, so no code is asked for and no second user made.
    const next = await signInWithSso('idp-unverified-new')
    expect(next.landing.searchParams.get('sso')).toBe('1')
    const second = await exchange(next.browser)
    expect(second.status).toBe(200)
    expect(((await second.json()) as Session).user.uid).toBe(session.user.uid)
    expect((await lastCodeTo('sso-unverified@example.com')).count).toBe(sent.count)
    expect(await usersWithEmail('sso-unverified@example.com')).toHaveLength(1)
  })

  it('refuses a wrong code with a clear message, and ends the pending sign-in after five', async () => {
    const { landing } = await signInWithSso('idp-unverified-wrong')
    const pending = landing.searchParams.get('sso_verify') ?? ''
    const { code } = await lastCodeTo('sso-wrong-code@example.com')
    const wrong = code === '000000' ? '111111' : '000000'

    const first = await verifySso({ pending, code: wrong })
    expect(first.status).toBe(400)
    expect(await first.json()).toEqual({ statusCode: 400, code: 'BAD_REQUEST', message: 'Invalid or expired code' })
    const malformed = await verifySso({ pending, code: '12ab' })
    expect(malformed.status).toBe(400)
    expect(((await malformed.json()) as ApiError).message).toBe('Enter the 6 digits of the code')
    for (let i = 0; i < 3; i++) expect((await verifySso({ pending, code: wrong })).status).toBe(400)
    const fifth = await verifySso({ pending, code: wrong })
    expect(fifth.status).toBe(429)
    // Even the right code is too late now.
    expect((await verifySso({ pending, code })).status).toBe(404)
    expect(await usersWithEmail('sso-wrong-code@example.com')).toEqual([])
  })

  it('links to an account made meanwhile with the proven address, but not to one whose address is unproven', async () => {
    const first = await signInWithSso('idp-race-verified')
    const pendingVerified = first.landing.searchParams.get('sso_verify') ?? ''
    const owner = await createUser(t, { email: 'sso-race-verified@example.com' })
    const linked = await verifySso({ pending: pendingVerified, code: (await lastCodeTo('sso-race-verified@example.com')).code })
    expect(linked.status).toBe(200)
    expect(((await linked.json()) as Session).user.uid).toBe(owner.id)
    const links = await t.db.select({ accountId: account.accountId }).from(account).where(and(eq(account.userId, owner.id), eq(account.providerId, 'oidc')))
    expect(links).toEqual([{ accountId: 'idp-race-verified' }])

    const second = await signInWithSso('idp-race-unverified')
    const pendingUnverified = second.landing.searchParams.get('sso_verify') ?? ''
    const premade = await createUser(t, { email: 'sso-race-unverified@example.com' })
    await t.db.update(user).set({ emailVerified: false }).where(eq(user.id, premade.id))
    const refused = await verifySso({ pending: pendingUnverified, code: (await lastCodeTo('sso-race-unverified@example.com')).code })
    expect(refused.status).toBe(409)
    expect(((await refused.json()) as ApiError).message).toBe('An account with this email already exists. Please sign in with your email and password')
    expect(await t.db.select().from(account).where(and(eq(account.userId, premade.id), eq(account.providerId, 'oidc')))).toEqual([])
  })

  it('answers 404 for a pending sign-in that does not exist, in the ApiError shape', async () => {
    const response = await verifySso({ pending: 'x'.repeat(43), code: '123456' })
    expect(response.status).toBe(404)
    expect(((await response.json()) as ApiError).code).toBe('NOT_FOUND')
    expect((await fetch(new URL('/api/sso/verify?pending=nope', offerbook))).status).toBe(404)
  })

  it('for an address that already has an account: no sign-in, no code, and the sign-in page is told why', async () => {
    const mailsBefore = (await t.db.select().from(outboxMessage).where(eq(outboxMessage.recipient, 'buyer-agent@example.com'))).length
    const { browser, landing } = await signInWithSso('idp-buyer-agent')
    expect(landing.pathname).toBe('/auth/sign-in')
    expect(landing.searchParams.get('error')).toBe('account_not_linked')
    expect(landing.searchParams.has('sso_verify')).toBe(false)
    expect((await exchange(browser)).status).toBe(401)
    expect((await t.db.select().from(outboxMessage).where(eq(outboxMessage.recipient, 'buyer-agent@example.com'))).length).toBe(mailsBefore)
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
    expect(await limited?.json()).toEqual({ statusCode: 429, code: 'RATE_LIMITED', message: 'Too many requests, please try again later or reset your password' })
    // The refused exchange's session was deleted rather than left for the cookie.
    const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, 'sso-limited@example.com'))
    const sessions = await t.db.select().from(sessionTable).where(eq(sessionTable.userId, row?.id ?? ''))
    expect(sessions).toHaveLength(ACCOUNT_LIMIT.max)
  })
})

describe('GET /api/sso/end-session', () => {
  it("gives the provider's logout URL for a session made by single sign-on, and null for a password session", async () => {
    const { browser } = await signInWithSso('idp-new')
    const session = (await (await exchange(browser)).json()) as Session
    const response = await t.app.inject({ method: 'GET', url: '/api/sso/end-session', headers: bearer(session.accessToken) })
    expect(response.statusCode).toBe(200)
    const url = new URL(response.json<{ url: string }>().url)
    expect(`${url.origin}${url.pathname}`).toBe(`${issuer}/session/end`)
    expect(url.searchParams.get('client_id')).toBe('offerbook')
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${offerbook}/`)
    expect(url.searchParams.get('id_token_hint')?.split('.')).toHaveLength(3)

    const withPassword = await signIn(t.app, 'seller-agent@example.com', DEMO_PASSWORD)
    const plain = await t.app.inject({ method: 'GET', url: '/api/sso/end-session', headers: bearer(withPassword.accessToken) })
    expect(plain.json()).toEqual({ url: null })
    expect((await t.app.inject({ method: 'GET', url: '/api/sso/end-session' })).statusCode).toBe(401)
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
        publicUrl: basicOfferbook,
        oidc: { issuer, clientId: 'offerbook-basic', clientSecret: 'offerbook-basic-client-secret', name: 'Cognito', tokenEndpointAuth: 'client_secret_basic' },
      },
    })
    basicServer.on('request', (req, res) => basic.app.routing(req, res))
  }, 120_000)
  afterAll(async () => basic?.close())

  it('signs in with a client registered for client_secret_basic when OIDC_TOKEN_AUTH says so (client_secret_post is the round trips above)', async () => {
    const browser = new Browser()
    const start = await browser.request(new URL('/api/sso/start', basicOfferbook))
    const landing = await browser.signInAtProvider(new URL(start.headers.get('location') ?? ''), { login: 'idp-new', offerbook: basicOfferbook })
    expect(landing.searchParams.get('sso')).toBe('1')
    const response = await browser.request(new URL('/api/sso/session', basicOfferbook), { method: 'POST', headers: { origin: basicOfferbook } })
    expect(response.status).toBe(200)
    expect(((await response.json()) as Session).user.email).toBe('sso-newcomer@example.com')
  })
})

describe('helpers', () => {
  it('mask an e-mail and read the language of Accept-Language', () => {
    expect(maskEmail('sso-unverified@example.com')).toBe('s***@example.com')
    expect(languageFromHeader('es-ES,es;q=0.9,en;q=0.8')).toBe('es-es')
    expect(languageFromHeader('fr-FR, en-GB;q=0.5')).toBe('en-us')
    expect(languageFromHeader(undefined)).toBe('en-us')
  })
})

describe('POST /api/sso/session', () => {
  it('answers 401 without the session cookie, or with one that is not valid', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/sso/session' })
    expect(none.statusCode).toBe(401)
    expect(none.json<ApiError>()).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Please sign in' })

    const forged = await t.app.inject({ method: 'POST', url: '/api/sso/session', headers: { cookie: 'better-auth.session_token=forged.value' } })
    expect(forged.statusCode).toBe(401)
  })

  it('refuses a request from another origin', async () => {
    const { browser } = await signInWithSso('idp-new')
    const foreign = await browser.request(new URL('/api/sso/session', offerbook), { method: 'POST', headers: { origin: 'https://evil.example' } })
    expect(foreign.status).toBe(403)
    expect(((await foreign.json()) as ApiError).code).toBe('FORBIDDEN')
    // The cookie is left alone, so the real page can still exchange it.
    expect((await exchange(browser)).status).toBe(200)
  })
})

describe('without OIDC settings', () => {
  let plain: TestApp
  beforeAll(async () => {
    plain = await buildTestApp()
  })
  afterAll(async () => plain.close())

  it('reports single sign-on as disabled and has no start or session endpoint', async () => {
    expect((await plain.app.inject({ method: 'GET', url: '/api/sso' })).json()).toEqual({ enabled: false, name: null })
    expect((await plain.app.inject({ method: 'GET', url: '/api/sso/start?redirect=/' })).statusCode).toBe(404)
    expect((await plain.app.inject({ method: 'POST', url: '/api/sso/session' })).statusCode).toBe(404)
    expect((await plain.app.inject({ method: 'GET', url: '/api/auth/callback/oidc?code=x&state=y' })).statusCode).not.toBe(200)
  })
})

describe('in production', () => {
  // A second app on a busy machine can take longer than the default 30 s to build.
  it('marks the state cookie and the cleared session cookie Secure as well as HttpOnly and SameSite=Lax', { timeout: 120_000 }, async () => {
    const production = await buildTestApp({
      config: { nodeEnv: 'production', publicUrl: offerbook, oidc: { issuer, clientId: 'offerbook', clientSecret: 'offerbook-client-secret', name: 'Cognito' } },
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

describe('with a provider that cannot be reached', () => {
  let unreachable: TestApp
  beforeAll(async () => {
    const closed = createServer()
    const gone = await listen(closed)
    await close(closed)
    unreachable = await buildTestApp({ config: { oidc: { issuer: gone, clientId: 'offerbook', clientSecret: 'secret', name: 'Cognito' } } })
  })
  afterAll(async () => unreachable.close())

  it('sends the browser back to sign-in with an error instead of failing', async () => {
    const response = await unreachable.app.inject({ method: 'GET', url: '/api/sso/start' })
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('http://localhost:3000/auth/sign-in?sso_error=1&error=unavailable')
  })
})

describe('safeRedirectPath', () => {
  it('keeps same-site paths and drops everything else', () => {
    const site = 'https://offerbook.example'
    expect(safeRedirectPath('/my-properties/7/offers?tab=all#top', site)).toBe('/my-properties/7/offers?tab=all#top')
    for (const path of ['//evil.example', '/\\evil.example', 'https://evil.example/', 'my-properties', '/ok path', '/%0a', '', undefined]) {
      expect(safeRedirectPath(path, site), String(path)).toBe(path === '/%0a' ? '/%0a' : null)
    }
  })
})
