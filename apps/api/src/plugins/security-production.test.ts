import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test/build-test-app'
import { buildTestApp } from '../../test/build-test-app'

// Two production apps: the default (no API docs) and one with API_DOCS=true and single sign-on on.
let production: TestApp
let productionWithDocs: TestApp
let webDist: string

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'offerbook-dist-'))
  await writeFile(join(webDist, 'index.html'), '<!doctype html><title>Offerbook</title><div id="root"></div>')
  production = await buildTestApp({ config: { nodeEnv: 'production', apiDocs: false, webDist } })
  // No request reaches the issuer: the session exchange below only reads and clears the cookie.
  productionWithDocs = await buildTestApp({
    config: {
      nodeEnv: 'production',
      apiDocs: true,
      webDist,
      oidc: { issuer: 'https://sso.invalid', clientId: 'offerbook', clientSecret: 'offerbook-client-secret', name: 'Single sign-on' },
    },
  })
}, 180_000)
afterAll(async () => {
  await production?.close()
  await productionWithDocs?.close()
  await rm(webDist, { recursive: true, force: true })
})

describe('in production', () => {
  it.each([
    ['an API response', '/api/health', 'application/json'],
    ['the SPA index', '/my-properties/list', 'text/html'],
  ])('sends the security headers on %s', async (_, url, type) => {
    const response = await production.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain(type)
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("script-src 'self'")
    // What the web app needs: its fonts, data: and blob: images (signature pads), the pdf.js worker from this origin.
    expect(csp).toContain("font-src 'self' data:")
    expect(csp).toContain("img-src 'self' data: blob:")
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/)
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['x-frame-options']).toBe('DENY')
    expect(response.headers['referrer-policy']).toBe('no-referrer')
  })

  it('keeps the API documents closed unless API_DOCS asks for them', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml']) {
      expect((await production.app.inject({ method: 'GET', url })).statusCode, url).toBe(404)
    }
    const json = await productionWithDocs.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(json.statusCode).toBe(200)
    expect(json.json()).toMatchObject({ openapi: '3.1.0', info: { title: 'Offerbook API' } })
    expect((await productionWithDocs.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400)
    expect((await productionWithDocs.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200)
  })

  it("sets better-auth's cookies Secure, HttpOnly and SameSite=Lax", async () => {
    const { authCookies } = await production.auth.$context
    const cookies = Object.values(authCookies)
    expect(cookies.length).toBeGreaterThan(0)
    for (const cookie of cookies) {
      expect(cookie.name, cookie.name).toMatch(/^__Secure-/)
      expect(cookie.attributes, cookie.name).toMatchObject({ secure: true, httpOnly: true, sameSite: 'lax' })
    }
  })
})

describe('single sign-on in production', () => {
  it('clears the session cookie with the same flags: Secure, HttpOnly, SameSite=Lax', async () => {
    const sso = productionWithDocs
    const { name } = (await sso.auth.$context).authCookies.sessionToken
    const response = await sso.app.inject({ method: 'POST', url: '/api/sso/session', headers: { cookie: `${name}=not-a-session`, origin: sso.config.publicUrl } })
    expect(response.statusCode).toBe(401)
    const cookie = String(response.headers['set-cookie'])
    expect(cookie).toMatch(new RegExp(`^${name}=;`))
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Lax')
    expect(cookie).toContain('Secure')
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
  })
})
