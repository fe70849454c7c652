import type { ListingVisibility } from '@offerbook/domain/listing'
import { isPublishedStatus, LISTING_LIMITS } from '@offerbook/domain/listing'
import type { ImportProblem, ImportSource } from '@offerbook/domain/listing-import'
import { importProblem } from '@offerbook/domain/listing-import'
import type { User } from '@offerbook/domain/user'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import { RefusedHostError, TooLargeError } from '../../http/safe-get'
import type { FileStorage } from '../../storage/storage'
import type { CleanupLog } from '../files/files.service'
import { removeStoredObjects, sniffImageType } from '../files/files.service'
import { attachListingPhoto, removeListingPhotos } from '../listings/listings-photos.service'
import { listingFieldColumns } from '../listings/listings-reso'
import { listAgentFieldsOf } from '../listings/listings.service'
import type { ImportListingChanges, ImportListingRow, NewImportListing } from './listing-import.queries'
import { insertImportedListing, listListingMedia, lockListingByKey, setMediaOrder, updateImportedListing } from './listing-import.queries'
import type { ImportContext } from './import-context'
import { downloadPhoto, FeedError } from './mls-grid-client'
import type { MappedListing, ResoMedia } from './reso-record'
import { listingAddress } from './reso-record'

/**
 * Writing one imported record: its photos downloaded and checked before the transaction starts (a bad
 * record writes nothing), then the listing and its photos in one transaction. The stored bytes follow
 * the transaction: those it added are removed if it rolls back, those it replaced only once it commits.
 */

/** A record that could not be written, and whether the next run should leave it (settled) or try it again. */
export class RecordFailure extends Error {
  override name = 'RecordFailure'
  constructor(
    readonly problem: ImportProblem,
    readonly settled: boolean,
  ) {
    super(problem.message)
  }
}

export function cleanupLog(ctx: ImportContext): CleanupLog {
  return (error, key) => ctx.log.warn({ err: error, key }, 'could not remove a stored listing photo')
}

/** Any error of a record as its failure: a refusal (a 4xx AppError, from storing a photo) is the record's; anything else is ours. */
export function failureOf(ctx: ImportContext, error: unknown): RecordFailure {
  if (error instanceof RecordFailure) return error
  if (error instanceof AppError && error.statusCode < 500) return new RecordFailure(importProblem('Media', error.key, error.params), true)
  ctx.log.error({ err: error }, 'a listing could not be imported')
  return new RecordFailure(importProblem(null, 'listingImport.recordFailed'), false)
}

const PHOTO_DOWNLOADS_AT_ONCE = 6

// ---------------------------------------------------------------------------------------------
// Photos

/** The record's new and changed photos, downloaded and checked, by MediaKey. */
export type PreparedPhotos = Map<string, Buffer>

/** Same photo as stored: the same MediaKey and ModificationTimestamp (the URL when the record gives no timestamp). */
function unchanged(stored: { sourceModificationTimestamp: Date | null; sourceUrl: string | null }, photo: ResoMedia): boolean {
  if (photo.ModificationTimestamp && stored.sourceModificationTimestamp) return photo.ModificationTimestamp.getTime() === stored.sourceModificationTimestamp.getTime()
  if (!photo.ModificationTimestamp && !stored.sourceModificationTimestamp) return photo.MediaURL === stored.sourceUrl
  return false
}

/**
 * Downloads the new and changed photos of a record (of the listing `listingId` here, when it has one)
 * and checks each is an image within the limit.
 */
export async function preparePhotos(ctx: ImportContext, source: ImportSource, { record, listingId }: { record: MappedListing | null; listingId: string | null }): Promise<PreparedPhotos> {
  const photos: PreparedPhotos = new Map()
  if (!record?.media || record.media.length === 0) return photos
  const stored = listingId ? new Map((await listListingMedia(ctx.db, listingId)).map((item) => [item.mediaKey, item])) : new Map()
  const wanted = record.media.filter((photo) => {
    const here = stored.get(photo.MediaKey)
    return !here || !unchanged(here, photo)
  })
  let next = 0
  const worker = async () => {
    while (next < wanted.length) {
      const photo = wanted[next++]!
      photos.set(photo.MediaKey, await download(ctx, source, photo))
    }
  }
  await Promise.all(Array.from({ length: Math.min(PHOTO_DOWNLOADS_AT_ONCE, wanted.length) }, worker))
  return photos
}

