import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { storedFile } from '../../db/schema/files'
import { listingMedia } from '../../db/schema/listings'
import { listingsChanged } from './listing-changes'
import type { MediaRow } from './listings.queries'

/** A listing's photos and their stored files (listings-photos.service.ts). */

const mediaColumns = {
  id: listingMedia.id,
  listingId: listingMedia.listingId,
  fileId: listingMedia.fileId,
  mediaKey: listingMedia.mediaKey,
  order: listingMedia.order,
  sourceUrl: listingMedia.sourceUrl,
  sourceModificationTimestamp: listingMedia.sourceModificationTimestamp,
  createdAt: listingMedia.createdAt,
  filename: storedFile.filename,
}

export async function listMedia(db: Db, listingId: string): Promise<MediaRow[]> {
  return db
    .select(mediaColumns)
    .from(listingMedia)
    .innerJoin(storedFile, eq(storedFile.id, listingMedia.fileId))
    .where(eq(listingMedia.listingId, listingId))
    .orderBy(asc(listingMedia.order), asc(listingMedia.createdAt))
}

export async function findMediaByKey(db: Db, { listingId, mediaKey }: { listingId: string; mediaKey: string }): Promise<MediaRow | null> {
  const [row] = await db
    .select(mediaColumns)
    .from(listingMedia)
    .innerJoin(storedFile, eq(storedFile.id, listingMedia.fileId))
    .where(and(eq(listingMedia.listingId, listingId), eq(listingMedia.mediaKey, mediaKey)))
    .limit(1)
  return row ?? null
}

export async function insertMedia(db: Db, values: typeof listingMedia.$inferInsert): Promise<typeof listingMedia.$inferSelect> {
  const [row] = await db.insert(listingMedia).values(values).returning()
  if (!row) throw new Error('listing_media insert returned no row')
  await listingsChanged(db, [row.listingId])
  return row
}

export async function updateMedia(
  db: Db,
  id: string,
  changes: Partial<Pick<typeof listingMedia.$inferInsert, 'fileId' | 'order' | 'sourceUrl' | 'sourceModificationTimestamp'>>,
): Promise<void> {
  const rows = await db.update(listingMedia).set(changes).where(eq(listingMedia.id, id)).returning({ listingId: listingMedia.listingId })
  await listingsChanged(
    db,
    rows.map((row) => row.listingId),
  )
}

export async function deleteMedia(db: Db, { listingId, mediaId }: { listingId: string; mediaId: string }): Promise<{ fileId: string } | null> {
  const [row] = await db
    .delete(listingMedia)
    .where(and(eq(listingMedia.listingId, listingId), eq(listingMedia.id, mediaId)))
    .returning({ fileId: listingMedia.fileId })
  if (row) await listingsChanged(db, [listingId])
  return row ?? null
}

/**
 * Forgets the stored files no media row uses any more; returns their storage keys, which the caller
 * removes after its commit.
 */
export async function deleteUnusedFiles(db: Db, fileIds: readonly string[]): Promise<string[]> {
  if (fileIds.length === 0) return []
  const rows = await db
    .delete(storedFile)
    .where(and(inArray(storedFile.id, [...fileIds]), sql`not exists (select 1 from ${listingMedia} where ${listingMedia.fileId} = ${storedFile.id})`))
    .returning({ key: storedFile.key })
  return rows.map((row) => row.key)
}

