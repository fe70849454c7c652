import { describe, expect, it } from 'vitest'
import { addCalendarDays, dateOfDayNumber, dayNumberOf, dayOfWeek, daysBetween, isCalendarDate } from './calendar-days'
import { businessDayOnOrBefore, easterSunday, legalHolidayOn, legalHolidaysOf, nonBusinessDay } from './legal-holidays'

describe('calendar days', () => {
  it('agrees with the Gregorian calendar of Date from 1900 to 2400', () => {
    for (let day = dayNumberOf('1900-01-01'); day <= dayNumberOf('2400-12-31'); day += 37) {
      const expected = new Date(day * 86_400_000)
      expect(dateOfDayNumber(day)).toBe(expected.toISOString().slice(0, 10))
      expect(dayOfWeek(dateOfDayNumber(day))).toBe(expected.getUTCDay())
    }
  })

  it('adds and counts days across month ends, leap days and years', () => {
    expect(addCalendarDays('2024-02-28', 1)).toBe('2024-02-29')
    expect(addCalendarDays('2100-02-28', 1)).toBe('2100-03-01')
    expect(addCalendarDays('2000-02-28', 1)).toBe('2000-02-29')
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(daysBetween('2026-01-12', '2026-03-13')).toBe(60)
    expect(daysBetween('2026-03-13', '2026-01-12')).toBe(-60)
  })

  it('knows a real date from one that is not', () => {
    expect(['2024-02-29', '2023-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-4-01', ''].map(isCalendarDate)).toEqual([true, false, false, false, false, false, false])
  })
})

describe("Tennessee's legal holidays (T.C.A. § 15-1-101)", () => {
  it('lists the twelve kept in 2026, a Saturday July 4 kept on the Friday before', () => {
    expect([...legalHolidaysOf(2026)]).toEqual([
      ['2026-01-01', 'newYearsDay'],
      ['2026-01-19', 'martinLutherKingDay'],
      ['2026-02-16', 'washingtonDay'],
      ['2026-04-03', 'goodFriday'],
      ['2026-05-25', 'memorialDay'],
      ['2026-06-19', 'juneteenth'],
      ['2026-07-03', 'independenceDay'],
      ['2026-09-07', 'laborDay'],
      ['2026-10-12', 'columbusDay'],
      ['2026-11-11', 'veteransDay'],
      ['2026-11-26', 'thanksgiving'],
      ['2026-12-25', 'christmas'],
    ])
  })

  it('keeps a Sunday holiday on the Monday after, and a Saturday New Year on December 31 of the year before', () => {
    expect(legalHolidayOn('2027-07-05')).toBe('independenceDay')
    expect(legalHolidayOn('2027-07-04')).toBeNull()
    expect(legalHolidayOn('2027-12-24')).toBe('christmas')
    expect(legalHolidayOn('2027-12-31')).toBe('newYearsDay')
    expect(legalHolidayOn('2028-01-01')).toBeNull()
    expect([...legalHolidaysOf(2028).values()]).not.toContain('newYearsDay')
  })

  it('counts Juneteenth from the 2024 edition of the code on', () => {
    expect(legalHolidayOn('2023-06-19')).toBeNull()
    expect(legalHolidayOn('2024-06-19')).toBe('juneteenth')
  })

  it('finds Easter for any year, and Good Friday two days before', () => {
    expect(['2000', '2019', '2024', '2025', '2026', '2027', '2028', '2038', '2285'].map((year) => easterSunday(Number(year)))).toEqual([
      '2000-04-23',
      '2019-04-21',
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
      '2028-04-16',
      '2038-04-25',
      '2285-03-22',
    ])
    expect(legalHolidayOn('2038-04-23')).toBe('goodFriday')
  })

  it('names the day that is not a business day, and finds the business day before it', () => {
    expect(nonBusinessDay('2026-11-27')).toBeNull() // the day after Thanksgiving is not in the statute
    expect(nonBusinessDay('2026-11-28')).toBe('saturday')
    expect(nonBusinessDay('2026-11-29')).toBe('sunday')
    expect(businessDayOnOrBefore('2026-11-29')).toBe('2026-11-27')
    expect(businessDayOnOrBefore('2026-07-05')).toBe('2026-07-02')
    expect(businessDayOnOrBefore('2026-07-06')).toBe('2026-07-06')
  })
})