async function download(ctx: ImportContext, source: ImportSource, photo: ResoMedia): Promise<Buffer> {
  let bytes: Buffer
  try {
    bytes =
      source === 'mls-grid' && ctx.feed
        ? await ctx.feed.client.downloadMedia(photo.MediaURL)
        : await downloadPhoto(photo.MediaURL, { publicOnly: !ctx.filePhotosFromPrivateHosts })
  } catch (error) {
    if (error instanceof TooLargeError) throw new RecordFailure(importProblem('Media', 'listing.photoTooLarge'), true)
    if (error instanceof RefusedHostError) throw new RecordFailure(importProblem('Media', 'listingImport.photoHostRefused'), true)
    if (error instanceof FeedError) {
      ctx.log.warn({ err: error, url: photo.MediaURL }, 'a listing photo could not be downloaded')
      throw new RecordFailure(importProblem('Media', 'listingImport.photoDownload'), false)
    }
    throw error
  }
  if (bytes.length > LISTING_LIMITS.photoMaxBytes) throw new RecordFailure(importProblem('Media', 'listing.photoTooLarge'), true)
  if (!sniffImageType(bytes)) throw new RecordFailure(importProblem('Media', 'listing.photoType'), true)
  return bytes
}

/** Storage whose changes follow a transaction: added bytes go on rollback, removed bytes only after commit. */
function stagedStorage(storage: FileStorage, onError: CleanupLog) {
  const added: string[] = []
  const removed: string[] = []
  const staged: FileStorage = {
    put: async (key, body, options) => {
      added.push(key)
      return storage.put(key, body, options)
    },
    get: (key) => storage.get(key),
    exists: (key) => storage.exists(key),
    delete: async (key) => {
      removed.push(key)
    },
  }
  return {
    storage: staged,
    commit: () => removeStoredObjects(storage, removed, onError),
    rollback: () => removeStoredObjects(storage, added, onError),
  }
}

// ---------------------------------------------------------------------------------------------
// Writing one record

export type WriteInput = { actor: User; source: ImportSource; record: MappedListing; photos: PreparedPhotos; visibility: ListingVisibility }

function newListing({ actor, source, record, visibility }: WriteInput, now: Date): NewImportListing {
  // The importing agent is the listing agent: their details fill what the record leaves out.
  const columns = listingFieldColumns(null, { ...listAgentFieldsOf(actor), ...record.fields })
  return {
    ...columns,
    listingKey: record.ListingKey,
    listingId: record.ListingId ?? null,
    standardStatus: record.StandardStatus,
    ownerId: actor.uid,
    listAgentUserId: actor.uid,
    source,
    originatingSystemName: record.OriginatingSystemName ?? null,
    unparsedAddress: listingAddress(record),
    visibility,
    publishedAt: isPublishedStatus(record.StandardStatus) ? now : null,
    draftStep: record.StandardStatus === 'Incomplete' ? 'review' : null,
    modificationTimestamp: record.ModificationTimestamp,
  }
}

/** An update: the fields the record has; what it leaves out, and our own fields (visibility, offers...), stay. */
function listingChanges({ actor, source, record }: WriteInput, existing: ImportListingRow, now: Date): ImportListingChanges {
  // A record that says it has no one-line address gets the one its parts make.
  const columns = listingFieldColumns(existing, record.fields, { rebuildAddress: record.UnparsedAddress === null })
  const changes: ImportListingChanges = { ...columns, standardStatus: record.StandardStatus, source, listAgentUserId: actor.uid }
  if (record.ListingId !== undefined) changes.listingId = record.ListingId
  if (record.OriginatingSystemName !== undefined) changes.originatingSystemName = record.OriginatingSystemName
  if (record.UnparsedAddress) changes.unparsedAddress = record.UnparsedAddress
  if (isPublishedStatus(record.StandardStatus)) {
    if (!existing.publishedAt) changes.publishedAt = now
    changes.draftStep = null
  } else if (record.StandardStatus === 'Incomplete' && !existing.draftStep) {
    changes.draftStep = 'review'
  }
  return changes
}

