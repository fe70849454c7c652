import { and, eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import { DEMO_PASSWORD } from '@offerbook/domain/demo-accounts'
import type { InactiveUsersPage } from '@offerbook/domain/inactive-users'
import { useTestApp } from '../../../test/per-file'
import { bearer, createTestOffer, createUser, signIn } from '../../../test/factories'
import { adminAudit, adminSetting } from '../../db/schema/admin'
import { account, session } from '../../db/schema/auth'
import { offer } from '../../db/schema/offers'
import { outboxMessage } from '../../db/schema/outbox'
import { user } from '../../db/schema/users'

const t = useTestApp({ seed: true })
let adminToken: string
let adminId: string

const DAY = 24 * 60 * 60 * 1000
const daysAgo = (days: number) => new Date(Date.now() - days * DAY)

beforeAll(async () => {
  const signedIn = await signIn(t.app, 'admin@example.com', DEMO_PASSWORD)
  adminToken = signedIn.accessToken
  const [admin] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, 'admin@example.com'))
  adminId = admin!.id
})
beforeEach(async () => {
  await t.db.delete(adminSetting)
})

const list = async (query = '', token = adminToken) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/admin/inactive-users${query}`, headers: bearer(token) })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<InactiveUsersPage>()
}
const emailsOf = (page: InactiveUsersPage) => page.items.map((item) => item.email)
const reasonsOf = (page: InactiveUsersPage, email: string) => page.items.find((item) => item.email === email)?.reasons

/** A user with the given state; verified, onboarded and signed in today unless told otherwise. */
async function someone(state: Partial<typeof user.$inferInsert> & { email: string }) {
  const created = await createUser(t, { email: state.email, roles: ['BUYER_SIMPLE'] })
  await t.db
    .update(user)
    .set({ lastSignInAt: new Date(), ...state })
    .where(eq(user.id, created.id))
  return created
}

describe('GET /api/admin/inactive-users', () => {
  it('lists each kind of inactive account with all its reasons, and filters by one reason', async () => {
    await someone({ email: 'active-one@example.com' })
    await someone({ email: 'closed-one@example.com', deactivatedAt: new Date() })
    await someone({ email: 'sleepy-one@example.com', lastSignInAt: daysAgo(200) })
    await someone({ email: 'never-signed-in@example.com', lastSignInAt: null, createdAt: daysAgo(400) })
    await someone({ email: 'unverified-one@example.com', emailVerified: false, onboarded: false })
    await someone({ email: 'not-onboarded@example.com', onboarded: false })

    const all = await list('?search=example.com&pageSize=100')
    expect(emailsOf(all)).not.toContain('active-one@example.com')
    expect(emailsOf(all)).not.toContain('admin@example.com')
    expect(all.days).toBe(180)
    expect(reasonsOf(all, 'closed-one@example.com')).toEqual(['deactivated'])
    expect(reasonsOf(all, 'sleepy-one@example.com')).toEqual(['dormant'])
    expect(reasonsOf(all, 'never-signed-in@example.com')).toEqual(['dormant'])
    expect(reasonsOf(all, 'unverified-one@example.com')).toEqual(['unverified', 'notOnboarded'])
    expect(reasonsOf(all, 'not-onboarded@example.com')).toEqual(['notOnboarded'])

    expect(emailsOf(await list('?reason=deactivated'))).toEqual(['closed-one@example.com'])
    expect(emailsOf(await list('?reason=dormant')).sort()).toEqual(['never-signed-in@example.com', 'sleepy-one@example.com'])
    expect(emailsOf(await list('?reason=unverified'))).toEqual(['unverified-one@example.com'])
    expect(emailsOf(await list('?reason=notOnboarded')).sort()).toEqual(['not-onboarded@example.com', 'unverified-one@example.com'])
    expect(emailsOf(await list('?search=SLEEPY'))).toEqual(['sleepy-one@example.com'])
    const item = (await list('?search=closed-one')).items[0]!
    expect(item).toMatchObject({ name: expect.any(String), roles: ['BUYER_SIMPLE'], emailVerified: true, onboarded: true, deactivatedAt: expect.any(String), lastSignInAt: expect.any(String) })
  })

  it('the days setting decides who is dormant, and its change is audited', async () => {
    await someone({ email: 'forty-days@example.com', lastSignInAt: daysAgo(40) })
    expect(emailsOf(await list('?reason=dormant'))).not.toContain('forty-days@example.com')

    const put = await t.app.inject({ method: 'PUT', url: '/api/admin/settings/inactivity', payload: { days: 30 }, headers: bearer(adminToken) })
    expect(put.statusCode, put.body).toBe(200)
    expect(put.json()).toEqual({ days: 30 })
    const got = await t.app.inject({ method: 'GET', url: '/api/admin/settings/inactivity', headers: bearer(adminToken) })
    expect(got.json()).toEqual({ days: 30 })
    const page = await list('?reason=dormant')
    expect(page.days).toBe(30)
    expect(emailsOf(page)).toContain('forty-days@example.com')

    const [audit] = await t.db.select().from(adminAudit).where(eq(adminAudit.action, 'settings.inactivity'))
    expect(audit).toMatchObject({ actorId: adminId, targetUserId: null, before: { days: 180 }, after: { days: 30 } })
  })

  it('refuses bad input with 400 and a catalogue key, never 500', async () => {
    for (const query of ['?reason=sleeping', '?page=0', '?pageSize=101', '?page=abc', '?search=%00', `?search=${'x'.repeat(201)}`]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/admin/inactive-users${query}`, headers: bearer(adminToken) })
      expect(response.statusCode, query).toBe(400)
    }
    const reason = await t.app.inject({ method: 'GET', url: '/api/admin/inactive-users?reason=sleeping', headers: bearer(adminToken) })
    expect(reason.json<ApiError>().key).toBe('inactiveUsers.unknownReason')
    for (const [payload, key] of [
      [{ days: 0 }, 'inactiveUsers.daysTooSmall'],
      [{ days: 3651 }, 'inactiveUsers.daysTooLarge'],
      [{ days: 2.5 }, 'inactiveUsers.daysWholeNumber'],
      [{ days: '30' }, 'inactiveUsers.daysWholeNumber'],
      [{}, 'inactiveUsers.daysWholeNumber'],
    ] as const) {
      const response = await t.app.inject({ method: 'PUT', url: '/api/admin/settings/inactivity', payload, headers: bearer(adminToken) })
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json<ApiError>().key).toBe(key)
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings/inactivity', headers: bearer(adminToken) })).json()).toEqual({ days: 180 })
  })

  it('is for admins only', async () => {
    const { accessToken } = await signIn(t.app, 'buyer-simple@example.com', DEMO_PASSWORD)
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/inactive-users', headers: bearer(accessToken) })).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/settings/inactivity', payload: { days: 5 }, headers: bearer(accessToken) })).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/inactive-users' })).statusCode).toBe(401)
  })
})

