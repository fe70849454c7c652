import { z } from 'zod'
import type { OfferTerms } from './offer-terms'
import { OfferTermsSchema, OfferVersionNumberSchema } from './offer-terms'
import { addendumClausesText, stipulationClausesText } from './offer-clauses'
import { freeText } from './validation'
import { NEGOTIATION_LIMITS } from './offer-values'

/**
 * Negotiation (decision 029): counter-offers as numbered versions of the terms, and the seller
 * side's request for every buyer's highest and best by a deadline.
 *
 * Version 1 is the offer as the buyer side shared (and perhaps edited) it; each counter-offer, from
 * either side, is the next version: the previous terms with the chosen terms changed. A version is
 * never changed once sent; the offer's own terms are always its latest version's.
 */

export { NEGOTIATION_LIMITS }

/**
 * The terms a counter-offer may change (every term of the agreement but the parties and the form),
 * in the order the form and the difference show them.
 */
export const COUNTER_TERMS = [
  'purchasePrice',
  'escalation',
  'earnestMoney',
  'financing',
  'appraisalContingency',
  'inspectionPeriodDays',
  'resolutionPeriodDays',
  'saleOfBuyersPropertyContingency',
  'closingDate',
  'possession',
  'sellerConcessions',
  'buyerBrokerCompensation',
  'homeWarranty',
  'stipulationChoices',
  'stipulations',
  'addendum',
  'expiresAt',
] as const satisfies readonly (keyof OfferTerms)[]
export type CounterTerm = (typeof COUNTER_TERMS)[number]

/** The terms whose value is a group of fields a counter may change one by one; the others are replaced whole. */
const MERGED_TERMS = ['earnestMoney', 'financing', 'possession', 'homeWarranty'] as const
type MergedTerm = (typeof MERGED_TERMS)[number]
const isMerged = (term: CounterTerm): term is MergedTerm => (MERGED_TERMS as readonly string[]).includes(term)

const shape = OfferTermsSchema.shape
const message = freeText().trim().max(NEGOTIATION_LIMITS.maxMessage, 'negotiation.messageTooLong').default('')

/** A term's rule without its default: a term a counter leaves out stays as it was, it does not fall back to the default. */
function withoutDefault(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault) return withoutDefault(schema.unwrap() as z.ZodType)
  // A nullable group (the escalation) would otherwise fill itself in when left out.
  if (schema instanceof z.ZodNullable) return withoutDefault(schema.unwrap() as z.ZodType).nullable()
  return schema
}

/** A group's fields, each optional and without its default: the fields a counter names replace the latest's. */
function partialGroup(term: MergedTerm) {
  const group = withoutDefault(shape[term]) as z.ZodObject
  return z.strictObject(Object.fromEntries(Object.entries(group.shape).map(([field, rule]) => [field, withoutDefault(rule as z.ZodType).optional()]))).optional()
}

/**
 * The changed terms of a counter-offer; a term left out stands as it was. A group of fields (earnest
 * money, financing, possession, the home warranty) changes field by field; every other term, the
 * clause choices included, is given whole: the stipulation choices a counter sends are the clauses
 * of the next version (null strikes them all), as the picker emits them.
 */
export const CounterTermsSchema = z.strictObject({
  purchasePrice: withoutDefault(shape.purchasePrice).optional(),
  escalation: withoutDefault(shape.escalation).optional(),
  earnestMoney: partialGroup('earnestMoney'),
  financing: partialGroup('financing'),
  appraisalContingency: withoutDefault(shape.appraisalContingency).optional(),
  inspectionPeriodDays: withoutDefault(shape.inspectionPeriodDays).optional(),
  resolutionPeriodDays: withoutDefault(shape.resolutionPeriodDays).optional(),
  saleOfBuyersPropertyContingency: withoutDefault(shape.saleOfBuyersPropertyContingency).optional(),
  closingDate: withoutDefault(shape.closingDate).optional(),
  possession: partialGroup('possession'),
  sellerConcessions: withoutDefault(shape.sellerConcessions).optional(),
  buyerBrokerCompensation: withoutDefault(shape.buyerBrokerCompensation).optional(),
  homeWarranty: partialGroup('homeWarranty'),
  stipulationChoices: withoutDefault(shape.stipulationChoices).optional(),
  stipulations: withoutDefault(shape.stipulations).optional(),
  addendum: withoutDefault(shape.addendum).optional(),
  expiresAt: withoutDefault(shape.expiresAt).optional(),
}) as unknown as z.ZodType<CounterTerms, Record<string, unknown>>

/** What a counter-offer may send: any counter term, a group's fields one by one. */
export type CounterTerms = { [T in CounterTerm]?: T extends MergedTerm ? Partial<OfferTerms[T]> : OfferTerms[T] }

/** POST /api/offers/:id/counter: the changed terms and a message to the other side. */
export const CounterOfferSchema = z.object({ terms: CounterTermsSchema, message, version: OfferVersionNumberSchema })
export type CounterOffer = z.infer<typeof CounterOfferSchema>

