import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import type { Role } from '@offerbook/domain/roles'
import type { User } from '@offerbook/domain/user'
import { mlsFeedCursor } from '../../db/schema/listings'
import { user as userTable } from '../../db/schema/users'
import type { Signed } from './profile.test-helpers'
import { profileTestApp } from './profile.test-helpers'

const profile = profileTestApp()
const { signedInUser, me, patchMe } = profile

describe('PATCH /api/me', () => {
  it('changes the name, phone, ZIP code and language', async () => {
    const who = await signedInUser({ roles: ['BUYER_SIMPLE'] })
    const response = await patchMe(who, { name: '  Ada   Lovelace ', phone: '+16155550201', zipcode: '37027', language: 'es-es' })
    expect(response.statusCode).toBe(200)
    expect(response.json<{ user: User }>().user).toMatchObject({ name: 'Ada   Lovelace', phone: '+16155550201', zipcode: '37027', language: 'es-es', roles: ['BUYER_SIMPLE'] })
    expect(await me(who.headers)).toMatchObject({ phone: '+16155550201', zipcode: '37027', language: 'es-es' })
  })

  it('keeps the currency the user prefers (USD until chosen), and refuses one it cannot show, changing nothing', async () => {
    const who = await signedInUser({ roles: ['SELLER_OWNER'] })
    expect((await me(who.headers)).currency).toBe('USD')
    const euro = await patchMe(who, { currency: 'EUR' })
    expect(euro.statusCode).toBe(200)
    expect(euro.json<{ user: User }>().user.currency).toBe('EUR')
    expect((await me(who.headers)).currency).toBe('EUR')
    for (const currency of ['GBP', 'usd', '', 7]) {
      const refused = await patchMe(who, { currency, zipcode: '37203' })
      expect(refused.statusCode).toBe(400)
      expect(refused.json<ApiError>()).toMatchObject({ key: 'profile.currency', message: 'Choose one of the currencies offered: USD, EUR or MXN' })
    }
    expect(await me(who.headers)).toMatchObject({ currency: 'EUR', zipcode: null })
  })

  it('leaves out fields it was not sent, and clears the phone and ZIP code when they are empty', async () => {
    const who = await signedInUser({ name: 'Grace Hopper' })
    await patchMe(who, { phone: '+16155550202', zipcode: '37027' })
    const nothing = await patchMe(who, {})
    expect(nothing.json<{ user: User }>().user).toMatchObject({ name: 'Grace Hopper', phone: '+16155550202', zipcode: '37027' })
    const cleared = await patchMe(who, { phone: '', zipcode: '' })
    expect(cleared.statusCode).toBe(200)
    expect(cleared.json<{ user: User }>().user).toMatchObject({ name: 'Grace Hopper', phone: null, zipcode: null })
  })

  it.each([
    ['name', 'Ada', 'common.fullName', 'Required First and Last Name'],
    ['name', '', 'common.fullName', 'Required First and Last Name'],
    ['name', 'Ada\u0000 Lovelace', 'common.unstorableText', 'This text contains characters that cannot be saved'],
    ['name', 'Ada \uD800Lovelace', 'common.unstorableText', 'This text contains characters that cannot be saved'],
    ['name', `Ada ${'L'.repeat(300)}`, 'common.tooLong', 'Must have at most 200 characters'],
    ['phone', '(555) 555-0123', 'common.invalidPhone', 'Invalid phone number'],
    ['phone', '+0123', 'common.invalidPhone', 'Invalid phone number'],
    ['zipcode', '372031', 'profile.zipCode', 'Invalid ZIP code'],
    ['zipcode', 'ABCDE', 'profile.zipCode', 'Invalid ZIP code'],
  ])('refuses %s %j with %s', async (field, value, key, message) => {
    const who = await signedInUser()
    const response = await patchMe(who, { [field]: value })
    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toMatchObject({ code: 'BAD_REQUEST', key, message, errors: [{ path: field, key, message }] })
  })

  it("takes a phone in spec section 5's shape, '(615) 555-0123', and stores it as +16155550123", async () => {
    const who = await signedInUser()
    const response = await patchMe(who, { phone: '(615) 555-0123' })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<{ user: User }>().user).toMatchObject({ phone: '+16155550123' })
    expect(await me(who.headers)).toMatchObject({ phone: '+16155550123' })
  })

  it('refuses a language that does not exist and values of the wrong type, never with a 500', async () => {
    const who = await signedInUser()
    for (const payload of [{ language: 'fr-fr' }, { name: 42 }, { phone: null }, { zipcode: ['37203'] }, { name: 'x'.repeat(100_000) }]) {
      const response = await patchMe(who, payload)
      expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400)
    }
  })

  it('answers 409 for a phone another user has', async () => {
    const owner = await signedInUser()
    expect((await patchMe(owner, { phone: '+16155550203' })).statusCode).toBe(200)
    const other = await signedInUser()
    const response = await patchMe(other, { phone: '+16155550203', zipcode: '37027' })
    expect(response.statusCode).toBe(409)
    expect(response.json<ApiError>()).toMatchObject({ code: 'CONFLICT', key: 'accounts.phoneInUse', message: 'This phone number is already in use' })
    expect(await me(other.headers)).toMatchObject({ phone: null, zipcode: null })
  })

  it('keeps the phone verified when it stays the same and clears it when it changes', async () => {
    const who = await signedInUser()
    await patchMe(who, { phone: '+16155550204' })
    await profile.t.db.update(userTable).set({ phoneVerified: true }).where(eq(userTable.id, who.id))
    const verified = async () => (await profile.t.db.select({ v: userTable.phoneVerified }).from(userTable).where(eq(userTable.id, who.id)))[0]?.v
    await patchMe(who, { phone: '+16155550204', name: 'Same Phone' })
    expect(await verified()).toBe(true)
    await patchMe(who, { phone: '+16155550205' })
    expect(await verified()).toBe(false)
  })

  it('answers 401 without a session', async () => {
    expect((await profile.t.app.inject({ method: 'PATCH', url: '/api/me', payload: { name: 'Ada Lovelace' } })).statusCode).toBe(401)
  })
})

