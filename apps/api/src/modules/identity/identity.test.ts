import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import { DEMO_PASSWORD } from '@offerbook/domain/demo-accounts'
import type { FirebaseImportResult, IdentityCheck, IdentityConfig, LinkedAccountPage } from '@offerbook/domain/identity'
import { useTestApp } from '../../../test/per-file'
import { bearer, createUser, signIn } from '../../../test/factories'
import { adminAudit, legacyPassword } from '../../db/schema/admin'
import { account } from '../../db/schema/auth'
import { outboxMessage } from '../../db/schema/outbox'
import { user } from '../../db/schema/users'

/** The published example of github.com/firebase/scrypt's README. */
const HASH_CONFIG = {
  algorithm: 'SCRYPT',
  base64_signer_key: 'jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==',
  base64_salt_separator: 'Bw==',
  rounds: 8,
  mem_cost: 14,
}
const USER1 = { salt: '42xEC+ixf3L2lw==', passwordHash: 'lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==' }

const t = useTestApp({ seed: true })
let superToken: string
let adminToken: string

beforeAll(async () => {
  superToken = (await signIn(t.app, 'super-admin@example.com', DEMO_PASSWORD)).accessToken
  adminToken = (await signIn(t.app, 'admin@example.com', DEMO_PASSWORD)).accessToken
})

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, token = superToken) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) })

const importUsers = (payload: unknown) => call('POST', '/api/admin/identity/firebase-import', payload)

async function linkAccount(subject: string, email?: string) {
  const created = await createUser(t, email ? { email } : {})
  const id = randomUUID()
  await t.db.insert(account).values({ id, accountId: subject, providerId: 'oidc', userId: created.id })
  return { id, user: created }
}

describe('who may use the identity provider page', () => {
  it('gives an admin 403 and an anonymous caller 401 on every operation', async () => {
    const operations: ['GET' | 'POST' | 'DELETE', string, unknown?][] = [
      ['GET', '/api/admin/identity'],
      ['POST', '/api/admin/identity/check'],
      ['GET', '/api/admin/identity/accounts'],
      ['DELETE', `/api/admin/identity/accounts/${randomUUID()}`],
      ['POST', '/api/admin/identity/firebase-import', { users: [{ localId: 'a', email: 'forbidden@example.com' }] }],
    ]
    for (const [method, url, payload] of operations) {
      expect((await call(method, url, payload, adminToken)).statusCode, `${method} ${url}`).toBe(403)
      expect((await t.app.inject({ method, url, ...(payload ? { payload: payload as object } : {}) })).statusCode, `${method} ${url}`).toBe(401)
    }
    expect(await t.db.select().from(user).where(eq(user.email, 'forbidden@example.com'))).toEqual([])
  })
})

describe('GET /api/admin/identity without a provider', () => {
  it('says it is not configured and still gives the callback URL', async () => {
    const response = await call('GET', '/api/admin/identity')
    expect(response.statusCode).toBe(200)
    expect(response.json<IdentityConfig>()).toEqual({ configured: false, issuer: null, clientId: null, callbackUrl: `${t.config.publicUrl}/api/auth/callback/oidc` })
  })

  it('answers the check with the reason, not an error', async () => {
    const response = await call('POST', '/api/admin/identity/check')
    expect(response.statusCode).toBe(200)
    expect(response.json<IdentityCheck>()).toMatchObject({ reachable: false, jwksKeys: 0, error: { key: 'identity.notConfigured' } })
  })
})

describe('the check against a provider that is down', () => {
  const down = useTestApp({ seed: true, config: { oidc: { issuer: 'http://127.0.0.1:9', clientId: 'offerbook', clientSecret: 'a-secret-never-shown', name: 'Down' } } })

  it('gives reachable false and why, and never the secret', async () => {
    const token = (await signIn(down.app, 'super-admin@example.com', DEMO_PASSWORD)).accessToken
    const config = await down.app.inject({ method: 'GET', url: '/api/admin/identity', headers: bearer(token) })
    expect(config.json<IdentityConfig>()).toMatchObject({ configured: true, issuer: 'http://127.0.0.1:9', clientId: 'offerbook' })
    expect(config.body).not.toContain('a-secret-never-shown')
    const check = await down.app.inject({ method: 'POST', url: '/api/admin/identity/check', headers: bearer(token) })
    expect(check.statusCode).toBe(200)
    expect(check.json<IdentityCheck>()).toMatchObject({ reachable: false, issuerMatches: false, jwksKeys: 0, missingScopes: ['openid', 'email', 'profile'], error: { key: 'identity.checkUnreachable' } })
  })
})

