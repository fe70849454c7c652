import type { ListingFieldName, ListingPatch, ManagedListing, OfferPreference } from '@offerbook/domain/listing'
import { ListingFieldsSchema, OFFER_PREFERENCES } from '@offerbook/domain/listing'
import type { Message } from '@offerbook/domain/messages'
import { instantOfWallText, propertyTimeZone, wallTimeText } from '@offerbook/domain/property-time'
import { firstError } from '@offerbook/domain/validation'

/**
 * What the listing fields hold while a person edits them: text as typed, counts as the increment
 * inputs give them, the offer deadline as 'YYYY-MM-DD HH:mm' on the clocks of the property's zone. The
 * domain's schemas check the value each turns into (toApiValue), so the browser and the API agree.
 */
export type ListingFormValues = {
  ListPrice: number | null
  StreetNumber: string
  StreetName: string
  StreetSuffix: string
  UnitNumber: string
  City: string
  StateOrProvince: string
  PostalCode: string
  CountyOrParish: string
  PropertyType: string
  BedroomsTotal: number | null
  BathroomsTotalInteger: number | null
  LivingArea: string
  LotSizeAcres: string
  YearBuilt: string
  PublicRemarks: string
  VirtualTourURLUnbranded: string
  ParcelNumber: string
  TaxLegalDescription: string
  deedReference: string
  ListAgentFullName: string
  ListAgentEmail: string
  ListAgentDirectPhone: string
  ListAgentMlsId: string
  ListOfficeName: string
  firmLicenseNumber: string
  offerDeadline: string
  offerPreferences: OfferPreference[]
  offerInstructions: string
}

export type ListingFieldErrors = Partial<Record<ListingFieldName, Message>>

/** Every field a person edits, in the order the forms show them. */
export const LISTING_FORM_FIELDS = Object.keys(ListingFieldsSchema.shape) as ListingFieldName[]

/** A new listing's state: the product serves Tennessee. */
export const DEFAULT_STATE = 'TN'

const textOf = (value: string | null | undefined) => value ?? ''
const numberText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value))

/** The listing's time zone, by its county (decision 038): its offer deadline is typed and shown in it. */
export const listingTimeZone = (values: Pick<ListingFormValues, 'CountyOrParish'>) => propertyTimeZone(values.CountyOrParish)

/** An ISO date-time as 'YYYY-MM-DD HH:mm' on the clocks of the zone. */
export function deadlineText(iso: string | null | undefined, zone: string): string {
  if (!iso) return ''
  const instant = new Date(iso)
  if (Number.isNaN(instant.getTime())) return ''
  const { date, time } = wallTimeText(instant, zone)
  return `${date} ${time}`
}

/** 'YYYY-MM-DD HH:mm' read on the clocks of the zone, as an ISO date-time; null when empty or not a date. */
export function deadlineIso(text: string, zone: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/.exec(text.trim())
  if (!match?.[1] || !match[2]) return null
  return instantOfWallText(match[1], match[2], zone)?.toISOString() ?? null
}

export function formValuesOf(listing: ManagedListing | null): ListingFormValues {
  return {
    ListPrice: listing?.ListPrice ?? null,
    StreetNumber: textOf(listing?.StreetNumber),
    StreetName: textOf(listing?.StreetName),
    StreetSuffix: textOf(listing?.StreetSuffix),
    UnitNumber: textOf(listing?.UnitNumber),
    City: textOf(listing?.City),
    StateOrProvince: listing?.StateOrProvince ?? DEFAULT_STATE,
    PostalCode: textOf(listing?.PostalCode),
    CountyOrParish: textOf(listing?.CountyOrParish),
    PropertyType: textOf(listing?.PropertyType),
    BedroomsTotal: listing?.BedroomsTotal ?? null,
    BathroomsTotalInteger: listing?.BathroomsTotalInteger ?? null,
    LivingArea: numberText(listing?.LivingArea),
    LotSizeAcres: numberText(listing?.LotSizeAcres),
    YearBuilt: numberText(listing?.YearBuilt),
    PublicRemarks: textOf(listing?.PublicRemarks),
    VirtualTourURLUnbranded: textOf(listing?.VirtualTourURLUnbranded),
    ParcelNumber: textOf(listing?.ParcelNumber),
    TaxLegalDescription: textOf(listing?.TaxLegalDescription),
    deedReference: textOf(listing?.deedReference),
    ListAgentFullName: textOf(listing?.ListAgentFullName),
    ListAgentEmail: textOf(listing?.ListAgentEmail),
    ListAgentDirectPhone: textOf(listing?.ListAgentDirectPhone),
    ListAgentMlsId: textOf(listing?.ListAgentMlsId),
    ListOfficeName: textOf(listing?.ListOfficeName),
    firmLicenseNumber: textOf(listing?.firmLicenseNumber),
    offerDeadline: deadlineText(listing?.offerDeadline, propertyTimeZone(listing?.CountyOrParish)),
    offerPreferences: [...(listing?.offerPreferences ?? [])].filter((preference) => OFFER_PREFERENCES.includes(preference)),
    offerInstructions: textOf(listing?.offerInstructions),
  }
}

