import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { LISTING_LIMITS } from '@offerbook/domain/listing'
import { createTestListing, createUser } from '../../../test/factories'
import { storedFile } from '../../db/schema/files'
import { listing as listingTable, listingMedia } from '../../db/schema/listings'
import { makeJpeg, makePng } from '../files/files.test-helpers'
import { attachListingPhoto, removeListingPhotos } from './listings-photos.service'
import { deleteListingWithPhotos } from './listings.service'
import { said, useListingsTestApp } from './listings.test-helpers'

const t = useListingsTestApp()

async function storedKeys(listingId: string): Promise<string[]> {
  const rows = await t.db.select({ key: storedFile.key }).from(storedFile).innerJoin(listingMedia, eq(listingMedia.fileId, storedFile.id)).where(eq(listingMedia.listingId, listingId))
  return rows.map((row) => row.key)
}

describe('attachListingPhoto (the upload and the MLS import share it)', () => {
  it('stores the bytes under listings/<id>/, records the file and the media (first photo Order 0, then the next), serves it publicly and bumps ModificationTimestamp', async () => {
    const owner = await createUser(t)
    const listing = await createTestListing(t, { ownerId: owner.id, modificationTimestamp: new Date('2020-01-01T00:00:00Z') })
    const first = await attachListingPhoto(t.db, t.storage, { listingId: listing.id, ownerId: owner.id, bytes: makePng(2, 2, [200, 10, 10]), filename: 'front.png' })
    const second = await attachListingPhoto(t.db, t.storage, { listingId: listing.id, ownerId: owner.id, bytes: await makeJpeg(), filename: 'back.jpg' })
    expect(first).toMatchObject({ Order: 0, MediaKey: first.id, filename: 'front.png' })
    expect(second).toMatchObject({ Order: 1, filename: 'back.jpg' })
    const keys = await storedKeys(listing.id)
    expect(keys).toHaveLength(2)
    for (const key of keys) {
      expect(key).toMatch(new RegExp(`^listings/${listing.id}/[0-9a-f-]{36}\\.(png|jpg)$`))
      expect(await t.storage.exists(key)).toBe(true)
    }
    const served = await t.app.inject({ method: 'GET', url: first.MediaURL })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    const [after] = await t.db.select().from(listingTable).where(eq(listingTable.id, listing.id))
    expect(after!.modificationTimestamp.getTime()).toBeGreaterThan(new Date('2020-01-01T00:00:00Z').getTime())
  })

  it('takes the MediaKey, Order and source of an imported photo, and replaces the photo of the same MediaKey, removing the old bytes', async () => {
    const owner = await createUser(t)
    const listing = await createTestListing(t, { ownerId: owner.id })
    const stamp = new Date('2024-05-01T12:00:00Z')
    const imported = await attachListingPhoto(t.db, t.storage, {
      listingId: listing.id,
      ownerId: owner.id,
      bytes: makePng(1, 1, [0, 0, 0]),
      filename: 'a.png',
      mediaKey: 'MLS-MEDIA-1',
      order: 3,
      sourceUrl: 'https://media.example.com/1.png',
      sourceModificationTimestamp: stamp,
    })
    expect(imported).toMatchObject({ MediaKey: 'MLS-MEDIA-1', Order: 3 })
    const [oldKey] = await storedKeys(listing.id)
    const replaced = await attachListingPhoto(t.db, t.storage, { listingId: listing.id, ownerId: owner.id, bytes: await makeJpeg(), filename: 'a.jpg', mediaKey: 'MLS-MEDIA-1' })
    expect(replaced).toMatchObject({ id: imported.id, MediaKey: 'MLS-MEDIA-1', Order: 3 })
    expect(replaced.MediaURL).not.toBe(imported.MediaURL)
    expect(await t.storage.exists(oldKey!)).toBe(false)
    const rows = await t.db.select().from(listingMedia).where(eq(listingMedia.listingId, listing.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ sourceUrl: 'https://media.example.com/1.png' })
    expect(rows[0]!.sourceModificationTimestamp?.toISOString()).toBe(stamp.toISOString())
  })

  it('refuses bytes that are not a JPEG, PNG or WebP, a photo over 10 MB, and a listing that does not exist, storing nothing', async () => {
    const owner = await createUser(t)
    const listing = await createTestListing(t, { ownerId: owner.id })
    await expect(attachListingPhoto(t.db, t.storage, { listingId: listing.id, ownerId: owner.id, bytes: Buffer.from('GIF89a....'), filename: 'x.gif' })).rejects.toMatchObject({
      statusCode: 415,
      ...said('listing.photoType'),
    })
    const big = Buffer.concat([makePng(1, 1, [1, 2, 3]), Buffer.alloc(LISTING_LIMITS.photoMaxBytes)])
    await expect(attachListingPhoto(t.db, t.storage, { listingId: listing.id, ownerId: owner.id, bytes: big, filename: 'big.png' })).rejects.toMatchObject({
      statusCode: 413,
      ...said('listing.photoTooLarge'),
    })
    const missing = '00000000-0000-4000-8000-000000000000'
    await expect(attachListingPhoto(t.db, t.storage, { listingId: missing, ownerId: owner.id, bytes: makePng(1, 1, [1, 2, 3]), filename: 'x.png' })).rejects.toMatchObject({
      statusCode: 404,
      ...said('listing.notFound'),
    })
    expect(await storedKeys(listing.id)).toEqual([])
    const orphans = await t.db.select().from(storedFile).where(eq(storedFile.ownerId, owner.id))
    expect(orphans).toEqual([])
  })

  it('removes an imported listing with its photos, or only the photos of given MediaKeys', async () => {
    const owner = await createUser(t)
    const listing = await createTestListing(t, { ownerId: owner.id })
    for (const key of ['K1', 'K2', 'K3']) {
      await attachListingPhoto(t.db, t.storage, { listingId: listing.id, ownerId: owner.id, bytes: makePng(1, 1, [9, 9, 9]), filename: `${key}.png`, mediaKey: key })
    }
    expect(await removeListingPhotos(t.db, t.storage, { listingId: listing.id, mediaKeys: ['K1'] })).toBe(1)
    const left = await t.db.select().from(listingMedia).where(eq(listingMedia.listingId, listing.id))
    expect(left.map((row) => [row.mediaKey, row.order]).sort()).toEqual([
      ['K2', 0],
      ['K3', 1],
    ])
    const keys = await storedKeys(listing.id)
    expect(await deleteListingWithPhotos(t.db, t.storage, { listingId: listing.id })).toBe(true)
    for (const key of keys) expect(await t.storage.exists(key)).toBe(false)
    expect(await t.db.select().from(storedFile).where(eq(storedFile.ownerId, owner.id))).toEqual([])
    expect(await deleteListingWithPhotos(t.db, t.storage, { listingId: listing.id })).toBe(false)
  })
})
