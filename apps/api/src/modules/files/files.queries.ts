import { and, eq, ne } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { storedFile } from '../../db/schema/files'

export type StoredFileRow = typeof storedFile.$inferSelect
export type NewStoredFile = Pick<typeof storedFile.$inferInsert, 'id' | 'ownerId' | 'key' | 'purpose' | 'filename' | 'contentType' | 'size'>

export async function insertStoredFile(db: Db, file: NewStoredFile): Promise<StoredFileRow> {
  const [row] = await db.insert(storedFile).values(file).returning()
  if (!row) throw new Error('stored_file insert returned no row')
  return row
}

export async function findStoredFile(db: Db, { id, purpose }: { id: string; purpose: string }): Promise<StoredFileRow | null> {
  const [row] = await db
    .select()
    .from(storedFile)
    .where(and(eq(storedFile.id, id), eq(storedFile.purpose, purpose)))
    .limit(1)
  return row ?? null
}

/** Deletes an owner's files of one purpose except `keepId`; returns the storage keys to remove. */
export async function deleteOtherStoredFiles(db: Db, { ownerId, purpose, keepId }: { ownerId: string; purpose: string; keepId: string }): Promise<string[]> {
  const rows = await db
    .delete(storedFile)
    .where(and(eq(storedFile.ownerId, ownerId), eq(storedFile.purpose, purpose), ne(storedFile.id, keepId)))
    .returning({ key: storedFile.key })
  return rows.map((row) => row.key)
}
