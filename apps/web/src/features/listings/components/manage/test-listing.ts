import type { ListingSummary, ManagedListing } from '@offerbook/domain/listing'
import { DEFAULT_LISTING_NOTIFY, DEFAULT_LISTING_WEIGHTING } from '@offerbook/domain/listing'

/** A published listing as GET /api/listings/:id answers it, for the listing components' tests. */
export function testListing(overrides: Partial<ManagedListing> = {}): ManagedListing {
  return {
    id: 'listing-1',
    ListingKey: 'listing-1',
    ListingId: null,
    StandardStatus: 'Active',
    UnparsedAddress: '120 Maple Ave, Franklin, TN 37064',
    ModificationTimestamp: '2030-01-01T00:00:00.000Z',
    ListPrice: 450000,
    StreetNumber: '120',
    StreetName: 'Maple',
    StreetSuffix: 'Ave',
    UnitNumber: null,
    City: 'Franklin',
    StateOrProvince: 'TN',
    PostalCode: '37064',
    CountyOrParish: null,
    PropertyType: 'Residential',
    BedroomsTotal: 3,
    BathroomsTotalInteger: 2,
    LivingArea: 1850,
    LotSizeAcres: null,
    YearBuilt: null,
    PublicRemarks: null,
    ParcelNumber: null,
    TaxLegalDescription: null,
    deedReference: null,
    VirtualTourURLUnbranded: null,
    ListAgentFullName: 'Lena Listing',
    ListAgentEmail: 'seller-agent@example.com',
    ListAgentDirectPhone: null,
    ListAgentMlsId: null,
    ListOfficeName: null,
    firmLicenseNumber: null,
    offerDeadline: null,
    offerPreferences: [],
    offerInstructions: null,
    Media: [],
    ownerId: 'user-1',
    listAgentUserId: 'user-1',
    visibility: 'public',
    notify: DEFAULT_LISTING_NOTIFY,
    weighting: DEFAULT_LISTING_WEIGHTING,
    draftStep: null,
    source: 'manual',
    OriginatingSystemName: null,
    publishedAt: '2030-01-01T00:00:00.000Z',
    createdAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  }
}

/** A draft just begun, on its price step: no address, facts or agent yet. */
export function testDraft(overrides: Partial<ManagedListing> = {}): ManagedListing {
  const address = { UnparsedAddress: '', StreetNumber: null, StreetName: null, StreetSuffix: null, City: null, StateOrProvince: null, PostalCode: null }
  const facts = { ListPrice: null, PropertyType: null, BedroomsTotal: null, BathroomsTotalInteger: null, LivingArea: null }
  return testListing({
    id: 'L1',
    ListingKey: 'L1',
    StandardStatus: 'Incomplete',
    ...address,
    ...facts,
    ListAgentFullName: null,
    ListAgentEmail: null,
    ownerId: 'u1',
    listAgentUserId: null,
    draftStep: 'pricing',
    publishedAt: null,
    ...overrides,
  })
}

export function testSummary(overrides: Partial<ListingSummary> = {}): ListingSummary {
  const listing = testListing()
  return {
    id: listing.id,
    ListingKey: listing.ListingKey,
    ListingId: null,
    StandardStatus: listing.StandardStatus,
    UnparsedAddress: listing.UnparsedAddress,
    ModificationTimestamp: listing.ModificationTimestamp,
    ListPrice: listing.ListPrice,
    City: listing.City,
    PostalCode: listing.PostalCode,
    PropertyType: listing.PropertyType,
    BedroomsTotal: listing.BedroomsTotal,
    BathroomsTotalInteger: listing.BathroomsTotalInteger,
    LivingArea: listing.LivingArea,
    primaryPhotoURL: null,
    offerDeadline: null,
    visibility: 'public',
    draftStep: null,
    ...overrides,
  }
}
