import { describe, expect, it } from 'vitest'
import {
  canChangeListingStatus,
  LISTING_LIMITS,
  ListingFieldsSchema,
  ListingSearchSchema,
  listingPublishProblems,
  ListingPatchSchema,
  RESO_LISTING_FIELDS,
  searchTsQuery,
  STANDARD_STATUSES,
  takesOffers,
  unparsedAddress,
} from './listing'
import type { MessageKey } from './messages'
import { issueMessage, messageText } from './messages'
import { LISTING_MESSAGES } from './messages/listings'
import { formatUsd } from './money'
import type { z } from 'zod'

/** The message a schema refuses a value with, as its key and English text; null when it passes. */
function refusal(schema: z.ZodType, value: unknown): { key: MessageKey; text: string } | null {
  const result = schema.safeParse(value)
  if (result.success) return null
  const message = issueMessage(result.error.issues[0] ?? {})
  return { key: message.key, text: messageText(message.key, message.params) }
}

const refused = (key: MessageKey, text: string = messageText(key)) => ({ key, text })

const price = ListingFieldsSchema.shape.ListPrice

describe('listing field rules', () => {
  it('takes a price from $1,000 to $1,000,000,000 in whole dollars, with the range in the message', () => {
    expect(refusal(price, 1000)).toBeNull()
    expect(refusal(price, 1_000_000_000)).toBeNull()
    expect(refusal(price, 999)).toEqual(refused('listing.priceRange'))
    expect(refusal(price, 1_000_000_001)).toEqual(refused('listing.priceRange'))
    expect(refusal(price, 250000.5)).toEqual(refused('listing.wholeDollars'))
    expect(refusal(price, 'a lot')).toEqual(refused('listing.priceRange'))
  })

  it('bounds rooms, areas and years', () => {
    const shape = ListingFieldsSchema.shape
    expect(refusal(shape.BedroomsTotal, 100)).toEqual(refused('listing.roomsRange'))
    expect(refusal(shape.BedroomsTotal, 2.5)).toEqual(refused('listing.roomsRange'))
    expect(refusal(shape.BathroomsTotalInteger, -1)).toEqual(refused('listing.roomsRange'))
    expect(refusal(shape.LivingArea, 0)).toEqual(refused('listing.livingAreaRange'))
    expect(refusal(shape.LotSizeAcres, 0.25)).toBeNull()
    expect(refusal(shape.LotSizeAcres, 100_001)).toEqual(refused('listing.lotSizeRange'))
    expect(refusal(shape.YearBuilt, 1699)).toEqual(refused('listing.yearBuiltRange'))
    expect(refusal(shape.PostalCode, '3720')).toEqual(refused('listing.zipCode'))
    expect(refusal(shape.PostalCode, '37203-1234')).toBeNull()
    expect(refusal(shape.StateOrProvince, 'tn')).toEqual(refused('listing.state'))
    expect(refusal(shape.PublicRemarks, 'x'.repeat(4001))).toEqual(refused('common.tooLong', 'Must have at most 4000 characters'))
  })

  it("bounds the property's identification: parcel number, legal description and deed reference", () => {
    const shape = ListingFieldsSchema.shape
    expect(refusal(shape.ParcelNumber, '093 13 0 123.00')).toBeNull()
    expect(refusal(shape.ParcelNumber, 'x'.repeat(51))).toEqual(refused('common.tooLong', 'Must have at most 50 characters'))
    expect(refusal(shape.TaxLegalDescription, 'Lot 12, Section 3, Magnolia Hills subdivision.\nBeing the same property conveyed by deed.')).toBeNull()
    expect(refusal(shape.TaxLegalDescription, 'x'.repeat(1001))).toEqual(refused('common.tooLong', 'Must have at most 1000 characters'))
    expect(refusal(shape.deedReference, "Instrument No. 20190412-0034567, Register's Office of Davidson County")).toBeNull()
    expect(refusal(shape.deedReference, 'x'.repeat(201))).toEqual(refused('common.tooLong', 'Must have at most 200 characters'))
    // Trimmed like every text field.
    expect(shape.ParcelNumber.parse('  093-13-0-123.00  ')).toBe('093-13-0-123.00')
  })

  it('checks the agent details with the shared messages', () => {
    const shape = ListingFieldsSchema.shape
    expect(refusal(shape.ListAgentEmail, 'not-an-email')).toEqual(refused('common.invalidEmail', 'Invalid email'))
    expect(refusal(shape.ListAgentMlsId, 'tn-1')).toEqual(refused('common.mlsId', 'Lead agent MLS ID must be: state code - license number (e.g., TN-123456)'))
    expect(refusal(shape.ListAgentDirectPhone, '+16155550123')).toBeNull()
    expect(refusal(shape.ListAgentDirectPhone, '555')).toEqual(refused('common.invalidPhone', 'Invalid phone number'))
    expect(refusal(shape.firmLicenseNumber, 'ab 12')).toEqual(refused('listing.licenseNumber'))
  })

  it('accepts a draft patch of any subset of fields', () => {
    expect(ListingPatchSchema.safeParse({ ListPrice: 450000, draftStep: 'details' }).success).toBe(true)
    expect(ListingPatchSchema.safeParse({ draftStep: 'nowhere' }).success).toBe(false)
  })

  it('tells the fields with RESO names, which a RESO record fills, from our own', () => {
    const all = Object.keys(ListingFieldsSchema.shape)
    expect(RESO_LISTING_FIELDS).toEqual(all.filter((name) => /^[A-Z]/.test(name)))
    expect(all.filter((name) => !(RESO_LISTING_FIELDS as string[]).includes(name))).toEqual(['deedReference', 'firmLicenseNumber', 'offerDeadline', 'offerPreferences', 'offerInstructions'])
  })
})

