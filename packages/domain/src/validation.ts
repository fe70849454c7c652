import { z } from 'zod'

/**
 * The shared rules of spec section 5, each a zod schema carrying the spec's exact message. The API
 * validates bodies with them and the browser's forms check fields with the same schemas.
 */
export const MESSAGES = {
  required: 'Required',
  invalidEmail: 'Invalid email',
  fullName: 'Required First and Last Name',
  invalidPhone: 'Invalid phone number',
  invalidUrl: 'Invalid url',
  mlsId: 'Lead agent MLS ID must be: state code - license number (e.g., TN-123456)',
  minLength: (min: number) => `Must have at least ${min} characters`,
} as const

export const EMAIL_MIN_LENGTH = 6
export const EMAIL_MAX_LENGTH = 254
export const EMAIL_LOCAL_MAX_LENGTH = 64

/** Non-empty once surrounding white space is taken away. */
export const requiredText = z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required)

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

export const emailSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .refine(isEmail, MESSAGES.invalidEmail)

/** At least two words: a first and a last name. */
export const fullNameSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .refine((value) => value.split(/\s+/).filter(Boolean).length >= 2, MESSAGES.fullName)

// Spec section 5: digits in parentheses, digits, a hyphen, digits; e.g. (615) 555-0123.
const PHONE_PATTERN = /^\(\d+\)\s?\d+-\d+$/

// NUL cannot be stored by PostgreSQL, and a lone UTF-16 surrogate is not text (a JSON column refuses it).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Whether typed text holds a character that cannot be stored as text: NUL or a lone surrogate. */
export function hasUnstorableCharacters(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value)
}

export function isPhoneShape(value: string): boolean {
  return PHONE_PATTERN.test(value)
}

/** Optional: empty passes; anything else must have the shape (615) 555-0123. */
export const optionalPhoneSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || isPhoneShape(value), MESSAGES.invalidPhone)

export function minLength(min: number) {
  return z.string({ error: MESSAGES.required }).min(min, MESSAGES.minLength(min))
}

// http(s), a host of dot-separated labels ending in a top-level domain, an optional port, then a path,
// query or fragment without spaces.
const URL_PATTERN = /^https?:\/\/(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/

export function isUrl(value: string): boolean {
  return URL_PATTERN.test(value)
}

/** Optional: empty passes; anything else must be an http(s) address with a domain. */
export const optionalUrlSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || isUrl(value), MESSAGES.invalidUrl)

// Two uppercase letters (the state), a hyphen, then letters or digits (the license number).
const MLS_ID_PATTERN = /^[A-Z]{2}-[A-Za-z0-9]+$/

export function isMlsId(value: string): boolean {
  return MLS_ID_PATTERN.test(value)
}

export const mlsIdSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .refine(isMlsId, MESSAGES.mlsId)

/**
 * The first message a schema gives for a value, or null when it passes: what a form shows under a
 * field. `schema.safeParse` stays available for whole objects.
 */
export function firstError(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value)
  return result.success ? null : (result.error.issues[0]?.message ?? MESSAGES.required)
}
