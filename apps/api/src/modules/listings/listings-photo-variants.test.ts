import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { PHOTO_VARIANT_WIDTHS } from '@offerbook/domain/photo-variants'
import { makePng } from '../files/files.test-helpers'
import { photoVariantKeys } from '../files/photo-variants'
import type { Signed } from './listings.test-helpers'
import { apiError, call, useListingsTestApp, makeJpeg, managed, newListing, signedInUser, storageKeyOf, uploadPhoto } from './listings.test-helpers'

/** A stored listing photo gets WebP copies at the display widths; the original stays as uploaded. */

const t = useListingsTestApp()
let owner: Signed

beforeAll(async () => {
  owner = await signedInUser(t, ['SELLER_OWNER'])
})

describe('listing photo copies', () => {
  it('are WebP, 4:3, at each display width, while the URL without a width is the photo as uploaded', async () => {
    const draft = await newListing(t, owner)
    const original = makePng(300, 200, [40, 120, 200])
    const uploaded = await uploadPhoto(t, owner, draft.id, original, 'front.png')
    expect(uploaded.statusCode).toBe(201)
    const url = managed(uploaded).Media[0]!.MediaURL

    for (const width of PHOTO_VARIANT_WIDTHS) {
      const copy = await t.app.inject({ method: 'GET', url: `${url}?w=${width}` })
      expect(copy.statusCode).toBe(200)
      expect(copy.headers['content-type']).toBe('image/webp')
      expect(copy.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      const meta = await sharp(copy.rawPayload).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, (width * 3) / 4])
    }

    const plain = await t.app.inject({ method: 'GET', url })
    expect(plain.headers['content-type']).toBe('image/png')
    expect(Buffer.compare(plain.rawPayload, original)).toBe(0)
  })

  it('are made for a JPEG too, and a width that is not one of them is a 400 that names the widths', async () => {
    const draft = await newListing(t, owner)
    const uploaded = await uploadPhoto(t, owner, draft.id, makeJpeg(), 'kitchen.jpg')
    expect(uploaded.statusCode).toBe(201)
    const url = managed(uploaded).Media[0]!.MediaURL
    const copy = await t.app.inject({ method: 'GET', url: `${url}?w=320` })
    expect(copy.headers['content-type']).toBe('image/webp')

    for (const width of ['500', 'abc', '-320']) {
      const refused = await t.app.inject({ method: 'GET', url: `${url}?w=${width}` })
      expect(refused.statusCode).toBe(400)
      expect(apiError(refused).errors?.[0]?.key ?? apiError(refused).key).toBe('files.badWidth')
    }
  })

  it('go with the photo when it is removed', async () => {
    const draft = await newListing(t, owner)
    await uploadPhoto(t, owner, draft.id, makePng(64, 48, [1, 2, 3]), 'a.png')
    const second = managed(await uploadPhoto(t, owner, draft.id, makePng(64, 48, [4, 5, 6]), 'b.png'))
    const photo = second.Media[1]!
    const key = await storageKeyOf(t, photo.MediaURL)
    for (const variant of photoVariantKeys(key)) expect(await t.storage.exists(variant)).toBe(true)

    const removed = await call(t, owner, { method: 'DELETE', url: `/api/listings/${draft.id}/photos/${photo.id}` })
    expect(removed.statusCode).toBe(200)
    expect(await t.storage.exists(key)).toBe(false)
    for (const variant of photoVariantKeys(key)) expect(await t.storage.exists(variant)).toBe(false)
  })
})
