import { z } from 'zod'
import { PAGE_ROLES } from './roles'
import { emailSchema, freeText, isEmail, isMlsId, MESSAGES } from './validation'

/**
 * A listing, named after the RESO Data Dictionary 2.0 wherever it has a name (../shared/domain.md
 * section 3), so a RESO feed or file maps onto it field for field. Names of our own (the offer
 * deadline, visibility, the seller's weights ...) are camelCase.
 */

// ---------------------------------------------------------------------------------------------
// Enumerations

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
export const StandardStatusSchema = z.enum(STANDARD_STATUSES)
export type StandardStatus = z.infer<typeof StandardStatusSchema>

/** The statuses a visitor can find in search and open at /property/{id}. */
export const SEARCHABLE_STATUSES = ['Active', 'ComingSoon', 'ActiveUnderContract', 'Pending', 'Closed'] as const satisfies readonly StandardStatus[]
export type SearchableStatus = (typeof SEARCHABLE_STATUSES)[number]
/** What search shows when the visitor has not chosen statuses: what can still be bought. */
export const DEFAULT_SEARCH_STATUSES = ['Active', 'ComingSoon', 'ActiveUnderContract'] as const satisfies readonly SearchableStatus[]

/** The statuses a published listing may be moved to from each status (settings tab); publishing moves Incomplete on. */
export const LISTING_STATUS_TRANSITIONS: Readonly<Record<StandardStatus, readonly StandardStatus[]>> = {
  Incomplete: ['Active', 'ComingSoon'],
  ComingSoon: ['Active', 'Hold', 'Withdrawn', 'Canceled'],
  Active: ['ActiveUnderContract', 'Pending', 'Hold', 'Withdrawn', 'Canceled', 'Expired', 'Closed'],
  ActiveUnderContract: ['Active', 'Pending', 'Closed', 'Withdrawn', 'Canceled'],
  Pending: ['Active', 'ActiveUnderContract', 'Closed', 'Canceled'],
  Hold: ['Active', 'Withdrawn', 'Canceled'],
  Withdrawn: ['Active', 'Canceled'],
  Expired: ['Active', 'Canceled'],
  Canceled: ['Active'],
  Closed: [],
  Delete: [],
}

export function canChangeListingStatus(from: StandardStatus, to: StandardStatus): boolean {
  return LISTING_STATUS_TRANSITIONS[from].includes(to)
}

/** Published: past the draft (Incomplete) and not removed (Delete). */
export function isPublishedStatus(status: StandardStatus): boolean {
  return status !== 'Incomplete' && status !== 'Delete'
}

/** The statuses publishing may give a draft. */
export const PUBLISH_STATUSES = ['Active', 'ComingSoon'] as const satisfies readonly StandardStatus[]

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
export const PropertyTypeSchema = z.enum(PROPERTY_TYPES)
export type PropertyType = z.infer<typeof PropertyTypeSchema>

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
export const OFFER_WEIGHT_CRITERIA = [
  'netToSeller',
  'earnestMoney',
  'financingCertainty',
  'downPayment',
  'contingencies',
  'inspectionPeriod',
  'closingDateFit',
  'concessions',
  'preApproval',
] as const
export type OfferWeightCriterion = (typeof OFFER_WEIGHT_CRITERIA)[number]

/** Who may add listings (route table: /add-listing) and who may import them from an MLS feed. */
export const LISTING_CREATOR_ROLES = PAGE_ROLES.addListing
export const LISTING_IMPORTER_ROLES = PAGE_ROLES.importListings
/** Who reaches /my-properties (route table); the listing endpoints the add-listing wizard shares with it allow these too. */
export const LISTING_MANAGER_ROLES = PAGE_ROLES.myProperties

// ---------------------------------------------------------------------------------------------
// Limits and messages

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
  maxNotifyEmails: 10,
  photoMaxBytes: 10 * 1024 * 1024,
  maxPhotos: 50,
  searchMaxQuery: 100,
  maxPageSize: 48,
} as const

export const LISTING_PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const