/** Writes one record and its photos in one transaction; the stored bytes follow it (see the top of this file). */
export async function writeRecord(ctx: ImportContext, input: WriteInput): Promise<'imported' | 'updated'> {
  const { actor, record, photos } = input
  const staged = stagedStorage(ctx.storage, cleanupLog(ctx))
  let outcome: 'imported' | 'updated'
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      const now = new Date()
      const existing = await lockListingByKey(tx, record.ListingKey)
      if (existing && existing.ownerId !== actor.uid) throw new RecordFailure(importProblem('ListingKey', 'listingImport.ownedByOther'), true)
      let listingId: string
      if (existing) {
        listingId = existing.id
        await updateImportedListing(tx, listingId, listingChanges(input, existing, now))
      } else {
        listingId = (await insertImportedListing(tx, newListing(input, now))).id
      }
      if (record.media) await syncPhotos(tx, staged.storage, { listingId, ownerId: actor.uid, media: record.media, photos })
      // Attaching photos stamps the listing with now; an imported listing keeps the source's timestamp.
      await updateImportedListing(tx, listingId, { modificationTimestamp: record.ModificationTimestamp })
      return existing ? 'updated' : 'imported'
    })
  } catch (error) {
    await staged.rollback()
    throw error
  }
  await staged.commit()
  return outcome
}

function photoFilename(photo: ResoMedia): string {
  const path = URL.canParse(photo.MediaURL) ? new URL(photo.MediaURL).pathname : ''
  const name = decodeURIComponent(path.split('/').pop() ?? '').replace(/[^\w.-]+/g, '-')
  return name || `${photo.MediaKey}.jpg`
}

/** Makes the listing's photos those of the record: removes the gone and changed, adds the new, orders all. */
async function syncPhotos(tx: Db, storage: FileStorage, { listingId, ownerId, media, photos }: { listingId: string; ownerId: string; media: ResoMedia[]; photos: PreparedPhotos }): Promise<void> {
  const stored = await listListingMedia(tx, listingId)
  const storedByKey = new Map(stored.map((item) => [item.mediaKey, item]))
  const wanted = new Map(media.map((photo) => [photo.MediaKey, photo]))
  const fresh = media.filter((photo) => {
    const here = storedByKey.get(photo.MediaKey)
    return !here || !unchanged(here, photo)
  })
  const freshKeys = new Set(fresh.map((photo) => photo.MediaKey))
  const gone = stored.filter((item) => !wanted.has(item.mediaKey) || freshKeys.has(item.mediaKey)).map((item) => item.mediaKey)
  if (gone.length > 0) await removeListingPhotos(tx, storage, { listingId, mediaKeys: gone })
  for (const photo of fresh) {
    const bytes = photos.get(photo.MediaKey)
    // Downloaded for another state of the listing (it changed since): the next run takes it.
    if (!bytes) throw new RecordFailure(importProblem('Media', 'listingImport.photoDownload'), false)
    await attachListingPhoto(tx, storage, {
      listingId,
      ownerId,
      bytes,
      filename: photoFilename(photo),
      mediaKey: photo.MediaKey,
      order: photo.Order,
      sourceUrl: photo.MediaURL,
      sourceModificationTimestamp: photo.ModificationTimestamp,
    })
  }
  for (const item of await listListingMedia(tx, listingId)) {
    const order = wanted.get(item.mediaKey)?.Order
    if (order !== undefined && order !== item.order) await setMediaOrder(tx, { listingId, mediaId: item.id, order })
  }
}
