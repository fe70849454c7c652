import { randomUUID } from 'node:crypto'
import { eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import type { Session } from '@offerbook/domain/session'
import type { User } from '@offerbook/domain/user'
import { useTestApp } from '../../../test/per-file'
import { bearer, createUser, signIn } from '../../../test/factories'
import { account, session } from '../../db/schema/auth'
import { outboxMessage } from '../../db/schema/outbox'
import { requestCounter } from '../../db/schema/request-counters'
import { user } from '../../db/schema/users'
import { listMailbox } from '../messaging/messaging.service'

const t = useTestApp()

let sequence = 0
const newEmail = () => `newcomer-${++sequence}-${randomUUID().slice(0, 6)}@example.com`
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: `198.18.${sequence % 250}.${Math.floor(Math.random() * 250)}` })

async function mails(to: string, kind: string) {
  return (await listMailbox(t.db, { to, channel: 'email', limit: 50 })).filter((message) => message.kind === kind)
}

/** The code as the e-mail's text shows it: on a line of its own. */
async function latestCode(to: string, kind: string): Promise<string> {
  const [message] = await mails(to, kind)
  const code = message?.textBody.match(/^ {4}(\d{6})$/m)?.[1]
  if (!code) throw new Error(`no ${kind} mail for ${to}`)
  return code
}

const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000')

async function signUp(email = newEmail(), password = 'a-long-password') {
  const response = await post('/api/accounts', { name: 'Nora Newcomer', email, password })
  expect(response.statusCode, response.body).toBe(201)
  return { email, password, response }
}

async function verified(email: string) {
  const response = await post('/api/accounts/verify', { email, code: await latestCode(email, 'account.verification-code'), persist: true })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Session>()
}

