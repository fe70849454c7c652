import type { ClauseFormData } from './clauses/clause-types'
import { fieldValue } from './clauses/clause-text'
import { dateOfDayNumber, dayNumberOf, isCalendarDate } from './calendar-days'
import type { NonBusinessDay } from './legal-holidays'
import { businessDayOnOrBefore, nonBusinessDay } from './legal-holidays'
import type { Message, MessageKey } from './messages'
import { message } from './messages'
import type { OfferTerms } from './offer-terms'
import { dateInZone, instantOfWallTime } from './property-time'

/**
 * The contract timeline (issue #34, decision 060): what the accepted terms ask of each party between
 * the Binding Agreement Date and closing, each item with its last day, its owner, and what happens if
 * nobody acts. This is the one place a contract's dates are counted: offerDeadlines (offer-checks.ts),
 * the calendar and the dashboard read them from here.
 *
 * Day counting (decision 060, DAY_COUNTING): calendar days; the Binding Agreement Date itself is not
 * counted, so "within 5 days" ends on the date 5 days after it; a period ends at 11:59 PM in the
 * property's time zone on its last day; a last day that is a Saturday, a Sunday or a legal holiday
 * is not moved. Such a day is marked (nonBusinessDay), and for closing the last business day before it
 * is given, since closing is "on or before" its date.
 */

/**
 * The rules of counting, for the agreement form's only version so far (OB-PSA 12/01/2026). A later
 * version that counts otherwise gets rules of its own, chosen by terms.form.version, so that an earlier
 * contract keeps its dates.
 */
export const DAY_COUNTING = {
  /** Every day counts, Saturdays, Sundays and holidays too. */
  calendarDays: true,
  /** The day of the event that starts a period is not counted. */
  excludeFirstDay: true,
  /** The wall time, in the property's zone, at which the last day of a period ends. */
  endsAt: { hour: 23, minute: 59 },
  /** A last day on a Saturday, Sunday or legal holiday is not moved to the next business day. */
  extendPastNonBusinessDays: false,
} as const

/** Day counts of the clauses and of the agreement's own text (spec section 9, purchase-agreement-sections.ts). */
export const CONTRACT_DAYS = {
  /** The buyer applies for the loan within 3 days after the Binding Agreement Date. */
  loanApplication: 3,
  /** A cash buyer shows proof of funds within 5 days after the Binding Agreement Date. */
  proofOfFunds: 5,
  /** After giving notice of a low appraisal, the buyer has 3 days to waive the contingency or end the agreement. */
  appraisalDecision: 3,
  /** Clause S: the seller completes the condominium legal description within 5 days; the buyer has 10 days after receipt. */
  condoDescription: 5,
  condoDescriptionReview: 10,
  /** Clause T: the condominium information is delivered within the days entered, never more than 10. */
  condoDocumentsMax: 10,
  /** Clause U: the seller who fails to deliver the HOA information gives the buyer 2 days to end the agreement. */
  hoaMissedTermination: 2,
  /** Clause W: inspections of a rented property are asked for 5 days before the Inspection Period ends. */
  rentalInspectionNotice: 5,
  /** Clause Y: the seller's option on unpaid additional earnest money lasts 7 days. */
  additionalEarnestMoneyOption: 7,
} as const

/**
 * Customary dates the agreement does not set (domain.md section 1, loan obligations): the lender's
 * intent to proceed and the appraisal ordered, counted from the Binding Agreement Date. Marked
 * basis 'practice' so that nobody takes them for terms of the contract.
 */
export const PRACTICE_DAYS = { lenderIntent: 14, appraisalOrdered: 14 } as const
export type PracticeDays = { lenderIntent: number; appraisalOrdered: number }

export const TIMELINE_KINDS = [
  'earnestMoney',
  'additionalEarnestMoney',
  'proofOfFunds',
  'loanApplication',
  'lenderIntent',
  'appraisalOrdered',
  'appraisalContingency',
  'rentalInspectionNotice',
  'inspectionPeriod',
  'resolutionPeriod',
  'condoDescription',
  'condoDescriptionReview',
  'condoDocuments',
  'condoDocumentsReview',
  'hoaDocuments',
  'hoaDocumentsReview',
  'leases',
  'leasesReview',
  'title',
  'closing',
  'possession',
] as const
export type TimelineKind = (typeof TIMELINE_KINDS)[number]

