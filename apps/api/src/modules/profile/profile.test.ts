import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import { DEMO_PASSWORD } from '@offerbook/domain/demo-accounts'
import type { Role } from '@offerbook/domain/roles'
import type { User } from '@offerbook/domain/user'
import type { TestApp } from '../../../test/build-test-app'
import { buildTestApp } from '../../../test/build-test-app'
import { bearer, createUser, signIn } from '../../../test/factories'
import { storedFile } from '../../db/schema/files'
import { mlsFeedCursor } from '../../db/schema/listings'
import { outboxMessage } from '../../db/schema/outbox'
import { user as userTable } from '../../db/schema/users'
import type { FileStorage } from '../../storage/storage'
import { createFileStorage } from '../../storage/storage'
import { makeJpegLike, makePng, multipart } from '../files/files.test-helpers'

let t: TestApp
let files: string
let storage: FileStorage

beforeAll(async () => {
  files = await mkdtemp(join(tmpdir(), 'offerbook-profile-test-'))
  storage = createFileStorage({ kind: 'disk', directory: files })
  t = await buildTestApp({ seed: true, config: { storage: { kind: 'disk', directory: files } } })
})
afterAll(async () => {
  await t.close()
  await rm(files, { recursive: true, force: true })
})

type Signed = { id: string; email: string; password: string; headers: { authorization: string } }

async function signedInUser(options: { roles?: Role[]; onboarded?: boolean; name?: string } = {}): Promise<Signed> {
  const created = await createUser(t, { roles: options.roles ?? [], ...(options.name ? { name: options.name } : {}) })
  if (options.onboarded === false) await t.db.update(userTable).set({ onboarded: false }).where(eq(userTable.id, created.id))
  const { accessToken } = await signIn(t.app, created.email, created.password)
  return { ...created, headers: bearer(accessToken) }
}

const newcomer = () => signedInUser({ onboarded: false })

function me(headers: { authorization: string }) {
  return t.app.inject({ method: 'GET', url: '/api/me', headers }).then((response) => response.json<{ user: User }>().user)
}

const onboard = (who: Signed, payload: object) => t.app.inject({ method: 'PUT', url: '/api/me/onboarding', headers: who.headers, payload })
const patchMe = (who: Signed, payload: object) => t.app.inject({ method: 'PATCH', url: '/api/me', headers: who.headers, payload })

const AGENT = { nrds: '123456789', sellerAgentId: 'TN-123456', phone: '+16155550101', zipcode: '37203' }

