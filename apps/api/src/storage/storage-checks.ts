import type { MessageKey } from '@offerbook/domain/messages'
import { AppError } from '../app-error'
import type { ByteRange } from './storage'

export const MAX_KEY_BYTES = 512

const KEY_CHARACTERS = /^[A-Za-z0-9._/-]+$/
// type/subtype with optional parameters; no control characters, as it becomes an HTTP header.
const CONTENT_TYPE = /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+(\s*;[\x20-\x7e]*)?$/

/** A refused value, quoted and cut short, as the refusal shows it. */
function quoted(value: string): string {
  return JSON.stringify(value.slice(0, 80))
}

function refuse(key: string, why: MessageKey, params: Record<string, number> = {}): AppError {
  return new AppError('BAD_REQUEST', why, { params: { key: quoted(key), ...params } })
}

/**
 * Refuses a key that could escape the storage directory or mean different things to different
 * back-ends. Keys are built by services from fixed words, ids and an extension, never from a user's
 * file name (docs/decisions/007-file-storage.md).
 */
export function assertSafeKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw refuse('', 'storage.keyEmpty')
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) throw refuse(key, 'storage.keyTooLong', { maximum: MAX_KEY_BYTES })
  if (!KEY_CHARACTERS.test(key)) throw refuse(key, 'storage.keyCharacters')
  if (key.startsWith('/')) throw refuse(key, 'storage.keyAbsolute')
  for (const segment of key.split('/')) {
    if (segment === '') throw refuse(key, 'storage.keyEmptySegment')
    if (segment === '.' || segment === '..') throw refuse(key, 'storage.keyDotSegment')
    // The disk back-end keeps its temporary and content-type files under names starting with '.'.
    if (segment.startsWith('.')) throw refuse(key, 'storage.keyHiddenSegment')
  }
}

export function assertContentType(contentType: string): void {
  if (typeof contentType !== 'string' || !CONTENT_TYPE.test(contentType)) {
    throw new AppError('BAD_REQUEST', 'storage.contentType', { params: { contentType: quoted(String(contentType)) } })
  }
}

export function assertLength(size: number, contentLength: number | undefined): void {
  if (contentLength !== undefined && size !== contentLength) {
    throw new AppError('BAD_REQUEST', 'storage.sizeMismatch', { params: { size, announced: contentLength } })
  }
}

/** The part of `range` a file of `size` bytes has: its end cut to the last byte; null when it starts past the end. */
export function rangeWithin(range: ByteRange, size: number): ByteRange | null {
  if (range.start >= size) return null
  return { start: range.start, end: Math.min(range.end, size - 1) }
}
