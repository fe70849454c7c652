import { z } from 'zod'
import type { ContractTimeline, TimelineChange } from './contract-timeline'
import { contractTimeline, timelineChanges } from './contract-timeline'
import type { MessageKey, MessageParams } from './messages'
import { offerMoneyWarnings } from './money-bounds'
import { OfferVersionNumberSchema } from './offer'
import type { OfferTerms } from './offer-terms'
import { ConcessionSchema, OFFER_LIMITS, POSSESSION_TIMES } from './offer-terms'
import { freeText } from './validation'

/**
 * Amendments to a bound contract (issue #34 item 4, the RF653's purpose; decision 066): a difference
 * on the contract's current terms, drafted like a counter-offer, signed by both sides, and applied to
 * the offer's terms when its packet completes. A repair or replacement proposal during the resolution
 * period (the RF655's purpose) is answered by the other side and, accepted, becomes an amendment.
 */

/** Our own amendment form: its code and version date print on every amendment (as the agreement's do). */
export const AMENDMENT_FORM = { code: 'OB-AMD', version: '12/01/2026', title: 'Amendment to the Purchase and Sale Agreement' } as const

export const AMENDMENT_LIMITS = { maxRepairs: 20, maxRepairText: 500, maxMessage: 2_000 } as const

/** What an amendment may change, in the order the form and the document list them. */
export const AMENDMENT_FIELDS = ['closingDate', 'purchasePrice', 'possession', 'sellerConcessions', 'inspectionPeriodDays', 'resolutionPeriodDays', 'repairs'] as const
export type AmendmentField = (typeof AMENDMENT_FIELDS)[number]

/** Days of a period, with the offer's rule and message (the maximum named on every issue, as offer-terms.ts does). */
const daysRange: z.core.$ZodErrorMap = (issue) => {
  Object.assign(issue, { params: { maximum: OFFER_LIMITS.maxInspectionDays } })
  return 'offerTerms.daysRange'
}
const days = z.number({ error: daysRange }).int({ error: daysRange }).min(0, { error: daysRange }).max(OFFER_LIMITS.maxInspectionDays, { error: daysRange })

const isoDate = z.iso.date({ error: 'offerTerms.invalidDate' })

/** One repair the seller makes: a line of free text. */
export const RepairItemSchema = freeText({ error: 'amendment.repairRequired' })
  .trim()
  .min(1, 'amendment.repairRequired')
  .max(AMENDMENT_LIMITS.maxRepairText, 'amendment.repairTooLong')

/** A list of repairs: at least one, at most AMENDMENT_LIMITS.maxRepairs. */
export const RepairListSchema = z.array(RepairItemSchema, { error: 'amendment.repairsRequired' }).min(1, 'amendment.repairsRequired').max(AMENDMENT_LIMITS.maxRepairs, 'amendment.tooManyRepairs')

/** The changes of an amendment; a field left out stands as it is. */
export const AmendmentChangesSchema = z.strictObject({
  closingDate: isoDate.optional(),
  purchasePrice: z.number({ error: 'offerTerms.priceRange' }).int('offerTerms.wholeDollars').min(OFFER_LIMITS.minPrice, 'offerTerms.priceRange').max(OFFER_LIMITS.maxPrice, 'offerTerms.priceRange').optional(),
  possession: z.strictObject({ time: z.enum(POSSESSION_TIMES, { error: 'common.invalidValue' }), date: isoDate.nullable().default(null) }).optional(),
  sellerConcessions: ConcessionSchema.optional(),
  inspectionPeriodDays: days.optional(),
  resolutionPeriodDays: days.optional(),
  repairs: RepairListSchema.optional(),
})
export type AmendmentChanges = z.infer<typeof AmendmentChangesSchema>

const message = freeText().trim().max(AMENDMENT_LIMITS.maxMessage, 'negotiation.messageTooLong').default('')

/**
 * POST /api/offers/:id/amendments: the changes, the version of the terms they were drafted on (decision
 * 036: a contract amended meanwhile refuses it), a note to the other side, and the confirmation of a
 * price out of the money bounds (money-bounds.ts).
 */
export const DraftAmendmentSchema = z.object({
  changes: AmendmentChangesSchema,
  version: OfferVersionNumberSchema,
  message,
  confirmed: z.boolean().default(false),
})
export type DraftAmendment = z.infer<typeof DraftAmendmentSchema>
export type DraftAmendmentInput = z.input<typeof DraftAmendmentSchema>

