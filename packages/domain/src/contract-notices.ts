import { z } from 'zod'
import type { TimelineEvent, TimelineKind } from './contract-timeline'
import { TIMELINE_EVENTS, TIMELINE_KINDS } from './contract-timeline'
import type { MessageKey } from './messages'
import { OFFER_LIMITS } from './offer-terms'
import { freeText } from './validation'

/**
 * Notices of a contract (issue #34 items 4 and 5, decision 065): the purpose of the RF656
 * Notification in our own words. Each is drafted from an item of the contract timeline with its
 * facts, signed by its own side only, delivered to the other side when the last signature is in, and
 * then recorded on the timeline (an item done or waived, or an event that starts a period). A
 * termination ends the contract under a named ground.
 */

export const NOTICE_FORM = { code: 'OB-NOT', title: 'Notice of a Contract Event', version: '12/01/2026' } as const

export const NOTICE_TYPES = ['inspectionResult', 'contingency', 'appraisalNotice', 'earnestMoneyDelivered', 'deliveryReceived', 'termination'] as const
export type NoticeType = (typeof NOTICE_TYPES)[number]

export type NoticeSide = 'buyer' | 'seller'

export const INSPECTION_RESULTS = ['satisfied', 'repairRequest'] as const
export type InspectionResult = (typeof INSPECTION_RESULTS)[number]

/** The contingencies a buyer may declare satisfied or waive, and the items each one covers. */
export const CONTINGENCIES = ['financing', 'appraisal', 'inspection'] as const
export type Contingency = (typeof CONTINGENCIES)[number]
export const CONTINGENCY_ITEMS: Readonly<Record<Contingency, readonly TimelineKind[]>> = {
  financing: ['lenderIntent'],
  appraisal: ['appraisalContingency'],
  inspection: ['inspectionPeriod', 'resolutionPeriod'],
}
export const CONTINGENCY_OUTCOMES = ['satisfied', 'waived'] as const
export type ContingencyOutcome = (typeof CONTINGENCY_OUTCOMES)[number]

/** The seller's deliveries the buyer acknowledges receiving, and the event each receipt is. */
export const DELIVERY_EVENTS: Readonly<Partial<Record<TimelineKind, TimelineEvent>>> = {
  condoDescription: 'condoDescriptionReceived',
  condoDocuments: 'condoDocumentsReceived',
  hoaDocuments: 'hoaDocumentsReceived',
  leases: 'leasesReceived',
}

/**
 * The grounds a contract may be ended on, and the side each protects (who may end it): the buyer's
 * contingencies and reviews, and the buyer's defaults the seller may end it for.
 */
export const TERMINATION_GROUNDS = {
  inspection: { side: 'buyer', items: ['inspectionPeriod', 'resolutionPeriod'] },
  appraisal: { side: 'buyer', items: ['appraisalContingency'] },
  financing: { side: 'buyer', items: ['lenderIntent', 'loanApplication'] },
  condoDocuments: { side: 'buyer', items: ['condoDescriptionReview', 'condoDocumentsReview', 'condoDocuments'] },
  hoaDocuments: { side: 'buyer', items: ['hoaDocumentsReview', 'hoaDocuments'] },
  leases: { side: 'buyer', items: ['leasesReview', 'leases'] },
  earnestMoney: { side: 'seller', items: ['earnestMoney', 'additionalEarnestMoney'] },
  buyerDefault: { side: 'seller', items: ['loanApplication', 'proofOfFunds'] },
} as const satisfies Record<string, { side: NoticeSide; items: readonly TimelineKind[] }>
export type TerminationGround = keyof typeof TERMINATION_GROUNDS
export const TERMINATION_GROUND_KEYS = Object.keys(TERMINATION_GROUNDS) as TerminationGround[]