describe('PUT /api/me/onboarding', () => {
  it('makes a buyer of a new user: roles exactly [BUYER_SIMPLE], onboarded', async () => {
    const who = await newcomer()
    const response = await onboard(who, { kind: 'BUYER_SIMPLE' })
    expect(response.statusCode).toBe(200)
    expect(response.json<{ user: User }>().user).toMatchObject({ uid: who.id, roles: ['BUYER_SIMPLE'], onboarded: true, nrds: null, sellerAgentId: null })
    expect(await me(who.headers)).toMatchObject({ roles: ['BUYER_SIMPLE'], onboarded: true })
  })

  it('replaces whatever roles the user had', async () => {
    const who = await signedInUser({ roles: ['SELLER_OWNER', 'BUYER_AGENT'], onboarded: false })
    const response = await onboard(who, { kind: 'SELLER_SIMPLE', zipcode: '37203-1234', phone: '' })
    expect(response.statusCode).toBe(200)
    expect(response.json<{ user: User }>().user).toMatchObject({ roles: ['SELLER_SIMPLE'], zipcode: '37203-1234', phone: null, isAddListingEnabled: false })
  })

  it('does not keep an NRDS number or MLS ID from a user who is not an agent', async () => {
    const who = await newcomer()
    const response = await onboard(who, { kind: 'SELLER_OWNER', ...AGENT, phone: '+16155550177' })
    expect(response.statusCode).toBe(200)
    expect(response.json<{ user: User }>().user).toMatchObject({ roles: ['SELLER_OWNER'], nrds: null, sellerAgentId: null, phone: '+16155550177', isAddListingEnabled: true })
  })

  it('asks an agent for the NRDS number, MLS ID, phone and ZIP code', async () => {
    const who = await newcomer()
    const response = await onboard(who, { kind: 'BUYER_AGENT' })
    expect(response.statusCode).toBe(400)
    const body = response.json<ApiError>()
    expect(body.message).toBe('Required')
    expect(body.errors).toEqual([
      { path: 'nrds', message: 'Required' },
      { path: 'sellerAgentId', message: 'Required' },
      { path: 'phone', message: 'Required' },
      { path: 'zipcode', message: 'Required' },
    ])
    expect(await me(who.headers)).toMatchObject({ onboarded: false, roles: [] })
  })

  it.each([
    ['nrds', '12345678', 'NRDS number must be 9 digits'],
    ['nrds', '12345678a', 'NRDS number must be 9 digits'],
    ['sellerAgentId', 'tn-123456', 'Lead agent MLS ID must be: state code - license number (e.g., TN-123456)'],
    ['sellerAgentId', 'TN123456', 'Lead agent MLS ID must be: state code - license number (e.g., TN-123456)'],
    ['phone', '(615) 555-0101', 'Invalid phone number'],
    ['zipcode', '3720', 'Invalid ZIP code'],
    ['nrds', '', 'Required'],
  ])('refuses an agent whose %s is %j with %j', async (field, value, message) => {
    const who = await newcomer()
    const response = await onboard(who, { kind: 'SELLER_AGENT', ...AGENT, [field]: value })
    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toMatchObject({ code: 'BAD_REQUEST', message, errors: [{ path: field, message }] })
  })

  it('takes an agent with MLS ID TN-123456 and keeps the details', async () => {
    const who = await newcomer()
    const response = await onboard(who, { kind: 'SELLER_AGENT', ...AGENT, phone: '+16155550102', nrds: ' 987654321 ' })
    expect(response.statusCode).toBe(200)
    expect(response.json<{ user: User }>().user).toMatchObject({
      roles: ['SELLER_AGENT'],
      onboarded: true,
      nrds: '987654321',
      sellerAgentId: 'TN-123456',
      phone: '+16155550102',
      zipcode: '37203',
      isAddListingEnabled: true,
    })
  })

  it('answers 409 to a user who has already onboarded, and changes nothing', async () => {
    const who = await newcomer()
    expect((await onboard(who, { kind: 'BUYER_SIMPLE' })).statusCode).toBe(200)
    const again = await onboard(who, { kind: 'SELLER_AGENT', ...AGENT, phone: '+16155550103' })
    expect(again.statusCode).toBe(409)
    expect(again.json<ApiError>()).toEqual({ statusCode: 409, code: 'CONFLICT', message: 'You have already completed onboarding' })
    expect(await me(who.headers)).toMatchObject({ roles: ['BUYER_SIMPLE'], phone: null })
  })

  it.each(['ADMIN', 'SUPER_ADMIN', 'PRINCIPAL_BROKER', 'admin', '', 42, null])('never lets a user choose the kind %j', async (kind) => {
    const who = await newcomer()
    const response = await onboard(who, { kind, ...AGENT })
    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>().errors?.[0]?.path).toBe('kind')
    expect(await me(who.headers)).toMatchObject({ onboarded: false, roles: [] })
  })

  it('answers 409 when the phone belongs to another user', async () => {
    const first = await newcomer()
    expect((await onboard(first, { kind: 'BUYER_SIMPLE', phone: '+16155550104' })).statusCode).toBe(200)
    const second = await newcomer()
    const response = await onboard(second, { kind: 'BUYER_AGENT', ...AGENT, phone: '+16155550104' })
    expect(response.statusCode).toBe(409)
    expect(response.json<ApiError>().message).toBe('This phone number is already in use')
    expect(await me(second.headers)).toMatchObject({ onboarded: false, roles: [] })
  })

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/api/me/onboarding', payload: { kind: 'BUYER_SIMPLE' } })
    expect(response.statusCode).toBe(401)
    expect(response.json<ApiError>()).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Please sign in' })
  })
})

