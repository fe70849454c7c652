import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Session } from '@offerbook/domain/session'
import { createUser } from '../../../test/factories'
import { account } from '../../db/schema/auth'
import { outboxMessage } from '../../db/schema/outbox'
import { user } from '../../db/schema/users'
import { ssoTestApp } from './sso.test-helpers'

// An unverified e-mail from the provider is proven with our own code first (docs/decisions/008-single-sign-on.md).
const sso = ssoTestApp()
const { signInWithSso, exchange, me, lastCodeTo, verifySso, usersWithEmail } = sso

describe('an e-mail the provider has not verified', () => {
  it('creates no account until our e-mailed code proves it; then exactly one, verified and linked, and the next sign-in goes straight through', async () => {
    const { browser, landing } = await signInWithSso('idp-unverified-new')
    expect(`${landing.origin}${landing.pathname}`).toBe(`${sso.offerbook}/auth/sign-in`)
    const pending = landing.searchParams.get('sso_verify') ?? ''
    expect(pending).toMatch(/^[\w-]{43}$/)
    expect(browser.jar.has('better-auth.session_token')).toBe(false)
    expect(await usersWithEmail('sso-unverified@example.com')).toEqual([])
    expect((await exchange(browser)).status).toBe(401)

    const sent = await lastCodeTo('sso-unverified@example.com')
    expect(sent.kind).toBe('sso.verification-code')
    const status = await fetch(new URL(`/api/sso/verify?pending=${pending}`, sso.offerbook))
    expect(status.status).toBe(200)
    expect(await status.json()).toMatchObject({ email: 's***@example.com' })

    const response = await verifySso({ pending, code: sent.code })
    expect(response.status).toBe(200)
    const session = (await response.json()) as Session
    expect(session.user).toMatchObject({ email: 'sso-unverified@example.com', name: 'Not Verified', roles: [], onboarded: false })
    expect(await me(session.accessToken)).toMatchObject({ uid: session.user.uid })
    expect(await usersWithEmail('sso-unverified@example.com')).toEqual([{ id: session.user.uid, emailVerified: true }])
    const links = await sso.t.db.select({ accountId: account.accountId }).from(account).where(and(eq(account.userId, session.user.uid), eq(account.providerId, 'oidc')))
    expect(links).toEqual([{ accountId: 'idp-unverified-new' }])

    // The code is spent: a second use finds nothing.
    const again = await verifySso({ pending, code: sent.code })
    expect(again.status).toBe(404)
    expect(await again.json()).toMatchObject({ key: 'sso.proofExpired', message: 'This sign-in has expired. Please sign in with single sign-on again' })

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
    expect(await first.json()).toEqual({ statusCode: 400, code: 'BAD_REQUEST', key: 'accounts.invalidCode', message: 'Invalid or expired code' })
    const malformed = await verifySso({ pending, code: '12ab' })
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toMatchObject({ key: 'accounts.codeDigits', message: 'Enter the 6 digits of the code', errors: [{ path: 'code', key: 'accounts.codeDigits' }] })
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
    const owner = await createUser(sso.t, { email: 'sso-race-verified@example.com' })
    const linked = await verifySso({ pending: pendingVerified, code: (await lastCodeTo('sso-race-verified@example.com')).code })
    expect(linked.status).toBe(200)
    expect(((await linked.json()) as Session).user.uid).toBe(owner.id)
    const links = await sso.t.db.select({ accountId: account.accountId }).from(account).where(and(eq(account.userId, owner.id), eq(account.providerId, 'oidc')))
    expect(links).toEqual([{ accountId: 'idp-race-verified' }])

    const second = await signInWithSso('idp-race-unverified')
    const pendingUnverified = second.landing.searchParams.get('sso_verify') ?? ''
    const premade = await createUser(sso.t, { email: 'sso-race-unverified@example.com' })
    await sso.t.db.update(user).set({ emailVerified: false }).where(eq(user.id, premade.id))
    const refused = await verifySso({ pending: pendingUnverified, code: (await lastCodeTo('sso-race-unverified@example.com')).code })
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({ key: 'sso.accountNotLinked', message: 'An account with this email already exists. Please sign in with your email and password' })
    expect(await sso.t.db.select().from(account).where(and(eq(account.userId, premade.id), eq(account.providerId, 'oidc')))).toEqual([])
  })

  it('answers 404 for a pending sign-in that does not exist, in the ApiError shape', async () => {
    const response = await verifySso({ pending: 'x'.repeat(43), code: '123456' })
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND', key: 'sso.proofExpired' })
    expect((await fetch(new URL('/api/sso/verify?pending=nope', sso.offerbook))).status).toBe(404)
  })

  it('for an address that already has an account: no sign-in, no code, and the sign-in page is told why', async () => {
    const mailsBefore = (await sso.t.db.select().from(outboxMessage).where(eq(outboxMessage.recipient, 'buyer-agent@example.com'))).length
    const { browser, landing } = await signInWithSso('idp-buyer-agent')
    expect(landing.pathname).toBe('/auth/sign-in')
    expect(landing.searchParams.get('error')).toBe('account_not_linked')
    expect(landing.searchParams.has('sso_verify')).toBe(false)
    expect((await exchange(browser)).status).toBe(401)
    expect((await sso.t.db.select().from(outboxMessage).where(eq(outboxMessage.recipient, 'buyer-agent@example.com'))).length).toBe(mailsBefore)
  })
})
