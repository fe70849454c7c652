import { z } from 'zod'
import { freeText } from '../validation'

/**
 * The kinds of fill-in field a clause has, and how each is checked (issue #7, "Bad input"). Every
 * check works on the plain value (see plainValue) and returns the first thing wrong with it, in words
 * a user can act on. The messages are English; the web translates them by their exact text.
 */
export const CLAUSE_FIELD_KINDS = ['text', 'percent', 'dollars', 'days', 'date', 'time'] as const
export const ClauseFieldKindSchema = z.enum(CLAUSE_FIELD_KINDS)
export type ClauseFieldKind = z.infer<typeof ClauseFieldKindSchema>

/** Longest text a text field takes unless the clause says otherwise. */
export const CLAUSE_TEXT_MAX_LENGTH = 200
export const PERCENT_MAX = 100
export const DAYS_MAX = 365
export const DOLLARS_MAX = 999_999_999.99

export const CLAUSE_MESSAGES = {
  /** Spec section 5: an empty or white-space-only field of a ticked clause. */
  required: 'Required',
  /** Spec section 4: Import with an empty field (shown for 3000 ms). */
  fillAll: 'Please fill in all required fields',
  /** Import with a filled field that is not valid for its kind. */
  fixFields: 'Please correct the fields marked in red',
  /** Import with no clause ticked (the button is disabled then; the API says it in words). */
  tickOne: 'Tick at least one clause',
  percentNotNumber: 'Enter the percent as a number, e.g. 3 or 2.5',
  percentNegative: 'A percent cannot be negative',
  percentOver: 'A percent cannot be more than 100',
  tooManyDecimals: 'Use at most 2 decimal places',
  dollarsNotNumber: 'Enter the amount as a number without the $ sign, e.g. 1500 or 1,500.00',
  dollarsNegative: 'An amount cannot be negative',
  dollarsOver: 'An amount cannot be more than 999,999,999.99',
  daysNotWhole: 'Enter a whole number of days, e.g. 10',
  daysNegative: 'Days cannot be negative',
  daysOver: 'Days cannot be more than 365',
  dateFormat: 'Enter the date as YYYY-MM-DD',
  dateNotReal: 'This date does not exist',
  timeFormat: 'Enter the time as hh:mm AM or PM, e.g. 03:45 PM',
  timeNotReal: 'This time does not exist',
  tooLong: (max: number) => `Must have at most ${max} characters`,
  documentTooLong: 'The addendum does not fit on its 6 pages: shorten the longest filled-in values',
} as const

// Control characters (line breaks, tabs, NUL ...), Unicode line and paragraph separators, and the
// bidirectional overrides that could make printed text read differently from what was typed.
const NOT_PLAIN = /[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]/gu

/**
 * A filled value as it is printed: one line of plain text. Control characters and line breaks become
 * spaces, runs of white space become one space, and the ends are trimmed, so a value can neither
 * break the one-line-per-clause text nor the numbered-line layout.
 */
export function plainValue(value: unknown): string {
  if (typeof value !== 'string') return ''
  return value.replace(NOT_PLAIN, ' ').replace(/\s+/g, ' ').trim()
}

function checkPercent(value: string): string | null {
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(value)) return CLAUSE_MESSAGES.percentNotNumber
  if (value.startsWith('-')) return CLAUSE_MESSAGES.percentNegative
  if ((value.split('.')[1] ?? '').length > 2) return CLAUSE_MESSAGES.tooManyDecimals
  if (Number(value) > PERCENT_MAX) return CLAUSE_MESSAGES.percentOver
  return null
}

// Digits, optionally grouped by thousands with commas (1,500), and an optional decimal part.
const DOLLARS_PATTERN = /^-?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?$/