/** A refusal on one field, by its path in the request (`changes.closingDate`). */
export type AmendmentProblem = { path: string; key: MessageKey; params?: MessageParams }

/** What an amendment checks against: today in the property's zone, and the listing's price for the money bounds. */
export type AmendmentContext = { today: string; listPrice: number | null; confirmed: boolean }

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** The fields an amendment names, in AMENDMENT_FIELDS's order. */
export function amendedFields(changes: AmendmentChanges): AmendmentField[] {
  return AMENDMENT_FIELDS.filter((field) => changes[field] !== undefined)
}

/** Whether a named field leaves the term as it is (repairs always add something). */
function unchanged(terms: OfferTerms, changes: AmendmentChanges, field: AmendmentField): boolean {
  switch (field) {
    case 'repairs':
      return false
    case 'possession': {
      const next = changes.possession!
      return next.time === terms.possession.time && (next.time === 'at-closing' || next.date === terms.possession.date)
    }
    case 'sellerConcessions':
      return same({ unit: changes.sellerConcessions!.unit, amount: changes.sellerConcessions!.amount }, { unit: terms.sellerConcessions.unit, amount: terms.sellerConcessions.amount })
    default:
      return changes[field] === terms[field]
  }
}

/**
 * What is wrong with an amendment of these terms, each on its field: nothing named at all, a field
 * named with its current value, closing or possession before today (the property's calendar), a price
 * out of the money bounds not confirmed, and sums above the price.
 */
export function amendmentProblems(terms: OfferTerms, changes: AmendmentChanges, { today, listPrice, confirmed }: AmendmentContext): AmendmentProblem[] {
  const fields = amendedFields(changes)
  if (fields.length === 0) return [{ path: 'changes', key: 'amendment.nothingChanged' }]
  const problems: AmendmentProblem[] = []
  for (const field of fields) if (unchanged(terms, changes, field)) problems.push({ path: `changes.${field}`, key: 'amendment.fieldUnchanged' })
  if (changes.closingDate !== undefined && changes.closingDate < today) problems.push({ path: 'changes.closingDate', key: 'amendment.closingBeforeToday' })
  const possession = changes.possession
  if (possession && possession.time !== 'at-closing') {
    if (possession.date === null) problems.push({ path: 'changes.possession.date', key: 'offerTerms.possessionDateRequired' })
    else if (possession.date < today) problems.push({ path: 'changes.possession.date', key: 'amendment.possessionBeforeToday' })
  }
  const next = applyAmendment(terms, changes)
  if (changes.purchasePrice !== undefined) {
    const warning = offerMoneyWarnings({ listPrice, purchasePrice: changes.purchasePrice, earnestMoney: null }).find((item) => item.field === 'purchasePrice')
    if (warning && !confirmed) problems.push({ path: 'changes.purchasePrice', key: 'amendment.priceUnconfirmed', params: { percent: warning.percent ?? 0 } })
    const earnest = next.earnestMoney.amount
    if (earnest !== null && earnest > changes.purchasePrice) problems.push({ path: 'changes.purchasePrice', key: 'offerTerms.earnestAbovePrice' })
  }
  const concession = next.sellerConcessions
  if ((changes.sellerConcessions !== undefined || changes.purchasePrice !== undefined) && concession.unit === 'dollars' && concession.amount !== null && next.purchasePrice !== null && concession.amount > next.purchasePrice)
    problems.push({ path: changes.sellerConcessions !== undefined ? 'changes.sellerConcessions.amount' : 'changes.purchasePrice', key: 'offerTerms.concessionsAbovePrice' })
  if (changes.repairs !== undefined && next.stipulations.length > OFFER_LIMITS.maxStipulations) problems.push({ path: 'changes.repairs', key: 'amendment.repairsTooLong' })
  return problems
}

/** The heading of the repairs an amendment adds to the special stipulations. */
export const REPAIRS_HEADING = 'Repairs the Seller makes before closing, by signed amendment:'

/** The repairs as the special stipulations print them after the ones before. */
export function repairsStipulation(stipulations: string, repairs: readonly string[]): string {
  const block = [REPAIRS_HEADING, ...repairs.map((repair, index) => `${index + 1}. ${repair}`)].join('\n')
  return stipulations.trim() === '' ? block : `${stipulations.trimEnd()}\n\n${block}`
}

/**
 * The terms as amended. Repairs are added to the special stipulations, where the agreement states
 * what the parties agree beyond its printed terms; possession at closing carries no date.
 */
