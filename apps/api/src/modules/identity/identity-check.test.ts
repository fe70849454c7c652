import { describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '@offerbook/domain/demo-accounts'
import type { IdentityCheck, IdentityConfig } from '@offerbook/domain/identity'
import { bearer, signIn } from '../../../test/factories'
import { ssoTestApp } from '../sso/sso.test-helpers'

const sso = ssoTestApp()

describe('the identity provider page against a live provider (oidc-provider on loopback)', () => {
  it('shows the configuration and a passing check: reachable, issuer, signing keys and scopes', async () => {
    const token = (await signIn(sso.t.app, 'super-admin@example.com', DEMO_PASSWORD)).accessToken
    const config = await sso.t.app.inject({ method: 'GET', url: '/api/admin/identity', headers: bearer(token) })
    expect(config.json<IdentityConfig>()).toEqual({ configured: true, issuer: sso.issuer, clientId: 'offerbook', callbackUrl: `${sso.offerbook}/api/auth/callback/oidc` })
    expect(config.body).not.toContain('offerbook-client-secret')

    const response = await sso.t.app.inject({ method: 'POST', url: '/api/admin/identity/check', headers: bearer(token) })
    expect(response.statusCode).toBe(200)
    const check = response.json<IdentityCheck>()
    expect(check).toMatchObject({ reachable: true, issuerMatches: true, missingScopes: [] })
    expect(check.error).toBeUndefined()
    expect(check.jwksKeys).toBeGreaterThan(0)
    expect(check.scopesSupported).toEqual(expect.arrayContaining(['openid', 'email', 'profile']))
  })
})
