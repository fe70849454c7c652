import { z } from 'zod'
import type { ListingWizardStep } from './listing-enums'
import { LISTING_LIMITS, ListingWizardStepSchema, OFFER_PREFERENCES, OfferPreferenceSchema, PROPERTY_TYPES } from './listing-enums'
import type { MessageKey } from './messages'
import { optionalPhoneSchema } from './phone-schemas'
import { freeText, isEmail, isMlsId, optionalUrlSchema, ZIP_CODE_PATTERN } from './validation'

/**
 * A listing's editable fields, named after the RESO Data Dictionary 2.0 wherever it has a name
 * (../shared/domain.md section 3), and what publishing requires of them.
 */

// ---------------------------------------------------------------------------------------------
// Field rules (shared by the wizard, the edit tab, the import and the API)

/** A whole number from min to max, refused with one message whatever is wrong with it. */
export const wholeNumber = (min: number, max: number, message: MessageKey) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message)

const boundedText = (max: number) => freeText().trim().max(max, 'common.tooLong')

export const STATE_CODE_PATTERN = /^[A-Z]{2}$/
export const FIRM_LICENSE_PATTERN = /^[A-Za-z0-9-]{1,25}$/

export const listPriceSchema = z
  .number({ error: 'listing.priceRange' })
  .int('listing.wholeDollars')
  .min(LISTING_LIMITS.minPrice, 'listing.priceRange')
  .max(LISTING_LIMITS.maxPrice, 'listing.priceRange')

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
  StateOrProvince: z.string().trim().regex(STATE_CODE_PATTERN, 'listing.state').nullable(),
  PostalCode: z.string().trim().regex(ZIP_CODE_PATTERN, 'listing.zipCode').nullable(),
  CountyOrParish: boundedText(50).nullable(),
  PropertyType: z.enum(PROPERTY_TYPES, { error: 'listing.propertyType' }).nullable(),
  BedroomsTotal: wholeNumber(0, LISTING_LIMITS.maxRooms, 'listing.roomsRange').nullable(),
  BathroomsTotalInteger: wholeNumber(0, LISTING_LIMITS.maxRooms, 'listing.roomsRange').nullable(),
  LivingArea: wholeNumber(LISTING_LIMITS.minLivingArea, LISTING_LIMITS.maxLivingArea, 'listing.livingAreaRange').nullable(),
  LotSizeAcres: z
    .number({ error: 'listing.lotSizeRange' })
    .min(0, 'listing.lotSizeRange')
    .max(LISTING_LIMITS.maxLotSizeAcres, 'listing.lotSizeRange')
    .nullable(),
  YearBuilt: wholeNumber(LISTING_LIMITS.minYearBuilt, LISTING_LIMITS.maxYearBuilt, 'listing.yearBuiltRange').nullable(),
  PublicRemarks: boundedText(LISTING_LIMITS.maxRemarks).nullable(),
  /** RESO VirtualTourURLUnbranded: a link to the home's virtual tour, with no agent branding; empty is none. */
  VirtualTourURLUnbranded: optionalUrlSchema.nullable(),
  // The property's identification, which the purchase agreement prints (../shared/domain.md section 1).
  /** RESO ParcelNumber: the tax map and parcel ID the county assessor gives it. */
  ParcelNumber: boundedText(LISTING_LIMITS.maxParcelNumber).nullable(),
  /** RESO TaxLegalDescription: the legal description, as the deed and the tax record give it. */
  TaxLegalDescription: boundedText(LISTING_LIMITS.maxLegalDescription).nullable(),
  /** The deed book and page, or the instrument number, at the county Register of Deeds (no RESO Property field carries it). */
  deedReference: boundedText(LISTING_LIMITS.maxDeedReference).nullable(),
  // Listing agent and licensee details.
  ListAgentFullName: boundedText(150).nullable(),
  ListAgentEmail: z
    .string()
    .trim()
    .refine((value) => value === '' || isEmail(value), 'common.invalidEmail')
    .nullable(),
  /** The one phone rule (phone.ts): '(615) 555-0123' or what the phone input emits, kept in E.164; empty is null. */
  ListAgentDirectPhone: optionalPhoneSchema.nullable(),
  ListAgentMlsId: z
    .string()
    .trim()
    .refine((value) => value === '' || isMlsId(value), 'common.mlsId')
    .nullable(),
  ListOfficeName: boundedText(150).nullable(),
  /** The brokerage firm's Tennessee license number (no RESO Property field carries it). */
  firmLicenseNumber: z
    .string()
    .trim()
    .refine((value) => value === '' || FIRM_LICENSE_PATTERN.test(value), 'listing.licenseNumber')
    .nullable(),
  // Offer settings.
  /** ISO date-time; offers are due by then. */
  offerDeadline: z.iso.datetime({ offset: true, error: 'listing.invalidDate' }).nullable(),
  offerPreferences: z.array(OfferPreferenceSchema).max(OFFER_PREFERENCES.length),
  offerInstructions: boundedText(LISTING_LIMITS.maxOfferInstructions).nullable(),
})
export type ListingFields = z.infer<typeof ListingFieldsSchema>
export type ListingFieldName = keyof ListingFields

/**
 * The listing fields named after RESO Data Dictionary Property fields, which a RESO record (feed or
 * file) fills one to one; the others (camelCase) are our own.
 */
export const ResoListingFieldsSchema = ListingFieldsSchema.omit({ deedReference: true, firmLicenseNumber: true, offerDeadline: true, offerPreferences: true, offerInstructions: true })
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
    'VirtualTourURLUnbranded',
    'ParcelNumber',
    'TaxLegalDescription',
    'deedReference',
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
  /**
   * A list price out of bounds (money-bounds.ts) is written only with this, the very figure the person
   * confirmed in the form (decision 037); any other figure is refused with listing.listPriceUnconfirmed.
   */
  confirmedListPrice: z.number().optional(),
})
export type ListingPatch = z.infer<typeof ListingPatchSchema>

/** A field publishing refuses, with its message and the wizard step that edits it. */
export type PublishProblem = { path: string; key: MessageKey; step: ListingWizardStep }

/** What stops a listing from being published, field by field; empty when it may be published. */
export function listingPublishProblems(listing: Partial<ListingFields> & { photoCount: number }): PublishProblem[] {
  const problems: PublishProblem[] = []
  for (const { field, step } of REQUIRED_TO_PUBLISH) {
    const value = listing[field]
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) problems.push({ path: field, key: 'common.required', step })
  }
  if (listing.photoCount < 1) problems.push({ path: 'Media', key: 'listing.needsPhoto', step: 'photos' })
  return problems
}

/** The one-line address: RESO UnparsedAddress, built from the parts when the source gave none (a part left out is empty). */
export function unparsedAddress(parts: Partial<Pick<ListingFields, 'StreetNumber' | 'StreetName' | 'StreetSuffix' | 'UnitNumber' | 'City' | 'StateOrProvince' | 'PostalCode'>>): string {
  const street = [parts.StreetNumber, parts.StreetName, parts.StreetSuffix].filter((part) => part && part.trim()).join(' ')
  const unit = parts.UnitNumber?.trim() ? ` #${parts.UnitNumber.trim()}` : ''
  const region = [parts.StateOrProvince, parts.PostalCode].filter((part) => part && part.trim()).join(' ')
  return [street + unit, parts.City, region].filter((part) => part && part.trim()).join(', ')
}
