import { z } from 'zod'
import { ListingWeightingSchema, OFFER_WEIGHT_CRITERIA } from './listing'
import { EscalationSchema, FinancingTypeSchema, OfferPropertySchema } from './offer'
import { OfferStatusSchema } from './offer-status-schemas'
import { NET_SHEET_LINE_KEYS } from './net-sheet'

/** The ranking itself (offer-ranking.ts, free of zod) and the shapes the optimize endpoint answers with. */
export * from './offer-ranking'

// ---------------------------------------------------------------------------------------------
// GET /api/listings/:id/optimize

const CriterionSchema = z.enum(OFFER_WEIGHT_CRITERIA)

/** A net sheet line (net-sheet.ts): its key, its words' parameters, and its amount (negative: the seller pays). */
export const NetSheetLineSchema = z.object({
  key: z.enum(NET_SHEET_LINE_KEYS),
  amount: z.number(),
  params: z.object({
    clause: z.string().optional(),
    source: z.enum(['stipulations', 'addendum']).optional(),
    percent: z.number().optional(),
    cap: z.number().optional(),
    dollars: z.number().optional(),
    over: z.string().nullable().optional(),
    capped: z.boolean().optional(),
  }),
})

export const EscalationOutcomeSchema = z.object({ price: z.number(), by: z.number(), over: z.string().nullable(), capped: z.boolean() })

export const RankedOfferSchema = z.object({
  id: z.string(),
  rank: z.number().int(),
  score: z.number(),
  netToSeller: z.number(),
  costs: z.object({ concessions: z.number(), commission: z.number(), closingCosts: z.number(), homeWarranty: z.number() }),
  criteria: z.array(z.object({ criterion: CriterionSchema, measure: z.number().nullable(), value: z.number(), weight: z.number(), points: z.number() })),
  aheadOfNext: z.array(z.object({ criterion: CriterionSchema, points: z.number() })),
  leadOverNext: z.number().nullable(),
  /** The effective price (its escalation clause applied), the net sheet's lines and how the escalation was reached. */
  price: z.number(),
  lines: z.array(NetSheetLineSchema),
  escalated: EscalationOutcomeSchema.nullable(),
  /** The share of the score kept for the price against the list price (1: all). */
  priceFit: z.number(),
})

/** What the optimize grid shows of a criterion: its measure and points (the weight is the listing's, in `weighting`). */
export const OptimizeCriterionSchema = z.object({ criterion: CriterionSchema, measure: z.number().nullable(), points: z.number() })

export const OptimizeOfferSchema = RankedOfferSchema.extend({
  criteria: z.array(OptimizeCriterionSchema),
  status: OfferStatusSchema,
  purchasePrice: z.number().nullable(),
  buyerNames: z.array(z.string()),
  financingType: FinancingTypeSchema.nullable(),
  closingDate: z.string().nullable(),
  expiresAt: z.string().nullable(),
  sharedAt: z.string().nullable(),
  hasPreApproval: z.boolean(),
  /** Decision 029: the letter checked by the seller side; the clause; the negotiation's state. */
  preApprovalVerified: z.boolean().optional(),
  escalation: EscalationSchema.nullable().optional(),
  version: z.number().int().optional(),
  turn: z.enum(['buyer', 'seller']).nullable().optional(),
  bestDeadline: z.string().nullable().optional(),
})
export type OptimizeOffer = z.infer<typeof OptimizeOfferSchema>

export const OptimizeResultSchema = z.object({
  property: OfferPropertySchema,
  weighting: ListingWeightingSchema,
  offers: z.array(OptimizeOfferSchema),
})
export type OptimizeResult = z.infer<typeof OptimizeResultSchema>