describe('sign-up and e-mail verification', () => {
  it('signs up, refuses the password until the code is entered, then verifies and signs in', async () => {
    const email = newEmail()
    const { response } = await signUp(email)
    const pending = response.json<{ email: string; resendAvailableAt: string }>()
    expect(pending.email).toBe(email)
    const wait = new Date(pending.resendAvailableAt).getTime() - Date.now()
    expect(wait).toBeGreaterThan(50_000)
    expect(wait).toBeLessThanOrEqual(60_000)

    const [mail] = await mails(email, 'account.verification-code')
    expect(mail).toMatchObject({ subject: expect.stringMatching(/^Your Offerbook verification code: \d{6}$/), locale: 'en-us' })
    const code = await latestCode(email, 'account.verification-code')

    const early = await post('/api/session', { email, password: 'a-long-password' })
    expect(early.statusCode).toBe(409)
    expect(early.json<ApiError>()).toEqual({ statusCode: 409, code: 'EMAIL_NOT_VERIFIED', key: 'session.emailNotVerified', message: 'Please check your email for the verification link' })
    expect(await mails(email, 'account.verification-code')).toHaveLength(1)

    const wrong = await post('/api/accounts/verify', { email, code: wrongCode(code), persist: false })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json<ApiError>()).toEqual({ statusCode: 400, code: 'BAD_REQUEST', key: 'accounts.invalidCode', message: 'Invalid or expired code' })

    const right = await post('/api/accounts/verify', { email, code, persist: false })
    expect(right.statusCode).toBe(200)
    const signedIn = right.json<Session>()
    expect(signedIn.user).toMatchObject({ email, name: 'Nora Newcomer', roles: [], onboarded: false, language: 'en-us' })
    const lifetime = new Date(signedIn.expiresAt).getTime() - Date.now()
    expect(lifetime).toBeGreaterThan(23 * 3600_000)
    expect(lifetime).toBeLessThanOrEqual(24 * 3600_000)

    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(signedIn.accessToken) })
    expect(me.statusCode).toBe(200)
    expect(me.json<{ user: User }>().user.email).toBe(email)

    const reused = await post('/api/accounts/verify', { email, code, persist: false })
    expect(reused.statusCode).toBe(400)

    const password = await post('/api/session', { email, password: 'a-long-password', persist: true })
    expect(password.statusCode).toBe(200)
    expect(new Date(password.json<Session>().expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600_000)

    const again = await post('/api/accounts', { name: 'Nora Again', email: email.toUpperCase(), password: 'another-password' })
    expect(again.statusCode).toBe(409)
    expect(again.json<ApiError>()).toEqual({ statusCode: 409, code: 'CONFLICT', key: 'accounts.emailInUse', message: 'Email already in use' })
  })

  it("gives a new account no roles, whatever the request asks for; better-auth's own sign-up is closed", async () => {
    const ours = newEmail()
    const response = await post('/api/accounts', { name: 'Eve Extra', email: ours, password: 'a-long-password', roles: ['SUPER_ADMIN'], onboarded: true, isPrincipalBroker: true })
    expect(response.statusCode).toBe(201)
    expect((await verified(ours)).user).toMatchObject({ roles: [], onboarded: false, isPrincipalBroker: false })

    const theirs = newEmail()
    const direct = await post(
      '/api/auth/sign-up/email',
      { email: theirs, password: 'a-long-password', name: 'Dee Direct', roles: ['SUPER_ADMIN'], isPrincipalBroker: true, onboarded: true },
      { origin: 'http://localhost:3000' },
    )
    expect(direct.statusCode).toBe(404)
    expect(direct.headers['set-auth-token']).toBeUndefined()
    expect(await t.db.select().from(user).where(eq(user.email, theirs))).toEqual([])
  })

  it('a session made with persist lasts 30 days', async () => {
    const { email } = await signUp()
    const session = await verified(email)
    expect(new Date(session.expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600_000)
  })

  it('refuses a one-word name, a bad e-mail and a short password with the spec messages', async () => {
    const response = await post('/api/accounts', { name: 'Cher', email: 'not-an-email', password: 'short' })
    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>().errors).toEqual(
      expect.arrayContaining([
        { path: 'name', key: 'common.fullName', message: 'Required First and Last Name' },
        { path: 'email', key: 'common.invalidEmail', message: 'Invalid email' },
        { path: 'password', key: 'common.tooShort', params: { minimum: 8 }, message: 'Must have at least 8 characters' },
      ]),
    )
  })

  it('refuses odd input with 4xx, never 500', async () => {
    const payloads: [string, unknown][] = [
      ['/api/accounts', { name: 'A B'.repeat(200), email: newEmail(), password: 'a-long-password' }],
      ['/api/accounts', { name: 'A B', email: newEmail(), password: 'x'.repeat(300) }],
      ['/api/accounts', { name: ['A', 'B'], email: 42, password: null }],
      ['/api/accounts/verify', { email: 'a@example.com', code: 'x'.repeat(500) }],
      ['/api/accounts/verify', { email: 'a@example.com', code: '\u0000' }],
      ['/api/accounts/verify', { email: 'nobody@example.com', code: '123456' }],
      ['/api/accounts/resend-code', { email: '\ud800@example.com' }],
      ['/api/recovery', {}],
      ['/api/recovery/reset', { email: 'nobody@example.com', code: '123456', password: 'a-long-password' }],
      ['/api/session/phone-code', { phone: '(555) 555-0100' }],
      ['/api/session/phone', { phone: '+16155550100', code: '123456' }],
    ]
    for (const [url, payload] of payloads) {
      const response = await post(url, payload as object)
      expect(response.statusCode, `${url} ${JSON.stringify(payload).slice(0, 60)}`).toBeGreaterThanOrEqual(400)
      expect(response.statusCode).toBeLessThan(500)
    }
  })

  it('says too many tries after five wrong codes, and the right code no longer works', async () => {
    const { email } = await signUp()
    const code = await latestCode(email, 'account.verification-code')
    for (let i = 0; i < 5; i++) expect((await post('/api/accounts/verify', { email, code: wrongCode(code) })).statusCode).toBe(400)
    const locked = await post('/api/accounts/verify', { email, code })
    expect(locked.statusCode).toBe(429)
    expect(locked.json<ApiError>()).toEqual({ statusCode: 429, code: 'RATE_LIMITED', key: 'common.tooManyRequests', message: 'Too many requests, please try again later or reset your password' })
  })

  it('refuses an expired code', async () => {
    const { email } = await signUp()
    const code = await latestCode(email, 'account.verification-code')
    await t.db.execute(`update verification set expires_at = now() - interval '1 second' where identifier = 'email-verification-otp-${email}'`)
    const response = await post('/api/accounts/verify', { email, code })
    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>().message).toBe('Invalid or expired code')
  })
})

