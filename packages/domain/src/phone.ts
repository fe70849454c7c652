// The small metadata set ('libphonenumber-js/min'), the same one the browser's phone input formats
// with: it tells valid numbers from invalid ones per country as the full set does, without the number
// types the full set adds. Kept in its own module so only the code that checks a phone loads it.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min'
import type { CountryCode } from 'libphonenumber-js/min'
import { z } from 'zod'
import { hasUnstorableCharacters } from './validation'

export type { CountryCode }

/**
 * The one phone rule (docs/decisions/041-one-phone-rule.md), for every phone a person types: the
 * API's bodies, the browser's phone input and the message dialog's phone chips all use it, so both
 * sides accept exactly the same numbers.
 */

/** Spec section 9: a number typed without + and a calling code is a US number. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'US'

/** How numbers are stored and texted: E.164, e.g. +16155550123. Checks a stored or received number's form only. */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/

/**
 * A typed number in E.164 when it is a valid phone number, else null. '(615) 555-0123', '615-555-0123',
 * '+1 615 555 0123' and '+16155550123' all give '+16155550123'; '(555) 555-0123' (555 is no area code),
 * a number with an extension, or a number inside other words is refused. `country` is the country of
 * a number typed without +.
 */
export function toE164(text: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  const trimmed = text.trim()
  if (trimmed === '') return null
  const phone = parsePhoneNumberFromString(trimmed, { defaultCountry: country, extract: false })
  return phone?.isValid() && !phone.ext ? phone.number : null
}

/** Typed text: no character that cannot be stored (as free text, validation.ts), surrounding white space taken away. */
const typedPhone = (error: 'common.required' | 'common.invalidPhone') =>
  z
    .string({ error })
    .refine((value) => !hasUnstorableCharacters(value), { error: 'common.unstorableText', abort: true })
    .trim()

function toStored(value: string, ctx: z.RefinementCtx): string {
  const e164 = toE164(value)
  if (e164 === null) ctx.addIssue({ code: 'custom', message: 'common.invalidPhone' })
  return e164 ?? value
}

/** A phone that must be given: empty is 'Required', any other number the rule refuses is 'Invalid phone number'; E.164 out. */
export const requiredPhoneSchema = typedPhone('common.required')
  .min(1, { error: 'common.required', abort: true })
  .transform(toStored)

/** A phone that may be left empty: empty (or white space) gives null, else as requiredPhoneSchema. */
export const optionalPhoneSchema = typedPhone('common.invalidPhone').transform((value, ctx) => (value === '' ? null : toStored(value, ctx)))