describe('PATCH /api/me', () => {
  it('changes the name, phone, ZIP code and language', async () => {
    const who = await signedInUser({ roles: ['BUYER_SIMPLE'] })
    const response = await patchMe(who, { name: '  Ada   Lovelace ', phone: '+16155550201', zipcode: '37027', language: 'es-es' })
    expect(response.statusCode).toBe(200)
    expect(response.json<{ user: User }>().user).toMatchObject({ name: 'Ada   Lovelace', phone: '+16155550201', zipcode: '37027', language: 'es-es', roles: ['BUYER_SIMPLE'] })
    expect(await me(who.headers)).toMatchObject({ phone: '+16155550201', zipcode: '37027', language: 'es-es' })
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
    ['name', 'Ada', 'Required First and Last Name'],
    ['name', '', 'Required First and Last Name'],
    ['name', 'Ada\u0000 Lovelace', 'This text contains characters that cannot be saved'],
    ['name', 'Ada \uD800Lovelace', 'This text contains characters that cannot be saved'],
    ['name', `Ada ${'L'.repeat(300)}`, 'Must have at most 200 characters'],
    ['phone', '(615) 555-0123', 'Invalid phone number'],
    ['phone', '+0123', 'Invalid phone number'],
    ['zipcode', '372031', 'Invalid ZIP code'],
    ['zipcode', 'ABCDE', 'Invalid ZIP code'],
  ])('refuses %s %j with %j', async (field, value, message) => {
    const who = await signedInUser()
    const response = await patchMe(who, { [field]: value })
    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toMatchObject({ code: 'BAD_REQUEST', message, errors: [{ path: field, message }] })
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
    expect(response.json<ApiError>()).toMatchObject({ code: 'CONFLICT', message: 'This phone number is already in use' })
    expect(await me(other.headers)).toMatchObject({ phone: null, zipcode: null })
  })

  it('keeps the phone verified when it stays the same and clears it when it changes', async () => {
    const who = await signedInUser()
    await patchMe(who, { phone: '+16155550204' })
    await t.db.update(userTable).set({ phoneVerified: true }).where(eq(userTable.id, who.id))
    const verified = async () => (await t.db.select({ v: userTable.phoneVerified }).from(userTable).where(eq(userTable.id, who.id)))[0]?.v
    await patchMe(who, { phone: '+16155550204', name: 'Same Phone' })
    expect(await verified()).toBe(true)
    await patchMe(who, { phone: '+16155550205' })
    expect(await verified()).toBe(false)
  })

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'PATCH', url: '/api/me', payload: { name: 'Ada Lovelace' } })).statusCode).toBe(401)
  })
})