/** The API's messages about listings, word for word; the web translates each (shared/i18n/server-messages). */
export const LISTING_MESSAGES = {
  priceRange: 'Price must be between $1,000 and $1,000,000,000',
  wholeDollars: 'Enter whole dollars',
  roomsRange: 'Must be a whole number from 0 to 99',
  livingAreaRange: 'Living area must be between 1 and 1,000,000 square feet',
  lotSizeRange: 'Lot size must be between 0 and 100,000 acres',
  yearBuiltRange: 'Year built must be between 1700 and 2100',
  tooLong: (max: number) => `Must have at most ${max} characters`,
  zipCode: 'Enter a 5-digit ZIP code',
  state: 'Enter the two-letter state code, e.g. TN',
  propertyType: 'Choose a property type',
  licenseNumber: 'Enter the firm license number: letters and digits only',
  offerDeadlinePast: 'The offer deadline must be in the future',
  notifyEmails: 'Up to 10 e-mail addresses',
  maxBelowMin: 'The maximum price must be at least the minimum price',
  minPriceWhole: 'Minimum price must be a whole number',
  maxPriceWhole: 'Maximum price must be a whole number',
  pageRange: 'Page must be a whole number from 1',
  pageSizeRange: (max: number) => `Page size must be a whole number from 1 to ${max}`,
  weightRange: 'Each weight is a whole number from 0 to 10',
  commissionRange: 'Commission must be between 0% and 10%',
  closingCostsRange: 'Closing costs must be between $0 and $1,000,000,000',
  statusChange: (from: string, to: string) => `A listing that is ${from} cannot be set to ${to}`,
  publishOnlyDraft: 'This listing is already published',
  needsPhoto: 'Add at least one photo before publishing',
  photoTooLarge: 'The photo is larger than 10 MB',
  photoType: 'The photo must be a JPEG, PNG or WebP image',
  photoMissing: 'Choose a photo to upload',
  photoOnlyOne: 'Send one file, in the form field photo, and nothing else',
  photoNotMultipart: 'Send the photo as multipart/form-data',
  tooManyPhotos: 'A listing can have at most 50 photos',
  photoOrder: 'List every photo of the listing exactly once',
  photoNotFound: 'Photo not found',
  listingNotFound: 'Listing not found',
  notYourListing: 'Only the owner, the listing agent or their team can manage this listing',
  onlyDraftsDeleted: 'Only a draft can be deleted; withdraw or cancel a published listing instead',
} as const

// ---------------------------------------------------------------------------------------------
// Field rules (shared by the wizard, the edit tab, the import and the API)

const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message)

const boundedText = (max: number) => freeText().trim().max(max, LISTING_MESSAGES.tooLong(max))

export const ZIP_CODE_PATTERN = /^\d{5}(?:-\d{4})?$/
export const STATE_CODE_PATTERN = /^[A-Z]{2}$/
export const FIRM_LICENSE_PATTERN = /^[A-Za-z0-9-]{1,25}$/

export const listPriceSchema = z
  .number({ error: LISTING_MESSAGES.priceRange })
  .int(LISTING_MESSAGES.wholeDollars)
  .min(LISTING_LIMITS.minPrice, LISTING_MESSAGES.priceRange)
  .max(LISTING_LIMITS.maxPrice, LISTING_MESSAGES.priceRange)

/**
 * Every editable field of a listing, each optional and nullable: a draft fills them step by step, and
 * publishing checks the required ones (listingPublishProblems). The address parts follow RESO.
 */
