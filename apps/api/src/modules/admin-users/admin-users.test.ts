import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AdminUserChange, AdminUserDetail, AdminUserPage } from '@offerbook/domain/admin-users'
import type { ApiError } from '@offerbook/domain/api-error'
import { DEMO_PASSWORD } from '@offerbook/domain/demo-accounts'
import type { Role } from '@offerbook/domain/roles'
import { useTestApp } from '../../../test/per-file'
import type { CreatedUser } from '../../../test/factories'
import { bearer, createTestListing, createTestOffer, createUser, signIn } from '../../../test/factories'
import { adminAudit, signInEvent } from '../../db/schema/admin'
import { session } from '../../db/schema/auth'
import { offer } from '../../db/schema/offers'
import { user, userRole } from '../../db/schema/users'
import { listMailbox } from '../messaging/messaging.service'

const t = useTestApp({ seed: true })
let adminToken: string
let superToken: string
let adminId: string
let superId: string

beforeAll(async () => {
  const admin = await signIn(t.app, 'admin@example.com', DEMO_PASSWORD)
  const superAdmin = await signIn(t.app, 'super-admin@example.com', DEMO_PASSWORD)
  adminToken = admin.accessToken
  superToken = superAdmin.accessToken
  adminId = admin.user.uid
  superId = superAdmin.user.uid
})

let sequence = 0
const remote = () => `198.19.${++sequence % 250}.${Math.floor(Math.random() * 250)}`
const get = (url: string, token = adminToken) => t.app.inject({ method: 'GET', url, headers: bearer(token) })
const send = (method: 'POST' | 'PUT', url: string, payload: object | undefined, token = adminToken) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })
const detail = async (id: string, token = adminToken) => {
  const response = await get(`/api/admin/users/${id}`, token)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<AdminUserDetail>()
}
const stamp = async (id: string) => (await detail(id)).user.updatedAt
const setRoles = async (id: string, roles: Role[], token = adminToken, expectedUpdatedAt?: string) =>
  send('PUT', `/api/admin/users/${id}/roles`, { roles, expectedUpdatedAt: expectedUpdatedAt ?? (await stamp(id)) }, token)
const deactivate = async (id: string, token = adminToken, reason?: string) =>
  send('POST', `/api/admin/users/${id}/deactivate`, { reason, expectedUpdatedAt: await stamp(id) }, token)
const reactivate = async (id: string, token = adminToken) => send('POST', `/api/admin/users/${id}/reactivate`, { expectedUpdatedAt: await stamp(id) }, token)
const refusal = (response: { statusCode: number; json: <T>() => T }) => ({ status: response.statusCode, key: response.json<ApiError>().key })
const auditActions = async (id: string) => (await t.db.select().from(adminAudit).where(eq(adminAudit.targetUserId, id))).map((row) => row.action)