export function applyAmendment(terms: OfferTerms, changes: AmendmentChanges): OfferTerms {
  const next: OfferTerms = { ...terms }
  if (changes.closingDate !== undefined) next.closingDate = changes.closingDate
  if (changes.purchasePrice !== undefined) next.purchasePrice = changes.purchasePrice
  if (changes.possession !== undefined) next.possession = { time: changes.possession.time, date: changes.possession.time === 'at-closing' ? null : changes.possession.date }
  if (changes.sellerConcessions !== undefined) next.sellerConcessions = { unit: changes.sellerConcessions.unit, amount: changes.sellerConcessions.amount }
  if (changes.inspectionPeriodDays !== undefined) next.inspectionPeriodDays = changes.inspectionPeriodDays
  if (changes.resolutionPeriodDays !== undefined) next.resolutionPeriodDays = changes.resolutionPeriodDays
  if (changes.repairs !== undefined) next.stipulations = repairsStipulation(terms.stipulations, changes.repairs)
  return next
}

/** One line of an amendment, as the document and the page print it: a field, what it was, what it becomes. */
export type AmendmentLine =
  | { field: 'closingDate'; before: string | null; after: string }
  | { field: 'purchasePrice'; before: number | null; after: number }
  | { field: 'possession'; before: OfferTerms['possession']; after: OfferTerms['possession'] }
  | { field: 'sellerConcessions'; before: OfferTerms['sellerConcessions']; after: OfferTerms['sellerConcessions'] }
  | { field: 'inspectionPeriodDays' | 'resolutionPeriodDays'; before: number | null; after: number }
  | { field: 'repairs'; before: null; after: string[] }

/** The amendment's lines, each old -> new, in AMENDMENT_FIELDS's order. */
export function amendmentLines(terms: OfferTerms, changes: AmendmentChanges): AmendmentLine[] {
  const next = applyAmendment(terms, changes)
  return amendedFields(changes).map((field): AmendmentLine => {
    switch (field) {
      case 'closingDate':
        return { field, before: terms.closingDate, after: next.closingDate! }
      case 'purchasePrice':
        return { field, before: terms.purchasePrice, after: next.purchasePrice! }
      case 'possession':
        return { field, before: terms.possession, after: next.possession }
      case 'sellerConcessions':
        return { field, before: terms.sellerConcessions, after: next.sellerConcessions }
      case 'inspectionPeriodDays':
      case 'resolutionPeriodDays':
        return { field, before: terms[field], after: next[field]! }
      case 'repairs':
        return { field, before: null, after: [...changes.repairs!] }
    }
  })
}

/**
 * What an amendment moves on the contract's timeline (decision 060's timelineChanges): the timeline of
 * the terms before and after, from the same Binding Agreement Date, compared item by item.
 */
export function amendmentTimelineChanges(terms: OfferTerms, changes: AmendmentChanges, bindingAgreementAt: Date | string, zone: string): { before: ContractTimeline; after: ContractTimeline; changes: TimelineChange[] } {
  const before = contractTimeline(terms, bindingAgreementAt, { zone })
  const after = contractTimeline(applyAmendment(terms, changes), bindingAgreementAt, { zone })
  return { before, after, changes: timelineChanges(before.items, after.items) }
}

// ---------------------------------------------------------------------------------------------
// Views

export const AMENDMENT_SIDES = ['buyer', 'seller'] as const
export type AmendmentSide = (typeof AMENDMENT_SIDES)[number]

/** An amendment's state is its packet's: out for signature, signed by everyone (applied), or stopped. */
export const AMENDMENT_STATES = ['signing', 'signed', 'declined', 'expired', 'voided'] as const
export const AmendmentStateSchema = z.enum(AMENDMENT_STATES)
export type AmendmentState = z.infer<typeof AmendmentStateSchema>

/** The states that hold the contract: a second amendment waits for the one in one of these. */
export const AMENDMENT_IN_FLIGHT: readonly AmendmentState[] = ['signing']