export const ListingFieldsSchema = z.object({
  ListPrice: listPriceSchema.nullable(),
  StreetNumber: boundedText(25).nullable(),
  StreetName: boundedText(50).nullable(),
  StreetSuffix: boundedText(25).nullable(),
  UnitNumber: boundedText(25).nullable(),
  City: boundedText(50).nullable(),
  StateOrProvince: z.string().trim().regex(STATE_CODE_PATTERN, LISTING_MESSAGES.state).nullable(),
  PostalCode: z.string().trim().regex(ZIP_CODE_PATTERN, LISTING_MESSAGES.zipCode).nullable(),
  CountyOrParish: boundedText(50).nullable(),
  PropertyType: z.enum(PROPERTY_TYPES, { error: LISTING_MESSAGES.propertyType }).nullable(),
  BedroomsTotal: wholeNumber(0, LISTING_LIMITS.maxRooms, LISTING_MESSAGES.roomsRange).nullable(),
  BathroomsTotalInteger: wholeNumber(0, LISTING_LIMITS.maxRooms, LISTING_MESSAGES.roomsRange).nullable(),
  LivingArea: wholeNumber(LISTING_LIMITS.minLivingArea, LISTING_LIMITS.maxLivingArea, LISTING_MESSAGES.livingAreaRange).nullable(),
  LotSizeAcres: z
    .number({ error: LISTING_MESSAGES.lotSizeRange })
    .min(0, LISTING_MESSAGES.lotSizeRange)
    .max(LISTING_LIMITS.maxLotSizeAcres, LISTING_MESSAGES.lotSizeRange)
    .nullable(),
  YearBuilt: wholeNumber(LISTING_LIMITS.minYearBuilt, LISTING_LIMITS.maxYearBuilt, LISTING_MESSAGES.yearBuiltRange).nullable(),
  PublicRemarks: boundedText(LISTING_LIMITS.maxRemarks).nullable(),
  // Listing agent and licensee details.
  ListAgentFullName: boundedText(150).nullable(),
  ListAgentEmail: z
    .string()
    .trim()
    .refine((value) => value === '' || isEmail(value), MESSAGES.invalidEmail)
    .nullable(),
  /** E.164 (the phone input emits it) or empty. */
  ListAgentDirectPhone: z
    .string()
    .trim()
    .refine((value) => value === '' || /^\+[1-9]\d{6,14}$/.test(value), MESSAGES.invalidPhone)
    .nullable(),
  ListAgentMlsId: z
    .string()
    .trim()
    .refine((value) => value === '' || isMlsId(value), MESSAGES.mlsId)
    .nullable(),
  ListOfficeName: boundedText(150).nullable(),
  /** The brokerage firm's Tennessee license number (no RESO Property field carries it). */
  firmLicenseNumber: z
    .string()
    .trim()
    .refine((value) => value === '' || FIRM_LICENSE_PATTERN.test(value), LISTING_MESSAGES.licenseNumber)
    .nullable(),
  // Offer settings.
  /** ISO date-time; offers are due by then. */
  offerDeadline: z.iso.datetime({ offset: true, error: 'Invalid date' }).nullable(),
  offerPreferences: z.array(OfferPreferenceSchema).max(OFFER_PREFERENCES.length),
  offerInstructions: boundedText(LISTING_LIMITS.maxOfferInstructions).nullable(),
})
export type ListingFields = z.infer<typeof ListingFieldsSchema>
export type ListingFieldName = keyof ListingFields

/**
 * The listing fields named after RESO Data Dictionary Property fields, which a RESO record (feed or
 * file) fills one to one; the others (camelCase) are our own.
 */
export const ResoListingFieldsSchema = ListingFieldsSchema.omit({ firmLicenseNumber: true, offerDeadline: true, offerPreferences: true, offerInstructions: true })
export type ResoListingFieldName = keyof z.infer<typeof ResoListingFieldsSchema>
export const RESO_LISTING_FIELDS = Object.keys(ResoListingFieldsSchema.shape) as ResoListingFieldName[]

/** The fields each wizard step edits; the review step shows them all. */
export const WIZARD_STEP_FIELDS: Readonly<Record<Exclude<ListingWizardStep, 'photos' | 'review'>, readonly ListingFieldName[]>> = {
  pricing: ['ListPrice'],
  details: [
    'StreetNumber',
    'StreetName',
    'StreetSuffix',
    'UnitNumber',
    'City',
    'StateOrProvince',
    'PostalCode',
    'CountyOrParish',
    'PropertyType',
    'BedroomsTotal',
    'BathroomsTotalInteger',
    'LivingArea',
    'LotSizeAcres',
    'YearBuilt',
    'PublicRemarks',
  ],
  agent: ['ListAgentFullName', 'ListAgentEmail', 'ListAgentDirectPhone', 'ListAgentMlsId', 'ListOfficeName', 'firmLicenseNumber'],
  'offer-settings': ['offerDeadline', 'offerPreferences', 'offerInstructions'],
}

