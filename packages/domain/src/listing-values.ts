// The listing values search and the property page read, without zod, so the public pages' scripts
// carry no zod; listing-enums.ts and listing-search.ts add the schemas and re-export these.

/** RESO StandardStatus. Incomplete is a draft (not fully entered, unpublished); Delete is never valid. */
export const STANDARD_STATUSES = [
  'Active',
  'ActiveUnderContract',
  'Pending',
  'Closed',
  'ComingSoon',
  'Hold',
  'Withdrawn',
  'Expired',
  'Canceled',
  'Delete',
  'Incomplete',
] as const
export type StandardStatus = (typeof STANDARD_STATUSES)[number]

/** The statuses a visitor can find in search and open at /property/{id}. */
export const SEARCHABLE_STATUSES = ['Active', 'ComingSoon', 'ActiveUnderContract', 'Pending', 'Closed'] as const satisfies readonly StandardStatus[]
export type SearchableStatus = (typeof SEARCHABLE_STATUSES)[number]
/** What search shows when the visitor has not chosen statuses: what can still be bought. */
export const DEFAULT_SEARCH_STATUSES = ['Active', 'ComingSoon', 'ActiveUnderContract'] as const satisfies readonly SearchableStatus[]

/** RESO PropertyType. */
export const PROPERTY_TYPES = [
  'Residential',
  'ResidentialIncome',
  'ResidentialLease',
  'Land',
  'Farm',
  'ManufacturedInPark',
  'CommercialSale',
  'CommercialLease',
  'BusinessOpportunity',
] as const
export type PropertyType = (typeof PROPERTY_TYPES)[number]

/** The orders search offers. */
export const LISTING_SORTS = ['newest', 'price-asc', 'price-desc', 'beds-desc', 'area-desc'] as const
export type ListingSort = (typeof LISTING_SORTS)[number]

// ---------------------------------------------------------------------------------------------
// Limits

export const LISTING_LIMITS = {
  minPrice: 1_000,
  maxPrice: 1_000_000_000,
  maxRooms: 99,
  minLivingArea: 1,
  maxLivingArea: 1_000_000,
  maxLotSizeAcres: 100_000,
  minYearBuilt: 1700,
  maxYearBuilt: 2100,
  maxRemarks: 4000,
  maxOfferInstructions: 2000,
  /** The property's identification (RESO ParcelNumber, TaxLegalDescription; our deedReference). */
  maxParcelNumber: 50,
  maxDeedReference: 200,
  maxLegalDescription: 1000,
  maxNotifyEmails: 10,
  photoMaxBytes: 10 * 1024 * 1024,
  maxPhotos: 50,
  searchMaxQuery: 100,
  maxPageSize: 48,
} as const

export const LISTING_PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const

/** Listings in these statuses take offers (issue #6: a property under contract still takes back-ups). */
export const OFFER_TAKING_STATUSES = ['Active', 'ActiveUnderContract'] as const satisfies readonly StandardStatus[]

/** Whether a listing in `status` takes offers; the API refuses an offer otherwise and the web disables 'Make an offer'. */
export function takesOffers(status: StandardStatus): boolean {
  return (OFFER_TAKING_STATUSES as readonly StandardStatus[]).includes(status)
}