describe('GET /api/admin/users', () => {
  it('searches name, e-mail and phone case-insensitively, and filters by role and status', async () => {
    const marker = randomUUID().slice(0, 8)
    const carla = await createUser(t, { name: `Carla ${marker}`, roles: ['SELLER_OWNER'] })
    const dan = await createUser(t, { email: `dan-${marker}@example.com`, roles: ['BUYER_SIMPLE'] })
    const phone = `+1615777${String(Math.floor(Math.random() * 9000) + 1000)}`
    const eve = await createUser(t, { name: `Eve ${marker}x`, roles: ['BUYER_AGENT'] })
    await t.db.update(user).set({ phone, principalBrokerStatus: 'pending' }).where(eq(user.id, eve.id))

    const emails = async (query: string) => (await get(`/api/admin/users${query}`)).json<AdminUserPage>().items.map((row) => row.email)
    expect((await emails(`?search=${marker.toUpperCase()}`)).sort()).toEqual([carla.email, dan.email, eve.email].sort())
    expect(await emails(`?search=${encodeURIComponent(phone.slice(2))}`)).toEqual([eve.email])
    expect(await emails(`?search=${marker}&role=SELLER_OWNER`)).toEqual([carla.email])
    expect(await emails(`?search=${marker}&status=pendingPrincipalBroker`)).toEqual([eve.email])
    expect((await emails(`?search=${marker}&status=active`)).sort()).toEqual([carla.email, dan.email, eve.email].sort())
    expect(await emails(`?search=${marker}&status=deactivated`)).toEqual([])
    await t.db.update(user).set({ emailVerified: false }).where(eq(user.id, dan.id))
    expect(await emails(`?search=${marker}&status=unverified`)).toEqual([dan.email])
  })

  it('sorts by the asked column and order, newest first by default, with the admin fields', async () => {
    const marker = randomUUID().slice(0, 8)
    const first = await createUser(t, { name: `B ${marker}` })
    const second = await createUser(t, { name: `A ${marker}` })
    const page = (await get(`/api/admin/users?search=${marker}`)).json<AdminUserPage>()
    expect(page.items.map((row) => row.uid)).toEqual([second.id, first.id])
    expect(page.items[0]).toMatchObject({ emailVerified: true, deactivatedAt: null, lastSignInAt: null, createdAt: expect.any(String), updatedAt: expect.any(String) })
    const byName = (await get(`/api/admin/users?search=${marker}&sort=name&order=asc`)).json<AdminUserPage>()
    expect(byName.items.map((row) => row.name)).toEqual([`A ${marker}`, `B ${marker}`])
    await signIn(t.app, first.email, first.password)
    const bySignIn = (await get(`/api/admin/users?search=${marker}&sort=lastSignInAt&order=asc`)).json<AdminUserPage>()
    expect(bySignIn.items.map((row) => row.uid)).toEqual([first.id, second.id])
  })

  it('refuses an unknown role, status, sort or order with 400 and its message', async () => {
    for (const [query, key] of [
      ['?role=KING', 'adminUsers.unknownRole'],
      ['?status=sleeping', 'adminUsers.unknownStatus'],
      ['?sort=age', 'adminUsers.unknownSort'],
      ['?order=up', 'adminUsers.unknownOrder'],
    ] as const) {
      const response = await get(`/api/admin/users${query}`)
      expect(refusal(response), query).toEqual({ status: 400, key })
    }
  })
})

describe('GET /api/admin/users/:id', () => {
  it('answers 404 adminUsers.notFound for an unknown or odd id', async () => {
    for (const id of [randomUUID(), 'x'.repeat(300), '%20']) {
      expect(refusal(await get(`/api/admin/users/${id}`)), id).toEqual({ status: 404, key: 'adminUsers.notFound' })
    }
  })

  it("names the phones the user's listing cards dial, though their profile has none", async () => {
    const agent = await createUser(t, { roles: ['SELLER_AGENT'] })
    const owner = await createUser(t, { roles: ['SELLER_OWNER'] })
    expect((await detail(agent.id)).user.phone).toBeNull()
    expect((await detail(agent.id)).listingPhones).toEqual([])
    await createTestListing(t, { ownerId: agent.id, listAgentDirectPhone: '+16155550142' })
    // Twice the same number counts once; a listing the agent is the named agent of counts too.
    await createTestListing(t, { ownerId: agent.id, listAgentDirectPhone: '+16155550142' })
    await createTestListing(t, { ownerId: owner.id, listAgentUserId: agent.id, listAgentDirectPhone: '+16155550199' })
    // The owner's listing with another agent named is that agent's number, not the owner's.
    expect((await detail(agent.id)).listingPhones).toEqual(['+16155550142', '+16155550199'])
    expect((await detail(owner.id)).listingPhones).toEqual([])
  })

  it('records every sign-in with the IP and user agent, and the latest one on the user', async () => {
    const someone = await createUser(t, { roles: ['BUYER_SIMPLE'] })
    const response = await t.app.inject({ method: 'POST', url: '/api/session', payload: { email: someone.email, password: someone.password }, headers: { 'user-agent': 'TestBrowser/1.0' }, remoteAddress: '203.0.113.7' })
    expect(response.statusCode).toBe(200)
    const seen = await detail(someone.id)
    expect(seen.signIns).toHaveLength(1)
    expect(seen.signIns[0]).toMatchObject({ userAgent: 'TestBrowser/1.0' })
    expect(seen.user.lastSignInAt).not.toBeNull()
    const rows = await t.db.select().from(signInEvent).where(eq(signInEvent.userId, someone.id))
    expect(rows).toHaveLength(1)
  })
})

