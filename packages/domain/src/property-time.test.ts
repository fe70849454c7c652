import { describe, expect, it } from 'vitest'
import { firstBrokenLedgerLink, LEDGER_GENESIS } from './offer-record'
import { CENTRAL_TIME, dateInZone, EASTERN_TIME, EASTERN_TIME_COUNTIES, formatCalendarDate, formatZonedDateTime, propertyTimeZone, zoneAbbreviation } from './property-time'

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

  it('writes a calendar date as it is, in any zone', () => {
    expect(formatCalendarDate('2026-12-30')).toBe('December 30, 2026')
    expect(formatCalendarDate('2026-12-30', 'es-es')).toBe('30 de diciembre de 2026')
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