describe('resending the verification code', () => {
  const resend = (email: string) => post('/api/accounts/resend-code', { email })
  const expireCooldown = (email: string) =>
    t.db.update(requestCounter).set({ resetAt: new Date(Date.now() - 1000) }).where(like(requestCounter.key, `resend-code|${email}`))

  it('waits a minute after the last code, then sends a new one that works', async () => {
    const { email } = await signUp()
    const first = await latestCode(email, 'account.verification-code')

    const tooSoon = await resend(email)
    expect(tooSoon.statusCode).toBe(429)
    expect(tooSoon.json<ApiError>()).toEqual({ statusCode: 429, code: 'RATE_LIMITED', key: 'accounts.resendWait', message: 'Please wait a minute before asking for a new code' })
    expect(await mails(email, 'account.verification-code')).toHaveLength(1)

    await expireCooldown(email)
    const later = await resend(email)
    expect(later.statusCode).toBe(202)
    expect(new Date(later.json<{ resendAvailableAt: string }>().resendAvailableAt).getTime()).toBeGreaterThan(Date.now() + 50_000)
    expect(await mails(email, 'account.verification-code')).toHaveLength(2)
    const second = await latestCode(email, 'account.verification-code')

    if (first !== second) expect((await post('/api/accounts/verify', { email, code: first })).statusCode).toBe(400)
    expect((await post('/api/accounts/verify', { email, code: second })).statusCode).toBe(200)
  })

  it('answers an unknown and a verified address the same way and sends nothing', async () => {
    const unknown = newEmail()
    const known = await createUser(t)
    for (const email of [unknown, known.email]) {
      const response = await resend(email)
      expect(response.statusCode).toBe(202)
      expect(Object.keys(response.json<object>())).toEqual(['resendAvailableAt'])
      expect((await resend(email)).statusCode).toBe(429)
      expect(await listMailbox(t.db, { to: email, limit: 10 })).toEqual([])
    }
  })
})

describe('password recovery', () => {
  it('answers 202 alike for a known and an unknown address, mailing only the known one', async () => {
    const known = await createUser(t)
    const unknown = newEmail()
    const a = await post('/api/recovery', { email: known.email })
    const b = await post('/api/recovery', { email: unknown })
    expect(a.statusCode).toBe(202)
    expect(b.statusCode).toBe(202)
    expect(a.json()).toEqual({ key: 'accounts.recoverySent', message: 'Please check your email for the verification code and reset your password' })
    expect(b.json()).toEqual(a.json())
    expect(await mails(known.email, 'account.password-reset-code')).toHaveLength(1)
    expect(await listMailbox(t.db, { to: unknown, limit: 10 })).toEqual([])
  })

  it('resets the password once with the code, revoking every session', async () => {
    const known = await createUser(t)
    const { accessToken } = await signIn(t.app, known.email, known.password)
    await post('/api/recovery', { email: known.email })
    const code = await latestCode(known.email, 'account.password-reset-code')

    const wrong = await post('/api/recovery/reset', { email: known.email, code: wrongCode(code), password: 'a-new-password' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json<ApiError>().message).toBe('Invalid or expired code')

    const reset = await post('/api/recovery/reset', { email: known.email, code, password: 'a-new-password' })
    expect(reset.statusCode).toBe(204)
    expect(reset.body).toBe('')

    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(accessToken) })).statusCode).toBe(401)
    const old = await post('/api/session', { email: known.email, password: known.password })
    expect(old.json<ApiError>()).toMatchObject({ statusCode: 401, key: 'session.wrongPassword', message: 'Incorrect e-mail/password combination' })
    expect((await post('/api/session', { email: known.email, password: 'a-new-password' })).statusCode).toBe(200)

    const reused = await post('/api/recovery/reset', { email: known.email, code, password: 'a-third-password' })
    expect(reused.statusCode).toBe(400)
    expect(reused.json<ApiError>()).toEqual({ statusCode: 400, code: 'BAD_REQUEST', key: 'accounts.invalidCode', message: 'Invalid or expired code' })
  })

  it('refuses a short new password with the spec message', async () => {
    const response = await post('/api/recovery/reset', { email: 'a@example.com', code: '123456', password: 'short' })
    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toMatchObject({ key: 'common.tooShort', params: { minimum: 8 }, message: 'Must have at least 8 characters' })
  })
})

