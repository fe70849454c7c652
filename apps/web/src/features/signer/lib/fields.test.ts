import { describe, expect, it } from 'vitest'
import { testField } from '../components/test-signer-view'
import { documentDate, nextFieldId, requiredProgress, textValues } from './fields'

const fields = [
  testField('sig', 'signature', 1, 0.2),
  testField('ini', 'initials', 0, 0.9),
  testField('date', 'date-signed', 1, 0.3),
  testField('note', 'text', 0, 0.5, { required: false }),
  testField('phone', 'text', 1, 0.6),
]
const none = { stamped: new Set<string>(), values: {} }

describe('signer fields', () => {
  it('writes the date as the document does, MM/DD/YYYY', () => {
    expect(documentDate(new Date(2026, 10, 5))).toBe('11/05/2026')
  })

  it('counts the required fields, the ones that fill themselves as done', () => {
    expect(requiredProgress(fields, none)).toEqual({ done: 1, total: 4 })
    expect(requiredProgress(fields, { stamped: new Set(['sig', 'ini']), values: { phone: ' 1 ' } })).toEqual({ done: 4, total: 4 })
  })

  it('visits the unfinished required fields by page and from the top, wrapping round, then the optional ones', () => {
    expect(nextFieldId(fields, none, null)).toBe('ini')
    expect(nextFieldId(fields, none, 'ini')).toBe('sig')
    expect(nextFieldId(fields, none, 'phone')).toBe('ini')
    const required = { stamped: new Set(['sig', 'ini']), values: { phone: 'x' } }
    expect(nextFieldId(fields, required, null)).toBe('note')
    expect(nextFieldId(fields, { ...required, values: { phone: 'x', note: 'y' } }, null)).toBeNull()
  })

  it('sends only the filled text fields, trimmed', () => {
    expect(textValues(fields, { phone: ' 615 ', note: '  ', sig: 'no' })).toEqual({ phone: '615' })
  })
})