/** Who must act for an item: the lender's intent is the lender's to give, through the buyer. */
export const TIMELINE_OWNERS = ['buyer', 'seller', 'both', 'lender'] as const
export type TimelineOwner = (typeof TIMELINE_OWNERS)[number]

/** Where an item's date comes from: the agreement's own text, a ticked clause, or custom. */
export type TimelineBasis = 'agreement' | 'clause' | 'practice'

/** Events after binding that start a period; until one is recorded, its period is counted from the latest it may happen. */
export const TIMELINE_EVENTS = ['lowAppraisalNotice', 'repairRequest', 'condoDescriptionReceived', 'condoDocumentsReceived', 'hoaDocumentsReceived', 'leasesReceived'] as const
export type TimelineEvent = (typeof TIMELINE_EVENTS)[number]
/** The date (YYYY-MM-DD, in the property's zone) on which each recorded event happened. */
export type TimelineEvents = Partial<Record<TimelineEvent, string | null>>

/** One item, dated on the calendar (no zone yet). */
export type TimelineDate = {
  kind: TimelineKind
  owner: TimelineOwner
  basis: TimelineBasis
  /** The last day, YYYY-MM-DD in the property's zone; null while it waits for an event (waitsFor). */
  date: string | null
  /** Counted from an event not recorded yet, taken at the latest it may happen: the date can still come earlier. */
  estimated: boolean
  /** The event the item's date is counted from and that has not happened yet; null when dated. */
  waitsFor: TimelineEvent | null
  /** Why the last day is not a business day; it is not moved (DAY_COUNTING). */
  nonBusinessDay: NonBusinessDay | null
  /** Closing on a day that is not a business day: the last business day on or before it. */
  lastBusinessDay: string | null
  title: MessageKey
  /** What happens if the owner does nothing by then, in plain words. */
  ifNothing: Message
}

/** One item with its instant: the end of its last day in the property's zone. */
export type TimelineItem = TimelineDate & { due: string | null }

export type ContractTimeline = { bindingAgreementDate: string; zone: string; items: TimelineItem[] }

const WORDS: Readonly<Record<TimelineKind, { title: MessageKey; ifNothing: MessageKey }>> = {
  earnestMoney: { title: 'timeline.earnestMoney', ifNothing: 'timeline.earnestMoneyIfNothing' },
  additionalEarnestMoney: { title: 'timeline.additionalEarnestMoney', ifNothing: 'timeline.additionalEarnestMoneyIfNothing' },
  proofOfFunds: { title: 'timeline.proofOfFunds', ifNothing: 'timeline.proofOfFundsIfNothing' },
  loanApplication: { title: 'timeline.loanApplication', ifNothing: 'timeline.loanApplicationIfNothing' },
  lenderIntent: { title: 'timeline.lenderIntent', ifNothing: 'timeline.lenderIntentIfNothing' },
  appraisalOrdered: { title: 'timeline.appraisalOrdered', ifNothing: 'timeline.appraisalOrderedIfNothing' },
  appraisalContingency: { title: 'timeline.appraisalContingency', ifNothing: 'timeline.appraisalContingencyIfNothing' },
  rentalInspectionNotice: { title: 'timeline.rentalInspectionNotice', ifNothing: 'timeline.rentalInspectionNoticeIfNothing' },
  inspectionPeriod: { title: 'timeline.inspectionPeriod', ifNothing: 'timeline.inspectionPeriodIfNothing' },
  resolutionPeriod: { title: 'timeline.resolutionPeriod', ifNothing: 'timeline.resolutionPeriodIfNothing' },
  condoDescription: { title: 'timeline.condoDescription', ifNothing: 'timeline.condoDescriptionIfNothing' },
  condoDescriptionReview: { title: 'timeline.condoDescriptionReview', ifNothing: 'timeline.condoDescriptionReviewIfNothing' },
  condoDocuments: { title: 'timeline.condoDocuments', ifNothing: 'timeline.condoDocumentsIfNothing' },
  condoDocumentsReview: { title: 'timeline.condoDocumentsReview', ifNothing: 'timeline.documentsReviewIfNothing' },
  hoaDocuments: { title: 'timeline.hoaDocuments', ifNothing: 'timeline.hoaDocumentsIfNothing' },
  hoaDocumentsReview: { title: 'timeline.hoaDocumentsReview', ifNothing: 'timeline.documentsReviewIfNothing' },
  leases: { title: 'timeline.leases', ifNothing: 'timeline.leasesIfNothing' },
  leasesReview: { title: 'timeline.leasesReview', ifNothing: 'timeline.documentsReviewIfNothing' },
  title: { title: 'timeline.title', ifNothing: 'timeline.titleIfNothing' },
  closing: { title: 'timeline.closing', ifNothing: 'timeline.closingIfNothing' },
  possession: { title: 'timeline.possession', ifNothing: 'timeline.possessionIfNothing' },
}

