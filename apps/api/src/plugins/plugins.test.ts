import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import { CATALOGUE } from '@offerbook/domain/messages'
import type { TestApp } from '../../test/build-test-app'
import { buildTestApp } from '../../test/build-test-app'

let t: TestApp
let webDist: string

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'offerbook-dist-'))
  await mkdir(join(webDist, 'assets'))
  await writeFile(join(webDist, 'index.html'), '<!doctype html><title>Offerbook</title><div id="root"></div>')
  await writeFile(join(webDist, 'assets', 'index-abc123.js'), 'console.log("app")')
  await writeFile(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  // The public shell (decision 034): its page, two prerendered pages, and a render module that reads the API.
  await writeFile(join(webDist, 'public.html'), '<!doctype html><title>Offerbook</title><div id="root"></div><script type="module" src="/assets/public.js"></script>')
  await mkdir(join(webDist, 'prerendered'))
  await writeFile(join(webDist, 'prerendered', 'about-us.html'), '<!doctype html><title>About</title><div id="root"><h1>About us, prerendered</h1></div>')
  await writeFile(join(webDist, 'prerendered', 'index.html'), '<!doctype html><title>Home</title><div id="root"><h1>Home, prerendered</h1></div>')
  await mkdir(join(webDist, '.server'))
  await mkdir(join(webDist, '.vite'))
  await writeFile(join(webDist, '.vite', 'manifest.json'), '{}')
  await writeFile(
    join(webDist, '.server', 'render.mjs'),
    [
      'const LIVE = new Set(["/", "/listings"])',
      'export function rendersPerRequest(url) { const path = new URL(url, "http://x").pathname; return LIVE.has(path) || path.startsWith("/property/") }',
      'export async function renderPublicPage(url, fetchApi) {',
      '  const path = new URL(url, "http://x").pathname',
      '  if (path === "/") throw new Error("the home page cannot render")',
      '  const { status, body } = await fetchApi("/api/health")',
      '  return { html: `<h1>Rendered ${path}</h1><p>API ${status} ${body.status}</p>`, title: "Rendered · Offerbook", dataScript: \'<script type="application/json" id="offerbook-page-data">{"queries":[]}</script>\' }',
      '}',
    ].join('\n'),
  )
  t = await buildTestApp({
    config: { webDist },
    extend: (app) => {
      app.get('/api/test-boom', { config: { access: 'public' } }, async () => {
        throw new Error('secret database detail')
      })
      app.get('/api/test-undeclared', async () => ({ secret: true }))
    },
  })
})
afterAll(async () => {
  await t.close()
  await rm(webDist, { recursive: true, force: true })
})

describe('unknown API paths', () => {
  it('answer 404 JSON for any method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/no/such/thing?x=1' })
      expect(response.statusCode, method).toBe(404)
      expect(response.json<ApiError>()).toEqual({ statusCode: 404, code: 'NOT_FOUND', key: 'request.noSuchEndpoint', message: 'No such API endpoint' })
    }
  })
})

