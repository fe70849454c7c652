import { z } from 'zod'
import type { ContractTimelineOptions, TimelineEvent, TimelineEvents, TimelineItem, TimelineKind, TimelineTerms } from './contract-timeline'
import { TIMELINE_EVENTS, TIMELINE_KINDS, TIMELINE_OWNERS, contractTimeline } from './contract-timeline'

/**
 * The contract timeline as its parties see it (issue #34, item 2): each item with its state at a
 * given instant. Items are 'upcoming'; 'dueSoon' within DUE_SOON_HOURS of the end of their last day;
 * 'missed' once that end has passed; 'done' only when a recorded event (TimelineEvents) says the
 * owner acted: a delivery received on or before its last day. An item still waiting for an event
 * (no date) is 'upcoming'. A completed notice (contract-notices.ts, decision 065) records an item
 * 'done' or 'waived' whatever its date; a contingency waived in the terms themselves (a 0-day
 * inspection, no appraisal contingency) still has no item at all.
 */

export const DUE_SOON_HOURS = 48

export const TIMELINE_STATES = ['upcoming', 'dueSoon', 'missed', 'done', 'waived'] as const
export type TimelineState = (typeof TIMELINE_STATES)[number]

/** The deliveries whose receipt means the item's owner acted. */
const DONE_BY: Partial<Record<TimelineKind, TimelineEvent>> = {
  condoDescription: 'condoDescriptionReceived',
  condoDocuments: 'condoDocumentsReceived',
  hoaDocuments: 'hoaDocumentsReceived',
  leases: 'leasesReceived',
}

/** What the completed notices recorded of the items: done or waived, and on which day. */
export type TimelineOutcomes = Partial<Record<TimelineKind, { outcome: 'done' | 'waived'; date: string }>>

export function timelineItemState(item: Pick<TimelineItem, 'kind' | 'date' | 'due'>, now: Date, events: TimelineEvents = {}, outcomes: TimelineOutcomes = {}): TimelineState {
  const recorded = outcomes[item.kind]
  if (recorded) return recorded.outcome
  const doneBy = DONE_BY[item.kind]
  const doneOn = doneBy ? events[doneBy] : null
  if (doneOn && (item.date === null || doneOn <= item.date)) return 'done'
  if (item.due === null) return 'upcoming'
  const left = Date.parse(item.due) - now.getTime()
  if (left < 0) return 'missed'
  return left <= DUE_SOON_HOURS * 3_600_000 ? 'dueSoon' : 'upcoming'
}

const MessageSchema = z.object({ key: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() })

export const TimelineViewItemSchema = z.object({
  kind: z.enum(TIMELINE_KINDS),
  owner: z.enum(TIMELINE_OWNERS),
  basis: z.enum(['agreement', 'clause', 'practice']),
  date: z.string().nullable().describe('The last day, YYYY-MM-DD in the property zone; null while it waits for an event'),
  due: z.string().nullable().describe('The end of the last day (11:59 PM in the property zone), as an ISO instant'),
  estimated: z.boolean(),
  waitsFor: z.enum(TIMELINE_EVENTS).nullable(),
  nonBusinessDay: z.string().nullable(),
  lastBusinessDay: z.string().nullable(),
  title: z.string().describe('A catalogue key (timeline.*)'),
  ifNothing: MessageSchema.describe('What happens if the owner does nothing by then'),
  state: z.enum(TIMELINE_STATES),
})
export type TimelineViewItem = z.infer<typeof TimelineViewItemSchema>

export const ContractTimelineViewSchema = z.object({
  offerId: z.string(),
  /** YYYY-MM-DD in the property's zone; null while the contract is not binding (no timeline yet). */
  bindingAgreementDate: z.string().nullable(),
  zone: z.string(),
  /** The instant the states were computed at. */
  asOf: z.string(),
  items: z.array(TimelineViewItemSchema),
})
export type ContractTimelineView = z.infer<typeof ContractTimelineViewSchema>

/** The timeline of a contract with each item's state at `now`; no items while it is not binding. */
export function contractTimelineView(
  offerId: string,
  terms: TimelineTerms,
  bindingAgreementAt: Date | string | null,
  { now, outcomes = {}, ...options }: ContractTimelineOptions & { now: Date; outcomes?: TimelineOutcomes },
): ContractTimelineView {
  const asOf = now.toISOString()
  if (bindingAgreementAt === null) return { offerId, bindingAgreementDate: null, zone: options.zone, asOf, items: [] }
  const timeline = contractTimeline(terms, bindingAgreementAt, options)
  return {
    offerId,
    bindingAgreementDate: timeline.bindingAgreementDate,
    zone: timeline.zone,
    asOf,
    items: timeline.items.map((item) => ({ ...item, ifNothing: { ...item.ifNothing }, state: timelineItemState(item, now, options.events, outcomes) })),
  }
}