/** The terms the timeline reads. */
export type TimelineTerms = Pick<OfferTerms, 'earnestMoney' | 'financing' | 'appraisalContingency' | 'inspectionPeriodDays' | 'resolutionPeriodDays' | 'closingDate' | 'possession' | 'stipulationChoices'>

/** A ticked stipulation clause's whole-day field (1-based), or null when it is not ticked or not a count. */
function clauseDays(choices: ClauseFormData | null, key: string, field: number): number | null {
  if (!choices || choices[`${key}Checkbox`] !== true) return null
  const value = fieldValue(choices, `${key}text${field}`)
  return /^\d{1,3}$/.test(value) ? Number(value) : null
}

function ticked(choices: ClauseFormData | null, key: string): boolean {
  return choices?.[`${key}Checkbox`] === true
}

// Days are counted as day numbers (calendar-days.ts); what depends on a day alone is kept per day, for
// a timeline of many contracts touches the same few hundred days again and again.
const MAX_REMEMBERED = 50_000

function remembered<K, V>(cache: Map<K, V>, key: K, make: () => V): V {
  const found = cache.get(key)
  if (found !== undefined || cache.has(key)) return found as V
  const value = make()
  if (cache.size >= MAX_REMEMBERED) cache.clear()
  cache.set(key, value)
  return value
}

const dateTexts = new Map<number, string>()
const closedDays = new Map<number, NonBusinessDay | null>()
const dayEnds = new Map<string, Map<number, string>>()
const consequences = new Map<string, Message>()

/** The end of a day in a zone (DAY_COUNTING.endsAt), as an ISO instant. */
export function endOfDayInZone(date: string, zone: string): string {
  return endOfDay(dayNumberOf(date), date, zone)
}

function endOfDay(day: number, date: string, zone: string): string {
  let ends = dayEnds.get(zone)
  if (!ends) dayEnds.set(zone, (ends = new Map()))
  return remembered(ends, day, () => {
    const instant = instantOfWallTime({ year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)), ...DAY_COUNTING.endsAt }, zone)
    if (!instant) throw new RangeError(`${date} is not a calendar date`)
    return instant.toISOString()
  })
}

/** A consequence with its day count; the same message object for the same words (treat it as read-only). */
function consequence(key: MessageKey, days: number | null): Message {
  return remembered(consequences, `${key}|${days ?? ''}`, () => (days === null ? message(key) : message(key, { days })))
}

/** The day number of a YYYY-MM-DD written in the terms or an event, or null when it is none. */
function dayOf(date: string | null | undefined): number | null {
  return date && isCalendarDate(date) ? dayNumberOf(date) : null
}

type Collector = { items: TimelineItem[]; zone: string | null }

function push(out: Collector, kind: TimelineKind, owner: TimelineOwner, basis: TimelineBasis, day: number | null, estimated = false, waitsFor: TimelineEvent | null = null, days: number | null = null): void {
  const words = WORDS[kind]
  const date = day === null ? null : remembered(dateTexts, day, () => dateOfDayNumber(day))
  const closed = day === null || date === null ? null : remembered(closedDays, day, () => nonBusinessDay(date))
  out.items.push({
    kind,
    owner,
    basis,
    date,
    estimated,
    waitsFor,
    nonBusinessDay: closed,
    lastBusinessDay: kind === 'closing' && date !== null && closed !== null ? businessDayOnOrBefore(date) : null,
    title: words.title,
    ifNothing: consequence(words.ifNothing, days),
    due: out.zone === null || day === null || date === null ? null : endOfDay(day, date, out.zone),
  })
}

