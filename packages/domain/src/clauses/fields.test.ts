import type { z } from 'zod'
import { describe, expect, it } from 'vitest'
import type { ClauseFieldKind } from './fields'
import { issueMessage, messageText } from '../messages'
import { CLAUSE_FIELD_SCHEMAS, checkClauseField, clauseFieldSchema, isRealDate } from './fields'
import { plainValue } from './plain-value'

/** The check's message in English: the spec's words are pinned by their text. */
function check(kind: ClauseFieldKind, value: unknown, maxLength?: number): string | null {
  const problem = checkClauseField(kind, value, maxLength)
  return problem && messageText(problem.key, problem.params)
}

function firstError(schema: z.ZodType, value: unknown): string | null {
  const issue = schema.safeParse(value).error?.issues[0]
  if (!issue) return null
  const problem = issueMessage(issue)
  return messageText(problem.key, problem.params)
}

describe('every kind of field', () => {
  it("says 'Required' for empty, white space only, or no value", () => {
    for (const kind of ['text', 'percent', 'dollars', 'days', 'date', 'time'] as const) {
      for (const value of ['', '   ', '\t\n', undefined, null, true]) expect(check(kind, value), `${kind} ${String(value)}`).toBe('Required')
    }
  })

  it('reads the value trimmed', () => {
    expect(check('percent', ' 3 ')).toBeNull()
    expect(check('days', '\t10\n')).toBeNull()
  })
})

describe('text', () => {
  it('takes up to 200 characters by default and says when there are more', () => {
    expect(check('text', 'a'.repeat(200))).toBeNull()
    expect(check('text', 'a'.repeat(201))).toBe('Must have at most 200 characters')
    expect(check('text', 'a'.repeat(1200), 1200)).toBeNull()
    expect(check('text', 'a'.repeat(1201), 1200)).toBe('Must have at most 1200 characters')
  })
})

describe('percent: 0 to 100, at most 2 decimals', () => {
  it('takes the edges and decimals', () => {
    for (const value of ['0', '100', '100.00', '2.5', '0.25', '.5', '99.99']) expect(check('percent', value), value).toBeNull()
  })

  it('says what is wrong', () => {
    expect(check('percent', '100.01')).toBe('A percent cannot be more than 100')
    expect(check('percent', '101')).toBe('A percent cannot be more than 100')
    expect(check('percent', '-1')).toBe('A percent cannot be negative')
    expect(check('percent', '-0.5')).toBe('A percent cannot be negative')
    expect(check('percent', '2.555')).toBe('Use at most 2 decimal places')
    for (const value of ['three', '3%', '1,5', '1e2', '--1', '.']) expect(check('percent', value), value).toBe('Enter the percent as a number, e.g. 3 or 2.5')
  })
})

describe('dollars: not negative, at most 2 decimals', () => {
  it('takes whole amounts, cents and thousands commas', () => {
    for (const value of ['0', '0.00', '1500', '1,500', '1,500.00', '1234567.89', '.99', '999,999,999.99']) expect(check('dollars', value), value).toBeNull()
  })

  it('says what is wrong', () => {
    expect(check('dollars', '-1')).toBe('An amount cannot be negative')
    expect(check('dollars', '-0.01')).toBe('An amount cannot be negative')
    expect(check('dollars', '10.001')).toBe('Use at most 2 decimal places')
    expect(check('dollars', '1,000,000,000')).toBe('An amount cannot be more than 999,999,999.99')
    for (const value of ['$1500', 'ten', '1,50', '15,00.00', '1.500,00', '1 500', '.', '-']) {
      expect(check('dollars', value), value).toBe('Enter the amount as a number without the $ sign, e.g. 1500 or 1,500.00')
    }
  })
})

describe('days: whole numbers 0 to 365', () => {
  it('takes the edges', () => {
    for (const value of ['0', '1', '365']) expect(check('days', value), value).toBeNull()
  })

  it('says what is wrong', () => {
    expect(check('days', '366')).toBe('Days cannot be more than 365')
    expect(check('days', '-1')).toBe('Days cannot be negative')
    for (const value of ['1.5', '10.', 'ten', '1e1', '+5', '5 days']) expect(check('days', value), value).toBe('Enter a whole number of days, e.g. 10')
  })
})

describe('date: a real YYYY-MM-DD date', () => {
  it('takes real dates, leap days included', () => {
    for (const value of ['2024-01-01', '2024-02-29', '2000-02-29', '2025-12-31', '2025-04-30']) expect(check('date', value), value).toBeNull()
  })

  it('refuses dates that do not exist', () => {
    for (const value of ['2023-02-29', '1900-02-29', '2025-02-30', '2025-04-31', '2025-13-01', '2025-00-10', '2025-01-00', '2025-01-32', '0000-01-01']) {
      expect(check('date', value), value).toBe('This date does not exist')
    }
    expect(isRealDate('2023-02-29')).toBe(false)
  })

  it('refuses other shapes', () => {
    for (const value of ['01/01/2024', '2024-1-1', '2024-01-01T00:00', 'tomorrow', '20240101']) expect(check('date', value), value).toBe('Enter the date as YYYY-MM-DD')
  })
})

describe('time: hh:mm AM/PM or HH:mm', () => {
  it('takes the 12-hour mask and 24-hour times', () => {
    for (const value of ['03:45 PM', '12:00 AM', '1:05 pm', '11:59PM', '00:00', '23:59', '9:30']) expect(check('time', value), value).toBeNull()
  })

  it('refuses times that do not exist', () => {
    for (const value of ['13:00 PM', '00:30 AM', '24:00', '12:60', '10:75 AM']) expect(check('time', value), value).toBe('This time does not exist')
  })

  it('refuses other shapes', () => {
    for (const value of ['3 PM', 'noon', '0345', '03:45 XM', '03:4 PM']) expect(check('time', value), value).toBe('Enter the time as hh:mm AM or PM, e.g. 03:45 PM')
  })
})

describe('plain values', () => {
  it('turn line breaks and control characters into single spaces, and trim', () => {
    expect(plainValue('  Jane\r\nand\tJohn\u0000Doe  ')).toBe('Jane and John Doe')
    expect(plainValue('a\u2028b\u2029c')).toBe('a b c')
    expect(plainValue('\u202Eevil')).toBe('evil')
    expect(plainValue(42)).toBe('')
  })

  it('count a value of control characters only as empty', () => {
    expect(check('text', '\u0000\n\u0007')).toBe('Required')
  })
})

describe('the zod schemas', () => {
  it('give the same messages', () => {
    expect(firstError(CLAUSE_FIELD_SCHEMAS.percent, '101')).toBe('A percent cannot be more than 100')
    expect(firstError(CLAUSE_FIELD_SCHEMAS.days, '  ')).toBe('Required')
    expect(firstError(CLAUSE_FIELD_SCHEMAS.date, 5)).toBe('Required')
    expect(firstError(CLAUSE_FIELD_SCHEMAS.time, '03:45 PM')).toBeNull()
    expect(firstError(clauseFieldSchema('text', 3), 'abcd')).toBe('Must have at most 3 characters')
  })
})

describe('the messages', () => {
  it('are catalogue keys with their parameters', () => {
    expect(checkClauseField('text', ' ')).toEqual({ key: 'common.required' })
    expect(checkClauseField('text', 'abcd', 3)).toEqual({ key: 'common.tooLong', params: { maximum: 3 } })
    expect(checkClauseField('percent', '101')).toEqual({ key: 'clauses.percentOver' })
  })
})
