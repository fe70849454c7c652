import { describe, expect, it } from 'vitest'
import type { TimelineItem } from './contract-timeline'
import { dueReminders, REMINDED_SIDES, reminderAt, TOLD_OF_MISSED } from './contract-timeline-reminders'

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
