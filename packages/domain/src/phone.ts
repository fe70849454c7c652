// The small metadata set ('libphonenumber-js/min'), as the browser's phone input formats with: for each
// country it checks a number's length and its leading digits (for the US a real area code, so
// '(555) 555-0123' is not valid), but not the exact digit patterns and number types of the full set
// ('/max', 65 kB more). Its own module, apart from validation.ts, so a page that checks no phone does
// not load the library.
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

/** How a stored number reads: '(615) 555-0100' in the +1 zone, '+44 20 7183 8750' elsewhere; anything else as it is. */
export function formatPhone(stored: string): string {
  const phone = parsePhoneNumberFromString(stored)
  if (!phone) return stored
  return phone.countryCallingCode === '1' ? phone.formatNational() : phone.formatInternational()
}

/** Typed text: no character that cannot be stored (as free text, validation.ts), surrounding white space taken away. */
const typedPhone = (error: 'common.required' | 'common.invalidPhone') =>
  z
    .string({ error })
    .refine((value) => !hasUnstorableCharacters(value), { error: 'common.unstorableText', abort: true })
    .trim()

/** Reads a filled-in number as E.164; a number the rule refuses is 'Invalid phone number'. */
function toStored(value: string, payload: { issues: unknown[] }): string {
  const e164 = toE164(value)
  if (e164 === null) payload.issues.push({ code: 'custom', message: 'common.invalidPhone', input: value })
  return e164 ?? value
}

// Codecs rather than transforms: a response schema holding a phone (a listing's, an offer's terms) is
// encoded on the way out, and a stored E.164 number encodes to itself.

/** A phone that must be given: empty is 'Required', any other number the rule refuses is 'Invalid phone number'; E.164 out. */
export const requiredPhoneSchema = z.codec(typedPhone('common.required').min(1, { error: 'common.required', abort: true }), z.string(), {
  decode: toStored,
  encode: (e164) => e164,
})

/** A phone that may be left empty, as the rule for a required one; `empty` is what an empty field gives. */
function optionalPhone<Empty extends null | ''>(empty: Empty) {
  return z.codec(typedPhone('common.invalidPhone'), z.union([z.string(), z.literal(empty)]), {
    decode: (value, payload) => (value === '' ? empty : toStored(value, payload)),
    encode: (e164) => e164 ?? '',
  })
}

/** A phone that may be left empty: empty (or white space) gives null, else as requiredPhoneSchema. */
export const optionalPhoneSchema = optionalPhone(null)

/** The same, for the records that have always kept '' for no phone (an offer's parties, a packet's signers). */
export const optionalPhoneTextSchema = optionalPhone('')
