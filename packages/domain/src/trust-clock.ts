import { dateOfDayNumber, dayNumberOf, isCalendarDate } from './calendar-days'

/**
 * The earnest money's disbursement clock (issue #35, item 4): a broker holding earnest money must
 * disburse it or interplead it within 21 calendar days of a written request (TREC Rule
 * 1260-02-.09(7), domain.md section 1). Days are counted as the contract's are (decision 060): the day
 * of the request is not counted, so the 21st day is the request's date plus 21, and a last day on a
 * weekend or holiday does not move. The holder is reminded on days 14, 18 and 21. A release (by a
 * mutual release, a closing, or an interpleader) stops the clock.
 */

export const DISBURSE_WITHIN_DAYS = 21
export const DISBURSEMENT_REMINDER_DAYS = [14, 18, 21] as const

export const RELEASE_KINDS = ['mutualRelease', 'closing', 'interpleader'] as const
export type ReleaseKind = (typeof RELEASE_KINDS)[number]

export type DisbursementState = 'open' | 'dueSoon' | 'overdue' | 'released' | 'releasedLate'

export type DisbursementClock = {
  requestedOn: string
  /** The last day to disburse or interplead. */
  dueOn: string
  /** The reminder days, as dates. */
  remindOn: string[]
  /** Whole days from today to the last day; negative once it has passed; null once released. */
  daysLeft: number | null
  state: DisbursementState
}

/** The clock of a written request made on `requestedOn`, at `today`, released on `releasedOn` if it was (all YYYY-MM-DD). */
export function disbursementClock(requestedOn: string, today: string, releasedOn: string | null = null): DisbursementClock {
  for (const date of [requestedOn, today, releasedOn]) if (date !== null && !isCalendarDate(date)) throw new RangeError(`${date} is not a calendar date`)
  const start = dayNumberOf(requestedOn)
  const due = start + DISBURSE_WITHIN_DAYS
  const clock = { requestedOn, dueOn: dateOfDayNumber(due), remindOn: DISBURSEMENT_REMINDER_DAYS.map((day) => dateOfDayNumber(start + day)) }
  if (releasedOn !== null) return { ...clock, daysLeft: null, state: dayNumberOf(releasedOn) > due ? 'releasedLate' : 'released' }
  const left = due - dayNumberOf(today)
  const firstReminder = DISBURSE_WITHIN_DAYS - DISBURSEMENT_REMINDER_DAYS[0]
  return { ...clock, daysLeft: left, state: left < 0 ? 'overdue' : left <= firstReminder ? 'dueSoon' : 'open' }
}

/** The reminder a clock owes on `today`: its day number (14, 18 or 21), or null on any other day or once released. */
export function disbursementReminderDue(requestedOn: string, today: string, releasedOn: string | null = null): (typeof DISBURSEMENT_REMINDER_DAYS)[number] | null {
  if (releasedOn !== null) return null
  const day = dayNumberOf(today) - dayNumberOf(requestedOn)
  return DISBURSEMENT_REMINDER_DAYS.find((reminder) => reminder === day) ?? null
}
