import { describe, expect, it } from 'vitest'
import type { TimelineItem } from './contract-timeline'
import { dueReminders, REMINDED_SIDES, reminderAt, textSendTime, TOLD_OF_MISSED } from './contract-timeline-reminders'

const HOUR = 3_600_000
const DUE = '2026-03-06T05:59:00.000Z'
const at = (hours: number) => new Date(Date.parse(DUE) + hours * HOUR)

function item(overrides: Partial<TimelineItem> = {}): TimelineItem {
  return {
    kind: 'earnestMoney',
    owner: 'buyer',
    basis: 'agreement',
    date: '2026-03-05',
    due: DUE,
    estimated: false,
    waitsFor: null,
    nonBusinessDay: null,
    lastBusinessDay: null,
    title: 'timeline.earnestMoney',
    ifNothing: { key: 'timeline.earnestMoneyIfNothing' },
    ...overrides,
  }
}

describe('the contract timeline reminders', () => {
  it('owes each reminder from its moment until the next one: 48h, then 24h, then missed for 72 hours', () => {
    expect(reminderAt(item(), at(-48.01))).toBeNull()
    expect(reminderAt(item(), at(-48))).toBe('48h')
    expect(reminderAt(item(), at(-24.01))).toBe('48h')
    expect(reminderAt(item(), at(-24))).toBe('24h')
    expect(reminderAt(item(), at(-0.01))).toBe('24h')
    expect(reminderAt(item(), at(0))).toBe('missed')
    expect(reminderAt(item(), at(71.9))).toBe('missed')
    expect(reminderAt(item(), at(72))).toBeNull()
  })

  it('owes nothing for an item with no date yet, one whose owner acted, or one waived', () => {
    expect(reminderAt(item({ due: null, date: null, waitsFor: 'lowAppraisalNotice' }), at(-30))).toBeNull()
    const delivery = item({ kind: 'hoaDocuments', owner: 'seller', title: 'timeline.hoaDocuments' })
    expect(reminderAt(delivery, at(-30))).toBe('48h')
    expect(reminderAt(delivery, at(-30), { hoaDocumentsReceived: '2026-03-04' })).toBeNull()
    expect(reminderAt(delivery, at(1), { hoaDocumentsReceived: '2026-03-05' })).toBeNull()
    // A completed notice recorded it done or waived (decision 065).
    expect(reminderAt(item(), at(-30), {}, { earnestMoney: { outcome: 'done', date: '2026-03-04' } })).toBeNull()
    expect(reminderAt(item(), at(1), {}, { earnestMoney: { outcome: 'waived', date: '2026-03-04' } })).toBeNull()
    expect(dueReminders([item(), delivery, item({ kind: 'closing', owner: 'both', due: null, date: null })], at(-30), { hoaDocumentsReceived: '2026-03-04' })).toEqual([{ item: item(), reminder: '48h' }])
  })

  it("reminds the owner's side, the lender's through the buyer, and tells the other side of a miss", () => {
    expect(REMINDED_SIDES).toEqual({ buyer: ['buyer'], seller: ['seller'], both: ['buyer', 'seller'], lender: ['buyer'] })
    expect(TOLD_OF_MISSED).toEqual({ buyer: ['seller'], seller: ['buyer'], both: ['buyer', 'seller'], lender: ['seller'] })
  })
})

describe("a reminder's text", () => {
  const central = 'America/Chicago'
  const eastern = 'America/New_York'
  it('leaves at once in the day hours of the property, from 8:00 AM until 9:00 PM', () => {
    // 10:00 AM and 8:59 PM in Nashville (CST, UTC-6).
    for (const at of ['2026-12-03T16:00:00Z', '2026-12-04T02:59:00Z', '2026-12-03T14:00:00Z']) expect(textSendTime(new Date(at), central).toISOString()).toBe(new Date(at).toISOString())
  })

  it("waits for 8:00 AM in the property's zone at night: the next morning from 9:00 PM, this morning before 8:00 AM", () => {
    // 11:59 PM on December 3 in Nashville: the end of a deadline's day.
    expect(textSendTime(new Date('2026-12-04T05:59:00Z'), central).toISOString()).toBe('2026-12-04T14:00:00.000Z')
    // 9:00 PM sharp waits too; 7:59 AM waits a minute.
    expect(textSendTime(new Date('2026-12-04T03:00:00Z'), central).toISOString()).toBe('2026-12-04T14:00:00.000Z')
    expect(textSendTime(new Date('2026-12-04T13:59:00Z'), central).toISOString()).toBe('2026-12-04T14:00:00.000Z')
    // The same instant is already morning in Knoxville (EST, UTC-5): 8:59 AM there.
    expect(textSendTime(new Date('2026-12-04T13:59:00Z'), eastern).toISOString()).toBe('2026-12-04T13:59:00.000Z')
    // New Year's Eve at 11:30 PM waits for January 1 at 8:00 AM; after the spring change, 8:00 AM is daylight time (UTC-5).
    expect(textSendTime(new Date('2027-01-01T05:30:00Z'), central).toISOString()).toBe('2027-01-01T14:00:00.000Z')
    expect(textSendTime(new Date('2027-03-14T05:00:00Z'), central).toISOString()).toBe('2027-03-14T13:00:00.000Z')
  })
})