describe('PATCH /api/me: the NRDS number and MLS ID of an agent', () => {
  const MLS_MESSAGE = 'Lead agent MLS ID must be: state code - license number (e.g., TN-123456)'

  async function agent(role: Role = 'BUYER_AGENT', details: { sellerAgentId: string | null; nrds: string | null } = { sellerAgentId: 'TN-100001', nrds: '500100001' }) {
    const who = await signedInUser({ roles: [role] })
    await t.db.update(userTable).set(details).where(eq(userTable.id, who.id))
    return who
  }

  const sources = (who: Signed) =>
    t.app.inject({ method: 'GET', url: '/api/listing-import/sources', headers: who.headers }).then((response) => response.json<{ mlsId: string | null; lastFeedTimestamp: string | null }>())

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
    await t.db.insert(mlsFeedCursor).values({ userId: who.id, highWater })
    expect((await patchMe(who, { sellerAgentId: 'TN-100001', name: 'Same Mls Id' })).statusCode).toBe(200)
    expect(await sources(who)).toMatchObject({ mlsId: 'TN-100001', lastFeedTimestamp: highWater.toISOString() })
    expect((await patchMe(who, { sellerAgentId: 'TN-100002' })).statusCode).toBe(200)
    expect(await sources(who)).toMatchObject({ mlsId: 'TN-100002', lastFeedTimestamp: null })
  })

  it.each([
    ['sellerAgentId', 'tn-654321', MLS_MESSAGE],
    ['sellerAgentId', 'TN654321', MLS_MESSAGE],
    ['sellerAgentId', 'TN-', MLS_MESSAGE],
    ['sellerAgentId', 'TN-12 34', MLS_MESSAGE],
    ['sellerAgentId', `TN-${'1'.repeat(40)}`, MLS_MESSAGE],
    ['sellerAgentId', '', 'Required'],
    ['sellerAgentId', '   ', 'Required'],
    ['nrds', '12345678', 'NRDS number must be 9 digits'],
    ['nrds', '12345678a', 'NRDS number must be 9 digits'],
    ['nrds', '', 'Required'],
  ])('refuses %s %j with %j and keeps the old one', async (field, value, message) => {
    const who = await agent()
    const response = await patchMe(who, { [field]: value, name: 'Not Saved Either' })
    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toEqual({ statusCode: 400, code: 'BAD_REQUEST', message, errors: [{ path: field, message }] })
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
    expect(response.json<ApiError>()).toEqual({
      statusCode: 400,
      code: 'BAD_REQUEST',
      message,
      errors: [
        { path: 'nrds', message },
        { path: 'sellerAgentId', message },
      ],
    })
    expect((await patchMe(who, { sellerAgentId: 'TN-654321' })).json<ApiError>()).toMatchObject({ message, errors: [{ path: 'sellerAgentId', message }] })
    expect(await me(who.headers)).toMatchObject({ name: 'Nora Notagent', sellerAgentId: null, nrds: null })
  })
})