/** Which notices an item calls for; a termination is drafted from the contract, not from one item. */
const ITEM_NOTICES: Readonly<Partial<Record<TimelineKind, readonly Exclude<NoticeType, 'termination'>[]>>> = {
  inspectionPeriod: ['inspectionResult', 'contingency'],
  resolutionPeriod: ['contingency'],
  appraisalOrdered: ['appraisalNotice'],
  appraisalContingency: ['contingency', 'appraisalNotice'],
  lenderIntent: ['contingency'],
  earnestMoney: ['earnestMoneyDelivered'],
  additionalEarnestMoney: ['earnestMoneyDelivered'],
  condoDescription: ['deliveryReceived'],
  condoDocuments: ['deliveryReceived'],
  hoaDocuments: ['deliveryReceived'],
  leases: ['deliveryReceived'],
}

/** Every notice but a termination is the buyer side's: it is the buyer who reports, satisfies, waives and receives. */
export function noticeSide(type: NoticeType, ground: TerminationGround | null = null): NoticeSide {
  if (type === 'termination') return ground ? TERMINATION_GROUNDS[ground].side : 'buyer'
  return 'buyer'
}

/** The notices a side may draft from an item. */
export function noticeTypesFor(kind: TimelineKind, side: NoticeSide): NoticeType[] {
  return (ITEM_NOTICES[kind] ?? []).filter((type) => noticeSide(type) === side)
}

/** The grounds a side may end the contract on, among the items the contract has. */
export function terminationGroundsFor(side: NoticeSide, kinds: readonly TimelineKind[]): TerminationGround[] {
  const present = new Set(kinds)
  return TERMINATION_GROUND_KEYS.filter((ground) => TERMINATION_GROUNDS[ground].side === side && TERMINATION_GROUNDS[ground].items.some((kind) => present.has(kind)))
}

export const NOTICE_LIMITS = { maxNote: 2000, maxHolder: OFFER_LIMITS.maxText, maxReason: 1000 } as const

const date = (key: MessageKey) => z.iso.date({ error: key })
const note = freeText().trim().max(NOTICE_LIMITS.maxNote, 'common.tooLong').default('')
const dollars = z.number({ error: 'notice.amountRange' }).int('offerTerms.wholeDollars').min(1, 'notice.amountRange').max(OFFER_LIMITS.maxPrice, 'notice.amountRange')
const item = z.enum(TIMELINE_KINDS, { error: 'notice.itemRequired' })

/** POST /api/offers/:id/notices: the notice's type, the item it is drafted from, and its facts. */
export const DraftNoticeSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('inspectionResult'), item, result: z.enum(INSPECTION_RESULTS, { error: 'notice.inspectionResultRequired' }), note }),
    z.object({ type: z.literal('contingency'), item, contingency: z.enum(CONTINGENCIES, { error: 'notice.contingencyRequired' }), outcome: z.enum(CONTINGENCY_OUTCOMES, { error: 'notice.outcomeRequired' }), note }),
    z.object({ type: z.literal('appraisalNotice'), item, appraisedValue: dollars, appraisalDate: date('notice.dateRequired'), note }),
    z.object({
      type: z.literal('earnestMoneyDelivered'),
      item,
      amount: dollars,
      deliveredOn: date('notice.dateRequired'),
      holder: freeText({ error: 'notice.holderRequired' }).trim().min(1, 'notice.holderRequired').max(NOTICE_LIMITS.maxHolder, 'common.tooLong'),
      note,
    }),
    z.object({ type: z.literal('deliveryReceived'), item, receivedOn: date('notice.dateRequired'), note }),
    z.object({
      type: z.literal('termination'),
      ground: z.enum(TERMINATION_GROUND_KEYS as [TerminationGround, ...TerminationGround[]], { error: 'notice.groundRequired' }),
      reason: freeText({ error: 'notice.reasonRequired' }).trim().min(1, 'notice.reasonRequired').max(NOTICE_LIMITS.maxReason, 'common.tooLong'),
    }),
  ],
  { error: 'notice.typeRequired' },
)
export type DraftNotice = z.infer<typeof DraftNoticeSchema>

