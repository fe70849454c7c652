import { addCalendarDays, dayOfWeek } from './calendar-days'

/**
 * Tennessee's legal holidays, computed for any year (decision 060). Source: T.C.A. § 15-1-101, which
 * names January 1; Martin Luther King, Jr. Day (third Monday in January); Washington Day (third Monday
 * in February); Good Friday; Memorial Day (last Monday in May); Juneteenth (June 19, in the code's
 * 2024 edition and later); July 4; Labor Day (first Monday in September); Columbus Day (second Monday
 * in October); Veterans' Day (November 11); Thanksgiving (fourth Thursday in November) and December
 * 25; a holiday on a Sunday is kept the Monday after, one on a Saturday the Friday before.
 *
 * Not computed, because no rule gives their dates: days the governor or the president proclaims, and
 * election days (the statute makes them legal holidays too). Nor the Saturday half-holiday.
 */

export const LEGAL_HOLIDAYS = [
  'newYearsDay',
  'martinLutherKingDay',
  'washingtonDay',
  'goodFriday',
  'memorialDay',
  'juneteenth',
  'independenceDay',
  'laborDay',
  'columbusDay',
  'veteransDay',
  'thanksgiving',
  'christmas',
] as const
export type LegalHoliday = (typeof LEGAL_HOLIDAYS)[number]

/** The first year the code lists Juneteenth among Tennessee's legal holidays (the 2024 edition). */
export const JUNETEENTH_FROM_YEAR = 2024

const two = (n: number) => String(n).padStart(2, '0')
const ymd = (year: number, month: number, day: number) => `${year}-${two(month)}-${two(day)}`

/** The `nth` (1-based) given weekday (0 Sunday) of a month. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): string {
  const first = ymd(year, month, 1)
  return addCalendarDays(first, ((weekday - dayOfWeek(first) + 7) % 7) + (nth - 1) * 7)
}

/** The last given weekday of a month. */
function lastWeekday(year: number, month: number, weekday: number): string {
  const last = addCalendarDays(ymd(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1), -1)
  return addCalendarDays(last, -((dayOfWeek(last) - weekday + 7) % 7))
}

/** Easter Sunday of the Gregorian calendar (the anonymous algorithm of 1876, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return ymd(year, month, day)
}

/** A fixed-date holiday as kept: a Sunday moves to the Monday after, a Saturday to the Friday before. */
function kept(date: string): string {
  const weekday = dayOfWeek(date)
  return weekday === 0 ? addCalendarDays(date, 1) : weekday === 6 ? addCalendarDays(date, -1) : date
}

const byYear = new Map<number, ReadonlyMap<string, LegalHoliday>>()

/**
 * The legal holidays kept in a year, by date. New Year's Day on a Saturday is kept on the Friday
 * before, December 31 of the year before: it is listed under the year whose dates it falls in.
 */
export function legalHolidaysOf(year: number): ReadonlyMap<string, LegalHoliday> {
  const found = byYear.get(year)
  if (found) return found
  const days = new Map<string, LegalHoliday>()
  const add = (holiday: LegalHoliday, date: string) => {
    if (date.startsWith(`${year}-`)) days.set(date, holiday)
  }
  for (const y of [year, year + 1]) add('newYearsDay', kept(ymd(y, 1, 1)))
  add('martinLutherKingDay', nthWeekday(year, 1, 1, 3))
  add('washingtonDay', nthWeekday(year, 2, 1, 3))
  add('goodFriday', addCalendarDays(easterSunday(year), -2))
  add('memorialDay', lastWeekday(year, 5, 1))
  if (year >= JUNETEENTH_FROM_YEAR) add('juneteenth', kept(ymd(year, 6, 19)))
  add('independenceDay', kept(ymd(year, 7, 4)))
  add('laborDay', nthWeekday(year, 9, 1, 1))
  add('columbusDay', nthWeekday(year, 10, 1, 2))
  add('veteransDay', kept(ymd(year, 11, 11)))
  add('thanksgiving', nthWeekday(year, 11, 4, 4))
  add('christmas', kept(ymd(year, 12, 25)))
  const sorted: ReadonlyMap<string, LegalHoliday> = new Map([...days].sort(([a], [b]) => (a < b ? -1 : 1)))
  byYear.set(year, sorted)
  return sorted
}

/** The legal holiday kept on a date, or null. */
export function legalHolidayOn(date: string): LegalHoliday | null {
  return legalHolidaysOf(Number(date.slice(0, 4))).get(date) ?? null
}

/** Why a date is not a business day: 'saturday', 'sunday' or the legal holiday kept on it; null on a business day. */
export type NonBusinessDay = 'saturday' | 'sunday' | LegalHoliday

export function nonBusinessDay(date: string): NonBusinessDay | null {
  const weekday = dayOfWeek(date)
  if (weekday === 6) return 'saturday'
  if (weekday === 0) return 'sunday'
  return legalHolidayOn(date)
}

/** The last business day on or before a date. */
export function businessDayOnOrBefore(date: string): string {
  let day = date
  while (nonBusinessDay(day) !== null) day = addCalendarDays(day, -1)
  return day
}
