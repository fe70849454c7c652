import { describe, expect, it } from 'vitest'
import { chipsFrom, commitDraft, EMPTY_PHONE_CHIPS, formatPhone, phoneToE164 } from './phone-format'

describe('phone chips', () => {
  it('keeps a valid number in E.164, US by default or any country with its + code', () => {
    expect(phoneToE164('(615) 555-0100')).toBe('+16155550100')
    expect(phoneToE164('615.555.0100')).toBe('+16155550100')
    expect(phoneToE164('+44 20 7183 8750')).toBe('+442071838750')
    expect(phoneToE164('12345')).toBeNull()
    expect(phoneToE164('call me')).toBeNull()
    expect(phoneToE164('  ')).toBeNull()
  })

  it('shows +1 numbers in the national form and others internationally', () => {
    expect(formatPhone('+16155550100')).toBe('(615) 555-0100')
    expect(formatPhone('+442071838750')).toBe('+44 20 7183 8750')
  })

  it('adds what was typed, each number once, and keeps a refused entry in the field', () => {
    const one = commitDraft({ ...EMPTY_PHONE_CHIPS, draft: '615-555-0100' })
    expect(one).toEqual({ phones: ['+16155550100'], draft: '', invalid: false })
    expect(commitDraft({ ...one, draft: '+1 615 555 0100' })).toEqual(one)
    expect(commitDraft({ ...one, draft: '555' })).toEqual({ phones: ['+16155550100'], draft: '555', invalid: true })
  })

  it('splits a pasted list on commas, semicolons and new lines', () => {
    expect(commitDraft({ ...EMPTY_PHONE_CHIPS, draft: '615-555-0101, nope;\n615 555 0102' })).toEqual({ phones: ['+16155550101', '+16155550102'], draft: 'nope', invalid: true })
    expect(chipsFrom(['+16155550101', '(615) 555-0102'])).toEqual({ phones: ['+16155550101', '+16155550102'], draft: '', invalid: false })
    expect(chipsFrom([])).toEqual(EMPTY_PHONE_CHIPS)
  })
})
