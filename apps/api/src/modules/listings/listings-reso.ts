import type {
  ListingFieldName,
  ListingFields,
  ListingMedia,
  ListingSource,
  ListingSummary,
  ListingVisibility,
  ListingWizardStep,
  ManagedListing,
  PropertyType,
  StandardStatus,
} from '@offerbook/domain/listing'
import { unparsedAddress } from '@offerbook/domain/listing'
import { fileUrl } from '../files/files.service'
import type { ListingChanges, ListingRow, MediaRow, SummaryRow } from './listings.queries'

/**
 * A listing's rows and its RESO names: what the API answers with (managed view, summary, media) and
 * the columns a change of fields sets. Used by the listing services and by the MLS import.
 */

/** Each editable RESO field (or field of our own) and its column. */
const FIELD_COLUMNS = {
  ListPrice: 'listPrice',
  StreetNumber: 'streetNumber',
  StreetName: 'streetName',
  StreetSuffix: 'streetSuffix',
  UnitNumber: 'unitNumber',
  City: 'city',
  StateOrProvince: 'stateOrProvince',
  PostalCode: 'postalCode',
  CountyOrParish: 'countyOrParish',
  PropertyType: 'propertyType',
  BedroomsTotal: 'bedroomsTotal',
  BathroomsTotalInteger: 'bathroomsTotalInteger',
  LivingArea: 'livingArea',
  LotSizeAcres: 'lotSizeAcres',
  YearBuilt: 'yearBuilt',
  PublicRemarks: 'publicRemarks',
  VirtualTourURLUnbranded: 'virtualTourUrlUnbranded',
  ParcelNumber: 'parcelNumber',
  TaxLegalDescription: 'taxLegalDescription',
  deedReference: 'deedReference',
  ListAgentFullName: 'listAgentFullName',
  ListAgentEmail: 'listAgentEmail',
  ListAgentDirectPhone: 'listAgentDirectPhone',
  ListAgentMlsId: 'listAgentMlsId',
  ListOfficeName: 'listOfficeName',
  firmLicenseNumber: 'firmLicenseNumber',
  offerDeadline: 'offerDeadline',
  offerPreferences: 'offerPreferences',
  offerInstructions: 'offerInstructions',
} as const satisfies Record<ListingFieldName, keyof ListingRow>

const FIELD_NAMES = Object.keys(FIELD_COLUMNS) as ListingFieldName[]
const ADDRESS_FIELDS = ['StreetNumber', 'StreetName', 'StreetSuffix', 'UnitNumber', 'City', 'StateOrProvince', 'PostalCode'] as const satisfies readonly ListingFieldName[]

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null)

/** A stored listing's fields by their RESO names (and ours). */
export function listingFieldsOf(row: ListingRow): ListingFields {
  return {
    ListPrice: row.listPrice,
    StreetNumber: row.streetNumber,
    StreetName: row.streetName,
    StreetSuffix: row.streetSuffix,
    UnitNumber: row.unitNumber,
    City: row.city,
    StateOrProvince: row.stateOrProvince,
    PostalCode: row.postalCode,
    CountyOrParish: row.countyOrParish,
    PropertyType: row.propertyType as PropertyType | null,
    BedroomsTotal: row.bedroomsTotal,
    BathroomsTotalInteger: row.bathroomsTotalInteger,
    LivingArea: row.livingArea,
    LotSizeAcres: row.lotSizeAcres,
    YearBuilt: row.yearBuilt,
    PublicRemarks: row.publicRemarks,
    VirtualTourURLUnbranded: row.virtualTourUrlUnbranded,
    ParcelNumber: row.parcelNumber,
    TaxLegalDescription: row.taxLegalDescription,
    deedReference: row.deedReference,
    ListAgentFullName: row.listAgentFullName,
    ListAgentEmail: row.listAgentEmail,
    ListAgentDirectPhone: row.listAgentDirectPhone,
    ListAgentMlsId: row.listAgentMlsId,
    ListOfficeName: row.listOfficeName,
    firmLicenseNumber: row.firmLicenseNumber,
    offerDeadline: iso(row.offerDeadline),
    offerPreferences: row.offerPreferences,
    offerInstructions: row.offerInstructions,
  }
}