const NUMBER_TEXT_FIELDS = new Set<ListingFieldName>(['LivingArea', 'LotSizeAcres', 'YearBuilt'])

/** A number typed as text: thousands separators are allowed; anything else that is not a number stays NaN for the schema to refuse. */
function parseNumberText(text: string): number | null {
  const cleaned = text.trim().replace(/,/g, '')
  if (cleaned === '') return null
  return /^\d*\.?\d+$/.test(cleaned) ? Number(cleaned) : Number.NaN
}

/** What the API receives for one field. */
export function toApiValue(field: ListingFieldName, values: ListingFormValues): unknown {
  const value = values[field]
  if (field === 'offerPreferences') return value
  if (field === 'offerDeadline') return typeof value === 'string' && value.trim() !== '' ? (deadlineIso(value, listingTimeZone(values)) ?? value) : null
  if (NUMBER_TEXT_FIELDS.has(field)) return parseNumberText(String(value))
  if (typeof value === 'string') {
    const trimmed = field === 'StateOrProvince' ? value.trim().toUpperCase() : value.trim()
    return trimmed === '' ? null : trimmed
  }
  return value
}

export type FieldCheckOptions = {
  /** Fields that may not stay empty (the pricing step needs a price to start a draft). */
  required?: readonly ListingFieldName[]
  now?: Date
}

/** The message for one field, or null when it is fine; the form shows it translated. */
export function listingFieldError(field: ListingFieldName, values: ListingFormValues, options: FieldCheckOptions = {}): Message | null {
  const value = toApiValue(field, values)
  if (value === null && options.required?.includes(field)) return { key: 'common.required' }
  if (field === 'offerDeadline' && typeof values.offerDeadline === 'string' && values.offerDeadline.trim() !== '') {
    const iso = deadlineIso(values.offerDeadline, listingTimeZone(values))
    if (!iso) return { key: 'common.required' }
    if (new Date(iso).getTime() <= (options.now ?? new Date()).getTime()) return { key: 'listing.offerDeadlinePast' }
    return null
  }
  return firstError(ListingFieldsSchema.shape[field], value)
}

export function listingFieldErrors(fields: readonly ListingFieldName[], values: ListingFormValues, options: FieldCheckOptions = {}): ListingFieldErrors {
  const errors: ListingFieldErrors = {}
  for (const field of fields) {
    const message = listingFieldError(field, values, options)
    if (message) errors[field] = message
  }
  return errors
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n')
  return a === b
}

/** The fields whose value differs from `before` (what was last saved). */
export function changedFields(before: ListingFormValues, after: ListingFormValues, fields: readonly ListingFieldName[] = LISTING_FORM_FIELDS): ListingFieldName[] {
  return fields.filter((field) => !sameValue(toApiValue(field, before), toApiValue(field, after)))
}

/** The body that saves `fields`; call it once they pass listingFieldErrors. */
export function listingPatchOf(fields: readonly ListingFieldName[], values: ListingFormValues): ListingPatch {
  const patch: Record<string, unknown> = {}
  for (const field of fields) patch[field] = toApiValue(field, values)
  return patch as ListingPatch
}