/** The next version's terms: the latest with the counter-offer's changes. */
export function applyCounter(latest: OfferTerms, changes: CounterTerms): OfferTerms {
  const next: Record<string, unknown> = { ...latest }
  for (const term of COUNTER_TERMS) {
    const value = changes[term]
    if (value === undefined) continue
    if (!isMerged(term)) {
      next[term] = value
      continue
    }
    const fields = Object.entries(value as Record<string, unknown>).filter(([, field]) => field !== undefined)
    next[term] = { ...latest[term], ...Object.fromEntries(fields) }
  }
  return next as OfferTerms
}

/**
 * The counter-offer that turns `latest` into `edited`: each counter term that differs, a group with
 * only its changed fields. Nothing changed gives {}, which the form refuses before sending.
 */
export function counterChanges(latest: OfferTerms, edited: OfferTerms): CounterTerms {
  const changes: Record<string, unknown> = {}
  for (const term of COUNTER_TERMS) {
    if (sameTerm(term, latest, edited)) continue
    if (!isMerged(term)) {
      changes[term] = edited[term]
      continue
    }
    const before = latest[term] as Record<string, unknown>
    const after = edited[term] as Record<string, unknown>
    changes[term] = Object.fromEntries(Object.keys(after).filter((field) => !same(before[field], after[field])).map((field) => [field, after[field]]))
  }
  return changes as CounterTerms
}

/** A value written with its keys in order, so that two equal groups compare equal however they were built. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, field]) => field !== undefined)
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, field]) => `${JSON.stringify(key)}:${stable(field)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

const same = (a: unknown, b: unknown) => stable(a) === stable(b)

/**
 * Whether a term is the same in two versions. Clause choices are the same when they print the same
 * clauses with the same values: an unticked clause's leftover values, or the order the picker
 * wrote them in, change nothing in the contract.
 */
function sameTerm(field: keyof OfferTerms, before: OfferTerms, after: OfferTerms): boolean {
  if (field === 'stipulationChoices') return stipulationClausesText(before) === stipulationClausesText(after)
  if (field === 'addendum') return addendumClausesText(before) === addendumClausesText(after)
  return same(before[field], after[field])
}

/** The terms (top-level fields) that differ between two versions, in the terms' own order. */
export function differingTerms(before: OfferTerms, after: OfferTerms): (keyof OfferTerms)[] {
  return (Object.keys(shape) as (keyof OfferTerms)[]).filter((field) => !sameTerm(field, before, after))
}

// ---------------------------------------------------------------------------------------------
// Highest and best

/**
 * POST /api/listings/:id/highest-and-best: the open offers asked (none named: all of them), the
 * deadline and the words, and for every open offer the version the seller side was looking at
 * (decision 036): an asked offer that moved on since, or one the seller side has not seen, refuses the request.
 */
export const HighestBestRequestSchema = z.object({
  offerIds: z.array(z.string().max(100)).max(NEGOTIATION_LIMITS.maxOffersAsked).optional(),
  versions: z.record(z.string().max(100), OfferVersionNumberSchema, { error: 'offer.versionRequired' }),
  deadline: z.iso.datetime({ offset: true, error: 'negotiation.bestDeadlineRequired' }),
  message: freeText({ error: 'negotiation.bestMessageRequired' }).trim().min(1, 'negotiation.bestMessageRequired').max(NEGOTIATION_LIMITS.maxMessage, 'negotiation.messageTooLong'),
})
export type HighestBestRequest = z.infer<typeof HighestBestRequestSchema>

export const HighestBestResultSchema = z.object({
  requestId: z.string(),
  /** The one instant every buyer side was told. */
  at: z.string(),
  deadline: z.string(),
  offerIds: z.array(z.string()),
})
export type HighestBestResult = z.infer<typeof HighestBestResultSchema>

/**
 * GET /api/listings/:id/highest-and-best: the seller side's request still open (its deadline ahead),
 * and which of the offers it asked have answered since (decision 038). The seller's early accept or
 * decline names the deadline and the offers still expected.
 */
export const OpenBestRequestSchema = z.object({
  requestId: z.string(),
  requestedAt: z.string(),
  deadline: z.string(),
  /** The property's zone, the one the deadline is written in. */
  timeZone: z.string(),
  /** The asked offers still open, in the order asked; `answeredAt`: the buyer side's first move since the request, null while it is still expected. */
  offers: z.array(z.object({ id: z.string(), buyerNames: z.array(z.string()), answeredAt: z.string().nullable() })),
})
export type OpenBestRequest = z.infer<typeof OpenBestRequestSchema>

export const OpenBestRequestAnswerSchema = z.object({ request: OpenBestRequestSchema.nullable() })
export type OpenBestRequestAnswer = z.infer<typeof OpenBestRequestAnswerSchema>
