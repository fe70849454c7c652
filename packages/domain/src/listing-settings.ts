import { z } from 'zod'
import { LISTING_LIMITS, ListingVisibilitySchema, OFFER_WEIGHT_CRITERIA, StandardStatusSchema } from './listing-enums'
import type { OfferWeightCriterion } from './listing-enums'
import { DEFAULT_OFFER_WEIGHTS as DEFAULT_WEIGHTS } from './offer-weight-criteria'
import { emailSchema } from './validation'

/** What a listing's managers set besides its fields: status, notifications, visibility, and the seller's offer weights. */

// ---------------------------------------------------------------------------------------------
// Settings and weights

export const ListingNotifySchema = z.object({
  owner: z.boolean(),
  listAgent: z.boolean(),
  emails: z.array(emailSchema).max(LISTING_LIMITS.maxNotifyEmails, 'listing.notifyEmails'),
})
export type ListingNotify = z.infer<typeof ListingNotifySchema>
export const DEFAULT_LISTING_NOTIFY: ListingNotify = { owner: true, listAgent: true, emails: [] }

export const ListingSettingsPatchSchema = z.object({
  StandardStatus: StandardStatusSchema.optional(),
  offerDeadline: z.iso.datetime({ offset: true, error: 'listing.invalidDate' }).nullable().optional(),
  notify: ListingNotifySchema.optional(),
  visibility: ListingVisibilitySchema.optional(),
})
export type ListingSettingsPatch = z.infer<typeof ListingSettingsPatchSchema>

const weight = z.number({ error: 'listing.weightRange' }).int('listing.weightRange').min(0, 'listing.weightRange').max(10, 'listing.weightRange')

/** A weighting saved before the escalation criterion existed reads it as 0, so its ranking stays as it was. */
export const OfferWeightsSchema = z.object({
  ...(Object.fromEntries(OFFER_WEIGHT_CRITERIA.filter((criterion) => criterion !== 'escalation').map((criterion) => [criterion, weight])) as Record<Exclude<OfferWeightCriterion, 'escalation'>, typeof weight>),
  escalation: weight.default(0),
})
export type OfferWeights = z.infer<typeof OfferWeightsSchema>
export const DEFAULT_OFFER_WEIGHTS: OfferWeights = DEFAULT_WEIGHTS

/** The seller's weights and the costs used for net to seller. */
export const ListingWeightingSchema = z.object({
  weights: OfferWeightsSchema,
  /** The seller's commission and costs, used for net to seller. */
  sellerCommissionPercent: z.number({ error: 'listing.commissionRange' }).min(0, 'listing.commissionRange').max(10, 'listing.commissionRange'),
  sellerClosingCosts: z
    .number({ error: 'listing.closingCostsRange' })
    .int('listing.wholeDollars')
    .min(0, 'listing.closingCostsRange')
    .max(LISTING_LIMITS.maxPrice, 'listing.closingCostsRange'),
  /** YYYY-MM-DD: the closing date the seller hopes for (closing date fit). */
  wantedClosingDate: z.iso.date({ error: 'listing.invalidDate' }).nullable(),
})
export type ListingWeighting = z.infer<typeof ListingWeightingSchema>
export const DEFAULT_LISTING_WEIGHTING: ListingWeighting = {
  weights: DEFAULT_OFFER_WEIGHTS,
  sellerCommissionPercent: 3,
  sellerClosingCosts: 0,
  wantedClosingDate: null,
}
