import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import type { User } from '@offerbook/domain/user'
import { storedFile } from '../../db/schema/files'
import sharp from 'sharp'
import { makeJpeg, makeJpegLike, makePng, multipart, textChunk } from '../files/files.test-helpers'
import type { Signed } from './profile.test-helpers'
import { profileTestApp } from './profile.test-helpers'

const profile = profileTestApp()
const { signedInUser, me } = profile

describe('POST /api/me/photo', () => {
  const upload = async (who: Signed | null, parts: Parameters<typeof multipart>[0]) => {
    const { payload, headers } = await multipart(parts)
    return profile.t.app.inject({ method: 'POST', url: '/api/me/photo', headers: { ...headers, ...(who?.headers ?? {}) }, payload })
  }

  it('stores a PNG decoded and encoded again as WebP, never as uploaded, and serves that at photoURL', async () => {
    const who = await signedInUser()
    // A text chunk riding along after the image data: the stored photo must not carry it.
    const png = Buffer.concat([makePng(3, 2, [200, 30, 40]).subarray(0, -12), textChunk('Comment', '<script>alert(1)</script>'), makePng(1, 1, [0, 0, 0]).subarray(-12)])
    const response = await upload(who, [{ name: 'photo', value: png, filename: 'me.png', type: 'image/png' }])
    expect(response.statusCode).toBe(200)
    const { photoURL } = response.json<{ user: User }>().user
    expect(photoURL).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/)
    const id = photoURL!.split('/').pop()!

    const [row] = await profile.t.db.select().from(storedFile).where(eq(storedFile.id, id))
    expect(row).toMatchObject({ ownerId: who.id, purpose: 'profile-photo', key: `users/${who.id}/photo-${id}.webp`, contentType: 'image/webp', filename: 'me.png' })
    expect(await profile.storage.exists(row!.key)).toBe(true)

    const served = await profile.t.app.inject({ method: 'GET', url: photoURL! })
    expect(served.statusCode).toBe(200)
    expect(served.rawPayload.equals(png)).toBe(false)
    expect(served.rawPayload.includes('<script>')).toBe(false)
    const decoded = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true })
    expect(decoded.info).toMatchObject({ format: 'raw', width: 3, height: 2 })
    // Lossy, so near the colour rather than exactly it.
    expect(Math.abs(decoded.data[0]! - 200)).toBeLessThan(16)
    expect(row!.size).toBe(served.rawPayload.length)
    expect(served.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-length': String(served.rawPayload.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    })
    expect((await me(who.headers)).photoURL).toBe(photoURL)
  })

  it('goes by the bytes, not the declared type: a JPEG sent as octet-stream is read as a JPEG', async () => {
    const who = await signedInUser()
    const jpeg = await makeJpeg()
    const response = await upload(who, [{ name: 'photo', value: jpeg, filename: 'camera', type: 'application/octet-stream' }])
    expect(response.statusCode).toBe(200)
    const served = await profile.t.app.inject({ method: 'GET', url: response.json<{ user: User }>().user.photoURL! })
    expect(served.headers['content-type']).toBe('image/webp')
    expect((await sharp(served.rawPayload).metadata()).width).toBe(4)
  })

  it('refuses a file that starts like a JPEG but is no picture with 415', async () => {
    const who = await signedInUser()
    const response = await upload(who, [{ name: 'photo', value: makeJpegLike(), filename: 'camera.jpg', type: 'image/jpeg' }])
    expect(response.statusCode).toBe(415)
    expect(response.json<ApiError>().key).toBe('profile.photoType')
    expect((await me(who.headers)).photoURL).toBeNull()
  })

  it('keeps a large photo at most 512 pixels on a side', async () => {
    const who = await signedInUser()
    const response = await upload(who, [{ name: 'photo', value: makePng(1200, 600, [10, 20, 30]), filename: 'wide.png', type: 'image/png' }])
    expect(response.statusCode).toBe(200)
    const served = await profile.t.app.inject({ method: 'GET', url: response.json<{ user: User }>().user.photoURL! })
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 512, height: 256 })
  })

  it('refuses a text file that claims to be a PNG with 415', async () => {
    const who = await signedInUser()
    const response = await upload(who, [{ name: 'photo', value: Buffer.from('just some text, not a picture'), filename: 'me.png', type: 'image/png' }])
    expect(response.statusCode).toBe(415)
    expect(response.json<ApiError>()).toEqual({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE', key: 'profile.photoType', message: 'The photo must be a JPEG, PNG or WebP image' })
    expect((await me(who.headers)).photoURL).toBeNull()
  })

  it('refuses a photo over 5 MB with 413', async () => {
    const who = await signedInUser()
    const big = Buffer.concat([makePng(1, 1, [0, 0, 0]), Buffer.alloc(6 * 1024 * 1024)])
    const response = await upload(who, [{ name: 'photo', value: big, filename: 'big.png', type: 'image/png' }])
    expect(response.statusCode).toBe(413)
    expect(response.json<ApiError>()).toEqual({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', key: 'profile.photoTooLarge', message: 'The photo is larger than 5 MB' })
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
    const [firstRow] = await profile.t.db.select().from(storedFile).where(eq(storedFile.id, firstUrl.split('/').pop()!))
    expect(await profile.storage.exists(firstRow!.key)).toBe(true)

    const second = await upload(who, [{ name: 'photo', value: await makeJpeg(), filename: 'b.jpg', type: 'image/jpeg' }])
    expect(second.statusCode).toBe(200)
    const secondUrl = second.json<{ user: User }>().user.photoURL!
    expect(secondUrl).not.toBe(firstUrl)

    expect(await profile.storage.exists(firstRow!.key)).toBe(false)
    const rows = await profile.t.db.select().from(storedFile).where(and(eq(storedFile.ownerId, who.id), eq(storedFile.purpose, 'profile-photo')))
    expect(rows.map((row) => row.id)).toEqual([secondUrl.split('/').pop()])
    expect((await profile.t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404)
    expect((await profile.t.app.inject({ method: 'GET', url: secondUrl })).statusCode).toBe(200)
  })

  it('refuses a form without the photo, with another field, or with two files', async () => {
    const who = await signedInUser()
    const png = makePng(1, 1, [0, 0, 0])
    const missing = { key: 'profile.photoMissing', message: 'Choose a photo to upload' }
    const onlyOne = { key: 'profile.photoOnlyOne', message: 'Send one file, in the form field photo, and nothing else' }
    const cases: Array<[Parameters<typeof multipart>[0], { key: string; message: string }]> = [
      [[], missing],
      [[{ name: 'picture', value: png, filename: 'a.png', type: 'image/png' }], onlyOne],
      [[{ name: 'caption', value: 'hello' }, { name: 'photo', value: png, filename: 'a.png', type: 'image/png' }], onlyOne],
      [[{ name: 'photo', value: png, filename: 'a.png', type: 'image/png' }, { name: 'photo', value: png, filename: 'b.png', type: 'image/png' }], onlyOne],
    ]
    for (const [parts, expected] of cases) {
      const response = await upload(who, parts)
      expect(response.statusCode, JSON.stringify(parts.map((part) => part.name))).toBe(400)
      expect(response.json<ApiError>()).toMatchObject(expected)
    }
    expect((await me(who.headers)).photoURL).toBeNull()
  })

  it('answers 4xx, never 500, to a body that is not a good multipart form', async () => {
    const who = await signedInUser()
    const json = await profile.t.app.inject({ method: 'POST', url: '/api/me/photo', headers: who.headers, payload: { photo: 'x' } })
    expect(json.statusCode).toBe(415)
    expect(json.json<ApiError>()).toMatchObject({ key: 'profile.photoNotMultipart', message: 'Send the photo as multipart/form-data' })
    const truncated = await profile.t.app.inject({
      method: 'POST',
      url: '/api/me/photo',
      headers: { ...who.headers, 'content-type': 'multipart/form-data; boundary=XYZ' },
      payload: '--XYZ\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\n\r\n\x89PNG',
    })
    expect(truncated.statusCode).toBeGreaterThanOrEqual(400)
    expect(truncated.statusCode).toBeLessThan(500)
    const noBoundary = await profile.t.app.inject({ method: 'POST', url: '/api/me/photo', headers: { ...who.headers, 'content-type': 'multipart/form-data' }, payload: 'abc' })
    expect(noBoundary.statusCode).toBeGreaterThanOrEqual(400)
    expect(noBoundary.statusCode).toBeLessThan(500)
  })

  it('answers 401 without a session and leaves other routes JSON-only', async () => {
    expect((await upload(null, [{ name: 'photo', value: makePng(1, 1, [0, 0, 0]), filename: 'a.png', type: 'image/png' }])).statusCode).toBe(401)
    const who = await signedInUser()
    const { payload, headers } = await multipart([{ name: 'name', value: 'Ada Lovelace' }])
    const response = await profile.t.app.inject({ method: 'PATCH', url: '/api/me', headers: { ...headers, ...who.headers }, payload })
    expect(response.statusCode).toBe(415)
  })
})