/** A review counted from a delivery: from the recorded receipt, else from the delivery's last day (estimated). */
function review(out: Collector, kind: TimelineKind, received: number | null, deliveryDue: number, days: number): void {
  push(out, kind, 'buyer', 'clause', (received ?? deliveryDue) + days, received === null)
}

function collect(out: Collector, terms: TimelineTerms, bindingAgreementDate: string, events: TimelineEvents, practice: PracticeDays): void {
  const bad = dayNumberOf(bindingAgreementDate)
  const choices = terms.stipulationChoices

  // Earnest money.
  if (terms.earnestMoney.dueDays !== null) push(out, 'earnestMoney', 'buyer', 'agreement', bad + terms.earnestMoney.dueDays)
  if (ticked(choices, 'Y')) {
    const due = dayOf(choices ? fieldValue(choices, 'Ytext2') : null)
    if (due !== null) push(out, 'additionalEarnestMoney', 'buyer', 'clause', due, false, null, CONTRACT_DAYS.additionalEarnestMoneyOption)
  }

  // Financing and appraisal.
  const type = terms.financing.type
  if (type === 'cash') push(out, 'proofOfFunds', 'buyer', 'agreement', bad + CONTRACT_DAYS.proofOfFunds)
  if (type !== null && type !== 'cash') {
    push(out, 'loanApplication', 'buyer', 'agreement', bad + CONTRACT_DAYS.loanApplication)
    push(out, 'lenderIntent', 'lender', 'practice', bad + practice.lenderIntent)
    push(out, 'appraisalOrdered', 'buyer', 'practice', bad + practice.appraisalOrdered)
  }
  if (terms.appraisalContingency === true) {
    const notice = dayOf(events.lowAppraisalNotice)
    push(out, 'appraisalContingency', 'buyer', 'agreement', notice === null ? null : notice + CONTRACT_DAYS.appraisalDecision, false, notice === null ? 'lowAppraisalNotice' : null, CONTRACT_DAYS.appraisalDecision)
  }

  // Inspections and resolution: a period of 0 days waives them.
  const inspectionDays = terms.inspectionPeriodDays
  if (inspectionDays !== null && inspectionDays > 0) {
    const inspectionEnds = bad + inspectionDays
    // Clause W: a period of 5 days or less leaves no time to wait: the inspections are asked for at once.
    if (ticked(choices, 'W')) push(out, 'rentalInspectionNotice', 'buyer', 'clause', bad + Math.max(0, inspectionDays - CONTRACT_DAYS.rentalInspectionNotice))
    push(out, 'inspectionPeriod', 'buyer', 'agreement', inspectionEnds)
    if (terms.resolutionPeriodDays !== null) {
      const request = dayOf(events.repairRequest)
      push(out, 'resolutionPeriod', 'both', 'agreement', (request ?? inspectionEnds) + terms.resolutionPeriodDays, request === null)
    }
  }

  // Condominium, HOA and lease reviews of the ticked clauses.
  if (ticked(choices, 'S')) {
    const due = bad + CONTRACT_DAYS.condoDescription
    push(out, 'condoDescription', 'seller', 'clause', due, false, null, CONTRACT_DAYS.condoDescriptionReview)
    review(out, 'condoDescriptionReview', dayOf(events.condoDescriptionReceived), due, CONTRACT_DAYS.condoDescriptionReview)
  }
  const condoDays = clauseDays(choices, 'T', 1)
  const condoReview = clauseDays(choices, 'T', 2)
  if (condoDays !== null && condoReview !== null) {
    const due = bad + Math.min(condoDays, CONTRACT_DAYS.condoDocumentsMax)
    push(out, 'condoDocuments', 'seller', 'clause', due, false, null, condoReview)
    review(out, 'condoDocumentsReview', dayOf(events.condoDocumentsReceived), due, condoReview)
  }
  const hoaDays = clauseDays(choices, 'U', 1)
  const hoaReview = clauseDays(choices, 'U', 2)
  if (hoaDays !== null && hoaReview !== null) {
    const due = bad + hoaDays
    push(out, 'hoaDocuments', 'seller', 'clause', due, false, null, CONTRACT_DAYS.hoaMissedTermination)
    review(out, 'hoaDocumentsReview', dayOf(events.hoaDocumentsReceived), due, hoaReview)
  }
  const leaseDays = clauseDays(choices, 'V', 1)
  const leaseReview = clauseDays(choices, 'V', 2)
  if (leaseDays !== null && leaseReview !== null) {
    const due = bad + leaseDays
    push(out, 'leases', 'seller', 'clause', due, false, null, leaseReview)
    review(out, 'leasesReview', dayOf(events.leasesReceived), due, leaseReview)
  }

  // Title, closing and possession.
  const closing = dayOf(terms.closingDate)
  if (closing !== null) {
    push(out, 'title', 'buyer', 'agreement', closing)
    push(out, 'closing', 'both', 'agreement', closing)
  }
  const possession = terms.possession.time === 'at-closing' ? closing : dayOf(terms.possession.date)
  if (possession !== null) push(out, 'possession', 'seller', 'agreement', possession)
}

