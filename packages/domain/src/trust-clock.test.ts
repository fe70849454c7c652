import { describe, expect, it } from 'vitest'
import { disbursementClock, disbursementReminderDue } from './trust-clock'

describe("the earnest money's 21-day disbursement clock", () => {
  it('counts 21 calendar days after the written request, not counting its day, weekends and holidays included', () => {
    // Requested Thursday 2026-12-03: day 21 is Thursday 2026-12-24; day 14 passes over no holiday, day 21 sits before Christmas.
    expect(disbursementClock('2026-12-03', '2026-12-03')).toEqual({ requestedOn: '2026-12-03', dueOn: '2026-12-24', remindOn: ['2026-12-17', '2026-12-21', '2026-12-24'], daysLeft: 21, state: 'open' })
    // Across a month and a year end, and through Christmas and New Year's Day, which do not move it.
    expect(disbursementClock('2026-12-20', '2026-12-20').dueOn).toBe('2027-01-10')
    // A leap year's February.
    expect(disbursementClock('2028-02-15', '2028-02-15').dueOn).toBe('2028-03-07')
  })

  it('is due soon from the first reminder, overdue after its last day, and stopped by a release', () => {
    expect(disbursementClock('2026-12-03', '2026-12-16')).toMatchObject({ daysLeft: 8, state: 'open' })
    expect(disbursementClock('2026-12-03', '2026-12-17')).toMatchObject({ daysLeft: 7, state: 'dueSoon' })
    expect(disbursementClock('2026-12-03', '2026-12-24')).toMatchObject({ daysLeft: 0, state: 'dueSoon' })
    expect(disbursementClock('2026-12-03', '2026-12-25')).toMatchObject({ daysLeft: -1, state: 'overdue' })
    expect(disbursementClock('2026-12-03', '2027-02-01', '2026-12-24')).toMatchObject({ daysLeft: null, state: 'released' })
    expect(disbursementClock('2026-12-03', '2027-02-01', '2026-12-28')).toMatchObject({ daysLeft: null, state: 'releasedLate' })
  })

  it('owes a reminder on days 14, 18 and 21 only, and none once released', () => {
    const due = ['2026-12-16', '2026-12-17', '2026-12-21', '2026-12-24', '2026-12-25'].map((today) => disbursementReminderDue('2026-12-03', today))
    expect(due).toEqual([null, 14, 18, 21, null])
    expect(disbursementReminderDue('2026-12-03', '2026-12-17', '2026-12-10')).toBeNull()
  })

  it('refuses a date that is not a calendar date', () => {
    expect(() => disbursementClock('2026-02-30', '2026-03-01')).toThrow(RangeError)
  })
})
