import { z } from 'zod'
import type { OfferTerms } from './offer'
import { OfferTermsSchema, OfferVersionNumberSchema } from './offer'
import { freeText } from './validation'

/**
 * Negotiation (decision 029): counter-offers as numbered versions of the terms, and the seller
 * side's request for every buyer's highest and best by a deadline.
 *
 * Version 1 is the offer as the buyer side shared (and perhaps edited) it; each counter-offer, from
 * either side, is the next version: the previous terms with the chosen terms changed. A version is
 * never changed once sent; the offer's own terms are always its latest version's.
 */

export const NEGOTIATION_LIMITS = { maxMessage: 2_000, maxOffersAsked: 200 } as const

/** The terms a counter-offer may change, in the order the forms and the difference show them. */
export const COUNTER_TERMS = ['purchasePrice', 'earnestMoney', 'closingDate', 'inspectionPeriodDays', 'sellerConcessions', 'stipulations', 'expiresAt'] as const
export type CounterTerm = (typeof COUNTER_TERMS)[number]

const shape = OfferTermsSchema.shape
const message = freeText().trim().max(NEGOTIATION_LIMITS.maxMessage, 'negotiation.messageTooLong').default('')

/** The changed terms of a counter-offer; a term left out stands as it was. */
export const CounterTermsSchema = z.object({
  purchasePrice: shape.purchasePrice.unwrap().unwrap().optional(),
  earnestMoney: z.object({ amount: shape.earnestMoney.unwrap().shape.amount.unwrap().unwrap().optional(), dueDays: shape.earnestMoney.unwrap().shape.dueDays.unwrap().unwrap().optional() }).optional(),
  closingDate: shape.closingDate.unwrap().unwrap().optional(),
  inspectionPeriodDays: shape.inspectionPeriodDays.unwrap().unwrap().optional(),
  sellerConcessions: shape.sellerConcessions.unwrap().optional(),
  stipulations: shape.stipulations.unwrap().optional(),
  expiresAt: shape.expiresAt.unwrap().unwrap().optional(),
})
export type CounterTerms = z.infer<typeof CounterTermsSchema>

/** POST /api/offers/:id/counter: the changed terms and a message to the other side. */
export const CounterOfferSchema = z.object({ terms: CounterTermsSchema, message, version: OfferVersionNumberSchema })
export type CounterOffer = z.infer<typeof CounterOfferSchema>

/** The next version's terms: the latest with the counter-offer's changes. */
export function applyCounter(latest: OfferTerms, changes: CounterTerms): OfferTerms {
  const { earnestMoney, ...rest } = changes
  const defined = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)) as Partial<OfferTerms>
  return {
    ...latest,
    ...defined,
    earnestMoney: {
      ...latest.earnestMoney,
      ...(earnestMoney?.amount === undefined ? {} : { amount: earnestMoney.amount }),
      ...(earnestMoney?.dueDays === undefined ? {} : { dueDays: earnestMoney.dueDays }),
    },
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** The terms (top-level fields) that differ between two versions, in the terms' own order. */
export function differingTerms(before: OfferTerms, after: OfferTerms): (keyof OfferTerms)[] {
  return (Object.keys(shape) as (keyof OfferTerms)[]).filter((field) => !same(before[field], after[field]))
}

// ---------------------------------------------------------------------------------------------
// Answer shapes (in offer.ts, part of the offer's view)

export { OfferNegotiationSchema, OfferSideSchema, OfferVersionSchema } from './offer'
export type { OfferNegotiation, OfferVersion } from './offer'

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