/** The fields a listing must have before it is published, with the wizard step that edits each. */
export const REQUIRED_TO_PUBLISH: readonly { field: ListingFieldName; step: ListingWizardStep }[] = [
  { field: 'ListPrice', step: 'pricing' },
  { field: 'StreetNumber', step: 'details' },
  { field: 'StreetName', step: 'details' },
  { field: 'City', step: 'details' },
  { field: 'StateOrProvince', step: 'details' },
  { field: 'PostalCode', step: 'details' },
  { field: 'PropertyType', step: 'details' },
  { field: 'BedroomsTotal', step: 'details' },
  { field: 'BathroomsTotalInteger', step: 'details' },
  { field: 'ListAgentFullName', step: 'agent' },
  { field: 'ListAgentEmail', step: 'agent' },
]

/** A change to a listing: any subset of the fields, and the step the wizard is on. */
export const ListingPatchSchema = ListingFieldsSchema.partial().extend({
  draftStep: ListingWizardStepSchema.optional(),
})
export type ListingPatch = z.infer<typeof ListingPatchSchema>

export type PublishProblem = { path: string; message: string; step: ListingWizardStep }

/** What stops a listing from being published, field by field; empty when it may be published. */
export function listingPublishProblems(listing: Partial<ListingFields> & { photoCount: number }): PublishProblem[] {
  const problems: PublishProblem[] = []
  for (const { field, step } of REQUIRED_TO_PUBLISH) {
    const value = listing[field]
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) problems.push({ path: field, message: MESSAGES.required, step })
  }
  if (listing.photoCount < 1) problems.push({ path: 'Media', message: LISTING_MESSAGES.needsPhoto, step: 'photos' })
  return problems
}

/** The one-line address: RESO UnparsedAddress, built from the parts when the source gave none (a part left out is empty). */
export function unparsedAddress(parts: Partial<Pick<ListingFields, 'StreetNumber' | 'StreetName' | 'StreetSuffix' | 'UnitNumber' | 'City' | 'StateOrProvince' | 'PostalCode'>>): string {
  const street = [parts.StreetNumber, parts.StreetName, parts.StreetSuffix].filter((part) => part && part.trim()).join(' ')
  const unit = parts.UnitNumber?.trim() ? ` #${parts.UnitNumber.trim()}` : ''
  const region = [parts.StateOrProvince, parts.PostalCode].filter((part) => part && part.trim()).join(' ')
  return [street + unit, parts.City, region].filter((part) => part && part.trim()).join(', ')
}

// ---------------------------------------------------------------------------------------------
// Settings and weights

export const ListingNotifySchema = z.object({
  owner: z.boolean(),
  listAgent: z.boolean(),
  emails: z.array(emailSchema).max(LISTING_LIMITS.maxNotifyEmails, LISTING_MESSAGES.notifyEmails),
})
export type ListingNotify = z.infer<typeof ListingNotifySchema>
export const DEFAULT_LISTING_NOTIFY: ListingNotify = { owner: true, listAgent: true, emails: [] }

export const ListingSettingsPatchSchema = z.object({
  StandardStatus: StandardStatusSchema.optional(),
  offerDeadline: z.iso.datetime({ offset: true, error: 'Invalid date' }).nullable().optional(),
  notify: ListingNotifySchema.optional(),
  visibility: ListingVisibilitySchema.optional(),
})
export type ListingSettingsPatch = z.infer<typeof ListingSettingsPatchSchema>

const weight = z.number({ error: LISTING_MESSAGES.weightRange }).int(LISTING_MESSAGES.weightRange).min(0, LISTING_MESSAGES.weightRange).max(10, LISTING_MESSAGES.weightRange)

export const OfferWeightsSchema = z.object(
  Object.fromEntries(OFFER_WEIGHT_CRITERIA.map((criterion) => [criterion, weight])) as Record<OfferWeightCriterion, typeof weight>,
)
export type OfferWeights = z.infer<typeof OfferWeightsSchema>
export const DEFAULT_OFFER_WEIGHTS: OfferWeights = {
  netToSeller: 10,
  earnestMoney: 5,
  financingCertainty: 7,
  downPayment: 4,
  contingencies: 6,
  inspectionPeriod: 3,
  closingDateFit: 5,
  concessions: 5,
  preApproval: 6,
}

