import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ManagedListing } from '@offerbook/domain/listing'
import { LISTING_LIMITS } from '@offerbook/domain/listing'
import { listingMedia } from '../../db/schema/listings'
import { makePng, multipart } from '../files/files.test-helpers'
import { attachListingPhoto } from './listings-photos.service'
import type { Signed } from './listings.test-helpers'
import { apiError, call, useListingsTestApp, makeJpeg, managed, newListing, publishedListing, said, signedInUser, storageKeyOf, uploadPhoto } from './listings.test-helpers'

const t = useListingsTestApp()
let owner: Signed

beforeAll(async () => {
  owner = await signedInUser(t, ['SELLER_OWNER'])
})

describe('POST /api/listings/:id/photos', () => {
  it('adds a real PNG and a JPEG, each in its own request; the first is the primary photo and anyone can load it', async () => {
    const draft = await newListing(t, owner)
    const png = await uploadPhoto(t, owner, draft.id, makePng(3, 2, [250, 200, 0]), 'front.png')
    expect(png.statusCode).toBe(201)
    const jpeg = await uploadPhoto(t, owner, draft.id, makeJpeg(), 'kitchen.jpg')
    expect(jpeg.statusCode).toBe(201)
    const listing = managed(jpeg)
    expect(listing.Media.map(({ Order, filename }) => ({ Order, filename }))).toEqual([
      { Order: 0, filename: 'front.png' },
      { Order: 1, filename: 'kitchen.jpg' },
    ])
    const served = await t.app.inject({ method: 'GET', url: listing.Media[0]!.MediaURL })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.rawPayload.equals(makePng(3, 2, [250, 200, 0]))).toBe(true)
    expect(await storageKeyOf(t, listing.Media[1]!.MediaURL)).toMatch(new RegExp(`^listings/${draft.id}/.+\\.jpg$`))
    const servedJpeg = await t.app.inject({ method: 'GET', url: listing.Media[1]!.MediaURL })
    expect(servedJpeg.headers['content-type']).toBe('image/jpeg')
    expect(servedJpeg.rawPayload.equals(makeJpeg())).toBe(true)
  })

  it('numbers photos uploaded at the same time one after another', async () => {
    const draft = await newListing(t, owner)
    const responses = await Promise.all(Array.from({ length: 6 }, (_, index) => uploadPhoto(t, owner, draft.id, makePng(1, 1, [index, index, index]), `p${index}.png`)))
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(201))
    const listing = managed(await call(t, owner, { method: 'GET', url: `/api/listings/${draft.id}` }))
    expect(listing.Media.map((media) => media.Order)).toEqual([0, 1, 2, 3, 4, 5])
  })

  it('refuses a file that is not a JPEG, PNG or WebP whatever its name says (415)', async () => {
    const draft = await newListing(t, owner)
    const response = await uploadPhoto(t, owner, draft.id, Buffer.from('%PDF-1.7 not a photo'), 'photo.jpg')
    expect(response.statusCode).toBe(415)
    expect(apiError(response)).toMatchObject(said('listing.photoType'))
    expect(managed(await call(t, owner, { method: 'GET', url: `/api/listings/${draft.id}` })).Media).toEqual([])
  })

  it(`refuses a photo over ${LISTING_LIMITS.photoMaxBytes / 1024 / 1024} MB (413) and takes one of exactly that size`, async () => {
    const draft = await newListing(t, owner)
    const png = makePng(1, 1, [0, 0, 0])
    const tooBig = Buffer.concat([png, Buffer.alloc(LISTING_LIMITS.photoMaxBytes + 1 - png.length)])
    const refused = await uploadPhoto(t, owner, draft.id, tooBig, 'huge.png')
    expect(refused.statusCode).toBe(413)
    expect(apiError(refused)).toMatchObject(said('listing.photoTooLarge'))
    const exact = Buffer.concat([png, Buffer.alloc(LISTING_LIMITS.photoMaxBytes - png.length)])
    expect((await uploadPhoto(t, owner, draft.id, exact, 'exact.png')).statusCode).toBe(201)
  })

  it('refuses the 51st photo', async () => {
    const draft = await newListing(t, owner)
    // One photo stored as an upload stores it; the other 49 rows show the same file, as an order of
    // shared files would (each stored photo costs its resized copies, seconds for 50 of them).
    await attachListingPhoto(t.db, t.storage, { listingId: draft.id, ownerId: owner.id, bytes: makePng(1, 1, [0, 0, 0]), filename: 'p0.png' })
    const [stored] = await t.db.select().from(listingMedia).where(eq(listingMedia.listingId, draft.id))
    const others = Array.from({ length: LISTING_LIMITS.maxPhotos - 1 }, (_, index) => ({ id: randomUUID(), listingId: draft.id, fileId: stored!.fileId, order: index + 1 }))
    await t.db.insert(listingMedia).values(others.map((row) => ({ ...row, mediaKey: row.id })))
    const response = await uploadPhoto(t, owner, draft.id)
    expect(response.statusCode).toBe(400)
    expect(apiError(response)).toMatchObject(said('listing.tooManyPhotos'))
    const rows = await t.db.select().from(listingMedia).where(eq(listingMedia.listingId, draft.id))
    expect(rows).toHaveLength(LISTING_LIMITS.maxPhotos)
  })

  it('explains a request that is not one photo in the field "photo"', async () => {
    const draft = await newListing(t, owner)
    const url = `/api/listings/${draft.id}/photos`
    const json = await call(t, owner, { method: 'POST', url, payload: { photo: 'x' } })
    expect(json.statusCode).toBe(415)
    expect(apiError(json)).toMatchObject(said('listing.photoNotMultipart'))

    const two = await multipart([
      { name: 'photo', value: makePng(1, 1, [1, 1, 1]), filename: 'a.png', type: 'image/png' },
      { name: 'photo', value: makePng(1, 1, [2, 2, 2]), filename: 'b.png', type: 'image/png' },
    ])
    const twoFiles = await call(t, owner, { method: 'POST', url, payload: two.payload, headers: two.headers })
    expect(twoFiles.statusCode).toBe(400)
    expect(apiError(twoFiles)).toMatchObject(said('listing.photoOnlyOne'))

    const wrongField = await multipart([{ name: 'image', value: makePng(1, 1, [1, 1, 1]), filename: 'a.png', type: 'image/png' }])
    const wrong = await call(t, owner, { method: 'POST', url, payload: wrongField.payload, headers: wrongField.headers })
    expect(apiError(wrong)).toMatchObject(said('listing.photoOnlyOne'))

    const textField = await multipart([{ name: 'caption', value: 'hello' }])
    const text = await call(t, owner, { method: 'POST', url, payload: textField.payload, headers: textField.headers })
    expect(text.statusCode).toBe(400)
    expect(apiError(text)).toMatchObject(said('listing.photoOnlyOne'))

    const empty = await multipart([])
    const none = await call(t, owner, { method: 'POST', url, payload: empty.payload, headers: empty.headers })
    expect(none.statusCode).toBe(400)
    expect(apiError(none)).toMatchObject(said('listing.photoMissing'))
    expect(managed(await call(t, owner, { method: 'GET', url: `/api/listings/${draft.id}` })).Media).toEqual([])
  })

  it('refuses uploads from anyone who does not manage the listing, and to unknown listings', async () => {
    const draft = await newListing(t, owner)
    const stranger = await signedInUser(t, ['SELLER_AGENT'])
    expect((await uploadPhoto(t, stranger, draft.id)).statusCode).toBe(403)
    expect((await uploadPhoto(t, null, draft.id)).statusCode).toBe(401)
    expect((await uploadPhoto(t, owner, '6d1f0a52-0c8b-4b57-9d3c-2b8f1b2f7e10')).statusCode).toBe(404)
    expect((await uploadPhoto(t, owner, 'not-a-uuid')).statusCode).toBe(404)
  })

  it('keeps NUL and other control characters of the file name out of the stored name', async () => {
    const draft = await newListing(t, owner)
    const response = await uploadPhoto(t, owner, draft.id, makePng(1, 1, [5, 5, 5]), 'we\u0000ird\u0007name.png')
    expect(response.statusCode).toBe(201)
    expect(managed(response).Media[0]!.filename).toBe('weirdname.png')
  })
})