describe('PUT /api/admin/users/:id/roles', () => {
  it('lets an admin change ordinary roles, with an audit row naming the admin', async () => {
    const someone = await createUser(t, { roles: ['BUYER_SIMPLE'] })
    const response = await setRoles(someone.id, ['SELLER_OWNER', 'PRINCIPAL_BROKER'])
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<AdminUserChange>().user.roles).toEqual(['PRINCIPAL_BROKER', 'SELLER_OWNER'])
    const roles = await t.db.select().from(userRole).where(eq(userRole.userId, someone.id))
    expect(roles.map((row) => row.role).sort()).toEqual(['PRINCIPAL_BROKER', 'SELLER_OWNER'])
    const { audit } = await detail(someone.id)
    expect(audit[0]).toMatchObject({ action: 'user.roles', actor: { id: adminId, name: 'Ada Admin' }, before: { roles: ['BUYER_SIMPLE'] }, after: { roles: ['PRINCIPAL_BROKER', 'SELLER_OWNER'] } })
  })

  it('refuses an empty or invalid combination with 400 on roles', async () => {
    const someone = await createUser(t, { roles: ['BUYER_SIMPLE'] })
    expect(refusal(await setRoles(someone.id, []))).toEqual({ status: 400, key: 'adminUsers.noRoles' })
    expect(refusal(await setRoles(someone.id, ['SELLER_OWNER', 'BUYER_AGENT']))).toEqual({ status: 400, key: 'adminUsers.oneKindOnly' })
    expect(refusal(await setRoles(someone.id, ['BUYER_SIMPLE', 'BUYER_SIMPLE']))).toEqual({ status: 400, key: 'adminUsers.repeatedRole' })
    const bogus = await send('PUT', `/api/admin/users/${someone.id}/roles`, { roles: ['KING'], expectedUpdatedAt: await stamp(someone.id) })
    expect(bogus.statusCode).toBe(400)
    expect(await auditActions(someone.id)).toEqual([])
  })

  it('lets only a super admin grant or remove ADMIN and SUPER_ADMIN', async () => {
    const someone = await createUser(t, { roles: ['BUYER_SIMPLE'] })
    expect(refusal(await setRoles(someone.id, ['BUYER_SIMPLE', 'ADMIN']))).toEqual({ status: 403, key: 'adminUsers.onlySuperAdminGrantsAdmin' })
    expect((await setRoles(someone.id, ['BUYER_SIMPLE', 'ADMIN'], superToken)).statusCode).toBe(200)
    expect(refusal(await setRoles(someone.id, ['BUYER_SIMPLE']))).toEqual({ status: 403, key: 'adminUsers.onlySuperAdminGrantsAdmin' })
    expect(refusal(await setRoles(someone.id, ['BUYER_SIMPLE', 'ADMIN', 'SUPER_ADMIN']))).toEqual({ status: 403, key: 'adminUsers.onlySuperAdminGrantsAdmin' })
    expect((await setRoles(someone.id, ['BUYER_SIMPLE'], superToken)).statusCode).toBe(200)
    expect(await auditActions(someone.id)).toEqual(['user.roles', 'user.roles'])
  })

  it('refuses changing one own roles, and removing the last super admin', async () => {
    expect(refusal(await setRoles(adminId, ['ADMIN', 'BUYER_SIMPLE']))).toEqual({ status: 403, key: 'adminUsers.ownRoles' })
    expect(refusal(await setRoles(superId, ['ADMIN'], superToken))).toEqual({ status: 403, key: 'adminUsers.ownRoles' })
    // The demo super admin is the only one: nobody may take the role away.
    expect(refusal(await setRoles(superId, ['ADMIN']))).toEqual({ status: 409, key: 'adminUsers.lastSuperAdmin' })
    const [stillSuper] = await t.db.select().from(userRole).where(eq(userRole.userId, superId))
    expect(stillSuper?.role).toBe('SUPER_ADMIN')
  })

  it('refuses a change made on a stale copy with 409 and writes nothing', async () => {
    const someone = await createUser(t, { roles: ['BUYER_SIMPLE'] })
    const old = await stamp(someone.id)
    expect((await setRoles(someone.id, ['SELLER_OWNER'], adminToken, old)).statusCode).toBe(200)
    const stale = await setRoles(someone.id, ['BUYER_AGENT'], adminToken, old)
    expect(refusal(stale)).toEqual({ status: 409, key: 'adminUsers.changedMeanwhile' })
    expect(stale.json<ApiError>().message).toBe('This user was changed meanwhile. Reload the user and try again')
    expect((await detail(someone.id)).user.roles).toEqual(['SELLER_OWNER'])
    expect(await auditActions(someone.id)).toEqual(['user.roles'])
    expect(refusal(await setRoles(randomUUID(), ['SELLER_OWNER'], adminToken, old))).toEqual({ status: 404, key: 'adminUsers.notFound' })
  })
})