describe('publishing', () => {
  const complete: Parameters<typeof listingPublishProblems>[0] = {
    ListPrice: 450000,
    StreetNumber: '12',
    StreetName: 'Maple',
    City: 'Franklin',
    StateOrProvince: 'TN',
    PostalCode: '37064',
    PropertyType: 'Residential',
    BedroomsTotal: 3,
    BathroomsTotalInteger: 2,
    ListAgentFullName: 'Avery Agent',
    ListAgentEmail: 'avery@example.com',
    photoCount: 1,
  }

  it('lets a complete listing with a photo be published', () => {
    expect(listingPublishProblems(complete)).toEqual([])
  })

  it('names each missing field with the step that edits it, and asks for a photo', () => {
    const problems = listingPublishProblems({ ...complete, City: '  ', ListAgentEmail: null, photoCount: 0 })
    expect(problems).toEqual([
      { path: 'City', key: 'common.required', step: 'details' },
      { path: 'ListAgentEmail', key: 'common.required', step: 'agent' },
      { path: 'Media', key: 'listing.needsPhoto', step: 'photos' },
    ])
  })
})

describe('listing messages', () => {
  it('keep the API\'s English words, and name the limits they state', () => {
    expect(LISTING_MESSAGES['listing.priceRange']).toBe('Price must be between $1,000 and $1,000,000,000')
    expect(messageText('listing.statusChange', { from: 'Closed', to: 'Active' })).toBe('A listing that is Closed cannot be set to Active')
    expect(messageText('listing.pageSizeRange')).toContain(`to ${LISTING_LIMITS.maxPageSize}`)
    expect(messageText('listing.tooManyPhotos')).toContain(`at most ${LISTING_LIMITS.maxPhotos} photos`)
    expect(refusal(ListingSearchSchema, { pageSize: '49' })).toEqual(refused('listing.pageSizeRange', 'Page size must be a whole number from 1 to 48'))
  })
})

describe('listing status', () => {
  it('follows the transition table', () => {
    expect(canChangeListingStatus('Active', 'Pending')).toBe(true)
    expect(canChangeListingStatus('Closed', 'Active')).toBe(false)
    expect(canChangeListingStatus('Active', 'Incomplete')).toBe(false)
    expect(canChangeListingStatus('Active', 'Delete')).toBe(false)
  })

  it('takes offers while Active or under contract (back-ups), and in no other status', () => {
    expect(STANDARD_STATUSES.filter(takesOffers)).toEqual(['Active', 'ActiveUnderContract'])
  })
})

describe('search', () => {
  it('reads numbers and lists from a query string', () => {
    const query = ListingSearchSchema.parse({ q: ' Franklin ', minPrice: '200000', type: 'Residential,Land', page: '2' })
    expect(query).toMatchObject({ q: 'Franklin', minPrice: 200000, type: ['Residential', 'Land'], page: 2, pageSize: 12, sort: 'newest' })
  })

  it('refuses a maximum below the minimum and unknown values', () => {
    const result = ListingSearchSchema.safeParse({ minPrice: '500000', maxPrice: '100000' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]).toMatchObject({ message: 'listing.maxBelowMin', path: ['maxPrice'] })
    expect(messageText('listing.maxBelowMin')).toBe('The maximum price must be at least the minimum price')
    expect(ListingSearchSchema.safeParse({ status: 'Incomplete' }).success).toBe(false)
    expect(ListingSearchSchema.safeParse({ minBeds: 'many' }).success).toBe(false)
  })

  it('turns the search words into a prefix tsquery with no operators of the user', () => {
    expect(searchTsQuery('123 Ma')).toBe('123 & ma:*')
    expect(searchTsQuery("O'Neil & | ! :*")).toBe('o & neil:*')
    expect(searchTsQuery(' ,; ')).toBeNull()
  })
})

describe('addresses and money', () => {
  it('writes the one-line address from its parts', () => {
    expect(unparsedAddress({ StreetNumber: '12', StreetName: 'Maple', StreetSuffix: 'Ave', UnitNumber: '4B', City: 'Franklin', StateOrProvince: 'TN', PostalCode: '37064' })).toBe(
      '12 Maple Ave #4B, Franklin, TN 37064',
    )
    expect(unparsedAddress({ StreetNumber: null, StreetName: null, StreetSuffix: null, UnitNumber: null, City: 'Franklin', StateOrProvince: null, PostalCode: null })).toBe('Franklin')
  })

  it('formats US dollars in both languages', () => {
    expect(formatUsd(450000, 'en-us')).toBe('$450,000')
    expect(formatUsd(1234.5, 'en-us')).toBe('$1,234.50')
    expect(formatUsd(450000, 'es-es')).toMatch(/450\.000/)
  })
})