/**
 * The items the terms call for, dated from the Binding Agreement Date (YYYY-MM-DD in the property's
 * zone), in no particular order (contractTimeline sorts). No zone enters: a date of the contract is
 * a calendar date.
 */
export function contractTimelineDates(terms: TimelineTerms, bindingAgreementDate: string, events: TimelineEvents = {}, practice: PracticeDays = PRACTICE_DAYS): TimelineDate[] {
  const out: Collector = { items: [], zone: null }
  collect(out, terms, bindingAgreementDate, events, practice)
  return out.items
}

const ORDER = new Map(TIMELINE_KINDS.map((kind, index) => [kind, index]))

/** Dated items first, by date then by the order of TIMELINE_KINDS; the items waiting for an event last. */
export function compareTimelineItems(a: Pick<TimelineDate, 'date' | 'kind'>, b: Pick<TimelineDate, 'date' | 'kind'>): number {
  if (a.date !== b.date) {
    if (a.date === null) return 1
    if (b.date === null) return -1
    return a.date < b.date ? -1 : 1
  }
  return (ORDER.get(a.kind) ?? 0) - (ORDER.get(b.kind) ?? 0)
}

export type ContractTimelineOptions = {
  /** The property's time zone (property-time.ts, propertyTimeZone). */
  zone: string
  /** Events recorded since binding: the dates that start the periods counted from them. */
  events?: TimelineEvents
  /** Other customary day counts than PRACTICE_DAYS. */
  practiceDays?: Partial<PracticeDays>
}

/**
 * The timeline of a contract from its terms (the accepted version's, or as amended since) and its
 * Binding Agreement Date: the instant notice of acceptance was received. Its date is that instant's
 * date in the property's zone; each item's `due` is the end of its last day there.
 */
export function contractTimeline(terms: TimelineTerms, bindingAgreementAt: Date | string, options: ContractTimelineOptions): ContractTimeline {
  const bindingAgreementDate = dateInZone(typeof bindingAgreementAt === 'string' ? new Date(bindingAgreementAt) : bindingAgreementAt, options.zone)
  const out: Collector = { items: [], zone: options.zone }
  collect(out, terms, bindingAgreementDate, options.events ?? {}, options.practiceDays ? { ...PRACTICE_DAYS, ...options.practiceDays } : PRACTICE_DAYS)
  out.items.sort(compareTimelineItems)
  return { bindingAgreementDate, zone: options.zone, items: out.items }
}

/** How an item changes between two timelines of one contract (an amendment, a recorded event). */
export type TimelineChange =
  | { kind: TimelineKind; change: 'added'; to: string | null }
  | { kind: TimelineKind; change: 'removed'; from: string | null }
  | { kind: TimelineKind; change: 'moved'; from: string | null; to: string | null }

/** What changed from one timeline to the next, in the order of the later one (removed items last). */
export function timelineChanges(before: readonly Pick<TimelineDate, 'kind' | 'date'>[], after: readonly Pick<TimelineDate, 'kind' | 'date'>[]): TimelineChange[] {
  const earlier = new Map(before.map((item) => [item.kind, item.date]))
  const later = new Set(after.map((item) => item.kind))
  const changes: TimelineChange[] = []
  for (const item of after) {
    if (!earlier.has(item.kind)) changes.push({ kind: item.kind, change: 'added', to: item.date })
    else if (earlier.get(item.kind) !== item.date) changes.push({ kind: item.kind, change: 'moved', from: earlier.get(item.kind) ?? null, to: item.date })
  }
  for (const item of before) if (!later.has(item.kind)) changes.push({ kind: item.kind, change: 'removed', from: item.date })
  return changes
}
