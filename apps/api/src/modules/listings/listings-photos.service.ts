import { randomUUID } from 'node:crypto'
import type { ListingMedia, ManagedListing } from '@offerbook/domain/listing'
import { LISTING_LIMITS } from '@offerbook/domain/listing'
import type { User } from '@offerbook/domain/user'
import { cleanFileName, isUuid } from '@offerbook/domain/validation'
import { AppError, fieldError } from '../../app-error'
import type { Db } from '../../db/client'
import type { FileStorage } from '../../storage/storage'
import type { CleanupLog } from '../files/files.service'
import { fileUrl, ignoreCleanupError, LISTING_PHOTO_PURPOSE, recordStoredFile, removeStoredObjects, sniffImageType, withStoredObject } from '../files/files.service'
import { photoVariantKeys, storePhotoVariants } from '../files/photo-variants'
import type { ListingRow, MediaRow } from './listings.queries'
import { lockListing } from './listings.queries'
import { deleteMedia, deleteUnusedFiles, findMediaByKey, insertMedia, listMedia, updateMedia } from './listing-photos.queries'
import { toManaged } from './listings-reso'
import { getManagedListing, listingNotFound, lockManaged, managedView, saved } from './listings.service'

/** A listing's photos: upload, the MLS import's copies, order and removal. The bytes live in the file storage. */

export type AttachListingPhotoInput = {
  listingId: string
  /** Who the stored file belongs to (the listing's owner, or the importing agent). */
  ownerId: string
  bytes: Buffer
  filename: string
  /** RESO MediaKey; a photo of this listing with the same key is replaced (its order kept unless one is given). */
  mediaKey?: string
  /** RESO Order; the next after the last photo when absent (the first photo is 0). */
  order?: number
  sourceUrl?: string | null
  sourceModificationTimestamp?: Date | null
  onCleanupError?: CleanupLog
}

/**
 * Stores a photo of a listing: checks its type by its bytes and its size, keeps the bytes under
 * listings/<listing id>/<file id>.<ext>, and records the file and the media row in one transaction,
 * bumping the listing's ModificationTimestamp. If the transaction fails, the stored bytes are removed.
 * Its WebP copies at the display widths are made first (photo-variants.ts); a photo the image
 * library cannot read is refused as not an image.
 * Used by the upload endpoint and by the MLS import.
 */
export async function attachListingPhoto(db: Db, storage: FileStorage, input: AttachListingPhotoInput): Promise<ListingMedia> {
  const onCleanupError = input.onCleanupError ?? ignoreCleanupError
  if (input.bytes.length > LISTING_LIMITS.photoMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', 'listing.photoTooLarge')
  const type = sniffImageType(input.bytes)
  if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'listing.photoType')
  if (!isUuid(input.listingId)) throw listingNotFound()
  const listingId = input.listingId.toLowerCase()
  const fileId = randomUUID()
  const key = `listings/${listingId}/${fileId}.${type.extension}`
  const filename = cleanFileName(input.filename, `photo.${type.extension}`)
  try {
    await storePhotoVariants(storage, key, input.bytes)
  } catch (error) {
    await removeStoredObjects(storage, photoVariantKeys(key), onCleanupError)
    if (error instanceof AppError) throw error
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'listing.photoType')
  }
  await storage.put(key, input.bytes, { contentType: type.contentType, contentLength: input.bytes.length })

  try {
    return await recordListingPhoto(db, storage, { input, key, fileId, filename, contentType: type.contentType, onCleanupError })
  } catch (error) {
    await removeStoredObjects(storage, photoVariantKeys(key), onCleanupError)
    throw error
  }
}

async function recordListingPhoto(
  db: Db,
  storage: FileStorage,
  { input, key, fileId, filename, contentType, onCleanupError }: { input: AttachListingPhotoInput; key: string; fileId: string; filename: string; contentType: string; onCleanupError: CleanupLog },
): Promise<ListingMedia> {
  const listingId = input.listingId.toLowerCase()
  return withStoredObject(storage, key, onCleanupError, () =>
    db.transaction(async (tx) => {
      const row = await lockListing(tx, listingId)
      if (!row) throw listingNotFound()
      const existing = input.mediaKey === undefined ? null : await findMediaByKey(tx, { listingId, mediaKey: input.mediaKey })
      const media = existing ? [] : await listMedia(tx, listingId)
      if (!existing && media.length >= LISTING_LIMITS.maxPhotos) throw new AppError('BAD_REQUEST', 'listing.tooManyPhotos')
      await recordStoredFile(tx, { id: fileId, ownerId: input.ownerId, key, purpose: LISTING_PHOTO_PURPOSE, filename, contentType, size: input.bytes.length })
      const source = {
        ...(input.sourceUrl === undefined ? {} : { sourceUrl: input.sourceUrl }),
        ...(input.sourceModificationTimestamp === undefined ? {} : { sourceModificationTimestamp: input.sourceModificationTimestamp }),
      }
      if (existing) {
        const order = input.order ?? existing.order
        await updateMedia(tx, existing.id, { fileId, order, ...source })
        const unusedKeys = await deleteUnusedFiles(tx, [existing.fileId])
        await saved(tx, listingId, {})
        return { result: { id: existing.id, MediaKey: existing.mediaKey, MediaURL: fileUrl(fileId), Order: order, filename }, unusedKeys: withVariants(unusedKeys) }
      }
      const id = randomUUID()
      const order = input.order ?? media.reduce((next, item) => Math.max(next, item.order + 1), 0)
      const inserted = await insertMedia(tx, { id, listingId, fileId, mediaKey: input.mediaKey ?? id, order, ...source })
      await saved(tx, listingId, {})
      return { result: { id, MediaKey: inserted.mediaKey, MediaURL: fileUrl(fileId), Order: order, filename }, unusedKeys: [] }
    }),
  )
}