describe('POST /api/admin/inactive-users/:id/reminder', () => {
  const remind = (id: string) => t.app.inject({ method: 'POST', url: `/api/admin/inactive-users/${encodeURIComponent(id)}/reminder`, headers: bearer(adminToken) })
  const mailTo = (email: string) => t.db.select().from(outboxMessage).where(eq(outboxMessage.recipient, email))

  it('queues an email in the user language that fits the reason, and audits it', async () => {
    const spanish = await someone({ email: 'sin-verificar@example.com', emailVerified: false, language: 'es-es' })
    const response = await remind(spanish.id)
    expect(response.statusCode, response.body).toBe(202)
    expect(response.json()).toEqual({ sent: true })
    const [mail] = await mailTo('sin-verificar@example.com')
    expect(mail).toMatchObject({ channel: 'email', locale: 'es-es', kind: 'admin.reminder.verify', subject: 'Verifique su correo de Offerbook' })
    expect(mail!.textBody).toContain('/auth/sign-in')

    const sleepy = await someone({ email: 'sleepy-two@example.com', lastSignInAt: daysAgo(365) })
    expect((await remind(sleepy.id)).statusCode).toBe(202)
    const [comeBack] = await mailTo('sleepy-two@example.com')
    expect(comeBack).toMatchObject({ locale: 'en-us', kind: 'admin.reminder.comeBack', subject: 'We have missed you at Offerbook' })

    const [audit] = await t.db.select().from(adminAudit).where(and(eq(adminAudit.action, 'user.reminder'), eq(adminAudit.targetUserId, spanish.id)))
    expect(audit).toMatchObject({ actorId: adminId, after: { kind: 'verify' } })
  })

  it('refuses a deactivated account with 409 and sends nothing; an unknown id is 404', async () => {
    const closed = await someone({ email: 'closed-two@example.com', deactivatedAt: new Date() })
    const response = await remind(closed.id)
    expect(response.statusCode).toBe(409)
    expect(response.json<ApiError>().key).toBe('inactiveUsers.deactivatedNoReminder')
    expect(await mailTo('closed-two@example.com')).toHaveLength(0)
    const unknown = await remind('no-such-user')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json<ApiError>().key).toBe('inactiveUsers.notFound')
  })
})

