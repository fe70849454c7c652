import { describe, expect, it } from 'vitest'
import { chipsFrom, commitDraft, EMPTY_PHONE_CHIPS, formatPhone } from './phone-format'

describe('phone chips', () => {
  it('keeps a number the phone rule takes in E.164, US by default or any country with its + code', () => {
    const typed = commitDraft({ ...EMPTY_PHONE_CHIPS, draft: '(615) 555-0100; 615.555.0101; +44 20 7183 8750' })
    expect(typed).toEqual({ phones: ['+16155550100', '+16155550101', '+442071838750'], draft: '', invalid: false })
    for (const refused of ['12345', 'call me', '(555) 555-0100']) expect(commitDraft({ ...EMPTY_PHONE_CHIPS, draft: refused }), refused).toEqual({ phones: [], draft: refused, invalid: true })
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
