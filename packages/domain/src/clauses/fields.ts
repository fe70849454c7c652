import { z } from 'zod'
import type { Message, MessageKey } from '../messages'
import { message } from '../messages'
import { freeText } from '../validation'
import { plainValue } from './plain-value'

/**
 * The kinds of fill-in field a clause has, and how each is checked (issue #7, "Bad input"). Every
 * check works on the plain value (see plainValue) and returns the first thing wrong with it, as a
 * catalogue message (keys clauses.*, messages/clauses.ts) in words a user can act on.
 */
export const CLAUSE_FIELD_KINDS = ['text', 'percent', 'dollars', 'days', 'date', 'time'] as const
export const ClauseFieldKindSchema = z.enum(CLAUSE_FIELD_KINDS)
export type ClauseFieldKind = z.infer<typeof ClauseFieldKindSchema>

import { CLAUSE_TEXT_MAX_LENGTH } from './clause-limits'

export { CLAUSE_TEXT_MAX_LENGTH }
export const PERCENT_MAX = 100
export const DAYS_MAX = 365
export const DOLLARS_MAX = 999_999_999.99


function checkPercent(value: string): MessageKey | null {
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(value)) return 'clauses.percentNotNumber'
  if (value.startsWith('-')) return 'clauses.percentNegative'
  if ((value.split('.')[1] ?? '').length > 2) return 'clauses.tooManyDecimals'
  if (Number(value) > PERCENT_MAX) return 'clauses.percentOver'
  return null
}

// Digits, optionally grouped by thousands with commas (1,500), and an optional decimal part.
const DOLLARS_PATTERN = /^-?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?$/

function checkDollars(value: string): MessageKey | null {
  if (!DOLLARS_PATTERN.test(value) || !/\d/.test(value)) return 'clauses.dollarsNotNumber'
  if (value.startsWith('-')) return 'clauses.dollarsNegative'
  if ((value.split('.')[1] ?? '').length > 2) return 'clauses.tooManyDecimals'
  if (Number(value.replaceAll(',', '')) > DOLLARS_MAX) return 'clauses.dollarsOver'
  return null
}

function checkDays(value: string): MessageKey | null {
  if (!/^-?\d+(\.\d*)?$/.test(value)) return 'clauses.daysNotWhole'
  if (value.startsWith('-')) return 'clauses.daysNegative'
  if (!/^\d+$/.test(value)) return 'clauses.daysNotWhole'
  if (Number(value) > DAYS_MAX) return 'clauses.daysOver'
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

function checkDate(value: string): MessageKey | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'clauses.dateFormat'
  return isRealDate(value) ? null : 'clauses.dateNotReal'
}

// Spec section 5: the 12-hour mask ##:## AA (03:45 PM, 8 characters); 24-hour 15:45 is taken too.
const TIME_12 = /^(\d{1,2}):(\d{2}) ?([AaPp][Mm])$/
const TIME_24 = /^(\d{1,2}):(\d{2})$/

function checkTime(value: string): MessageKey | null {
  const twelve = TIME_12.exec(value)
  const twentyFour = twelve ? null : TIME_24.exec(value)
  const match = twelve ?? twentyFour
  if (!match) return 'clauses.timeFormat'
  const [hour, minute] = [Number(match[1]), Number(match[2])]
  const hourOk = twelve ? hour >= 1 && hour <= 12 : hour <= 23
  return hourOk && minute <= 59 ? null : 'clauses.timeNotReal'
}

const KIND_CHECKS: Record<Exclude<ClauseFieldKind, 'text'>, (value: string) => MessageKey | null> = {
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
export function checkClauseField(kind: ClauseFieldKind, value: unknown, maxLength = CLAUSE_TEXT_MAX_LENGTH): Message | null {
  const plain = plainValue(value)
  if (plain === '') return message('common.required')
  if (kind === 'text') return plain.length > maxLength ? message('common.tooLong', { maximum: maxLength }) : null
  const problem = KIND_CHECKS[kind](plain)
  return problem ? message(problem) : null
}

/** The same check as a zod schema of a string, e.g. for one field of an API body. */
export function clauseFieldSchema(kind: ClauseFieldKind, maxLength = CLAUSE_TEXT_MAX_LENGTH) {
  return freeText({ error: 'common.required' }).superRefine((value, ctx) => {
    const problem = checkClauseField(kind, value, maxLength)
    if (problem) ctx.addIssue({ code: 'custom', message: problem.key, params: problem.params })
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
