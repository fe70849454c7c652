import type { Readable } from 'node:stream'
import type { PhotoVariantWidth } from '@offerbook/domain/photo-variants'
import { isUuid } from '@offerbook/domain/validation'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import type { FileStorage } from '../../storage/storage'
import type { NewStoredFile, StoredFileRow } from './files.queries'
import { deleteOtherStoredFiles, findStoredFile, insertStoredFile } from './files.queries'
import { photoVariantKey } from './photo-variants'

export const PROFILE_PHOTO_PURPOSE = 'profile-photo'
/** A listing's photo; served by its unguessable id, drafts' too (docs/decisions/009). */
export const LISTING_PHOTO_PURPOSE = 'listing-photo'
/** Purposes anyone may read through GET /api/files/:id; files of other purposes get their own rules later. */
export const PUBLIC_PURPOSES = [PROFILE_PHOTO_PURPOSE, LISTING_PHOTO_PURPOSE] as const

export type ImageType = { contentType: 'image/jpeg' | 'image/png' | 'image/webp'; extension: 'jpg' | 'png' | 'webp' }

const startsWith = (bytes: Buffer, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte)

/** What the first bytes say the file is; the declared type and file name are not trusted. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' }
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { contentType: 'image/png', extension: 'png' }
  // RIFF, a four-byte length, then WEBP.
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return { contentType: 'image/webp', extension: 'webp' }
  return null
}

export function fileUrl(id: string): string {
  return `/api/files/${id}`
}

/** Records a file already put in the storage; pass the transaction of the change that uses it. */
export async function recordStoredFile(db: Db, file: NewStoredFile): Promise<StoredFileRow> {
  return insertStoredFile(db, file)
}

/** Forgets an owner's other files of a purpose; the caller removes the returned keys from the storage after its commit. */
export async function forgetOtherFiles(db: Db, input: { ownerId: string; purpose: string; keepId: string }): Promise<string[]> {
  return deleteOtherStoredFiles(db, input)
}

/**
 * Removes files whose rows are gone. A failure leaves an unreachable file behind, never a broken
 * profile, so it is reported and not thrown.
 */
/** Told about a stored object that could not be removed; the request itself has already succeeded or failed. */
export type CleanupLog = (error: unknown, key: string) => void
export const ignoreCleanupError: CleanupLog = () => {}

export async function removeStoredObjects(storage: FileStorage, keys: readonly string[], onError: CleanupLog): Promise<void> {
  await Promise.all(
    keys.map(async (key) => {
      try {
        await storage.delete(key)
      } catch (error) {
        onError(error, key)
      }
    }),
  )
}

/**
 * The one way a change that put an object in the storage ends: `change` runs (usually a transaction
 * that records the file and may replace others) and returns its result with the keys it no longer
 * needs. When it throws, the new object is removed; when it succeeds, the unused ones are.
 */
export async function withStoredObject<T>(
  storage: FileStorage,
  key: string,
  onCleanupError: CleanupLog,
  change: () => Promise<{ result: T; unusedKeys: readonly string[] }>,
): Promise<T> {
  let done: { result: T; unusedKeys: readonly string[] }
  try {
    done = await change()
  } catch (error) {
    await removeStoredObjects(storage, [key], onCleanupError)
    throw error
  }
  await removeStoredObjects(storage, done.unusedKeys, onCleanupError)
  return done.result
}

export type PublicFile = { body: Readable; contentType: string; size: number }

/**
 * A file anyone may read. With `width`, a listing photo's WebP copy at that width when it has one
 * (photo-variants.ts); a photo stored before copies were made, or any other file, answers its original.
 */
export async function openPublicFile(db: Db, storage: FileStorage, { id, width }: { id: string; width?: PhotoVariantWidth | undefined }): Promise<PublicFile> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', 'files.notFound')
  for (const purpose of PUBLIC_PURPOSES) {
    const row = await findStoredFile(db, { id: id.toLowerCase(), purpose })
    if (!row) continue
    if (width !== undefined && purpose === LISTING_PHOTO_PURPOSE) {
      const variant = await storage.get(photoVariantKey(row.key, width))
      if (variant) return { body: variant.body, contentType: 'image/webp', size: variant.size }
    }
    const content = await storage.get(row.key)
    if (!content) break
    return { body: content.body, contentType: row.contentType, size: content.size }
  }
  throw new AppError('NOT_FOUND', 'files.notFound')
}
