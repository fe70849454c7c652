import { describe, expect, it, vi } from 'vitest'
import { firstBrokenLedgerLink, LEDGER_GENESIS } from './offer-record'
import {
  CENTRAL_TIME,
  dateInZone,
  EASTERN_TIME,
  EASTERN_TIME_COUNTIES,
  formatCalendarDate,
  formatZonedDateTime,
  instantOfWallText,
  instantOfWallTime,
  propertyTimeZone,
  wallTimeInZone,
  wallTimeText,
  zoneAbbreviation,
  zoneKind,
} from './property-time'

describe("a property's time zone", () => {
  it('puts East Tennessee on Eastern time and the rest of the state on Central time', () => {
    expect(propertyTimeZone('Knox')).toBe(EASTERN_TIME) // Knoxville
    expect(propertyTimeZone('Hamilton County')).toBe(EASTERN_TIME) // Chattanooga
    expect(propertyTimeZone('SULLIVAN CO.')).toBe(EASTERN_TIME) // Kingsport, Bristol
    expect(propertyTimeZone('Shelby')).toBe(CENTRAL_TIME) // Memphis
    expect(propertyTimeZone('Davidson')).toBe(CENTRAL_TIME) // Nashville
    // West of the line though in the east of the state.
    expect(propertyTimeZone('Cumberland')).toBe(CENTRAL_TIME)
    expect(propertyTimeZone('Marion')).toBe(CENTRAL_TIME)
    expect(propertyTimeZone(null)).toBe(CENTRAL_TIME)
    expect(EASTERN_TIME_COUNTIES).toHaveLength(30)
  })

  it('writes an instant in the zone, named', () => {
    const lateEvening = new Date('2026-11-25T03:30:00Z')
    expect(formatZonedDateTime(lateEvening, CENTRAL_TIME)).toBe('November 24, 2026, 9:30 PM CST')
    expect(formatZonedDateTime(lateEvening, EASTERN_TIME)).toBe('November 24, 2026, 10:30 PM EST')
    expect(formatZonedDateTime(lateEvening, CENTRAL_TIME, 'es-es')).toBe('24 de noviembre de 2026, 21:30 hora estándar central')
    // The browser's zone does not enter: 03:30 UTC is still the 24th in Tennessee.
    expect(dateInZone(lateEvening, CENTRAL_TIME)).toBe('2026-11-24')
    expect(dateInZone(new Date('2026-11-25T05:30:00Z'), EASTERN_TIME)).toBe('2026-11-25')
  })

  it('follows daylight saving time on both sides of its changes', () => {
    // 2027-03-14: clocks go from 2:00 CST to 3:00 CDT (08:00 UTC).
    expect(formatZonedDateTime(new Date('2027-03-14T07:59:00Z'), CENTRAL_TIME)).toBe('March 14, 2027, 1:59 AM CST')
    expect(formatZonedDateTime(new Date('2027-03-14T08:00:00Z'), CENTRAL_TIME)).toBe('March 14, 2027, 3:00 AM CDT')
    // 2026-11-01: clocks go back from 2:00 EDT to 1:00 EST (06:00 UTC); 1:30 happens twice, named apart.
    expect(formatZonedDateTime(new Date('2026-11-01T05:30:00Z'), EASTERN_TIME)).toBe('November 1, 2026, 1:30 AM EDT')
    expect(formatZonedDateTime(new Date('2026-11-01T06:30:00Z'), EASTERN_TIME)).toBe('November 1, 2026, 1:30 AM EST')
    expect(zoneAbbreviation(new Date('2026-07-04T12:00:00Z'), CENTRAL_TIME)).toBe('CDT')
  })

  it('makes ahead what writing a deadline in either zone needs, so a page writing one makes no formatter', async () => {
    const deadline = new Date('2026-11-24T21:30:00Z')
    const written = formatZonedDateTime(deadline, CENTRAL_TIME, 'es-es')
    const { DateTimeFormat } = Intl
    let made = 0
    Intl.DateTimeFormat = class extends DateTimeFormat {
      constructor(...args: ConstructorParameters<typeof DateTimeFormat>) {
        super(...args)
        made += 1
      }
    } as typeof Intl.DateTimeFormat
    try {
      // A fresh copy of the module, with no formatter kept yet.
      vi.resetModules()
      const fresh = await import('./property-time')
      fresh.warmZonedDates('es-es')
      const warmed = made
      expect(warmed).toBeGreaterThan(0)
      expect(fresh.formatZonedDateTime(deadline, CENTRAL_TIME, 'es-es')).toBe(written)
      fresh.formatZonedDateTime(deadline, EASTERN_TIME, 'es-es')
      expect(made).toBe(warmed)
    } finally {
      Intl.DateTimeFormat = DateTimeFormat
    }
  })

  it('writes a calendar date as it is, in any zone', () => {
    expect(formatCalendarDate('2026-12-30')).toBe('December 30, 2026')
    expect(formatCalendarDate('2026-12-30', 'es-es')).toBe('30 de diciembre de 2026')
  })
})