describe('phone', () => {
  let phoneSequence = 100
  const newPhone = () => `+1615555${String(++phoneSequence).padStart(4, '0')}`
  const sms = (to: string) => listMailbox(t.db, { to, channel: 'sms', limit: 10 })
  const smsCode = async (to: string) => {
    const [message] = await sms(to)
    const code = message?.textBody.match(/\b(\d{6})\b/)?.[1]
    if (!code) throw new Error(`no SMS for ${to}`)
    return code
  }

  async function userWithVerifiedPhone() {
    const owner = await createUser(t)
    const { accessToken } = await signIn(t.app, owner.email, owner.password)
    const phone = newPhone()
    const ask = await post('/api/me/phone/verify-code', { phone }, bearer(accessToken))
    expect(ask.statusCode).toBe(202)
    const [message] = await sms(phone)
    expect(message).toMatchObject({ kind: 'account.phone-code', locale: 'en-us' })
    const proved = await post('/api/me/phone/verify', { phone, code: await smsCode(phone) }, bearer(accessToken))
    expect(proved.statusCode, proved.body).toBe(200)
    expect(proved.json<{ user: User }>().user).toMatchObject({ uid: owner.id, phone })
    const [row] = await t.db.select({ phoneVerified: user.phoneVerified }).from(user).where(eq(user.id, owner.id))
    expect(row?.phoneVerified).toBe(true)
    return { owner, phone, accessToken }
  }

  it('proves a phone, then signs in with a texted code', async () => {
    const { owner, phone } = await userWithVerifiedPhone()
    await t.db.delete(outboxMessage).where(eq(outboxMessage.recipient, phone))

    const ask = await post('/api/session/phone-code', { phone })
    expect(ask.statusCode).toBe(202)
    const code = await smsCode(phone)

    const wrong = await post('/api/session/phone', { phone, code: wrongCode(code), persist: false })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json<ApiError>()).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', key: 'accounts.invalidPhoneCode', message: 'Invalid phone code' })

    const right = await post('/api/session/phone', { phone, code, persist: false })
    expect(right.statusCode).toBe(200)
    const session = right.json<Session>()
    expect(session.user.uid).toBe(owner.id)
    expect(new Date(session.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000)
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(session.accessToken) })).statusCode).toBe(200)

    expect((await post('/api/session/phone', { phone, code, persist: false })).statusCode).toBe(401)
  })

  it('answers 202 for an unknown or unverified phone and texts nothing', async () => {
    const unknown = newPhone()
    expect((await post('/api/session/phone-code', { phone: unknown })).statusCode).toBe(202)
    expect(await sms(unknown)).toEqual([])

    const holder = await createUser(t)
    const unverified = newPhone()
    await t.db.update(user).set({ phone: unverified, phoneVerified: false }).where(eq(user.id, holder.id))
    expect((await post('/api/session/phone-code', { phone: unverified })).statusCode).toBe(202)
    expect(await sms(unverified)).toEqual([])
    expect((await post('/api/session/phone', { phone: unverified, code: '123456' })).json<ApiError>().message).toBe('Invalid phone code')
  })

  it('a proof code for a phone nobody has verified does not sign anyone in', async () => {
    const someone = await createUser(t)
    const { accessToken } = await signIn(t.app, someone.email, someone.password)
    const phone = newPhone()
    await post('/api/me/phone/verify-code', { phone }, bearer(accessToken))
    const response = await post('/api/session/phone', { phone, code: await smsCode(phone) })
    expect(response.statusCode).toBe(401)
  })

  it('refuses a phone that is not a valid number with the spec message', async () => {
    for (const phone of ['(555) 555-0100', '555-0100', 'call 615-555-0100']) {
      const response = await post('/api/session/phone-code', { phone })
      expect(response.statusCode, phone).toBe(400)
      expect(response.json<ApiError>(), phone).toMatchObject({ key: 'common.invalidPhone', message: 'Invalid phone number' })
    }
  })

  it("takes a phone in spec section 5's shape, (615) 555-0123, as its E.164 number", async () => {
    const { owner, phone } = await userWithVerifiedPhone()
    await t.db.delete(outboxMessage).where(eq(outboxMessage.recipient, phone))
    const typed = `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`
    expect((await post('/api/session/phone-code', { phone: typed })).statusCode).toBe(202)
    const right = await post('/api/session/phone', { phone: typed, code: await smsCode(phone) })
    expect(right.statusCode, right.body).toBe(200)
    expect(right.json<Session>().user).toMatchObject({ uid: owner.id, phone })
  })

  it("refuses a wrong proof code and another user's phone", async () => {
    const { phone } = await userWithVerifiedPhone()
    const other = await createUser(t)
    const { accessToken } = await signIn(t.app, other.email, other.password)

    const taken = await post('/api/me/phone/verify-code', { phone }, bearer(accessToken))
    expect(taken.statusCode).toBe(409)
    expect(taken.json<ApiError>()).toEqual({ statusCode: 409, code: 'CONFLICT', key: 'accounts.phoneInUse', message: 'This phone number is already in use' })
    expect((await post('/api/me/phone/verify', { phone, code: '123456' }, bearer(accessToken))).statusCode).toBe(409)

    const mine = newPhone()
    await post('/api/me/phone/verify-code', { phone: mine }, bearer(accessToken))
    const code = await smsCode(mine)
    const wrong = await post('/api/me/phone/verify', { phone: mine, code: wrongCode(code) }, bearer(accessToken))
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json<ApiError>()).toEqual({ statusCode: 400, code: 'BAD_REQUEST', key: 'accounts.invalidPhoneCode', message: 'Invalid phone code' })
  })

  it('needs a signed-in user to prove a phone', async () => {
    expect((await post('/api/me/phone/verify-code', { phone: newPhone() })).statusCode).toBe(401)
    expect((await post('/api/me/phone/verify', { phone: newPhone(), code: '123456' })).statusCode).toBe(401)
  })
})

