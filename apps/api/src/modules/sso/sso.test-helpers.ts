import type { AddressInfo } from 'node:net'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import { Writable } from 'node:stream'
import { eq } from 'drizzle-orm'
import Provider from 'oidc-provider'
import { afterAll, beforeAll, expect } from 'vitest'
import type { User } from '@offerbook/domain/user'
import type { TestApp } from '../../../test/build-test-app'
import { buildTestApp } from '../../../test/build-test-app'
import { bearer } from '../../../test/factories'
import { outboxMessage } from '../../db/schema/outbox'
import { user } from '../../db/schema/users'

type IdpAccount = { sub: string; email: string; email_verified: boolean; name: string }

export const IDP_ACCOUNTS: IdpAccount[] = [
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
export const ACCOUNT_LIMIT = { max: 5, timeWindowMs: 60_000 }

export function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)))
}

export function close(server: Server): Promise<void> {
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

export class Browser {
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

export type SsoTest = {
  /** The Offerbook app under test, served at `offerbook` with the provider at `issuer`. */
  readonly t: TestApp
  readonly offerbook: string
  readonly issuer: string
  /** A second Offerbook's address, whose client is registered at the provider with client_secret_basic. */
  readonly basicOfferbook: string
  /** Serves the second Offerbook once a test file has built it. */
  serveBasic(app: TestApp): void
  /** Every line the app logged. */
  readonly logLines: readonly string[]
  signInWithSso(login: string, redirect?: string): Promise<{ browser: Browser; landing: URL }>
  exchange(browser: Browser): Promise<Response>
  me(accessToken: string): Promise<User>
  /** The 6-digit code of the last e-mail sent to `to` (the verification-code template writes it alone on a line). */
  lastCodeTo(to: string): Promise<{ code: string; count: number; kind: string }>
  verifySso(body: { pending: string; code: string }): Promise<Response>
  usersWithEmail(email: string): Promise<{ id: string; emailVerified: boolean }[]>
}

/**
 * A real OpenID Connect provider (oidc-provider, with its dev login and consent forms) and the
 * Offerbook app on loopback ports, built for one test file (beforeAll) and closed after it.
 */
export function ssoTestApp(): SsoTest {
  let t: TestApp | undefined
  let offerbookServer: Server
  let basicServer: Server
  let basicOfferbook = ''
  let idpServer: Server
  let offerbook = ''
  let issuer = ''
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
        // Every round trip here comes from 127.0.0.1; the callback's per-address limit is tested in modules/session/auth-handler.test.ts.
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
    offerbookServer.on('request', (req, res) => t?.app.routing(req, res))
  })


  afterAll(async () => {
    await t?.close()
    await close(offerbookServer)
    await close(basicServer)
    await close(idpServer)
  })

  const app = (): TestApp => {
    if (!t) throw new Error('the test app is built in beforeAll')
    return t
  }

  const signInWithSso: SsoTest['signInWithSso'] = async (login, redirect = '/my-properties') => {
    const browser = new Browser()
    const start = await browser.request(new URL(`/api/sso/start?redirect=${encodeURIComponent(redirect)}`, offerbook))
    expect(start.status).toBe(302)
    const authorize = new URL(start.headers.get('location') ?? '')
    const landing = await browser.signInAtProvider(authorize, { login, offerbook })
    return { browser, landing }
  }

  return {
    get t() {
      return app()
    },
    get offerbook() {
      return offerbook
    },
    get issuer() {
      return issuer
    },
    get basicOfferbook() {
      return basicOfferbook
    },
    serveBasic: (basic) => basicServer.on('request', (req, res) => basic.app.routing(req, res)),
    logLines,
    signInWithSso,
    exchange: (browser) => browser.request(new URL('/api/sso/session', offerbook), { method: 'POST', headers: { origin: offerbook } }),
    async me(accessToken) {
      const response = await fetch(new URL('/api/me', offerbook), { headers: bearer(accessToken) })
      expect(response.status).toBe(200)
      return ((await response.json()) as { user: User }).user
    },
    async lastCodeTo(to) {
      const messages = await app().db.select().from(outboxMessage).where(eq(outboxMessage.recipient, to)).orderBy(outboxMessage.createdAt)
      const last = messages.at(-1)
      const code = /\b(\d{6})\b/.exec(last?.textBody ?? '')?.[1]
      if (!last || !code) throw new Error(`no code e-mailed to ${to}`)
      return { code, count: messages.length, kind: last.kind }
    },
    verifySso: (body) => fetch(new URL('/api/sso/verify', offerbook), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    usersWithEmail: (email) => app().db.select({ id: user.id, emailVerified: user.emailVerified }).from(user).where(eq(user.email, email)),
  }
}