describe('POST /api/admin/users/:id/principal-broker', () => {
  async function pending(language: 'en-us' | 'es-es' = 'en-us'): Promise<CreatedUser> {
    const someone = await createUser(t, { roles: ['SELLER_AGENT'] })
    await t.db.update(user).set({ principalBrokerStatus: 'pending', language }).where(eq(user.id, someone.id))
    return someone
  }
  const decide = async (id: string, body: { decision: 'approve' | 'deny'; reason?: string }) =>
    send('POST', `/api/admin/users/${id}/principal-broker`, { ...body, expectedUpdatedAt: await stamp(id) })

  it('approves: status approved, the flag and the PRINCIPAL_BROKER role, an e-mail, an audit row', async () => {
    const someone = await pending()
    const response = await decide(someone.id, { decision: 'approve' })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<AdminUserChange>().user).toMatchObject({ principalBrokerStatus: 'approved', isPrincipalBroker: true, roles: ['PRINCIPAL_BROKER', 'SELLER_AGENT'] })
    const [mail] = await listMailbox(t.db, { to: someone.email, channel: 'email', limit: 5 })
    expect(mail).toMatchObject({ kind: 'admin.principal-broker-approve', locale: 'en-us', subject: 'Your principal broker access was approved' })
    expect(await auditActions(someone.id)).toEqual(['principalBroker.approve'])
    expect(refusal(await decide(someone.id, { decision: 'approve' }))).toEqual({ status: 409, key: 'adminUsers.notPending' })
  })

  it('denies only with a reason, back to none, and e-mails the reason in the user language', async () => {
    const someone = await pending('es-es')
    const noReason = await decide(someone.id, { decision: 'deny', reason: '  ' })
    expect(refusal(noReason)).toEqual({ status: 400, key: 'adminUsers.denyReasonRequired' })
    expect(noReason.json<ApiError>().errors?.[0]).toMatchObject({ path: 'reason' })
    const response = await decide(someone.id, { decision: 'deny', reason: 'Falta la licencia de bróker' })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<AdminUserChange>().user).toMatchObject({ principalBrokerStatus: 'none', isPrincipalBroker: false, roles: ['SELLER_AGENT'] })
    const [mail] = await listMailbox(t.db, { to: someone.email, channel: 'email', limit: 5 })
    expect(mail).toMatchObject({ kind: 'admin.principal-broker-deny', locale: 'es-es', subject: 'Su solicitud de bróker principal ha sido denegada' })
    expect(mail?.textBody).toContain('Falta la licencia de bróker')
    const [row] = await t.db.select().from(adminAudit).where(eq(adminAudit.targetUserId, someone.id))
    expect(row).toMatchObject({ action: 'principalBroker.deny', reason: 'Falta la licencia de bróker', actorId: adminId })
  })

  it('refuses a user with no pending request with 409', async () => {
    const someone = await createUser(t, { roles: ['SELLER_AGENT'] })
    expect(refusal(await decide(someone.id, { decision: 'approve' }))).toEqual({ status: 409, key: 'adminUsers.notPending' })
  })
})