describe('linked accounts', () => {
  it('lists the accounts linked to the provider, with paging and search', async () => {
    const first = await linkAccount('subject-alpha', 'linked-alpha@example.com')
    await linkAccount('subject-beta', 'linked-beta@example.com')
    const page = (await call('GET', '/api/admin/identity/accounts')).json<LinkedAccountPage>()
    expect(page.total).toBe(2)
    expect(page.items.map((item) => item.subject).sort()).toEqual(['subject-alpha', 'subject-beta'])
    expect(page.items.find((item) => item.subject === 'subject-alpha')).toMatchObject({ id: first.id, userId: first.user.id, email: 'linked-alpha@example.com', lastSignInAt: null })
    const searched = (await call('GET', '/api/admin/identity/accounts?search=BETA')).json<LinkedAccountPage>()
    expect(searched.items.map((item) => item.email)).toEqual(['linked-beta@example.com'])
    const paged = (await call('GET', '/api/admin/identity/accounts?page=2&pageSize=1')).json<LinkedAccountPage>()
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 })
    expect(paged.items).toHaveLength(1)
    for (const query of ['?page=0', '?pageSize=101', '?page=abc', `?search=${'x'.repeat(201)}`]) {
      expect((await call('GET', `/api/admin/identity/accounts${query}`)).statusCode, query).toBe(400)
    }
  })

  it('unlinks one account, keeps the user, audits it, and gives 404 for an unknown or non-provider row', async () => {
    const linked = await linkAccount('subject-gamma')
    const response = await call('DELETE', `/api/admin/identity/accounts/${linked.id}`)
    expect(response.statusCode).toBe(204)
    expect(await t.db.select().from(account).where(eq(account.id, linked.id))).toEqual([])
    expect(await t.db.select({ id: user.id }).from(user).where(eq(user.id, linked.user.id))).toHaveLength(1)
    const [audit] = await t.db.select().from(adminAudit).where(eq(adminAudit.targetUserId, linked.user.id))
    expect(audit).toMatchObject({ action: 'identity.unlink', before: { subject: 'subject-gamma' } })

    const again = await call('DELETE', `/api/admin/identity/accounts/${linked.id}`)
    expect(again.statusCode).toBe(404)
    expect(again.json<ApiError>()).toMatchObject({ key: 'identity.accountNotFound' })
    const [credential] = await t.db.select({ id: account.id }).from(account).where(eq(account.userId, linked.user.id))
    expect((await call('DELETE', `/api/admin/identity/accounts/${credential!.id}`)).statusCode).toBe(404)
    expect(await t.db.select().from(account).where(eq(account.id, credential!.id))).toHaveLength(1)
  })
})

