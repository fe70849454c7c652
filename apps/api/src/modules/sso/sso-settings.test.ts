import { createServer } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test/build-test-app'
import { buildTestApp } from '../../../test/build-test-app'
import { useTestApp } from '../../../test/per-file'
import { maskEmail, safeRedirectPath } from './sso.service'
import { close, listen } from './sso.test-helpers'

describe('helpers', () => {
  it('mask an e-mail', () => {
    expect(maskEmail('sso-unverified@example.com')).toBe('s***@example.com')
  })
})

describe('without OIDC settings', () => {
  const plain = useTestApp()

  it('reports single sign-on as disabled and has no start or session endpoint', async () => {
    expect((await plain.app.inject({ method: 'GET', url: '/api/sso' })).json()).toEqual({ enabled: false, name: null })
    expect((await plain.app.inject({ method: 'GET', url: '/api/sso/start?redirect=/' })).statusCode).toBe(404)
    expect((await plain.app.inject({ method: 'POST', url: '/api/sso/session' })).statusCode).toBe(404)
    expect((await plain.app.inject({ method: 'GET', url: '/api/auth/callback/oidc?code=x&state=y' })).statusCode).not.toBe(200)
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