describe('a wall time in the property\'s zone, and back', () => {
  const at = (date: string, time: string, zone: string) => instantOfWallText(date, time, zone)?.toISOString()

  it('reads 5:00 PM in Central time as 23:00 UTC in winter and 22:00 UTC in summer', () => {
    expect(at('2026-12-04', '17:00', CENTRAL_TIME)).toBe('2026-12-04T23:00:00.000Z')
    expect(at('2027-07-02', '17:00', CENTRAL_TIME)).toBe('2027-07-02T22:00:00.000Z')
    expect(formatZonedDateTime(new Date('2026-12-04T23:00:00Z'), CENTRAL_TIME)).toBe('December 4, 2026, 5:00 PM CST')
    expect(formatZonedDateTime(new Date('2027-07-02T22:00:00Z'), CENTRAL_TIME)).toBe('July 2, 2027, 5:00 PM CDT')
  })

  it('puts Eastern time an hour ahead of Central time', () => {
    expect(at('2026-12-04', '17:00', EASTERN_TIME)).toBe('2026-12-04T22:00:00.000Z')
    expect(at('2027-07-02', '17:00', EASTERN_TIME)).toBe('2027-07-02T21:00:00.000Z')
    expect(wallTimeText(new Date('2026-12-04T23:00:00Z'), EASTERN_TIME)).toEqual({ date: '2026-12-04', time: '18:00' })
    expect(zoneAbbreviation(new Date('2026-12-04T23:00:00Z'), EASTERN_TIME)).toBe('EST')
  })

  it('keeps the date of the zone when UTC is already the next day', () => {
    // 11:30 PM Central on December 31 is January 1 in UTC.
    expect(at('2026-12-31', '23:30', CENTRAL_TIME)).toBe('2027-01-01T05:30:00.000Z')
    expect(wallTimeText(new Date('2027-01-01T05:30:00Z'), CENTRAL_TIME)).toEqual({ date: '2026-12-31', time: '23:30' })
    expect(wallTimeInZone(new Date('2027-01-01T06:00:00Z'), CENTRAL_TIME)).toEqual({ year: 2027, month: 1, day: 1, hour: 0, minute: 0 })
  })

  it('moves a time the spring change skips forward by the hour skipped', () => {
    // 2027-03-14, Central: 1:59 AM CST is followed by 3:00 AM CDT; 2:30 AM never happens.
    expect(at('2027-03-14', '01:59', CENTRAL_TIME)).toBe('2027-03-14T07:59:00.000Z')
    expect(at('2027-03-14', '02:30', CENTRAL_TIME)).toBe('2027-03-14T08:30:00.000Z')
    expect(formatZonedDateTime(new Date('2027-03-14T08:30:00Z'), CENTRAL_TIME)).toBe('March 14, 2027, 3:30 AM CDT')
    expect(at('2027-03-14', '03:00', CENTRAL_TIME)).toBe('2027-03-14T08:00:00.000Z')
    // Eastern skips its own 2 AM hour, an hour earlier in UTC.
    expect(at('2027-03-14', '02:30', EASTERN_TIME)).toBe('2027-03-14T07:30:00.000Z')
  })

  it('takes the first of the two times the autumn change repeats', () => {
    // 2026-11-01, Eastern: 1:30 AM EDT, then an hour later 1:30 AM EST again.
    expect(at('2026-11-01', '01:30', EASTERN_TIME)).toBe('2026-11-01T05:30:00.000Z')
    expect(at('2026-11-01', '00:59', EASTERN_TIME)).toBe('2026-11-01T04:59:00.000Z')
    expect(at('2026-11-01', '02:00', EASTERN_TIME)).toBe('2026-11-01T07:00:00.000Z')
    expect(at('2026-11-01', '01:30', CENTRAL_TIME)).toBe('2026-11-01T06:30:00.000Z')
    // Read back, each instant names its own side of the change.
    expect(wallTimeText(new Date('2026-11-01T06:30:00Z'), EASTERN_TIME)).toEqual({ date: '2026-11-01', time: '01:30' })
  })

  it('refuses readings that are no time', () => {
    expect(at('2027-02-30', '10:00', CENTRAL_TIME)).toBeUndefined()
    expect(at('2027-02-10', '24:00', CENTRAL_TIME)).toBeUndefined()
    expect(at('2027-02-10', '9:00', CENTRAL_TIME)).toBeUndefined()
    expect(instantOfWallTime({ year: 2027, month: 13, day: 1, hour: 0, minute: 0 }, CENTRAL_TIME)).toBeNull()
    expect(at('2026-12-04', '17:00', 'UTC')).toBe('2026-12-04T17:00:00.000Z')
  })

  it('names the zones of Tennessee, UTC and any other', () => {
    expect([zoneKind(CENTRAL_TIME), zoneKind(EASTERN_TIME), zoneKind('UTC'), zoneKind('Europe/Madrid')]).toEqual(['central', 'eastern', 'utc', 'other'])
  })
})

describe('the offer record chain check', () => {
  // A stand-in hash that is easy to follow: the test is about the order of the checks.
  const hash = (text: string) => `h(${text})`
  const chain = (inputs: string[]) => {
    let previous = LEDGER_GENESIS
    return inputs.map((input, index) => {
      const row = { id: `e${index + 1}`, seq: index + 1, previousHash: previous, input, hash: hash(input) }
      previous = row.hash
      return row
    })
  }

  it('holds for rows in sequence, each naming the hash before it', () => {
    expect(firstBrokenLedgerLink(chain(['a', 'b', 'c']), hash)).toBeNull()
    expect(firstBrokenLedgerLink([], hash)).toBeNull()
  })

  it('names the first changed, removed or re-linked row', () => {
    const changed = chain(['a', 'b', 'c'])
    changed[1] = { ...changed[1]!, input: 'B' }
    expect(firstBrokenLedgerLink(changed, hash)).toEqual({ seq: 2, id: 'e2', reason: 'hash' })
    const removed = chain(['a', 'b', 'c']).filter((row) => row.seq !== 2)
    expect(firstBrokenLedgerLink(removed, hash)).toEqual({ seq: 3, id: 'e3', reason: 'sequence' })
    const relinked = chain(['a', 'b', 'c'])
    relinked[2] = { ...relinked[2]!, previousHash: LEDGER_GENESIS }
    expect(firstBrokenLedgerLink(relinked, hash)).toEqual({ seq: 3, id: 'e3', reason: 'previous' })
  })
})