describe('POST /api/me/photo', () => {
  const upload = async (who: Signed | null, parts: Parameters<typeof multipart>[0]) => {
    const { payload, headers } = await multipart(parts)
    return t.app.inject({ method: 'POST', url: '/api/me/photo', headers: { ...headers, ...(who?.headers ?? {}) }, payload })
  }

  it('stores a PNG and serves the same bytes back at photoURL', async () => {
    const who = await signedInUser()
    const png = makePng(3, 2, [200, 30, 40])
    const response = await upload(who, [{ name: 'photo', value: png, filename: 'me.png', type: 'image/png' }])
    expect(response.statusCode).toBe(200)
    const { photoURL } = response.json<{ user: User }>().user
    expect(photoURL).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/)
    const id = photoURL!.split('/').pop()!

    const [row] = await t.db.select().from(storedFile).where(eq(storedFile.id, id))
    expect(row).toMatchObject({ ownerId: who.id, purpose: 'profile-photo', key: `users/${who.id}/photo-${id}.png`, contentType: 'image/png', size: png.length, filename: 'me.png' })
    expect(await storage.exists(row!.key)).toBe(true)

    const served = await t.app.inject({ method: 'GET', url: photoURL! })
    expect(served.statusCode).toBe(200)
    expect(served.rawPayload.equals(png)).toBe(true)
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(png.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    })
    expect((await me(who.headers)).photoURL).toBe(photoURL)
  })

  it('goes by the bytes, not the declared type: a JPEG sent as octet-stream is a JPEG', async () => {
    const who = await signedInUser()
    const jpeg = makeJpegLike()
    const response = await upload(who, [{ name: 'photo', value: jpeg, filename: 'camera', type: 'application/octet-stream' }])
    expect(response.statusCode).toBe(200)
    const served = await t.app.inject({ method: 'GET', url: response.json<{ user: User }>().user.photoURL! })
    expect(served.headers['content-type']).toBe('image/jpeg')
    expect(served.rawPayload.equals(jpeg)).toBe(true)
  })

  it('refuses a text file that claims to be a PNG with 415', async () => {
    const who = await signedInUser()
    const response = await upload(who, [{ name: 'photo', value: Buffer.from('just some text, not a picture'), filename: 'me.png', type: 'image/png' }])
    expect(response.statusCode).toBe(415)
    expect(response.json<ApiError>()).toEqual({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'The photo must be a JPEG, PNG or WebP image' })
    expect((await me(who.headers)).photoURL).toBeNull()
  })

  it('refuses a photo over 5 MB with 413', async () => {
    const who = await signedInUser()
    const big = Buffer.concat([makePng(1, 1, [0, 0, 0]), Buffer.alloc(6 * 1024 * 1024)])
    const response = await upload(who, [{ name: 'photo', value: big, filename: 'big.png', type: 'image/png' }])
    expect(response.statusCode).toBe(413)
    expect(response.json<ApiError>()).toEqual({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The photo is larger than 5 MB' })
    expect((await me(who.headers)).photoURL).toBeNull()
  })

  it('takes a photo of exactly 5 MB', async () => {
    const who = await signedInUser()
    const png = makePng(1, 1, [0, 0, 0])
    const exact = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 - png.length)])
    const response = await upload(who, [{ name: 'photo', value: exact, filename: 'exact.png', type: 'image/png' }])
    expect(response.statusCode).toBe(200)
  })

  it('removes the previous photo from the storage and its row once the new one is saved', async () => {
    const who = await signedInUser()
    const first = await upload(who, [{ name: 'photo', value: makePng(1, 1, [1, 2, 3]), filename: 'a.png', type: 'image/png' }])
    const firstUrl = first.json<{ user: User }>().user.photoURL!
    const [firstRow] = await t.db.select().from(storedFile).where(eq(storedFile.id, firstUrl.split('/').pop()!))
    expect(await storage.exists(firstRow!.key)).toBe(true)

    const second = await upload(who, [{ name: 'photo', value: makeJpegLike(), filename: 'b.jpg', type: 'image/jpeg' }])
    expect(second.statusCode).toBe(200)
    const secondUrl = second.json<{ user: User }>().user.photoURL!
    expect(secondUrl).not.toBe(firstUrl)

    expect(await storage.exists(firstRow!.key)).toBe(false)
    const rows = await t.db.select().from(storedFile).where(and(eq(storedFile.ownerId, who.id), eq(storedFile.purpose, 'profile-photo')))
    expect(rows.map((row) => row.id)).toEqual([secondUrl.split('/').pop()])
    expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: secondUrl })).statusCode).toBe(200)
  })

  it('refuses a form without the photo, with another field, or with two files', async () => {
    const who = await signedInUser()
    const png = makePng(1, 1, [0, 0, 0])
    const cases: Array<[Parameters<typeof multipart>[0], string]> = [
      [[], 'Choose a photo to upload'],
      [[{ name: 'picture', value: png, filename: 'a.png', type: 'image/png' }], 'Send one file, in the form field photo, and nothing else'],
      [[{ name: 'caption', value: 'hello' }, { name: 'photo', value: png, filename: 'a.png', type: 'image/png' }], 'Send one file, in the form field photo, and nothing else'],
      [[{ name: 'photo', value: png, filename: 'a.png', type: 'image/png' }, { name: 'photo', value: png, filename: 'b.png', type: 'image/png' }], 'Send one file, in the form field photo, and nothing else'],
    ]
    for (const [parts, message] of cases) {
      const response = await upload(who, parts)
      expect(response.statusCode, JSON.stringify(parts.map((part) => part.name))).toBe(400)
      expect(response.json<ApiError>().message).toBe(message)
    }
    expect((await me(who.headers)).photoURL).toBeNull()
  })

  it('answers 4xx, never 500, to a body that is not a good multipart form', async () => {
    const who = await signedInUser()
    const json = await t.app.inject({ method: 'POST', url: '/api/me/photo', headers: who.headers, payload: { photo: 'x' } })
    expect(json.statusCode).toBe(415)
    expect(json.json<ApiError>().message).toBe('Send the photo as multipart/form-data')
    const truncated = await t.app.inject({
      method: 'POST',
      url: '/api/me/photo',
      headers: { ...who.headers, 'content-type': 'multipart/form-data; boundary=XYZ' },
      payload: '--XYZ\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\n\r\n\x89PNG',
    })
    expect(truncated.statusCode).toBeGreaterThanOrEqual(400)
    expect(truncated.statusCode).toBeLessThan(500)
    const noBoundary = await t.app.inject({ method: 'POST', url: '/api/me/photo', headers: { ...who.headers, 'content-type': 'multipart/form-data' }, payload: 'abc' })
    expect(noBoundary.statusCode).toBeGreaterThanOrEqual(400)
    expect(noBoundary.statusCode).toBeLessThan(500)
  })

  it('answers 401 without a session and leaves other routes JSON-only', async () => {
    expect((await upload(null, [{ name: 'photo', value: makePng(1, 1, [0, 0, 0]), filename: 'a.png', type: 'image/png' }])).statusCode).toBe(401)
    const who = await signedInUser()
    const { payload, headers } = await multipart([{ name: 'name', value: 'Ada Lovelace' }])
    const response = await t.app.inject({ method: 'PATCH', url: '/api/me', headers: { ...headers, ...who.headers }, payload })
    expect(response.statusCode).toBe(415)
  })
})