describe('deactivation', () => {
  it('ends every session at once, refuses the token, the password, and records the audit with the reason', async () => {
    const someone = await createUser(t, { roles: ['BUYER_SIMPLE'] })
    const first = await signIn(t.app, someone.email, someone.password)
    await signIn(t.app, someone.email, someone.password)
    expect((await get('/api/me', first.accessToken)).statusCode).toBe(200)

    const response = await deactivate(someone.id, adminToken, 'Fraud report')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<AdminUserChange>().user.deactivatedAt).not.toBeNull()
    expect(await t.db.select().from(session).where(eq(session.userId, someone.id))).toEqual([])
    expect((await get('/api/me', first.accessToken)).statusCode).toBe(401)

    const password = await t.app.inject({ method: 'POST', url: '/api/session', payload: { email: someone.email, password: someone.password } })
    expect(password.json<ApiError>()).toMatchObject({ statusCode: 403, key: 'adminUsers.accountDeactivated', message: 'This account has been deactivated. Contact support to restore it.' })
    // A wrong password still says so: the account's state is told only to someone who knows the password.
    const wrong = await t.app.inject({ method: 'POST', url: '/api/session', payload: { email: someone.email, password: 'not-the-password' } })
    expect(wrong.statusCode).toBe(401)

    const [row] = await t.db.select().from(adminAudit).where(eq(adminAudit.targetUserId, someone.id))
    expect(row).toMatchObject({ action: 'user.deactivate', reason: 'Fraud report', actorId: adminId })
    expect(refusal(await deactivate(someone.id))).toEqual({ status: 409, key: 'adminUsers.alreadyDeactivated' })
    expect((await get(`/api/admin/users?search=${encodeURIComponent(someone.email)}&status=deactivated`)).json<AdminUserPage>().total).toBe(1)

    expect((await reactivate(someone.id)).statusCode).toBe(200)
    expect((await signIn(t.app, someone.email, someone.password)).user.uid).toBe(someone.id)
    expect(await auditActions(someone.id)).toEqual(expect.arrayContaining(['user.deactivate', 'user.reactivate']))
    expect(refusal(await reactivate(someone.id))).toEqual({ status: 409, key: 'adminUsers.notDeactivated' })
  })

  it('refuses the e-mail code sign-in (verification) of a deactivated account', async () => {
    const email = `deactivated-${randomUUID().slice(0, 8)}@example.com`
    const signUp = await t.app.inject({ method: 'POST', url: '/api/accounts', payload: { name: 'Nora Gone', email, password: 'a-long-password' }, remoteAddress: remote() })
    expect(signUp.statusCode, signUp.body).toBe(201)
    const [found] = await t.db.select().from(user).where(eq(user.email, email))
    expect((await deactivate(found!.id)).statusCode).toBe(200)
    const [mail] = (await listMailbox(t.db, { to: email, channel: 'email', limit: 5 })).filter((message) => message.kind === 'account.verification-code')
    const code = mail?.textBody.match(/^ {4}(\d{6})$/m)?.[1]
    expect(code).toBeDefined()
    const verify = await t.app.inject({ method: 'POST', url: '/api/accounts/verify', payload: { email, code, persist: true }, remoteAddress: remote() })
    expect(refusal(verify)).toEqual({ status: 403, key: 'adminUsers.accountDeactivated' })
  })

  it('refuses the phone code sign-in of a deactivated account', async () => {
    const someone = await createUser(t, { roles: ['BUYER_SIMPLE'] })
    const phone = `+1615888${String(Math.floor(Math.random() * 9000) + 1000)}`
    await t.db.update(user).set({ phone, phoneVerified: true }).where(eq(user.id, someone.id))
    expect((await deactivate(someone.id)).statusCode).toBe(200)
    const ask = await t.app.inject({ method: 'POST', url: '/api/session/phone-code', payload: { phone }, remoteAddress: remote() })
    expect(ask.statusCode).toBe(202)
    const [sms] = await listMailbox(t.db, { to: phone, channel: 'sms', limit: 5 })
    const code = sms?.textBody.match(/\b(\d{6})\b/)?.[1]
    expect(code).toBeDefined()
    const response = await t.app.inject({ method: 'POST', url: '/api/session/phone', payload: { phone, code, persist: false }, remoteAddress: remote() })
    expect(refusal(response)).toEqual({ status: 403, key: 'adminUsers.accountDeactivated' })
    expect(await t.db.select().from(session).where(eq(session.userId, someone.id))).toEqual([])
  })

  it("takes the owner's listings out of public search, keeps their offers, and brings the listings back on reactivation", async () => {
    const created = await createTestOffer(t, { status: 'active' })
    const seller = created.seller!
    const other = await createUser(t, { roles: ['SELLER_OWNER'] })
    const kept = await createTestListing(t, { ownerId: other.id })
    const searchIds = async () => (await t.app.inject({ method: 'GET', url: '/api/properties?pageSize=48' })).json<{ items: Array<{ id: string }> }>().items.map((item) => item.id)
    expect(await searchIds()).toEqual(expect.arrayContaining([created.listing.id, kept.id]))

    expect((await deactivate(seller.id)).statusCode).toBe(200)
    const ids = await searchIds()
    expect(ids).not.toContain(created.listing.id)
    expect(ids).toContain(kept.id)
    const [stillThere] = await t.db.select().from(offer).where(eq(offer.id, created.offer.id))
    expect(stillThere?.status).toBe('active')

    expect((await reactivate(seller.id)).statusCode).toBe(200)
    expect(await searchIds()).toContain(created.listing.id)
  })

  it('refuses deactivating oneself, and an admin by anyone but a super admin', async () => {
    expect(refusal(await deactivate(adminId))).toEqual({ status: 403, key: 'adminUsers.ownDeactivation' })
    const otherAdmin = await createUser(t, { roles: ['ADMIN'] })
    expect(refusal(await deactivate(otherAdmin.id))).toEqual({ status: 403, key: 'adminUsers.onlySuperAdminDeactivatesAdmin' })
    expect(refusal(await deactivate(superId))).toEqual({ status: 403, key: 'adminUsers.onlySuperAdminDeactivatesAdmin' })
    expect((await deactivate(otherAdmin.id, superToken)).statusCode).toBe(200)
    expect(await auditActions(otherAdmin.id)).toEqual(['user.deactivate'])
  })
})