/** The item a notice is drafted from; a termination's is the first of its ground's items the contract has. */
export function noticeItem(notice: DraftNotice, kinds: readonly TimelineKind[]): TimelineKind | null {
  if (notice.type !== 'termination') return notice.item
  return TERMINATION_GROUNDS[notice.ground].items.find((kind) => kinds.includes(kind)) ?? null
}

/** What a notice's own checks find wrong with it against the contract (each on its field): null when it may be drafted. */
export function noticeProblem(
  notice: DraftNotice,
  { side, kinds, doneOrWaived, purchasePrice, today, bindingDate }: { side: NoticeSide; kinds: readonly TimelineKind[]; doneOrWaived: readonly TimelineKind[]; purchasePrice: number | null; today: string; bindingDate: string },
): { path: string; key: MessageKey; status: 400 | 403 | 409 } | null {
  const own = noticeSide(notice.type, notice.type === 'termination' ? notice.ground : null)
  if (own !== side) return { path: notice.type === 'termination' ? 'ground' : 'type', key: notice.type === 'termination' ? 'notice.groundNotYourSide' : 'notice.notYourSide', status: 403 }
  if (notice.type === 'termination') {
    if (noticeItem(notice, kinds) === null) return { path: 'ground', key: 'notice.groundNotInContract', status: 400 }
    return null
  }
  if (!kinds.includes(notice.item)) return { path: 'item', key: 'notice.itemNotInContract', status: 400 }
  if (!(ITEM_NOTICES[notice.item] ?? []).includes(notice.type)) return { path: 'type', key: 'notice.typeNotForItem', status: 400 }
  if (doneOrWaived.includes(notice.item)) return { path: 'item', key: 'notice.itemDone', status: 409 }
  if (notice.type === 'contingency' && !CONTINGENCY_ITEMS[notice.contingency].includes(notice.item)) return { path: 'contingency', key: 'notice.contingencyNotForItem', status: 400 }
  if (notice.type === 'appraisalNotice') {
    if (purchasePrice !== null && notice.appraisedValue >= purchasePrice) return { path: 'appraisedValue', key: 'notice.appraisalNotLow', status: 400 }
    if (notice.appraisalDate > today) return { path: 'appraisalDate', key: 'notice.dateFuture', status: 400 }
    if (!kinds.includes('appraisalContingency')) return { path: 'type', key: 'notice.noAppraisalContingency', status: 400 }
  }
  const factDate = notice.type === 'earnestMoneyDelivered' ? { path: 'deliveredOn', value: notice.deliveredOn } : notice.type === 'deliveryReceived' ? { path: 'receivedOn', value: notice.receivedOn } : null
  if (factDate) {
    if (factDate.value > today) return { path: factDate.path, key: 'notice.dateFuture', status: 400 }
    if (factDate.value < bindingDate) return { path: factDate.path, key: 'notice.dateBeforeBinding', status: 400 }
  }
  return null
}

/** One thing a completed notice records on the contract's timeline: an item done or waived, or an event that starts a period. */
export const TIMELINE_RECORD_OUTCOMES = ['done', 'waived', 'occurred'] as const
export type TimelineRecordOutcome = (typeof TIMELINE_RECORD_OUTCOMES)[number]
export type TimelineRecord = { kind: TimelineKind | TimelineEvent; outcome: TimelineRecordOutcome; date: string }

/**
 * What a notice records when it completes, `on` the day it completed (YYYY-MM-DD in the property's
 * zone); a receipt is dated the day the buyer says the delivery arrived. A termination records
 * nothing on the timeline: the contract ends.
 */
