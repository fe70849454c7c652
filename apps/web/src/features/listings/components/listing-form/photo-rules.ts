import { LISTING_LIMITS, LISTING_PHOTO_CONTENT_TYPES } from '@offerbook/domain/listing'
import type { Message } from '@offerbook/domain/messages'

/** What the file picker offers; the API sniffs the bytes as well. */
export const PHOTO_ACCEPT = LISTING_PHOTO_CONTENT_TYPES.join(',')

export type PhotoRefusal = { file: File; message: Message }

/** The same checks the API makes, so a wrong file is refused before anything is sent. Messages are the API's, limits included. */
export function photoRefusalOf(file: File): Message | null {
  if (!LISTING_PHOTO_CONTENT_TYPES.some((type) => type === file.type)) return { key: 'listing.photoType' }
  if (file.size > LISTING_LIMITS.photoMaxBytes) return { key: 'listing.photoTooLarge' }
  return null
}

/**
 * Splits picked files into those to upload and those refused: wrong type, too large, or beyond the
 * 50 photos a listing may have (`taken` counts photos already stored or on their way).
 */
export function sortPickedPhotos(files: readonly File[], taken: number): { accepted: File[]; refused: PhotoRefusal[] } {
  const accepted: File[] = []
  const refused: PhotoRefusal[] = []
  for (const file of files) {
    const message = photoRefusalOf(file) ?? (taken + accepted.length >= LISTING_LIMITS.maxPhotos ? { key: 'listing.tooManyPhotos' as const } : null)
    if (message) refused.push({ file, message })
    else accepted.push(file)
  }
  return { accepted, refused }
}

/** The photo ids after moving one photo `by` places (-1 earlier, 1 later); unchanged at either end. */
export function movedPhotoIds(ids: readonly string[], mediaId: string, by: -1 | 1): string[] {
  const from = ids.indexOf(mediaId)
  const to = from + by
  if (from < 0 || to < 0 || to >= ids.length) return [...ids]
  const next = [...ids]
  next.splice(from, 1)
  next.splice(to, 0, mediaId)
  return next
}

/** The photo ids with one photo first: the primary photo. */
export function primaryFirst(ids: readonly string[], mediaId: string): string[] {
  return ids.includes(mediaId) ? [mediaId, ...ids.filter((id) => id !== mediaId)] : [...ids]
}
