import { z } from 'zod'
import type { StandardStatus } from './listing-values'
import { PROPERTY_TYPES, STANDARD_STATUSES } from './listing-values'

/** A listing's enumerations (RESO's where RESO has one), who may work with listings, and the limits of its fields. */

// ---------------------------------------------------------------------------------------------
// Enumerations

export type { PropertyType, SearchableStatus, StandardStatus } from './listing-values'
export { DEFAULT_SEARCH_STATUSES, PROPERTY_TYPES, SEARCHABLE_STATUSES, STANDARD_STATUSES } from './listing-values'
export const StandardStatusSchema = z.enum(STANDARD_STATUSES)

/** Published: past the draft (Incomplete) and not removed (Delete). */
export function isPublishedStatus(status: StandardStatus): boolean {
  return status !== 'Incomplete' && status !== 'Delete'
}

/** The statuses publishing may give a draft. */
export const PUBLISH_STATUSES = ['Active', 'ComingSoon'] as const satisfies readonly StandardStatus[]

export const PropertyTypeSchema = z.enum(PROPERTY_TYPES)

/** public: found by search and open to all; unlisted: open to whoever has the link; private: its managers only. */
export const LISTING_VISIBILITIES = ['public', 'unlisted', 'private'] as const
export const ListingVisibilitySchema = z.enum(LISTING_VISIBILITIES)
export type ListingVisibility = z.infer<typeof ListingVisibilitySchema>

/** Where a listing came from. */
export const LISTING_SOURCES = ['manual', 'mls-grid', 'reso-file'] as const
export type ListingSource = (typeof LISTING_SOURCES)[number]

/** The steps of /add-listing/new/{step}, in order. */
export const LISTING_WIZARD_STEPS = ['pricing', 'details', 'photos', 'agent', 'offer-settings', 'review'] as const
export const ListingWizardStepSchema = z.enum(LISTING_WIZARD_STEPS)
export type ListingWizardStep = z.infer<typeof ListingWizardStepSchema>

/** What the seller wants to see with an offer (offer settings step). */
export const OFFER_PREFERENCES = [
  'preApprovalLetter',
  'proofOfFunds',
  'earnestMoney',
  'closingDate',
  'inspectionPeriod',
  'appraisalContingency',
  'sellerConcessions',
  'homeWarranty',
  'escalationClause',
] as const
export const OfferPreferenceSchema = z.enum(OFFER_PREFERENCES)
export type OfferPreference = z.infer<typeof OfferPreferenceSchema>

/** The criteria the seller weights (0 to 10) on /my-properties/{id}/weighting; the Offers issue scores by them. */
export { OFFER_WEIGHT_CRITERIA } from './offer-weight-criteria'
export type { OfferWeightCriterion } from './offer-weight-criteria'

export { canChangeListingStatus, LISTING_CREATOR_ROLES, LISTING_IMPORTER_ROLES, LISTING_MANAGER_ROLES, LISTING_STATUS_TRANSITIONS } from './listing-manage-values'

// ---------------------------------------------------------------------------------------------
// Limits

// Kept with the zod-free values, so the public pages' first script can read them (decision 034).
export { LISTING_LIMITS, LISTING_PHOTO_CONTENT_TYPES, OFFER_TAKING_STATUSES, takesOffers } from './listing-values'