function checkDollars(value: string): string | null {
  if (!DOLLARS_PATTERN.test(value) || !/\d/.test(value)) return CLAUSE_MESSAGES.dollarsNotNumber
  if (value.startsWith('-')) return CLAUSE_MESSAGES.dollarsNegative
  if ((value.split('.')[1] ?? '').length > 2) return CLAUSE_MESSAGES.tooManyDecimals
  if (Number(value.replaceAll(',', '')) > DOLLARS_MAX) return CLAUSE_MESSAGES.dollarsOver
  return null
}

function checkDays(value: string): string | null {
  if (!/^-?\d+(\.\d*)?$/.test(value)) return CLAUSE_MESSAGES.daysNotWhole
  if (value.startsWith('-')) return CLAUSE_MESSAGES.daysNegative
  if (!/^\d+$/.test(value)) return CLAUSE_MESSAGES.daysNotWhole
  if (Number(value) > DAYS_MAX) return CLAUSE_MESSAGES.daysOver
  return null
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/** Spec section 5: dates are YYYY-MM-DD; the day must exist in that month of that year. */
export function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
}

function checkDate(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return CLAUSE_MESSAGES.dateFormat
  return isRealDate(value) ? null : CLAUSE_MESSAGES.dateNotReal
}

// Spec section 5: the 12-hour mask ##:## AA (03:45 PM, 8 characters); 24-hour 15:45 is taken too.
const TIME_12 = /^(\d{1,2}):(\d{2}) ?([AaPp][Mm])$/
const TIME_24 = /^(\d{1,2}):(\d{2})$/

function checkTime(value: string): string | null {
  const twelve = TIME_12.exec(value)
  const twentyFour = twelve ? null : TIME_24.exec(value)
  const match = twelve ?? twentyFour
  if (!match) return CLAUSE_MESSAGES.timeFormat
  const [hour, minute] = [Number(match[1]), Number(match[2])]
  const hourOk = twelve ? hour >= 1 && hour <= 12 : hour <= 23
  return hourOk && minute <= 59 ? null : CLAUSE_MESSAGES.timeNotReal
}

const KIND_CHECKS: Record<Exclude<ClauseFieldKind, 'text'>, (value: string) => string | null> = {
  percent: checkPercent,
  dollars: checkDollars,
  days: checkDays,
  date: checkDate,
  time: checkTime,
}

/**
 * What is wrong with a value typed into a field of a ticked clause, or null when it is fine.
 * Empty or white space only: 'Required'. Text: at most maxLength characters. Percent: 0 to 100, at
 * most 2 decimals. Dollars: not negative, at most 2 decimals. Days: a whole number 0 to 365. Date: a
 * real YYYY-MM-DD date. Time: hh:mm AM/PM or HH:mm.
 */
export function checkClauseField(kind: ClauseFieldKind, value: unknown, maxLength = CLAUSE_TEXT_MAX_LENGTH): string | null {
  const plain = plainValue(value)
  if (plain === '') return CLAUSE_MESSAGES.required
  if (kind === 'text') return plain.length > maxLength ? CLAUSE_MESSAGES.tooLong(maxLength) : null
  return KIND_CHECKS[kind](plain)
}

/** The same check as a zod schema of a string, e.g. for one field of an API body. */
export function clauseFieldSchema(kind: ClauseFieldKind, maxLength = CLAUSE_TEXT_MAX_LENGTH) {
  return freeText({ error: CLAUSE_MESSAGES.required }).superRefine((value, ctx) => {
    const message = checkClauseField(kind, value, maxLength)
    if (message) ctx.addIssue({ code: 'custom', message })
  })
}

export const CLAUSE_FIELD_SCHEMAS: Readonly<Record<ClauseFieldKind, ReturnType<typeof clauseFieldSchema>>> = {
  text: clauseFieldSchema('text'),
  percent: clauseFieldSchema('percent'),
  dollars: clauseFieldSchema('dollars'),
  days: clauseFieldSchema('days'),
  date: clauseFieldSchema('date'),
  time: clauseFieldSchema('time'),
}
