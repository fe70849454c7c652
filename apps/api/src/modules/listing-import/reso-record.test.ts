import { describe, expect, it } from 'vitest'
import type { MappedListing } from './reso-record'
import { checkResoRecord } from './reso-record'

const base = { ListingKey: 'k-1', StandardStatus: 'Active', ModificationTimestamp: '2024-05-01T10:00:00Z' }

function mapped(raw: Record<string, unknown>): MappedListing {
  const check = checkResoRecord({ ...base, ...raw })
  if (!check.ok || check.record.kind !== 'listing') throw new Error(JSON.stringify(check))
  return check.record
}

function problems(raw: unknown) {
  const check = checkResoRecord(raw)
  return check.ok ? [] : check.problems
}

describe('a RESO record mapped onto a listing', () => {
  it('takes the fields it has by their RESO names, and only those', () => {
    const record = mapped({ ListPrice: 425000, City: 'Nashville', BedroomsTotal: 3, LotSizeAcres: 0.25, UnparsedAddress: '1 Main St, Nashville, TN 37201' })
    expect(record).toMatchObject({ ListingKey: 'k-1', StandardStatus: 'Active', UnparsedAddress: '1 Main St, Nashville, TN 37201', media: null })
    expect(record.ModificationTimestamp.toISOString()).toBe('2024-05-01T10:00:00.000Z')
    expect(record.fields).toEqual({ ListPrice: 425000, City: 'Nashville', BedroomsTotal: 3, LotSizeAcres: 0.25 })
  })

  it("takes the property's public record by its RESO names, ParcelNumber and TaxLegalDescription, and no deed reference", () => {
    const legal = "Lot 12, Section 3, Magnolia Hills subdivision,\r\nas recorded in Plat Book 7900, Page 105, Register's Office of Davidson County, Tennessee."
    expect(mapped({ ParcelNumber: ' 093 13 0 123.00 ', TaxLegalDescription: legal, deedReference: 'Instrument No. 1' }).fields).toEqual({ ParcelNumber: '093 13 0 123.00', TaxLegalDescription: legal })
    expect(problems({ ...base, ParcelNumber: 'x'.repeat(51), TaxLegalDescription: 'x'.repeat(1001) })).toEqual([
      { field: 'ParcelNumber', key: 'common.tooLong', params: { maximum: 50 }, message: 'Must have at most 50 characters' },
      { field: 'TaxLegalDescription', key: 'common.tooLong', params: { maximum: 1000 }, message: 'Must have at most 1000 characters' },
    ])
  })

  it('takes the virtual tour link (VirtualTourURLUnbranded) when it is an http(s) address, and refuses it otherwise with Invalid url', () => {
    expect(mapped({ VirtualTourURLUnbranded: ' https://my.matterport.com/show/?m=abc ' }).fields).toEqual({ VirtualTourURLUnbranded: 'https://my.matterport.com/show/?m=abc' })
    expect(problems({ ...base, VirtualTourURLUnbranded: 'matterport tour' })).toEqual([{ field: 'VirtualTourURLUnbranded', key: 'common.invalidUrl', message: 'Invalid url' }])
  })

  it('reads lookups written with spaces, numbers written as text, US phones with punctuation, fractional areas', () => {
    const record = mapped({
      StandardStatus: 'Active Under Contract',
      PropertyType: 'Residential Income',
      ListPrice: '389000',
      StreetNumber: 1200,
      PostalCode: 37203,
      StateOrProvince: 'tn',
      ListAgentDirectPhone: '(615) 555-0199',
      LivingArea: 1999.6,
    })
    expect(record.StandardStatus).toBe('ActiveUnderContract')
    expect(record.fields).toEqual({
      PropertyType: 'ResidentialIncome',
      ListPrice: 389000,
      StreetNumber: '1200',
      PostalCode: '37203',
      StateOrProvince: 'TN',
      ListAgentDirectPhone: '+16155550199',
      LivingArea: 2000,
    })
    expect(mapped({ ListAgentDirectPhone: '1-615-555-0199' }).fields.ListAgentDirectPhone).toBe('+16155550199')
    expect(mapped({ City: '  ', PublicRemarks: null }).fields).toEqual({ City: null, PublicRemarks: null })
  })

  it('checks every field with the listing rules and names each problem with its RESO field', () => {
    expect(problems({ ...base, ListPrice: 999, BathroomsTotalInteger: 2.5, PostalCode: '372', ListAgentDirectPhone: '555-0199', PropertyType: 'Castle' })).toEqual([
      { field: 'ListPrice', key: 'listing.priceRange', message: 'Price must be between $1,000 and $1,000,000,000' },
      { field: 'PostalCode', key: 'listing.zipCode', message: 'Enter a 5-digit ZIP code' },
      { field: 'PropertyType', key: 'listing.propertyType', message: 'Choose a property type' },
      { field: 'BathroomsTotalInteger', key: 'listing.roomsRange', message: 'Must be a whole number from 0 to 99' },
      { field: 'ListAgentDirectPhone', key: 'common.invalidPhone', message: 'Invalid phone number' },
    ])
    expect(problems({ ListPrice: 400000 })).toEqual([
      { field: 'ListingKey', key: 'common.required', message: 'Required' },
      { field: 'ModificationTimestamp', key: 'common.required', message: 'Required' },
      { field: 'StandardStatus', key: 'common.required', message: 'Required' },
    ])
    expect(problems({ ...base, ModificationTimestamp: '2024-05-01', StandardStatus: 'Sold', City: ['Nashville'], ListingId: 'x'.repeat(256) })).toEqual([
      { field: 'ModificationTimestamp', key: 'listingImport.timestampInvalid', message: 'Must be a date and time such as 2024-05-01T14:30:00Z' },
      { field: 'StandardStatus', key: 'listingImport.statusUnknown', message: 'Not a RESO StandardStatus such as Active, Pending or Closed' },
      { field: 'ListingId', key: 'common.tooLong', params: { maximum: 255 }, message: 'Must have at most 255 characters' },
      { field: 'City', key: 'listingImport.expectedText', message: 'Must be text' },
    ])
    expect(problems([base])).toEqual([{ field: null, key: 'listingImport.recordNotObject', message: 'This record is not a JSON object' }])
  })

  it('turns MlgCanView=false into a deletion that needs only the ListingKey', () => {
    const check = checkResoRecord({ ListingKey: 'k-9', MlgCanView: false, ListPrice: 'whatever' })
    expect(check).toMatchObject({ ok: true, record: { kind: 'delete', ListingKey: 'k-9', ModificationTimestamp: null } })
    expect(problems({ ...base, MlgCanView: 'no' })).toEqual([{ field: 'MlgCanView', key: 'listingImport.expectedYesNo', message: 'Must be true or false' }])
  })

  it('keeps the photos in their Order, numbered from 0, without documents, at most 50', () => {
    const photo = (key: string, order: number, category = 'Photo') => ({ MediaKey: key, MediaURL: `https://media.example/${key}.jpg`, Order: order, MediaCategory: category, ModificationTimestamp: '2024-05-01T09:00:00Z' })
    const record = mapped({ Media: [photo('c', 7), photo('a', 2), photo('doc', 0, 'Document'), photo('b', 5)] })
    expect(record.media!.map((item) => [item.MediaKey, item.Order])).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
    ])
    expect(mapped({ Media: Array.from({ length: 60 }, (_, index) => photo(`p${index}`, index)) }).media).toHaveLength(50)
    expect(mapped({ Media: [] }).media).toEqual([])
    expect(problems({ ...base, Media: [{ MediaKey: 'x', MediaURL: 'ftp://media.example/x.jpg' }] })).toEqual([{ field: 'Media', key: 'listingImport.mediaInvalid', message: 'Each photo needs a MediaKey and an http or https MediaURL' }])
    expect(problems({ ...base, Media: 'photos.zip' })).toEqual([{ field: 'Media', key: 'listingImport.mediaInvalid', message: 'Each photo needs a MediaKey and an http or https MediaURL' }])
  })

  it('shows the map step each RESO field with what it becomes', () => {
    const check = checkResoRecord({ ...base, StandardStatus: 'Coming Soon', ListPrice: '500000', Media: [{ MediaKey: 'm', MediaURL: 'https://media.example/m.jpg' }], Unknown: 1 })
    expect(check.mapping).toEqual([
      { source: 'ListingKey', field: 'ListingKey', value: 'k-1' },
      { source: 'StandardStatus', field: 'StandardStatus', value: 'ComingSoon' },
      { source: 'ListPrice', field: 'ListPrice', value: 500000 },
      { source: 'ModificationTimestamp', field: 'ModificationTimestamp', value: '2024-05-01T10:00:00Z' },
      { source: 'Media', field: 'Media', value: 1 },
    ])
  })
})
