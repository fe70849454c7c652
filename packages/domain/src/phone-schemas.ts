import { z } from 'zod'
import { toE164 } from './phone'
import { hasUnstorableCharacters } from './validation'

/** The one phone rule (phone.ts, decision 041) as schemas, for the API's bodies and the forms that check with them. */

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
