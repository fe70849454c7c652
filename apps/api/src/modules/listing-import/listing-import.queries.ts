import { and, desc, eq, inArray } from 'drizzle-orm'
import type { MessageKey } from '@offerbook/domain/messages'
import type { Db } from '../../db/client'
import { listing, listingImportJob, listingMedia, mlsFeedCursor } from '../../db/schema/listings'
import { listingsChanged } from '../listings/listing-changes'

export type ImportJobRow = typeof listingImportJob.$inferSelect
export type ImportListingRow = typeof listing.$inferSelect
export type NewImportListing = Omit<typeof listing.$inferInsert, 'id' | 'searchVector' | 'createdAt'>
export type ImportListingChanges = Partial<NewImportListing>

// ---------------------------------------------------------------------------------------------
// Jobs (every read and write is scoped to the job's user)

export async function insertJob(db: Db, values: { userId: string; source: string; request: Record<string, unknown>; total: number }): Promise<ImportJobRow> {
  const [row] = await db.insert(listingImportJob).values({ ...values, status: 'pending' }).returning()
  if (!row) throw new Error('listing_import_job insert returned no row')
  return row
}

/** A new check replaces the user's imports that were never started. */
export async function deletePendingJobs(db: Db, userId: string): Promise<void> {
  await db.delete(listingImportJob).where(and(eq(listingImportJob.userId, userId), eq(listingImportJob.status, 'pending')))
}

export async function findJob(db: Db, { id, userId }: { id: string; userId: string }): Promise<ImportJobRow | null> {
  const [row] = await db
    .select()
    .from(listingImportJob)
    .where(and(eq(listingImportJob.id, id), eq(listingImportJob.userId, userId)))
    .limit(1)
  return row ?? null
}

/** The user's jobs that have not finished (some may belong to a process that stopped). */
export async function findRunningJobs(db: Db, userId: string): Promise<ImportJobRow[]> {
  return db
    .select()
    .from(listingImportJob)
    .where(and(eq(listingImportJob.userId, userId), eq(listingImportJob.status, 'running')))
    .orderBy(desc(listingImportJob.createdAt))
}

/** Moves a pending job to running with what was chosen; null when it is not pending any more (started twice). */
export async function markJobRunning(db: Db, { id, userId, request, total }: { id: string; userId: string; request: Record<string, unknown>; total: number }): Promise<ImportJobRow | null> {
  const [row] = await db
    .update(listingImportJob)
    .set({ status: 'running', request, total, processed: 0 })
    .where(and(eq(listingImportJob.id, id), eq(listingImportJob.userId, userId), eq(listingImportJob.status, 'pending')))
    .returning()
  return row ?? null
}

export type JobProgress = Pick<ImportJobRow, 'total' | 'processed' | 'imported' | 'updated' | 'deleted' | 'skipped'>

/** The progress so far, with the request (which carries the runner's heartbeat). */
export async function updateJobProgress(db: Db, id: string, progress: JobProgress & { request: Record<string, unknown> }): Promise<void> {
  await db.update(listingImportJob).set(progress).where(eq(listingImportJob.id, id))
}

/** Ends a job; its error column keeps the catalogue key of why it failed. */
export async function finishJob(
  db: Db,
  id: string,
  values: Partial<JobProgress> & { status: 'done' | 'failed'; error: MessageKey | null; request: Record<string, unknown> },
): Promise<void> {
  await db
    .update(listingImportJob)
    .set({ ...values, finishedAt: new Date() })
    .where(eq(listingImportJob.id, id))
}

// ---------------------------------------------------------------------------------------------
// The feed's high-water mark

export async function findCursor(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db.select({ highWater: mlsFeedCursor.highWater }).from(mlsFeedCursor).where(eq(mlsFeedCursor.userId, userId)).limit(1)
  return row?.highWater ?? null
}

export async function deleteCursor(db: Db, userId: string): Promise<void> {
  await db.delete(mlsFeedCursor).where(eq(mlsFeedCursor.userId, userId))
}

export async function saveCursor(db: Db, { userId, highWater }: { userId: string; highWater: Date }): Promise<void> {
  const now = new Date()
  await db
    .insert(mlsFeedCursor)
    .values({ userId, highWater, updatedAt: now })
    .onConflictDoUpdate({ target: mlsFeedCursor.userId, set: { highWater, updatedAt: now } })
}

// ---------------------------------------------------------------------------------------------
// Listings by ListingKey

export type KeyedListing = Pick<ImportListingRow, 'id' | 'listingKey' | 'ownerId' | 'unparsedAddress'>

export async function findListingsByKeys(db: Db, keys: readonly string[]): Promise<KeyedListing[]> {
  if (keys.length === 0) return []
  return db
    .select({ id: listing.id, listingKey: listing.listingKey, ownerId: listing.ownerId, unparsedAddress: listing.unparsedAddress })
    .from(listing)
    .where(inArray(listing.listingKey, [...keys]))
}

/** The listing with this ListingKey, locked until the transaction ends. */
export async function lockListingByKey(db: Db, listingKey: string): Promise<ImportListingRow | null> {
  const [row] = await db.select().from(listing).where(eq(listing.listingKey, listingKey)).limit(1).for('update')
  return row ?? null
}

export async function insertImportedListing(db: Db, values: NewImportListing): Promise<ImportListingRow> {
  const [row] = await db.insert(listing).values(values).returning()
  if (!row) throw new Error('listing insert returned no row')
  await listingsChanged(db, [row.id], 'listing.created')
  return row
}

export async function updateImportedListing(db: Db, id: string, changes: ImportListingChanges): Promise<void> {
  const [before] = changes.standardStatus === undefined ? [] : await db.select({ standardStatus: listing.standardStatus }).from(listing).where(eq(listing.id, id)).limit(1)
  const [after] = await db.update(listing).set(changes).where(eq(listing.id, id)).returning({ standardStatus: listing.standardStatus })
  await listingsChanged(db, [id], before && after && before.standardStatus !== after.standardStatus ? 'listing.status' : 'listing.changed')
}

// ---------------------------------------------------------------------------------------------
// Photos of an imported listing

export type ImportedMedia = Pick<typeof listingMedia.$inferSelect, 'id' | 'mediaKey' | 'order' | 'sourceUrl' | 'sourceModificationTimestamp'>

export async function listListingMedia(db: Db, listingId: string): Promise<ImportedMedia[]> {
  return db
    .select({ id: listingMedia.id, mediaKey: listingMedia.mediaKey, order: listingMedia.order, sourceUrl: listingMedia.sourceUrl, sourceModificationTimestamp: listingMedia.sourceModificationTimestamp })
    .from(listingMedia)
    .where(eq(listingMedia.listingId, listingId))
}

export async function setMediaOrder(db: Db, { listingId, mediaId, order }: { listingId: string; mediaId: string; order: number }): Promise<void> {
  await db
    .update(listingMedia)
    .set({ order })
    .where(and(eq(listingMedia.listingId, listingId), eq(listingMedia.id, mediaId)))
  await listingsChanged(db, [listingId])
}
