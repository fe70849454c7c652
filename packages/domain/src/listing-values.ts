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