describe('POST /api/me/password', () => {
  const changePassword = (who: Signed, payload: object) => t.app.inject({ method: 'POST', url: '/api/me/password', headers: who.headers, payload })

  it('changes the password: the new one signs in, the old one does not', async () => {
    const who = await signedInUser()
    const response = await changePassword(who, { currentPassword: who.password, newPassword: 'a-brand-new-password' })
    expect(response.statusCode).toBe(200)

    const withNew = await t.app.inject({ method: 'POST', url: '/api/session', payload: { email: who.email, password: 'a-brand-new-password' } })
    expect(withNew.statusCode).toBe(200)
    const withOld = await t.app.inject({ method: 'POST', url: '/api/session', payload: { email: who.email, password: who.password } })
    expect(withOld.statusCode).toBe(401)
    expect(withOld.json<ApiError>().message).toBe('Incorrect e-mail/password combination')
  })

  it('ends the other sessions and hands the caller a new token', async () => {
    const who = await signedInUser()
    const elsewhere = bearer((await signIn(t.app, who.email, who.password)).accessToken)
    const response = await changePassword(who, { currentPassword: who.password, newPassword: 'another-new-password' })
    expect(response.statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: elsewhere })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: who.headers })).statusCode).toBe(401)
    const token = response.json<{ accessToken: string }>().accessToken
    expect(token).toEqual(expect.any(String))
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(String(token)) })).statusCode).toBe(200)
  })

  it('refuses a wrong current password with 400 and keeps the old one', async () => {
    const who = await signedInUser()
    const response = await changePassword(who, { currentPassword: 'not-my-password', newPassword: 'a-brand-new-password' })
    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toMatchObject({ code: 'BAD_REQUEST', message: 'Your current password is not correct' })
    expect((await t.app.inject({ method: 'POST', url: '/api/session', payload: { email: who.email, password: who.password } })).statusCode).toBe(200)
  })

  it('needs a new password of at least 8 characters and both fields', async () => {
    const who = await signedInUser()
    const short = await changePassword(who, { currentPassword: who.password, newPassword: 'short' })
    expect(short.statusCode).toBe(400)
    expect(short.json<ApiError>()).toMatchObject({ message: 'Must have at least 8 characters', errors: [{ path: 'newPassword', message: 'Must have at least 8 characters' }] })
    const missing = await changePassword(who, {})
    expect(missing.statusCode).toBe(400)
    expect(missing.json<ApiError>().errors?.map((error) => error.path).sort()).toEqual(['currentPassword', 'newPassword'])
    const huge = await changePassword(who, { currentPassword: who.password, newPassword: 'x'.repeat(300) })
    expect(huge.statusCode).toBe(400)
  })

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/me/password', payload: { currentPassword: 'a', newPassword: 'abcdefghij' } })).statusCode).toBe(401)
  })
})