describe('POST /api/admin/identity/firebase-import', () => {
  it('with the hash parameters, the old password works once and is then rehashed with ours', async () => {
    const response = await importUsers({
      users: [{ localId: 'kYi4EvWQlQTKSfnJ3dRSP6IH3ed2', email: 'User1@Test.com', emailVerified: true, displayName: 'Test User 1', phoneNumber: '+16155550123', ...USER1, createdAt: '1508893925000' }],
      hashConfig: HASH_CONFIG,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json<FirebaseImportResult>()).toEqual({ created: 1, skipped: 0, invited: 0, problems: [] })
    const [created] = await t.db.select().from(user).where(eq(user.email, 'user1@test.com'))
    expect(created).toMatchObject({ name: 'Test User 1', emailVerified: true, phone: '+16155550123', onboarded: false })
    expect(await t.db.select().from(legacyPassword).where(eq(legacyPassword.userId, created!.id))).toHaveLength(1)

    const wrong = await t.app.inject({ method: 'POST', url: '/api/session', payload: { email: 'user1@test.com', password: 'user2password' } })
    expect(wrong.statusCode).toBe(401)
    expect(await t.db.select().from(legacyPassword).where(eq(legacyPassword.userId, created!.id))).toHaveLength(1)

    await signIn(t.app, 'user1@test.com', 'user1password')
    expect(await t.db.select().from(legacyPassword).where(eq(legacyPassword.userId, created!.id))).toEqual([])
    const [credential] = await t.db.select().from(account).where(eq(account.userId, created!.id))
    expect(credential?.password).not.toMatch(/^legacy:/)
    await signIn(t.app, 'user1@test.com', 'user1password')
    expect((await t.app.inject({ method: 'POST', url: '/api/session', payload: { email: 'user1@test.com', password: 'user2password' } })).statusCode).toBe(401)

    const [audit] = await t.db.select().from(adminAudit).where(eq(adminAudit.action, 'identity.import'))
    expect(audit).toMatchObject({ targetUserId: null, after: { created: 1, skipped: 0, invited: 0 } })
  })

  it('without the parameters, sends each new user the e-mail to set a password; skips existing e-mails and reports problems', async () => {
    const response = await importUsers({
      users: [
        { localId: 'a1', email: 'firebase-invited@example.com', displayName: 'Invited One', phoneNumber: '555', ...USER1 },
        { localId: 'a2', email: 'Seller-Agent@example.com' },
        { localId: 'a3' },
        { localId: 'a4', email: 'not an email' },
        { localId: 'a5', email: 'firebase-invited@example.com' },
      ],
    })
    expect(response.statusCode).toBe(200)
    const result = response.json<FirebaseImportResult>()
    expect(result).toMatchObject({ created: 1, skipped: 1, invited: 1 })
    expect(result.problems.map((p) => [p.index, p.key])).toEqual([
      [1, 'identity.emailExists'],
      [2, 'identity.emailMissing'],
      [3, 'identity.emailInvalid'],
      [4, 'identity.emailRepeated'],
    ])
    const [invited] = await t.db.select().from(user).where(eq(user.email, 'firebase-invited@example.com'))
    expect(invited).toMatchObject({ name: 'Invited One', phone: null, emailVerified: false })
    expect(await t.db.select().from(legacyPassword).where(eq(legacyPassword.userId, invited!.id))).toEqual([])
    const mails = await t.db.select().from(outboxMessage).where(eq(outboxMessage.recipient, 'firebase-invited@example.com'))
    expect(mails.map((mail) => [mail.kind, mail.locale])).toEqual([['account.password-reset-code', 'en-us']])
  })

  it('refuses a body that is not a Firebase export with the reason, writing nothing', async () => {
    const before = (await t.db.select({ id: user.id }).from(user)).length
    const cases: [unknown, string][] = [
      [{}, 'identity.usersRequired'],
      [{ users: 'nope' }, 'identity.usersRequired'],
      [{ users: [] }, 'identity.usersEmpty'],
      [{ users: [{ email: 'no-local-id@example.com' }] }, 'identity.localIdRequired'],
      [{ users: [{ localId: 'x', email: 'ok-shape@example.com' }, { localId: 'y', email: 42 }] }, 'identity.userShape'],
      [{ users: [{ localId: 'x', email: 'ok-shape@example.com', passwordHash: 'not base64!' }] }, 'identity.userShape'],
      [{ users: [{ localId: 'x', email: 'ok-shape@example.com' }], hashConfig: { ...HASH_CONFIG, algorithm: 'BCRYPT' } }, 'identity.hashAlgorithm'],
      [{ users: [{ localId: 'x', email: 'ok-shape@example.com' }], hashConfig: { ...HASH_CONFIG, mem_cost: 40 } }, 'identity.memCostInvalid'],
      [{ users: [{ localId: 'x', email: 'ok-shape@example.com' }], hashConfig: { ...HASH_CONFIG, rounds: '8' } }, 'identity.roundsInvalid'],
      [{ users: [{ localId: 'x', email: 'ok-shape@example.com' }], hashConfig: { ...HASH_CONFIG, base64_signer_key: '***' } }, 'identity.signerKeyInvalid'],
    ]
    for (const [payload, key] of cases) {
      const response = await importUsers(payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json<ApiError>().key, JSON.stringify(payload)).toBe(key)
    }
    expect((await t.db.select({ id: user.id }).from(user)).length).toBe(before)
  })
})