/** Stored photos' keys with their copies', for removing both. */
function withVariants(keys: readonly string[]): string[] {
  return keys.flatMap((key) => [key, ...photoVariantKeys(key)])
}

/**
 * The upload endpoint: one photo from one of the listing's managers. The photo is read only after
 * the access check, so nobody else's upload is taken in.
 */
export async function uploadListingPhoto(
  db: Db,
  storage: FileStorage,
  { actor, id, readPhoto, onCleanupError }: { actor: User; id: string; readPhoto: () => Promise<{ bytes: Buffer; filename: string }>; onCleanupError?: CleanupLog },
): Promise<ManagedListing> {
  const listing = await getManagedListing(db, { actor, id })
  const photo = await readPhoto()
  await attachListingPhoto(db, storage, { listingId: listing.id, ownerId: listing.ownerId, bytes: photo.bytes, filename: photo.filename, ...(onCleanupError ? { onCleanupError } : {}) })
  return getManagedListing(db, { actor, id: listing.id })
}

/** Gives the photos the orders 0..n-1 in the order they are listed. */
async function renumber(tx: Db, media: readonly MediaRow[], orderedIds: readonly string[]): Promise<void> {
  const current = new Map(media.map((item) => [item.id, item.order]))
  for (const [order, id] of orderedIds.entries()) {
    if (current.get(id) !== order) await updateMedia(tx, id, { order })
  }
}

/** The new order of every photo; the first becomes the primary photo. */
export async function reorderListingPhotos(db: Db, { actor, id, mediaIds }: { actor: User; id: string; mediaIds: readonly string[] }): Promise<ManagedListing> {
  return db.transaction(async (tx) => {
    const row = await lockManaged(tx, actor, id)
    const media = await listMedia(tx, row.id)
    const known = new Set(media.map((item) => item.id))
    const given = mediaIds.map((mediaId) => mediaId.toLowerCase())
    const permutation = given.length === media.length && new Set(given).size === given.length && given.every((mediaId) => known.has(mediaId))
    if (!permutation) throw fieldError('mediaIds', 'listing.photoOrder')
    await renumber(tx, media, given)
    return managedView(tx, await saved(tx, row.id, {}))
  })
}

/**
 * Removes one photo; the others close up, and its bytes go once nothing uses them. A published
 * listing keeps at least one photo, as publishing asked for one.
 */
export async function removeListingPhoto(
  db: Db,
  storage: FileStorage,
  { actor, id, mediaId, onCleanupError = ignoreCleanupError }: { actor: User; id: string; mediaId: string; onCleanupError?: CleanupLog },
): Promise<ManagedListing> {
  const { listing, keys } = await db.transaction(async (tx) => {
    const row = await lockManaged(tx, actor, id)
    return removePhotosOf(
      tx,
      row,
      (media) => {
        const chosen = media.filter((item) => item.id === mediaId.toLowerCase())
        if (chosen.length > 0 && media.length === 1 && row.standardStatus !== 'Incomplete') throw fieldError('Media', 'listing.needsPhoto')
        return chosen
      },
      () => new AppError('NOT_FOUND', 'listing.photoNotFound'),
    )
  })
  await removeStoredObjects(storage, keys, onCleanupError)
  return listing
}

/**
 * Removes photos of a listing without asking who manages it, for the MLS import: all of them, or
 * those whose MediaKey is listed. Returns how many went.
 */
export async function removeListingPhotos(
  db: Db,
  storage: FileStorage,
  { listingId, mediaKeys, onCleanupError = ignoreCleanupError }: { listingId: string; mediaKeys?: readonly string[]; onCleanupError?: CleanupLog },
): Promise<number> {
  if (!isUuid(listingId)) return 0
  const outcome = await db.transaction(async (tx) => {
    const row = await lockListing(tx, listingId.toLowerCase())
    if (!row) return null
    let removed = 0
    const result = await removePhotosOf(tx, row, (media) => {
      const chosen = mediaKeys ? media.filter((item) => mediaKeys.includes(item.mediaKey)) : [...media]
      removed = chosen.length
      return chosen
    })
    return { ...result, removed }
  })
  if (!outcome) return 0
  await removeStoredObjects(storage, outcome.keys, onCleanupError)
  return outcome.removed
}

async function removePhotosOf(
  tx: Db,
  row: ListingRow,
  choose: (media: readonly MediaRow[]) => MediaRow[],
  noneChosen?: () => AppError,
): Promise<{ listing: ManagedListing; keys: string[] }> {
  const media = await listMedia(tx, row.id)
  const chosen = choose(media)
  if (chosen.length === 0) {
    if (noneChosen) throw noneChosen()
    return { listing: toManaged(row, media), keys: [] }
  }
  for (const item of chosen) await deleteMedia(tx, { listingId: row.id, mediaId: item.id })
  const gone = new Set(chosen.map((item) => item.id))
  const remaining = media.filter((item) => !gone.has(item.id))
  await renumber(
    tx,
    remaining,
    remaining.map((item) => item.id),
  )
  const keys = await deleteUnusedFiles(
    tx,
    chosen.map((item) => item.fileId),
  )
  return { listing: await managedView(tx, await saved(tx, row.id, {})), keys: withVariants(keys) }
}