describe('e-mails sent for the user', () => {
  it('sends the recovery reset code (202) with an audit row', async () => {
    const someone = await createUser(t, { roles: ['BUYER_SIMPLE'] })
    const response = await send('POST', `/api/admin/users/${someone.id}/password-reset`, undefined)
    expect(response.statusCode, response.body).toBe(202)
    expect(response.json()).toEqual({ sent: true })
    const mails = await listMailbox(t.db, { to: someone.email, channel: 'email', limit: 5 })
    expect(mails.map((mail) => mail.kind)).toContain('account.password-reset-code')
    expect(await auditActions(someone.id)).toEqual(['user.passwordReset'])
    expect(refusal(await send('POST', `/api/admin/users/${randomUUID()}/password-reset`, undefined))).toEqual({ status: 404, key: 'adminUsers.notFound' })
  })

  it('resends the verification code to an unverified user, 409 for a verified one', async () => {
    const someone = await createUser(t, { roles: ['BUYER_SIMPLE'] })
    expect(refusal(await send('POST', `/api/admin/users/${someone.id}/verification-code`, undefined))).toEqual({ status: 409, key: 'adminUsers.alreadyVerified' })
    await t.db.update(user).set({ emailVerified: false }).where(eq(user.id, someone.id))
    const response = await send('POST', `/api/admin/users/${someone.id}/verification-code`, undefined)
    expect(response.statusCode, response.body).toBe(202)
    const mails = await listMailbox(t.db, { to: someone.email, channel: 'email', limit: 5 })
    expect(mails.map((mail) => mail.kind)).toContain('account.verification-code')
    expect(await auditActions(someone.id)).toEqual(['user.verificationCode'])
  })
})

describe('who may call', () => {
  it('refuses every change to a non-admin with 403', async () => {
    const buyer = await signIn(t.app, 'buyer-simple@example.com', DEMO_PASSWORD)
    const someone = await createUser(t, { roles: ['BUYER_SIMPLE'] })
    expect((await setRoles(someone.id, ['SELLER_OWNER'], buyer.accessToken)).statusCode).toBe(403)
    expect((await deactivate(someone.id, buyer.accessToken)).statusCode).toBe(403)
    expect((await get(`/api/admin/users/${someone.id}`, buyer.accessToken)).statusCode).toBe(403)
  })
})
