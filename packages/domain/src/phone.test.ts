import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { messageText } from './messages'
import { toE164 } from './phone'
import { optionalPhoneSchema, optionalPhoneTextSchema, requiredPhoneSchema } from './phone-schemas'
import { firstError as firstMessage } from './validation'

/** The English text of the first message a schema gives, as the API answers it; null when the value passes. */
function firstError(schema: z.ZodType, value: unknown): string | null {
  const found = firstMessage(schema, value)
  return found && messageText(found.key, found.params)
}

const REFUSED = [
  '(555) 555-0123', // 555 is not an area code
  '555',
  '12345',
  '(615) 555-01234',
  '(61a) 555-0123',
  '+0123456789',
  'call me',
  'call me at 615-555-0123',
  '(615) 555-0123 ext. 5',
  '+1 (615) 555-0123\u0000',
]

describe('the phone rule', () => {
  it("takes spec section 5's (615) 555-0123 and the other ways a US number is written, all as E.164", () => {
    for (const typed of ['(615) 555-0123', '(615)555-0123', '615-555-0123', '615.555.0123', '6155550123', '1 (615) 555-0123', '+1 615 555 0123', '+16155550123', ' (615) 555-0123 '])
      expect(toE164(typed), typed).toBe('+16155550123')
  })

  it('takes a number from another country given with + and its calling code, or typed in that country', () => {
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958')
    expect(toE164('020 7946 0958', 'GB')).toBe('+442079460958')
  })

  it('refuses a number that is not valid, one with an extension, or one inside other words', () => {
    for (const typed of REFUSED) expect(toE164(typed), typed).toBeNull()
    expect(toE164('')).toBeNull()
  })

  it("a required phone: E.164 out, empty is 'Required', anything else refused 'Invalid phone number'", () => {
    expect(requiredPhoneSchema.parse('(615) 555-0123')).toBe('+16155550123')
    expect(firstError(requiredPhoneSchema, ' ')).toBe('Required')
    expect(firstError(requiredPhoneSchema, undefined)).toBe('Required')
    for (const typed of REFUSED.slice(0, -1)) expect(firstMessage(requiredPhoneSchema, typed), typed).toEqual({ key: 'common.invalidPhone' })
    expect(firstError(requiredPhoneSchema, '(555) 555-0123')).toBe('Invalid phone number')
  })

  it('an optional phone: empty is null, a number is kept in E.164, and the same numbers are refused', () => {
    expect(optionalPhoneSchema.parse('')).toBeNull()
    expect(optionalPhoneSchema.parse('   ')).toBeNull()
    expect(optionalPhoneSchema.parse('615-555-0123')).toBe('+16155550123')
    for (const typed of REFUSED.slice(0, -1)) expect(firstMessage(optionalPhoneSchema, typed), typed).toEqual({ key: 'common.invalidPhone' })
    expect(firstMessage(optionalPhoneSchema, '+1 (615) 555-0123\u0000')).toEqual({ key: 'common.unstorableText' })
  })

  it("keeps '' for no phone where a record always has, and a stored number goes out as it is", () => {
    expect(optionalPhoneTextSchema.parse(' ')).toBe('')
    expect(optionalPhoneTextSchema.parse('(615) 555-0123')).toBe('+16155550123')
    expect(firstMessage(optionalPhoneTextSchema, '(555) 555-0123')).toEqual({ key: 'common.invalidPhone' })
    expect(z.encode(optionalPhoneSchema.nullable(), '+16155550123')).toBe('+16155550123')
    expect(z.encode(optionalPhoneSchema.nullable(), null)).toBeNull()
    expect(z.encode(requiredPhoneSchema, '+16155550123')).toBe('+16155550123')
  })
})