export function toMedia(row: MediaRow): ListingMedia {
  return { id: row.id, MediaKey: row.mediaKey, MediaURL: fileUrl(row.fileId), Order: row.order, filename: row.filename }
}

export function identity(row: Pick<ListingRow, 'id' | 'listingKey' | 'listingId' | 'standardStatus' | 'unparsedAddress' | 'modificationTimestamp'>) {
  return {
    id: row.id,
    ListingKey: row.listingKey,
    ListingId: row.listingId,
    StandardStatus: row.standardStatus as StandardStatus,
    UnparsedAddress: row.unparsedAddress,
    ModificationTimestamp: row.modificationTimestamp.toISOString(),
  }
}

export function toManaged(row: ListingRow, media: readonly MediaRow[]): ManagedListing {
  return {
    ...identity(row),
    ...listingFieldsOf(row),
    Media: media.map(toMedia),
    ownerId: row.ownerId,
    listAgentUserId: row.listAgentUserId,
    visibility: row.visibility as ListingVisibility,
    notify: row.notify,
    weighting: row.weighting,
    draftStep: row.draftStep as ListingWizardStep | null,
    source: row.source as ListingSource,
    OriginatingSystemName: row.originatingSystemName,
    publishedAt: iso(row.publishedAt),
    createdAt: row.createdAt.toISOString(),
  }
}

export function toSummary(row: SummaryRow): ListingSummary {
  return {
    ...identity(row),
    ListPrice: row.listPrice,
    City: row.city,
    PostalCode: row.postalCode,
    PropertyType: row.propertyType as PropertyType | null,
    BedroomsTotal: row.bedroomsTotal,
    BathroomsTotalInteger: row.bathroomsTotalInteger,
    LivingArea: row.livingArea,
    primaryPhotoURL: row.primaryFileId ? fileUrl(row.primaryFileId) : null,
    offerDeadline: iso(row.offerDeadline),
    visibility: row.visibility as ListingVisibility,
    draftStep: row.draftStep as ListingWizardStep | null,
  }
}

/**
 * Blank text is no value: '' and null both clear a field (and fail the publish check alike). NUL
 * characters, which PostgreSQL text cannot hold and no form can type, are dropped.
 */
export function blankToNull<T>(value: T): T | null {
  if (typeof value !== 'string') return value
  const text = value.replaceAll('\0', '')
  return (text.trim() === '' ? null : text) as T | null
}

/** The columns a patch sets; fields it leaves out stay as they are. */
export function fieldChanges(patch: Partial<ListingFields>): ListingChanges {
  const changes: Record<string, unknown> = {}
  for (const name of FIELD_NAMES) {
    const value = patch[name]
    if (value === undefined) continue
    changes[FIELD_COLUMNS[name]] = name === 'offerDeadline' ? (value === null ? null : new Date(value as string)) : blankToNull(value)
  }
  return changes as ListingChanges
}

/**
 * The columns that fields of a listing set (a field left out stays as it is), with the one-line
 * address built from its parts for a new listing (`existing` null), when a part changes, or when
 * `rebuildAddress` asks. Used by the forms and by the MLS import.
 */
export function listingFieldColumns(existing: ListingRow | null, fields: Partial<ListingFields>, { rebuildAddress = false }: { rebuildAddress?: boolean } = {}): ListingChanges {
  const changes = fieldChanges(fields)
  const touched = ADDRESS_FIELDS.some((name) => FIELD_COLUMNS[name] in changes)
  if (existing && !touched && !rebuildAddress) return changes
  const merged = { ...(existing ?? {}), ...changes }
  return {
    ...changes,
    unparsedAddress: unparsedAddress({
      StreetNumber: merged.streetNumber,
      StreetName: merged.streetName,
      StreetSuffix: merged.streetSuffix,
      UnitNumber: merged.unitNumber,
      City: merged.city,
      StateOrProvince: merged.stateOrProvince,
      PostalCode: merged.postalCode,
    }),
  }
}