describe('the OpenAPI document', () => {
  it('lists the JSON endpoints with their schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(response.statusCode).toBe(200)
    const document = response.json<{ paths: Record<string, Record<string, unknown>> }>()
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/session', '/api/me', '/api/me/language', '/api/admin/users', '/api/health']))
    expect(document.paths['/api/session']).toHaveProperty('post.requestBody')
    expect(Object.keys(document.paths).some((path) => path.startsWith('/api/auth'))).toBe(false)
  })

  it('gives every operation a unique operationId and the security its route enforces', async () => {
    type Operation = { operationId?: string; security?: Record<string, string[]>[]; description?: string; responses: Record<string, unknown> }
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, Operation>> }>()
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item))
    const ids = operations.map((operation) => operation.operationId)
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true)
    expect(new Set(ids).size).toBe(ids.length)
    expect(operations.every((operation) => Array.isArray(operation.security))).toBe(true)

    const paths = document.paths
    // An operation an API key may call lists the key beside the session, and says the scope it needs (decision 078).
    expect(paths['/api/offers/{id}']?.get).toMatchObject({ operationId: 'getOffer', security: [{}, { bearer: [] }, { apiKey: [] }] })
    expect(paths['/api/offers/{id}']?.get?.description).toContain('API key scope: offers:read.')
    expect(paths['/api/offers/mine']?.get?.operationId).toBe('listMyOffers')
    expect(paths['/api/offers/{id}/share']?.post?.operationId).toBe('shareOffer')
    expect(paths['/api/health']?.get?.security).toEqual([{}, { bearer: [] }])
    // A route that declares its own security keeps it: the signer's link token.
    expect(paths['/api/signing/signers/{signerId}']?.get?.security).toEqual([{ signingToken: [] }])
    // A role-limited route says so, with the 403 its guard answers.
    const notifications = paths['/api/notifications']?.get
    expect(notifications).toMatchObject({ operationId: 'listNotifications', security: [{ bearer: [] }] })
    expect(Object.keys(notifications?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '403']))
    expect(notifications?.description).toBe('Roles: SELLER_OWNER, SELLER_AGENT, BUYER_SIMPLE, BUYER_AGENT.')
  })

  it('writes the error body and the offer once and refers to them, keeping no schema nothing refers to', async () => {
    const text = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).body
    const document = JSON.parse(text) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>>; components: { schemas: Record<string, unknown>; responses: Record<string, unknown> } }
    // Every refusal refers to the one error response, which refers to the error body.
    expect(JSON.stringify(document.paths['/api/offers/{id}']?.get?.responses['404'])).toBe('{"$ref":"#/components/responses/ApiError"}')
    expect(JSON.stringify(document.components.responses.ApiError)).toContain('"#/components/schemas/ApiError"')
    expect(JSON.stringify(document.paths['/api/offers/{id}']?.get?.responses['200'])).toContain('"#/components/schemas/Offer"')
    expect(JSON.stringify(document.components.schemas.ApiError)).toContain('statusCode')
    // Each named schema is referred to by an operation or by another named schema (the offer's terms by the offer).
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      const others = JSON.stringify(document.paths) + JSON.stringify(document.components.responses) + JSON.stringify(Object.entries(document.components.schemas).filter(([other]) => other !== name))
      expect(others, name).toContain(`"#/components/schemas/${name}"`)
      expect(JSON.stringify(schema), name).not.toContain(`"#/components/schemas/${name}"`)
    }
    // Inlined, the error body alone repeated some 300 times: the document weighed 740 kB. Each error
    // response written out again (rather than referred to) added 100 kB more.
    expect(text.length).toBeLessThan(400_000)
  })

  it("names its shapes: the error's key is an enum of the catalogue, and no shape is written out twice", async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: unknown; components: { schemas: Record<string, { enum?: string[]; properties?: Record<string, unknown> }> } }>()
    const schemas = document.components.schemas
    expect(schemas.ApiError?.properties?.key).toEqual({ $ref: '#/components/schemas/MessageKey' })
    expect(schemas.MessageKey?.enum).toEqual(Object.keys(CATALOGUE))
    // Every object or list of some size appears once: a second one would be a $ref (decision 081).
    const seen = new Set<string>()
    const visit = (node: unknown): void => {
      if (node === null || typeof node !== 'object') return
      const text = JSON.stringify(node)
      if (!Array.isArray(node) && typeof (node as { type?: unknown }).type === 'string' && text.length >= 400) {
        expect(seen.has(text), text.slice(0, 120)).toBe(false)
        seen.add(text)
      }
      Object.values(node).forEach(visit)
    }
    visit(document.paths)
    Object.values(schemas).forEach((schema) => Object.values(schema).forEach(visit))
  })

  it('serves the UI without signing in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/html')
  })
})

describe('security headers', () => {
  it('are sent on API and page responses', async () => {
    for (const url of ['/api/health', '/my-properties/list']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
      const csp = String(response.headers['content-security-policy'])
      expect(csp).toContain("script-src 'self'")
      expect(csp).toContain("style-src 'self' 'unsafe-inline'")
      expect(csp).toContain("img-src 'self' data: blob:")
      // Only the page's own PDFs may be framed in it; nothing may frame the page.
      expect(csp).toContain("frame-src 'self' blob:")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      expect(response.headers['x-frame-options']).toBe('DENY')
      expect(response.headers['referrer-policy']).toBe('no-referrer')
      // Outside production: a dev server on http://localhost must not pin HTTPS (security-production.test.ts has the other half).
      expect(response.headers['strict-transport-security']).toBeUndefined()
    }
  })
})