export const ContractAmendmentSchema = z.object({
  id: z.string(),
  /** 1 for the contract's first amendment, and so on. */
  number: z.number().int(),
  side: z.enum(AMENDMENT_SIDES),
  draftedByName: z.string().nullable(),
  createdAt: z.string(),
  state: AmendmentStateSchema,
  /** The changes as drafted (AmendmentChanges). */
  changes: z.record(z.string(), z.unknown()),
  /** Each change, old -> new, against the terms it was drafted on. */
  lines: z.array(z.record(z.string(), z.unknown())),
  /** The version of the terms it was drafted on, and the version it made once signed. */
  baseVersion: z.number().int(),
  appliedVersion: z.number().int().nullable(),
  message: z.string(),
  packetId: z.string().nullable(),
  repairProposalId: z.string().nullable(),
})
export type ContractAmendment = Omit<z.infer<typeof ContractAmendmentSchema>, 'changes' | 'lines'> & { changes: AmendmentChanges; lines: AmendmentLine[] }

// ---------------------------------------------------------------------------------------------
// Repair or replacement proposals (the RF655's purpose)

export const REPAIR_ANSWERS = ['accepted', 'countered', 'declined'] as const
export const RepairAnswerSchema = z.enum(REPAIR_ANSWERS, { error: 'amendment.answerRequired' })
export type RepairAnswer = z.infer<typeof RepairAnswerSchema>

/** open: waiting for the other side's answer; accepted: an amendment was drafted from it; declined: the contract's stated outcome follows. */
export const REPAIR_PROPOSAL_STATUSES = ['open', 'accepted', 'declined'] as const
export type RepairProposalStatus = (typeof REPAIR_PROPOSAL_STATUSES)[number]

/** POST /api/offers/:id/repairs: the buyer side's list. */
export const ProposeRepairsSchema = z.object({ repairs: RepairListSchema, message })
export type ProposeRepairs = z.infer<typeof ProposeRepairsSchema>

/** POST /api/offers/:id/repairs/:proposalId/answer: the other side's answer; a counter carries its own list. */
export const AnswerRepairsSchema = z
  .object({ answer: RepairAnswerSchema, repairs: z.array(RepairItemSchema).max(AMENDMENT_LIMITS.maxRepairs, 'amendment.tooManyRepairs').optional(), message })
  .superRefine((value, ctx) => {
    if (value.answer === 'countered' && (value.repairs === undefined || value.repairs.length === 0)) ctx.addIssue({ code: 'custom', path: ['repairs'], message: 'amendment.repairsRequired' })
  })
export type AnswerRepairs = z.infer<typeof AnswerRepairsSchema>

/** One list of repairs put to the other side: the first proposal, or a counter. */
export const RepairRoundSchema = z.object({ side: z.enum(AMENDMENT_SIDES), repairs: z.array(z.string()), message: z.string(), at: z.string(), byName: z.string().nullable() })
export type RepairRound = z.infer<typeof RepairRoundSchema>

/** Whose turn it is on an open proposal: the side that did not put the latest list. */
export function repairsAwaiting(rounds: readonly Pick<RepairRound, 'side'>[]): AmendmentSide | null {
  const last = rounds.at(-1)
  if (!last) return null
  return last.side === 'buyer' ? 'seller' : 'buyer'
}

export const RepairProposalSchema = z.object({
  id: z.string(),
  status: z.enum(REPAIR_PROPOSAL_STATUSES),
  rounds: z.array(RepairRoundSchema),
  /** The side whose answer is awaited while open. */
  awaiting: z.enum(AMENDMENT_SIDES).nullable(),
  /** The amendment an accepted proposal was drafted into. */
  amendmentId: z.string().nullable(),
  /** A declined proposal: the last day of the resolution period, YYYY-MM-DD in the property's zone, for the contract's stated outcome. */
  resolutionEnds: z.string().nullable(),
  createdAt: z.string(),
})
export type RepairProposal = z.infer<typeof RepairProposalSchema>

/** GET /api/offers/:id/amendments: the contract's amendments, newest first, its repair proposals, and what the viewer may do. */
export const ContractAmendmentsSchema = z.object({
  amendments: z.array(ContractAmendmentSchema),
  repairProposals: z.array(RepairProposalSchema),
  /** The viewer's side when they are one of the contract's parties; null for a reader (a teammate). */
  side: z.enum(AMENDMENT_SIDES).nullable(),
  /** The current terms' version, to name in a draft. */
  version: z.number().int(),
  canDraft: z.boolean(),
  /** Why drafting waits: an amendment is out for signature. */
  waitingFor: z.number().int().nullable(),
  canProposeRepairs: z.boolean(),
  /** The last day of the resolution period while it runs (or may still start), in the property's zone; null once over or waived. */
  resolutionEnds: z.string().nullable(),
})
export type ContractAmendments = Omit<z.infer<typeof ContractAmendmentsSchema>, 'amendments'> & { amendments: ContractAmendment[] }
