import { AppError } from '../app-error'

export const MAX_KEY_BYTES = 512

const KEY_CHARACTERS = /^[A-Za-z0-9._/-]+$/
// type/subtype with optional parameters; no control characters, as it becomes an HTTP header.
const CONTENT_TYPE = /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+(\s*;[\x20-\x7e]*)?$/

function refuse(key: string, why: string): AppError {
  return new AppError('BAD_REQUEST', `Unsafe file key ${JSON.stringify(key.slice(0, 80))}: ${why}`)
}

/**
 * Refuses a key that could escape the storage directory or mean different things to different
 * back-ends. Keys are built by services from fixed words, ids and an extension, never from a user's
 * file name (docs/decisions/007-file-storage.md).
 */
export function assertSafeKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw refuse('', 'it is empty')
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) throw refuse(key, `it is longer than ${MAX_KEY_BYTES} bytes`)
  if (!KEY_CHARACTERS.test(key)) throw refuse(key, "only the letters A-Z and a-z, digits, '.', '_', '-' and '/' are allowed")
  if (key.startsWith('/')) throw refuse(key, "it must be relative, not start with '/'")
  for (const segment of key.split('/')) {
    if (segment === '') throw refuse(key, "it has an empty segment ('//' or a trailing '/')")
    if (segment === '.' || segment === '..') throw refuse(key, "'.' and '..' segments are not allowed")
    // The disk back-end keeps its temporary and content-type files under names starting with '.'.
    if (segment.startsWith('.')) throw refuse(key, "a segment must not start with '.'")
  }
}

export function assertContentType(contentType: string): void {
  if (typeof contentType !== 'string' || !CONTENT_TYPE.test(contentType)) {
    throw new AppError('BAD_REQUEST', `Invalid content type ${JSON.stringify(String(contentType).slice(0, 80))}: expected type/subtype, e.g. application/pdf`)
  }
}

export function assertLength(size: number, contentLength: number | undefined): void {
  if (contentLength !== undefined && size !== contentLength) {
    throw new AppError('BAD_REQUEST', `The file has ${size} bytes, not the ${contentLength} announced`)
  }
}
