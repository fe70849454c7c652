import { describe, expect, it } from 'vitest'
import {
  canChangeListingStatus,
  ListingFieldsSchema,
  ListingSearchSchema,
  listingPublishProblems,
  LISTING_MESSAGES,
  ListingPatchSchema,
  RESO_LISTING_FIELDS,
  searchTsQuery,
  unparsedAddress,
} from './listing'
import { formatUsd } from './money'
import { firstError } from './validation'

const price = ListingFieldsSchema.shape.ListPrice

describe('listing field rules', () => {
  it('takes a price from $1,000 to $1,000,000,000 in whole dollars, with the range in the message', () => {
    expect(firstError(price, 1000)).toBeNull()
    expect(firstError(price, 1_000_000_000)).toBeNull()
    expect(firstError(price, 999)).toBe(LISTING_MESSAGES.priceRange)
    expect(firstError(price, 1_000_000_001)).toBe(LISTING_MESSAGES.priceRange)
    expect(firstError(price, 250000.5)).toBe(LISTING_MESSAGES.wholeDollars)
    expect(firstError(price, 'a lot')).toBe(LISTING_MESSAGES.priceRange)
  })

  it('bounds rooms, areas and years', () => {
    const shape = ListingFieldsSchema.shape
    expect(firstError(shape.BedroomsTotal, 100)).toBe(LISTING_MESSAGES.roomsRange)
    expect(firstError(shape.BedroomsTotal, 2.5)).toBe(LISTING_MESSAGES.roomsRange)
    expect(firstError(shape.BathroomsTotalInteger, -1)).toBe(LISTING_MESSAGES.roomsRange)
    expect(firstError(shape.LivingArea, 0)).toBe(LISTING_MESSAGES.livingAreaRange)
    expect(firstError(shape.LotSizeAcres, 0.25)).toBeNull()
    expect(firstError(shape.LotSizeAcres, 100_001)).toBe(LISTING_MESSAGES.lotSizeRange)
    expect(firstError(shape.YearBuilt, 1699)).toBe(LISTING_MESSAGES.yearBuiltRange)
    expect(firstError(shape.PostalCode, '3720')).toBe(LISTING_MESSAGES.zipCode)
    expect(firstError(shape.PostalCode, '37203-1234')).toBeNull()
    expect(firstError(shape.StateOrProvince, 'tn')).toBe(LISTING_MESSAGES.state)
    expect(firstError(shape.PublicRemarks, 'x'.repeat(4001))).toBe('Must have at most 4000 characters')
  })

  it('checks the agent details with the shared messages', () => {
    const shape = ListingFieldsSchema.shape
    expect(firstError(shape.ListAgentEmail, 'not-an-email')).toBe('Invalid email')
    expect(firstError(shape.ListAgentMlsId, 'tn-1')).toBe('Lead agent MLS ID must be: state code - license number (e.g., TN-123456)')
    expect(firstError(shape.ListAgentDirectPhone, '+16155550123')).toBeNull()
    expect(firstError(shape.ListAgentDirectPhone, '555')).toBe('Invalid phone number')
    expect(firstError(shape.firmLicenseNumber, 'ab 12')).toBe(LISTING_MESSAGES.licenseNumber)
  })

  it('accepts a draft patch of any subset of fields', () => {
    expect(ListingPatchSchema.safeParse({ ListPrice: 450000, draftStep: 'details' }).success).toBe(true)
    expect(ListingPatchSchema.safeParse({ draftStep: 'nowhere' }).success).toBe(false)
  })

  it('tells the fields with RESO names, which a RESO record fills, from our own', () => {
    const all = Object.keys(ListingFieldsSchema.shape)
    expect(RESO_LISTING_FIELDS).toEqual(all.filter((name) => /^[A-Z]/.test(name)))
    expect(all.filter((name) => !(RESO_LISTING_FIELDS as string[]).includes(name))).toEqual(['firmLicenseNumber', 'offerDeadline', 'offerPreferences', 'offerInstructions'])
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
      { path: 'City', message: 'Required', step: 'details' },
      { path: 'ListAgentEmail', message: 'Required', step: 'agent' },
      { path: 'Media', message: LISTING_MESSAGES.needsPhoto, step: 'photos' },
    ])
  })
})

describe('listing status', () => {
  it('follows the transition table', () => {
    expect(canChangeListingStatus('Active', 'Pending')).toBe(true)
    expect(canChangeListingStatus('Closed', 'Active')).toBe(false)
    expect(canChangeListingStatus('Active', 'Incomplete')).toBe(false)
    expect(canChangeListingStatus('Active', 'Delete')).toBe(false)
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
    expect(result.error?.issues[0]?.message).toBe(LISTING_MESSAGES.maxBelowMin)
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