describe('POST /api/me/principal-broker-request', () => {
  const request = (who: Signed) => t.app.inject({ method: 'POST', url: '/api/me/principal-broker-request', headers: who.headers })
  const mailsAbout = (email: string) =>
    t.db
      .select()
      .from(outboxMessage)
      .where(and(eq(outboxMessage.kind, 'profile.principal-broker-request'), sql`${outboxMessage.textBody} like ${`%${email}%`}`))

  it('marks the request pending and mails every admin and super-admin in their language', async () => {
    await t.db.update(userTable).set({ language: 'es-es' }).where(eq(userTable.email, 'super-admin@example.com'))
    const who = await signedInUser({ roles: ['SELLER_AGENT'], name: 'Paula Principal' })
    const response = await request(who)
    expect(response.statusCode).toBe(200)
    expect(response.json<{ user: User }>().user).toMatchObject({ principalBrokerStatus: 'pending', isPrincipalBroker: false })

    const mails = await mailsAbout(who.email)
    expect(mails.map((mail) => [mail.recipient, mail.locale, mail.status]).sort()).toEqual([
      ['admin@example.com', 'en-us', 'pending'],
      ['super-admin@example.com', 'es-es', 'pending'],
    ])
    expect(mails.find((mail) => mail.locale === 'en-us')?.subject).toBe('Principal broker access request from Paula Principal')
  })

  it('answers 409 to a second request', async () => {
    const who = await signedInUser()
    expect((await request(who)).statusCode).toBe(200)
    const again = await request(who)
    expect(again.statusCode).toBe(409)
    expect(again.json<ApiError>()).toEqual({ statusCode: 409, code: 'CONFLICT', message: 'Your principal broker request is already pending' })
    expect(await mailsAbout(who.email)).toHaveLength(2)
  })

  it('answers 409 to a principal broker', async () => {
    const { accessToken } = await signIn(t.app, 'principal-broker@example.com', DEMO_PASSWORD)
    const response = await t.app.inject({ method: 'POST', url: '/api/me/principal-broker-request', headers: bearer(accessToken) })
    expect(response.statusCode).toBe(409)
    expect(response.json<ApiError>().message).toBe('You are already a principal broker')
  })

  it('commits the status and the emails together: a failure after the first email leaves neither', async () => {
    // The second email's insert fails, after the status change and the first email were written.
    await t.db.execute(sql`
      create function refuse_second_admin_mail() returns trigger language plpgsql as $$
      begin
        if new.recipient = 'super-admin@example.com' then raise exception 'outbox refused'; end if;
        return new;
      end $$`)
    await t.db.execute(sql`create trigger refuse_second_admin_mail before insert on outbox_message for each row execute function refuse_second_admin_mail()`)
    const who = await signedInUser()
    try {
      const response = await request(who)
      expect(response.statusCode).toBe(500)
    } finally {
      await t.db.execute(sql`drop trigger refuse_second_admin_mail on outbox_message`)
      await t.db.execute(sql`drop function refuse_second_admin_mail()`)
    }
    expect(await me(who.headers)).toMatchObject({ principalBrokerStatus: 'none' })
    expect(await mailsAbout(who.email)).toEqual([])

    expect((await request(who)).statusCode).toBe(200)
    expect(await mailsAbout(who.email)).toHaveLength(2)
  })

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/me/principal-broker-request' })).statusCode).toBe(401)
  })
})
