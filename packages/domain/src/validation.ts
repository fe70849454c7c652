import { z } from 'zod'
import type { Message, MessageKey } from './messages'
import { issueMessage } from './messages'

/**
 * The shared rules of spec section 5, each a zod schema carrying its message's catalogue key
 * (messages.ts). The API validates bodies with them and the browser's forms check fields with the
 * same schemas.
 */

export const EMAIL_MIN_LENGTH = 6
export const EMAIL_MAX_LENGTH = 254
export const EMAIL_LOCAL_MAX_LENGTH = 64

// NUL cannot be stored by PostgreSQL, and a lone UTF-16 surrogate is not text (a JSON column refuses it).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Whether typed text holds a character that cannot be stored as text: NUL or a lone surrogate. */
export function hasUnstorableCharacters(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value)
}

/** Whether any string of a parsed JSON value, or any of its keys, holds a character that cannot be stored. */
export function holdsUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return hasUnstorableCharacters(value)
  if (Array.isArray(value)) return value.some(holdsUnstorableText)
  if (value === null || typeof value !== 'object') return false
  return Object.entries(value).some(([key, item]) => hasUnstorableCharacters(key) || holdsUnstorableText(item))
}

/**
 * The one rule for free text from a user (docs/decisions/017-free-text.md): a string with no NUL and
 * no lone surrogate, refused on its field with 'common.unstorableText' before any other check runs.
 * Chain the field's own rules after it: `freeText().trim().max(200, ...)`.
 */
export function freeText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !hasUnstorableCharacters(value), { error: 'common.unstorableText', abort: true })
}

/** Non-empty once surrounding white space is taken away. */
export const requiredText = freeText({ error: 'common.required' }).trim().min(1, 'common.required')

// One @, no spaces, a dot-separated domain whose last label has two or more letters.
const EMAIL_PATTERN = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/

export function isEmail(value: string): boolean {
  if (value.length < EMAIL_MIN_LENGTH || value.length > EMAIL_MAX_LENGTH) return false
  const at = value.lastIndexOf('@')
  if (at < 1 || at > EMAIL_LOCAL_MAX_LENGTH) return false
  const local = value.slice(0, at)
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false
  return EMAIL_PATTERN.test(value)
}

/** A required value (trimmed; empty is 'Required') in a format `isValid` knows, else `message`. */
function requiredIn(isValid: (value: string) => boolean, message: MessageKey) {
  return z.string({ error: 'common.required' }).trim().min(1, 'common.required').refine(isValid, message)
}

export const emailSchema = requiredIn(isEmail, 'common.invalidEmail')

/** At least two words: a first and a last name. */
export const fullNameSchema = freeText({ error: 'common.required' })
  .trim()
  .refine((value) => value.split(/\s+/).filter(Boolean).length >= 2, 'common.fullName')

/** At least `min` characters; empty is 'Required'. */
export function minLength(min: number) {
  return z.string({ error: 'common.required' }).min(1, { error: 'common.required', abort: true }).min(min, 'common.tooShort')
}

// http(s), a host of dot-separated labels ending in a top-level domain, an optional port, then a path,
// query or fragment without spaces.
const URL_PATTERN = /^https?:\/\/(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/

export function isUrl(value: string): boolean {
  return URL_PATTERN.test(value)
}

/** The longest address a link field keeps. */
export const URL_MAX_LENGTH = 2000

/**
 * Spec section 5's optional URL rule: empty passes; anything else must be an http(s) address with a
 * domain ('Invalid url'). A listing's virtual tour and an agent's website use it.
 */
export const optionalUrlSchema = z
  .string({ error: 'common.invalidUrl' })
  .trim()
  .max(URL_MAX_LENGTH, 'common.tooLong')
  .refine((value) => value === '' || isUrl(value), 'common.invalidUrl')

// Two uppercase letters (the state), a hyphen, then letters or digits (the license number).
const MLS_ID_PATTERN = /^[A-Z]{2}-[A-Za-z0-9]+$/

export function isMlsId(value: string): boolean {
  return MLS_ID_PATTERN.test(value)
}

export const mlsIdSchema = requiredIn(isMlsId, 'common.mlsId')

// Bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) and the invisible direction
// marks (U+200E, U+200F, U+061C): in a file name they can make 'invoice\u202Efdp.exe' read as
// 'invoiceexe.pdf'. C0 controls (NUL among them) and DEL have no place in a name either.
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/
const SURROGATE = /^[\uD800-\uDFFF]$/
const isControl = (char: string) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f
export const FILE_NAME_MAX_LENGTH = 200

/**
 * An uploaded file's name as it is kept and shown: no control, bidi or direction-mark characters, no
 * lone surrogates, no slashes, at most 200 characters, and `fallback` when nothing is left.
 */
export function cleanFileName(name: string, fallback: string): string {
  // Spread by code point: a whole surrogate pair (an emoji) is one item and stays, a lone half goes.
  const cleaned = [...name]
    .filter((char) => !isControl(char) && !BIDI_CONTROL.test(char) && !SURROGATE.test(char) && char !== '/' && char !== '\\')
    .join('')
    .trim()
  return [...cleaned].slice(0, FILE_NAME_MAX_LENGTH).join('').trim() || fallback
}

/**
 * The first message a schema gives for a value, or null when it passes: what a form shows under a
 * field. `schema.safeParse` stays available for whole objects.
 */
export function firstError(schema: z.ZodType, value: unknown): Message | null {
  const result = schema.safeParse(value)
  if (result.success) return null
  const issue = result.error.issues[0]
  return issue ? issueMessage(issue) : { key: 'common.required' }
}

/** The one ZIP code pattern: five digits, or ZIP+4 (37203 or 37203-1234). */
export const ZIP_CODE_PATTERN = /^\d{5}(?:-\d{4})?$/
/** The longest ZIP code the pattern takes: ZIP+4 with its hyphen. */
export const ZIP_CODE_MAX_LENGTH = 10

export function isZipCode(value: string): boolean {
  return ZIP_CODE_PATTERN.test(value)
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether a value is a UUID as the database writes them (any version, either case). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value)
}