/** The seller's weights and the costs used for net to seller. */
export const ListingWeightingSchema = z.object({
  weights: OfferWeightsSchema,
  /** The seller's commission and costs, used for net to seller. */
  sellerCommissionPercent: z.number({ error: LISTING_MESSAGES.commissionRange }).min(0, LISTING_MESSAGES.commissionRange).max(10, LISTING_MESSAGES.commissionRange),
  sellerClosingCosts: z
    .number({ error: LISTING_MESSAGES.closingCostsRange })
    .int(LISTING_MESSAGES.wholeDollars)
    .min(0, LISTING_MESSAGES.closingCostsRange)
    .max(LISTING_LIMITS.maxPrice, LISTING_MESSAGES.closingCostsRange),
  /** YYYY-MM-DD: the closing date the seller hopes for (closing date fit). */
  wantedClosingDate: z.iso.date({ error: 'Invalid date' }).nullable(),
})
export type ListingWeighting = z.infer<typeof ListingWeightingSchema>
export const DEFAULT_LISTING_WEIGHTING: ListingWeighting = {
  weights: DEFAULT_OFFER_WEIGHTS,
  sellerCommissionPercent: 3,
  sellerClosingCosts: 0,
  wantedClosingDate: null,
}

// ---------------------------------------------------------------------------------------------
// What the API answers

export const ListingMediaSchema = z.object({
  id: z.string(),
  /** RESO MediaKey: the source's key for an imported photo, our id otherwise. */
  MediaKey: z.string(),
  /** Where the stored copy is served (/api/files/{id}); never the source's address. */
  MediaURL: z.string(),
  /** RESO Order: 0 is the primary photo. */
  Order: z.number().int(),
  filename: z.string(),
})
export type ListingMedia = z.infer<typeof ListingMediaSchema>

/** The listing agent as the public page shows them; e-mail and phone only to signed-in visitors. */
export const ListingAgentCardSchema = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  photoURL: z.string().nullable(),
  office: z.string().nullable(),
})
export type ListingAgentCard = z.infer<typeof ListingAgentCardSchema>

const ListingIdentitySchema = z.object({
  id: z.string(),
  ListingKey: z.string(),
  /** The MLS number, when the listing came from an MLS. */
  ListingId: z.string().nullable(),
  StandardStatus: StandardStatusSchema,
  UnparsedAddress: z.string(),
  ModificationTimestamp: z.string(),
})

/** A listing as its managers (owner, listing agent, team) see and edit it. */
export const ManagedListingSchema = ListingIdentitySchema.extend(ListingFieldsSchema.shape).extend({
  Media: z.array(ListingMediaSchema),
  ownerId: z.string(),
  listAgentUserId: z.string().nullable(),
  visibility: ListingVisibilitySchema,
  notify: ListingNotifySchema,
  weighting: ListingWeightingSchema,
  draftStep: ListingWizardStepSchema.nullable(),
  source: z.enum(LISTING_SOURCES),
  OriginatingSystemName: z.string().nullable(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
})
export type ManagedListing = z.infer<typeof ManagedListingSchema>

/** A listing as /property/{id} shows it to anyone. */
export const PublicListingSchema = ListingIdentitySchema.extend(ListingFieldsSchema.omit({ firmLicenseNumber: true }).shape).extend({
  Media: z.array(ListingMediaSchema),
  listAgent: ListingAgentCardSchema,
  /** Whether the visitor manages this listing (shows a link to /my-properties/{id}). */
  canManage: z.boolean(),
})
export type PublicListing = z.infer<typeof PublicListingSchema>

/** One line of search results or of /my-properties/list. */
export const ListingSummarySchema = ListingIdentitySchema.extend({
  ListPrice: z.number().nullable(),
  City: z.string().nullable(),
  PostalCode: z.string().nullable(),
  PropertyType: PropertyTypeSchema.nullable(),
  BedroomsTotal: z.number().nullable(),
  BathroomsTotalInteger: z.number().nullable(),
  LivingArea: z.number().nullable(),
  primaryPhotoURL: z.string().nullable(),
  offerDeadline: z.string().nullable(),
  visibility: ListingVisibilitySchema,
  draftStep: ListingWizardStepSchema.nullable(),
})
export type ListingSummary = z.infer<typeof ListingSummarySchema>

/**
 * Search counts its matches up to this many and no further: an exact count of a broad search reads
 * every matching row, which at 50,000 listings costs more than the page itself. Past it the answer
 * says "1,000+" (totalCapped) and pages reach that far, as large listing sites do.
 */
export const SEARCH_TOTAL_CAP = 1000

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number }

