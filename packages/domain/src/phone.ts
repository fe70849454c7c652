// The small metadata set ('libphonenumber-js/min'), as the browser's phone input formats with: for each
// country it checks a number's length and its leading digits (for the US a real area code, so
// '(555) 555-0123' is not valid), but not the exact digit patterns and number types of the full set
// ('/max', 65 kB more). Its own module, apart from validation.ts, so a page that checks no phone does
// not load the library; free of zod, so a page with a phone input loads no schema (the schemas of the
// rule are in phone-schemas.ts).
import { parsePhoneNumberFromString } from 'libphonenumber-js/min'
import type { CountryCode } from 'libphonenumber-js/min'

import { DEFAULT_PHONE_COUNTRY } from './phone-country'

export type { CountryCode }

/**
 * The one phone rule (docs/decisions/041-one-phone-rule.md), for every phone a person types: the
 * API's bodies, the browser's phone input and the message dialog's phone chips all use it, so both
 * sides accept exactly the same numbers.
 */

/** Spec section 9: a number typed without + and a calling code is a US number (phone-country.ts). */
export { DEFAULT_PHONE_COUNTRY }

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
