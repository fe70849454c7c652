import type { TimelineEvents, TimelineItem, TimelineOwner } from './contract-timeline'
import type { TimelineOutcomes, TimelineState } from './contract-timeline-view'
import { timelineItemState } from './contract-timeline-view'
import { instantOfWallTime, wallTimeInZone } from './property-time'

/**
 * The contract timeline's nudges (issue #34 item 3, decision 064): the owner of a dated item is
 * reminded 48 and 24 hours before its `due` instant, and once it is missed the other side's agent is
 * told. Each is sent once per offer, item, due instant and reminder (the API keeps a row per send), so
 * an item moved by an amendment gets reminders for its new instant.
 *
 * Each reminder has a window: from its moment until the next one's. A run that finds a reminder past
 * its window (the server was down) does not send it late: the next reminder speaks for it. The
 * missed notice's window is MISSED_NOTICE_HOURS, so a short outage still tells the other side.
 */

export const TIMELINE_REMINDERS = ['48h', '24h', 'missed'] as const
export type TimelineReminder = (typeof TIMELINE_REMINDERS)[number]

/** How long after `due` a missed item is still told to the other side. */
export const MISSED_NOTICE_HOURS = 72

const HOUR = 3_600_000

/** Each reminder's window, in hours relative to the item's due instant: from (inclusive) until (exclusive). */
export const REMINDER_WINDOWS: Readonly<Record<TimelineReminder, { fromHours: number; untilHours: number }>> = {
  '48h': { fromHours: -48, untilHours: -24 },
  '24h': { fromHours: -24, untilHours: 0 },
  missed: { fromHours: 0, untilHours: MISSED_NOTICE_HOURS },
}

export type ContractSide = 'buyer' | 'seller'

/** Who is reminded of an item: its owner's side; the lender's intent comes through the buyer. */
export const REMINDED_SIDES: Readonly<Record<TimelineOwner, readonly ContractSide[]>> = {
  buyer: ['buyer'],
  seller: ['seller'],
  both: ['buyer', 'seller'],
  lender: ['buyer'],
}

/** Whose agent is told an item was missed: the side that did not own it (an item both own: each side's agent). */
export const TOLD_OF_MISSED: Readonly<Record<TimelineOwner, readonly ContractSide[]>> = {
  buyer: ['seller'],
  seller: ['buyer'],
  both: ['buyer', 'seller'],
  lender: ['seller'],
}

/** States in which an item needs nobody: its owner acted, or it was waived (a completed notice, decision 065). */
const SETTLED: ReadonlySet<TimelineState> = new Set<TimelineState>(['done', 'waived'])

export type DueReminder = { item: TimelineItem; reminder: TimelineReminder }

/** The reminder whose window holds `now` for one item, or null: none for an undated or settled item. */
export function reminderAt(item: TimelineItem, now: Date, events: TimelineEvents = {}, outcomes: TimelineOutcomes = {}): TimelineReminder | null {
  if (item.due === null) return null
  if (SETTLED.has(timelineItemState(item, now, events, outcomes))) return null
  const hours = (now.getTime() - Date.parse(item.due)) / HOUR
  for (const reminder of TIMELINE_REMINDERS) {
    const { fromHours, untilHours } = REMINDER_WINDOWS[reminder]
    if (hours >= fromHours && hours < untilHours) return reminder
  }
  return null
}

/** The reminders a run at `now` owes for a contract's items (each still to be checked against those sent). */
export function dueReminders(items: readonly TimelineItem[], now: Date, events: TimelineEvents = {}, outcomes: TimelineOutcomes = {}): DueReminder[] {
  const due: DueReminder[] = []
  for (const item of items) {
    const reminder = reminderAt(item, now, events, outcomes)
    if (reminder) due.push({ item, reminder })
  }
  return due
}

/**
 * A reminder's text leaves between 8:00 AM and 9:00 PM in the property's zone (decision 064): a
 * deadline ends at 11:59 PM, so its reminders fall due at night, and a phone should not wake anyone.
 * Its email leaves at once; the text waits for the morning, still before the deadline.
 */
export const TEXT_HOURS = { from: 8, until: 21 } as const

/** When a reminder's text may leave: `now` in the day hours of the zone, else the next 8:00 AM there. */
export function textSendTime(now: Date, zone: string): Date {
  const wall = wallTimeInZone(now, zone)
  if (wall.hour >= TEXT_HOURS.from && wall.hour < TEXT_HOURS.until) return now
  // Before 8 AM: this morning; from 9 PM: tomorrow's (the next calendar day, month and year ends included).
  const day = wall.hour < TEXT_HOURS.from ? { year: wall.year, month: wall.month, day: wall.day } : nextDay(wall)
  return instantOfWallTime({ ...day, hour: TEXT_HOURS.from, minute: 0 }, zone) ?? now
}

function nextDay({ year, month, day }: { year: number; month: number; day: number }): { year: number; month: number; day: number } {
  const next = new Date(Date.UTC(year, month - 1, day + 1))
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() }
}