describe('sign-in messages', () => {
  it('tells an account made by single sign-on to use another method', async () => {
    const id = randomUUID()
    const email = `sso-${id.slice(0, 8)}@example.com`
    await t.db.insert(user).values({ id, name: 'Sso Person', email, emailVerified: true })
    await t.db.insert(account).values({ id: randomUUID(), accountId: 'provider-subject-1', providerId: 'oidc', userId: id })
    const response = await post('/api/session', { email, password: 'whatever-it-is' })
    expect(response.statusCode).toBe(409)
    expect(response.json<ApiError>()).toEqual({ statusCode: 409, code: 'CONFLICT', key: 'session.otherMethod', message: 'Please try another login/registration method' })
  })

  it('keeps the sessions table free of a session for a refused sign-in', async () => {
    const { email } = await signUp()
    await post('/api/session', { email, password: 'a-long-password' })
    const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email))
    expect(await t.db.select().from(session).where(eq(session.userId, row!.id))).toEqual([])
  })
})

describe('better-auth endpoints our own replace', () => {
  it.each(['/api/auth/email-otp/send-verification-otp', '/api/auth/phone-number/send-otp', '/api/auth/phone-number/verify', '/api/auth/sign-in/email-otp'])('%s is closed', async (url) => {
    const response = await post(url, { email: 'a@example.com', phoneNumber: '+16155550100', type: 'sign-in', code: '123456', otp: '123456' }, { origin: 'http://localhost:3000' })
    expect(response.statusCode).toBe(404)
  })
})