describe('the SPA', () => {
  it('serves index.html for client routes that ask for HTML, never cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/my-properties/list', headers: { accept: 'text/html,application/xhtml+xml' } })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/html')
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.body).toContain('<div id="root">')
  })

  it('answers 404 with the app, which shows its not-found page, for a path no route has', async () => {
    const html = { accept: 'text/html,application/xhtml+xml' }
    for (const url of ['/no-such-page', '/my-properties/list/extra/parts', '/auth/no-such-step']) {
      const response = await t.app.inject({ method: 'GET', url, headers: html })
      expect(response.statusCode, url).toBe(404)
      expect(response.headers['content-type']).toContain('text/html')
      expect(response.body).toContain('<div id="root">')
    }
    // The app's own routes, with their parameters, and the shell's own files stay 200.
    for (const url of ['/', '/index.html', '/my-properties/list', '/submitted-offers/update/abc', '/property/anything']) {
      expect((await t.app.inject({ method: 'GET', url, headers: html })).statusCode, url).toBe(200)
    }
  })

  it('serves hashed assets with a long cache and other files as they are', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' })
    expect(icon.statusCode).toBe(200)
    expect(icon.headers['cache-control']).toBe('no-cache')
  })

  it('answers 404 for a missing file that is not a page, and never leaves the dist folder', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } })
    expect(missing.statusCode).toBe(404)
    expect(missing.json<ApiError>()).toMatchObject({ key: 'request.notFound', message: 'Not found' })
    const traversal = await t.app.inject({ method: 'GET', url: '/..%2f..%2f..%2fetc%2fpasswd', headers: { accept: '*/*' } })
    expect(traversal.statusCode).toBe(404)
    expect(traversal.body).not.toContain('root:')
  })

  it('refuses a URL that is not valid percent-encoding', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/my-properties/%E0%A4%A', headers: { accept: 'text/html' } })
    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toEqual({ statusCode: 400, code: 'BAD_REQUEST', key: 'request.badUrl', message: 'The request URL is not valid' })
  })

  it('serves the first-visit pages as public.html: prerendered, or rendered per request with what the API answers', async () => {
    const html = { accept: 'text/html' }
    const about = await t.app.inject({ method: 'GET', url: '/about-us', headers: html })
    expect(about.statusCode).toBe(200)
    expect(about.body).toContain('About us, prerendered')
    const listings = await t.app.inject({ method: 'GET', url: '/listings?q=franklin', headers: html })
    expect(listings.statusCode).toBe(200)
    expect(listings.headers['cache-control']).toBe('no-cache')
    expect(listings.body).toContain('<div id="root"><h1>Rendered /listings</h1><p>API 200 ok</p></div><script type="application/json" id="offerbook-page-data">')
    expect(listings.body).toContain('<title>Rendered · Offerbook</title>')
    expect(listings.body).toContain('/assets/public.js')
    // A signed-in page is the whole app's; so is a first-visit page for a browser that says it holds a session.
    const dashboard = await t.app.inject({ method: 'GET', url: '/dashboard', headers: html })
    expect(dashboard.body).not.toContain('/assets/public.js')
    const signedIn = await t.app.inject({ method: 'GET', url: '/listings?q=franklin', headers: { ...html, cookie: 'theme=x; offerbook_signed_in=1' } })
    expect(signedIn.body).not.toContain('/assets/public.js')
    expect(signedIn.body).not.toContain('Rendered')
    expect(signedIn.headers.vary).toContain('cookie')
  })

  it('falls back to the prerendered page when the render fails, and never serves the build\'s own dot folders', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })
    expect(home.statusCode).toBe(200)
    expect(home.body).toContain('Home, prerendered')
    for (const url of ['/.server/render.mjs', '/.vite/manifest.json']) {
      const hidden = await t.app.inject({ method: 'GET', url, headers: { accept: '*/*' } })
      expect(hidden.statusCode, url).toBe(404)
      expect(hidden.body, url).not.toContain('renderPublicPage')
    }
  })

  it('asks for a build when there is none', async () => {
    const bare = await buildTestApp({ config: { webDist: join(webDist, 'nothing-here') } })
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/dashboard', headers: { accept: 'text/html' } })
      expect(response.statusCode).toBe(503)
      expect(response.body).toContain('npm run build')
    } finally {
      await bare.close()
    }
  })
})

describe('access control', () => {
  it('treats a route that declares no access as signed-in only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test-undeclared' })
    expect(response.statusCode).toBe(401)
    expect(response.json<ApiError>()).toMatchObject({ key: 'request.signInRequired', message: 'Please sign in' })
  })
})

describe('server errors', () => {
  it('hide their details', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test-boom' })
    expect(response.statusCode).toBe(500)
    expect(response.json<ApiError>()).toEqual({ statusCode: 500, code: 'INTERNAL', key: 'request.internal', message: 'Something went wrong on our side. Please try again.' })
  })
})