describe('DELETE /api/admin/inactive-users/:id', () => {
  const erase = (id: string) => t.app.inject({ method: 'DELETE', url: `/api/admin/inactive-users/${encodeURIComponent(id)}`, headers: bearer(adminToken) })

  it('deletes an unverified user who has no records, with an audit row that keeps who it was', async () => {
    const gone = await someone({ email: 'erase-me@example.com', emailVerified: false })
    const response = await erase(gone.id)
    expect(response.statusCode, response.body).toBe(204)
    expect(await t.db.select().from(user).where(eq(user.id, gone.id))).toHaveLength(0)
    expect(await t.db.select().from(account).where(eq(account.userId, gone.id))).toHaveLength(0)
    const [audit] = await t.db.select().from(adminAudit).where(and(eq(adminAudit.action, 'user.erase'), eq(adminAudit.targetUserId, gone.id)))
    expect(audit).toMatchObject({ actorId: adminId, before: { email: 'erase-me@example.com' }, after: { outcome: 'deleted' } })
    expect((await erase(gone.id)).statusCode).toBe(404)
  })

  it('scrubs an unverified user who made an offer: the offer stays and points at the scrubbed row', async () => {
    const buyer = await someone({ email: 'offer-maker@example.com', emailVerified: false, phone: '+16155559876' })
    const made = await createTestOffer(t, { buyer })
    const { accessToken } = await signIn(t.app, buyer.email, buyer.password).catch(() => ({ accessToken: '' }))
    const response = await erase(buyer.id)
    expect(response.statusCode, response.body).toBe(204)

    const [row] = await t.db.select().from(user).where(eq(user.id, buyer.id))
    expect(row).toMatchObject({ name: 'Erased user', email: `erased-${buyer.id}@invalid`, phone: null })
    expect(row!.deactivatedAt).toBeInstanceOf(Date)
    const [kept] = await t.db.select().from(offer).where(eq(offer.id, made.offer.id))
    expect(kept?.buyerId).toBe(buyer.id)
    expect(await t.db.select().from(account).where(eq(account.userId, buyer.id))).toHaveLength(0)
    expect(await t.db.select().from(session).where(eq(session.userId, buyer.id))).toHaveLength(0)
    if (accessToken) expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(accessToken) })).statusCode).toBe(401)
    const [audit] = await t.db.select().from(adminAudit).where(and(eq(adminAudit.action, 'user.erase'), eq(adminAudit.targetUserId, buyer.id)))
    expect(audit).toMatchObject({ before: { email: 'offer-maker@example.com' }, after: { outcome: 'scrubbed' } })
  })

  it('refuses a verified user, an admin and the caller with 409; an unknown id with 404', async () => {
    const verified = await someone({ email: 'verified-one@example.com' })
    const refused = await erase(verified.id)
    expect(refused.statusCode).toBe(409)
    expect(refused.json<ApiError>().key).toBe('inactiveUsers.onlyUnverified')
    expect(await t.db.select().from(user).where(eq(user.id, verified.id))).toHaveLength(1)

    const otherAdmin = await createUser(t, { roles: ['ADMIN'] })
    await t.db.update(user).set({ emailVerified: false }).where(eq(user.id, otherAdmin.id))
    expect((await erase(otherAdmin.id)).json<ApiError>().key).toBe('inactiveUsers.notAnAdmin')
    expect((await erase(adminId)).json<ApiError>().key).toBe('inactiveUsers.notYourself')
    expect((await erase('no-such-user')).statusCode).toBe(404)
  })
})
