/**
 * Calendar dates without a zone (YYYY-MM-DD): a date in a contract is the same date wherever its
 * reader is. The contract timeline (contract-timeline.ts) counts its days with these. They count in
 * whole days since 1970-01-01 with integer arithmetic (the proleptic Gregorian calendar), no Date
 * object: a timeline of 1,000 contracts makes tens of thousands of these calls.
 */

/** Days since 1970-01-01 of a calendar date (H. Hinnant's days_from_civil). */
export function dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yearOfEra = y - era * 400
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return era * 146_097 + dayOfEra - 719_468
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n))

/** The YYYY-MM-DD of a day number (civil_from_days). */
export function dateOfDayNumber(days: number): string {
  const z = days + 719_468
  const era = Math.floor(z / 146_097)
  const dayOfEra = z - era * 146_097
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365)
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  const mp = Math.floor((5 * dayOfYear + 2) / 153)
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1
  const month = mp < 10 ? mp + 3 : mp - 9
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  return `${year}-${two(month)}-${two(day)}`
}

/** The day number of a YYYY-MM-DD. */
export function dayNumberOf(date: string): number {
  return dayNumber(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)))
}

/** YYYY-MM-DD plus whole days, on the calendar (no time zone enters). */
export function addCalendarDays(date: string, count: number): string {
  return dateOfDayNumber(dayNumberOf(date) + count)
}

/** 0 for Sunday to 6 for Saturday. */
export function dayOfWeek(date: string): number {
  // 1970-01-01 was a Thursday.
  return (((dayNumberOf(date) + 4) % 7) + 7) % 7
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumberOf(to) - dayNumberOf(from)
}

/** A real calendar date written YYYY-MM-DD (not February 30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const month = Number(value.slice(5, 7))
  const day = Number(value.slice(8, 10))
  return month >= 1 && month <= 12 && day >= 1 && dateOfDayNumber(dayNumberOf(value)) === value
}