// ---------------------------------------------------------------------------------------------
// Search

export const LISTING_SORTS = ['newest', 'price-asc', 'price-desc', 'beds-desc', 'area-desc'] as const
export const ListingSortSchema = z.enum(LISTING_SORTS)
export type ListingSort = z.infer<typeof ListingSortSchema>

const queryNumber = (schema: z.ZodNumber) => z.preprocess((value) => (value === '' || value === undefined ? undefined : Number(value)), schema.optional())
const queryList = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined || value === '' ? undefined : Array.isArray(value) ? value : String(value).split(',')), z.array(item).optional())

const searchText = freeText().trim().max(LISTING_LIMITS.searchMaxQuery, LISTING_MESSAGES.tooLong(LISTING_LIMITS.searchMaxQuery))
const searchPrice = (wholeMessage: string) =>
  z.number({ error: LISTING_MESSAGES.priceRange }).int(wholeMessage).min(0, LISTING_MESSAGES.priceRange).max(LISTING_LIMITS.maxPrice, LISTING_MESSAGES.priceRange)
const pageNumber = wholeNumber(1, 10_000, LISTING_MESSAGES.pageRange)
const pageSize = wholeNumber(1, LISTING_LIMITS.maxPageSize, LISTING_MESSAGES.pageSizeRange(LISTING_LIMITS.maxPageSize))

/** GET /api/properties: the query string of the search. Numbers and lists arrive as text. */
export const ListingSearchSchema = z
  .object({
    q: searchText.optional(),
    // The price columns are integers: a fraction would reach PostgreSQL and fail there.
    minPrice: queryNumber(searchPrice(LISTING_MESSAGES.minPriceWhole)),
    maxPrice: queryNumber(searchPrice(LISTING_MESSAGES.maxPriceWhole)),
    minBeds: queryNumber(wholeNumber(0, LISTING_LIMITS.maxRooms, LISTING_MESSAGES.roomsRange)),
    minBaths: queryNumber(wholeNumber(0, LISTING_LIMITS.maxRooms, LISTING_MESSAGES.roomsRange)),
    type: queryList(z.enum(PROPERTY_TYPES, { error: LISTING_MESSAGES.propertyType })),
    status: queryList(z.enum(SEARCHABLE_STATUSES)),
    sort: ListingSortSchema.default('newest'),
    page: queryNumber(pageNumber).default(1),
    pageSize: queryNumber(pageSize).default(12),
  })
  .refine((query) => query.minPrice === undefined || query.maxPrice === undefined || query.maxPrice >= query.minPrice, {
    message: LISTING_MESSAGES.maxBelowMin,
    path: ['maxPrice'],
  })
export type ListingSearch = z.infer<typeof ListingSearchSchema>

/** GET /api/properties: a page of results; total stops at SEARCH_TOTAL_CAP (then totalCapped is true). */
export const ListingSearchPageSchema = pageOf(ListingSummarySchema).extend({ totalCapped: z.boolean() })
export type ListingSearchPage = z.infer<typeof ListingSearchPageSchema>

/** GET /api/listings/mine: the manager's own listings. */
export const MyListingsQuerySchema = z.object({
  q: searchText.optional(),
  status: queryList(StandardStatusSchema),
  page: queryNumber(pageNumber).default(1),
  pageSize: queryNumber(pageSize).default(24),
})
export type MyListingsQuery = z.infer<typeof MyListingsQuerySchema>

/**
 * The words of a search box as a PostgreSQL tsquery over the 'simple' configuration: every word must
 * match, the last as a prefix (typing "123 Ma" finds "123 Main"). Returns null when nothing is left.
 */
export function searchTsQuery(text: string): string | null {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 12)
  if (words.length === 0) return null
  return words.map((word, index) => (index === words.length - 1 ? `${word}:*` : word)).join(' & ')
}