export function noticeRecords(notice: DraftNotice, on: string): TimelineRecord[] {
  switch (notice.type) {
    case 'inspectionResult':
      return notice.result === 'satisfied'
        ? [
            { kind: 'inspectionPeriod', outcome: 'done', date: on },
            { kind: 'resolutionPeriod', outcome: 'waived', date: on },
          ]
        : [
            { kind: 'inspectionPeriod', outcome: 'done', date: on },
            { kind: 'repairRequest', outcome: 'occurred', date: on },
          ]
    case 'contingency':
      return CONTINGENCY_ITEMS[notice.contingency].map((kind) => ({ kind, outcome: notice.outcome === 'satisfied' ? 'done' : 'waived', date: on }))
    case 'appraisalNotice':
      return [
        { kind: 'appraisalOrdered', outcome: 'done', date: on },
        { kind: 'lowAppraisalNotice', outcome: 'occurred', date: on },
      ]
    case 'earnestMoneyDelivered':
      return [{ kind: notice.item, outcome: 'done', date: on }]
    case 'deliveryReceived': {
      const event = DELIVERY_EVENTS[notice.item]
      return event ? [{ kind: event, outcome: 'occurred', date: notice.receivedOn }] : []
    }
    case 'termination':
      return []
  }
}

const EVENT_SET: ReadonlySet<string> = new Set(TIMELINE_EVENTS)

/** The recorded rows as the timeline reads them: the events that date periods, and the items done or waived. */
export function timelineRecordsRead(records: readonly { kind: string; outcome: string; date: string }[]): {
  events: Partial<Record<TimelineEvent, string>>
  outcomes: Partial<Record<TimelineKind, { outcome: 'done' | 'waived'; date: string }>>
} {
  const events: Partial<Record<TimelineEvent, string>> = {}
  const outcomes: Partial<Record<TimelineKind, { outcome: 'done' | 'waived'; date: string }>> = {}
  for (const record of records) {
    if (record.outcome === 'occurred') {
      // The first time an event happened is the one that starts its period.
      if (EVENT_SET.has(record.kind) && !events[record.kind as TimelineEvent]) events[record.kind as TimelineEvent] = record.date
    } else if ((record.outcome === 'done' || record.outcome === 'waived') && !EVENT_SET.has(record.kind) && !outcomes[record.kind as TimelineKind]) outcomes[record.kind as TimelineKind] = { outcome: record.outcome, date: record.date }
  }
  return { events, outcomes }
}

/** The notice's title as its PDF and its packet name it. */
export const NOTICE_TITLES: Readonly<Record<NoticeType, string>> = {
  inspectionResult: "Buyer's Notice of the Inspection Result",
  contingency: 'Notice of a Contingency Satisfied or Waived',
  appraisalNotice: "Buyer's Notice of a Low Appraisal",
  earnestMoneyDelivered: 'Notice of Earnest Money Delivered',
  deliveryReceived: "Buyer's Notice of Documents Received",
  termination: 'Notice of Termination',
}

export const NOTICE_STATUSES = ['sent', 'completing', 'completed', 'declined', 'voided', 'expired'] as const

/** A notice as the contract's parties see it (GET /api/offers/:id/notices). */
export const NoticeViewSchema = z.object({
  id: z.string(),
  type: z.enum(NOTICE_TYPES),
  item: z.enum(TIMELINE_KINDS).nullable(),
  side: z.enum(['buyer', 'seller']),
  facts: z.record(z.string(), z.unknown()),
  title: z.string(),
  packetId: z.string(),
  status: z.string().describe('The signing packet status: sent, completing, completed, declined, voided or expired'),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  /** For the viewer: their own signer's id when they sign it and it waits on them (the page is reached through their emailed link). */
  canDownload: z.boolean(),
})
export type NoticeView = z.infer<typeof NoticeViewSchema>

export const ContractNoticesSchema = z.object({
  notices: z.array(NoticeViewSchema),
  /** The viewer's side, and the grounds it may end the contract on now (none once it is not accepted). */
  side: z.enum(['buyer', 'seller']),
  terminationGrounds: z.array(z.enum(TERMINATION_GROUND_KEYS as [TerminationGround, ...TerminationGround[]])),
  /** The signers a notice of the viewer's side goes to. */
  signers: z.array(z.object({ name: z.string(), email: z.string(), role: z.string() })),
})
export type ContractNotices = z.infer<typeof ContractNoticesSchema>