describe('PUT /api/listings/:id/photos/order and DELETE /api/listings/:id/photos/:mediaId', () => {
  async function threePhotos(): Promise<ManagedListing> {
    const draft = await newListing(t, owner)
    let listing = draft
    for (const [index, colour] of ([[255, 0, 0], [0, 255, 0], [0, 0, 255]] as const).entries()) {
      listing = managed(await uploadPhoto(t, owner, draft.id, makePng(1, 1, [...colour]), `photo-${index}.png`))
    }
    return listing
  }

  it('puts the photos in the order given; the first becomes the primary photo', async () => {
    const listing = await threePhotos()
    const [a, b, c] = listing.Media.map((media) => media.id)
    const response = await call(t, owner, { method: 'PUT', url: `/api/listings/${listing.id}/photos/order`, payload: { mediaIds: [c, a, b] } })
    expect(response.statusCode).toBe(200)
    expect(managed(response).Media.map(({ id, Order }) => [id, Order])).toEqual([
      [c, 0],
      [a, 1],
      [b, 2],
    ])
    const mine = await call(t, owner, { method: 'GET', url: '/api/listings/mine' })
    const summary = mine.json<{ items: { id: string; primaryPhotoURL: string | null }[] }>().items.find((item) => item.id === listing.id)
    expect(summary?.primaryPhotoURL).toBe(managed(response).Media[0]!.MediaURL)
  })

  it.each([
    ['a photo missing', (ids: string[]) => ids.slice(0, 2)],
    ['a photo twice', (ids: string[]) => [ids[0]!, ids[0]!, ids[1]!]],
    ['an unknown id', (ids: string[]) => [ids[0]!, ids[1]!, '0f4c8a57-1111-4222-8333-944455556666']],
    ['a malformed id', (ids: string[]) => [ids[0]!, ids[1]!, 'zzz']],
  ])('refuses an order with %s (400)', async (_case, order) => {
    const listing = await threePhotos()
    const response = await call(t, owner, { method: 'PUT', url: `/api/listings/${listing.id}/photos/order`, payload: { mediaIds: order(listing.Media.map((media) => media.id)) } })
    expect(response.statusCode).toBe(400)
    expect(apiError(response)).toMatchObject(said('listing.photoOrder'))
  })

  it('refuses an order that is not a list of ids (400)', async () => {
    const listing = await threePhotos()
    for (const payload of [{ mediaIds: 'abc' }, { mediaIds: [1, 2, 3] }, {}]) {
      const response = await call(t, owner, { method: 'PUT', url: `/api/listings/${listing.id}/photos/order`, payload })
      expect(response.statusCode).toBe(400)
      expect(apiError(response)).toMatchObject(said('listing.photoOrder'))
    }
  })

  it('deletes a photo, closes up the order and removes its file', async () => {
    const listing = await threePhotos()
    const [first, second, third] = listing.Media
    const key = await storageKeyOf(t, first!.MediaURL)
    const response = await call(t, owner, { method: 'DELETE', url: `/api/listings/${listing.id}/photos/${first!.id}` })
    expect(response.statusCode).toBe(200)
    expect(managed(response).Media.map(({ id, Order }) => [id, Order])).toEqual([
      [second!.id, 0],
      [third!.id, 1],
    ])
    expect(await t.storage.exists(key)).toBe(false)
    expect((await t.app.inject({ method: 'GET', url: first!.MediaURL })).statusCode).toBe(404)
    const again = await call(t, owner, { method: 'DELETE', url: `/api/listings/${listing.id}/photos/${first!.id}` })
    expect(again.statusCode).toBe(404)
    expect(apiError(again)).toMatchObject(said('listing.photoNotFound'))
    const malformed = await call(t, owner, { method: 'DELETE', url: `/api/listings/${listing.id}/photos/not-an-id` })
    expect(apiError(malformed)).toMatchObject(said('listing.photoNotFound'))
  })

  it('keeps the last photo of a published listing', async () => {
    const listing = await publishedListing(t, owner)
    const response = await call(t, owner, { method: 'DELETE', url: `/api/listings/${listing.id}/photos/${listing.Media[0]!.id}` })
    expect(response.statusCode).toBe(400)
    expect(apiError(response)).toMatchObject({ ...said('listing.needsPhoto'), errors: [{ path: 'Media', ...said('listing.needsPhoto') }] })
    const added = managed(await uploadPhoto(t, owner, listing.id))
    const removed = await call(t, owner, { method: 'DELETE', url: `/api/listings/${listing.id}/photos/${listing.Media[0]!.id}` })
    expect(removed.statusCode).toBe(200)
    expect(managed(removed).Media.map((media) => [media.id, media.Order])).toEqual([[added.Media[1]!.id, 0]])
  })

  it("keeps a file another photo still uses, and refuses to delete another listing's photo", async () => {
    const listing = await threePhotos()
    const other = await threePhotos()
    const [first, second] = listing.Media
    // An import may point two media rows at one stored file.
    await t.db.update(listingMedia).set({ fileId: first!.MediaURL.split('/').pop()! }).where(eq(listingMedia.id, second!.id))
    const key = await storageKeyOf(t, first!.MediaURL)
    await call(t, owner, { method: 'DELETE', url: `/api/listings/${listing.id}/photos/${first!.id}` })
    expect(await t.storage.exists(key)).toBe(true)
    expect((await t.app.inject({ method: 'GET', url: first!.MediaURL })).statusCode).toBe(200)
    const crossed = await call(t, owner, { method: 'DELETE', url: `/api/listings/${listing.id}/photos/${other.Media[0]!.id}` })
    expect(crossed.statusCode).toBe(404)
  })
})