describe('PATCH /api/me: the NRDS number and MLS ID of an agent', () => {
  const MLS = ['common.mlsId', 'Lead agent MLS ID must be: state code - license number (e.g., TN-123456)'] as const
  const NRDS = ['profile.nrds', 'NRDS number must be 9 digits'] as const
  const REQUIRED = ['common.required', 'Required'] as const

  async function agent(role: Role = 'BUYER_AGENT', details: { sellerAgentId: string | null; nrds: string | null } = { sellerAgentId: 'TN-100001', nrds: '500100001' }) {
    const who = await signedInUser({ roles: [role] })
    await profile.t.db.update(userTable).set(details).where(eq(userTable.id, who.id))
    return who
  }

  const sources = (who: Signed) =>
    profile.t.app.inject({ method: 'GET', url: '/api/listing-import/sources', headers: who.headers }).then((response) => response.json<{ mlsId: string | null; lastFeedTimestamp: string | null }>())

  it.each(['BUYER_AGENT', 'SELLER_AGENT'] as const)('lets a %s change both; the import then asks the feed for the new MLS ID', async (role) => {
    const who = await agent(role)
    const response = await patchMe(who, { sellerAgentId: ' TN-654321 ', nrds: '987654321' })
    expect(response.statusCode).toBe(200)
    expect(response.json<{ user: User }>().user).toMatchObject({ sellerAgentId: 'TN-654321', nrds: '987654321', roles: [role] })
    expect(await me(who.headers)).toMatchObject({ sellerAgentId: 'TN-654321', nrds: '987654321' })
    expect(await sources(who)).toMatchObject({ mlsId: 'TN-654321' })
  })

  it('lets an agent who has no MLS ID yet add one', async () => {
    const who = await agent('SELLER_AGENT', { sellerAgentId: null, nrds: null })
    expect(await sources(who)).toMatchObject({ mlsId: null })
    const response = await patchMe(who, { sellerAgentId: 'TN-777777' })
    expect(response.statusCode).toBe(200)
    expect(await sources(who)).toMatchObject({ mlsId: 'TN-777777' })
  })

  it("forgets the feed's last import time when the MLS ID changes, so the next check loads the new one's listings whole", async () => {
    const who = await agent()
    const highWater = new Date('2026-01-02T03:04:05.000Z')
    await profile.t.db.insert(mlsFeedCursor).values({ userId: who.id, highWater })
    expect((await patchMe(who, { sellerAgentId: 'TN-100001', name: 'Same Mls Id' })).statusCode).toBe(200)
    expect(await sources(who)).toMatchObject({ mlsId: 'TN-100001', lastFeedTimestamp: highWater.toISOString() })
    expect((await patchMe(who, { sellerAgentId: 'TN-100002' })).statusCode).toBe(200)
    expect(await sources(who)).toMatchObject({ mlsId: 'TN-100002', lastFeedTimestamp: null })
  })

  it.each([
    ['sellerAgentId', 'tn-654321', ...MLS],
    ['sellerAgentId', 'TN654321', ...MLS],
    ['sellerAgentId', 'TN-', ...MLS],
    ['sellerAgentId', 'TN-12 34', ...MLS],
    ['sellerAgentId', `TN-${'1'.repeat(40)}`, ...MLS],
    ['sellerAgentId', '', ...REQUIRED],
    ['sellerAgentId', '   ', ...REQUIRED],
    ['nrds', '12345678', ...NRDS],
    ['nrds', '12345678a', ...NRDS],
    ['nrds', '', ...REQUIRED],
  ])('refuses %s %j with %s and keeps the old one', async (field, value, key, message) => {
    const who = await agent()
    const response = await patchMe(who, { [field]: value, name: 'Not Saved Either' })
    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST', key, message, errors: [{ path: field, key, message }] })
    expect(await me(who.headers)).toMatchObject({ sellerAgentId: 'TN-100001', nrds: '500100001' })
  })

  it('refuses values of the wrong type with 400, never a 500', async () => {
    const who = await agent()
    for (const payload of [{ sellerAgentId: null }, { sellerAgentId: 42 }, { nrds: ['123456789'] }, { sellerAgentId: 'T'.repeat(100_000) }]) {
      const response = await patchMe(who, payload)
      expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400)
    }
  })

  it.each(['BUYER_SIMPLE', 'SELLER_SIMPLE', 'SELLER_OWNER', 'PRINCIPAL_BROKER'] as const)('refuses both from a %s, who is not an agent, and saves nothing', async (role) => {
    const who = await signedInUser({ roles: [role], name: 'Nora Notagent' })
    const message = 'Only agents have an NRDS number and MLS ID'
    const response = await patchMe(who, { name: 'Nora Changed', sellerAgentId: 'TN-654321', nrds: '987654321' })
    expect(response.statusCode).toBe(400)
    const key = 'profile.agentDetailsOnly'
    expect(response.json<ApiError>()).toEqual({
      statusCode: 400,
      code: 'BAD_REQUEST',
      key,
      message,
      errors: [
        { path: 'nrds', key, message },
        { path: 'sellerAgentId', key, message },
      ],
    })
    expect((await patchMe(who, { sellerAgentId: 'TN-654321' })).json<ApiError>()).toMatchObject({ key, message, errors: [{ path: 'sellerAgentId', key, message }] })
    expect(await me(who.headers)).toMatchObject({ name: 'Nora Notagent', sellerAgentId: null, nrds: null })
  })
})
