import { describe, expect, it } from 'vitest'
import type { ManagedListing } from '@offerbook/domain/listing'
import type { Message } from '@offerbook/domain/messages'
import { messageText } from '@offerbook/domain/messages'
import { changedFields, deadlineIso, deadlineText, formValuesOf, listingFieldError, listingFieldErrors, listingPatchOf } from './listing-form-values'

/** A field's message as the API words it in English; null when the field passes. */
const english = (message: Message | null) => (message ? messageText(message.key, message.params) : null)

const empty = formValuesOf(null)

describe('listing form values', () => {
  it('starts a new listing in Tennessee with nothing else filled in', () => {
    expect(empty.StateOrProvince).toBe('TN')
    expect(empty.ListPrice).toBeNull()
    expect(empty.offerPreferences).toEqual([])
  })

  it('checks each field with the domain rules and their messages', () => {
    expect(listingFieldError('ListPrice', empty, { required: ['ListPrice'] })).toEqual({ key: 'common.required' })
    expect(english(listingFieldError('ListPrice', empty, { required: ['ListPrice'] }))).toBe('Required')
    expect(english(listingFieldError('ListPrice', empty))).toBeNull()
    expect(english(listingFieldError('ListPrice', { ...empty, ListPrice: 999 }))).toBe('Price must be between $1,000 and $1,000,000,000')
    expect(english(listingFieldError('PostalCode', { ...empty, PostalCode: '3720' }))).toBe('Enter a 5-digit ZIP code')
    expect(english(listingFieldError('StateOrProvince', { ...empty, StateOrProvince: 'tn' }))).toBeNull()
    expect(english(listingFieldError('StateOrProvince', { ...empty, StateOrProvince: 'T' }))).toBe('Enter the two-letter state code, e.g. TN')
    expect(english(listingFieldError('LivingArea', { ...empty, LivingArea: 'big' }))).toBe('Living area must be between 1 and 1,000,000 square feet')
    expect(english(listingFieldError('LivingArea', { ...empty, LivingArea: '1,850' }))).toBeNull()
    expect(english(listingFieldError('YearBuilt', { ...empty, YearBuilt: '1650' }))).toBe('Year built must be between 1700 and 2100')
    expect(english(listingFieldError('LotSizeAcres', { ...empty, LotSizeAcres: '0.25' }))).toBeNull()
    expect(listingFieldError('PublicRemarks', { ...empty, PublicRemarks: 'x'.repeat(4001) })).toEqual({ key: 'common.tooLong', params: { maximum: 4000 } })
    expect(english(listingFieldError('PublicRemarks', { ...empty, PublicRemarks: 'x'.repeat(4001) }))).toBe('Must have at most 4000 characters')
    expect(english(listingFieldError('ListAgentEmail', { ...empty, ListAgentEmail: 'not-an-email' }))).toBe('Invalid email')
    expect(english(listingFieldError('ListAgentMlsId', { ...empty, ListAgentMlsId: 'tn-1' }))).toBe('Lead agent MLS ID must be: state code - license number (e.g., TN-123456)')
    expect(english(listingFieldError('firmLicenseNumber', { ...empty, firmLicenseNumber: 'AB 12' }))).toBe('Enter the firm license number: letters and digits only')
  })

  it('takes only a future offer deadline', () => {
    // Noon in Nashville (CDT); the deadline is read in the property's zone, Central for a listing with no county yet.
    const now = new Date('2030-06-01T12:00:00-05:00')
    expect(english(listingFieldError('offerDeadline', { ...empty, offerDeadline: '2030-06-01 11:59' }, { now }))).toBe('The offer deadline must be in the future')
    expect(english(listingFieldError('offerDeadline', { ...empty, offerDeadline: '2030-06-02 09:00' }, { now }))).toBeNull()
    expect(english(listingFieldError('offerDeadline', empty, { now }))).toBeNull()
  })

  it("turns the deadline on the property's clocks into an ISO date-time and back, whatever the browser's zone", () => {
    const iso = deadlineIso('2031-03-04 17:30', 'America/Chicago')
    expect(iso).toBe('2031-03-04T23:30:00.000Z')
    expect(deadlineText(iso, 'America/Chicago')).toBe('2031-03-04 17:30')
    expect(deadlineIso('2031-03-04 17:30', 'America/New_York')).toBe('2031-03-04T22:30:00.000Z')
    expect(deadlineIso('2031-03-04', 'America/Chicago')).toBeNull()
    // A Knox County listing is on Eastern time.
    expect(listingPatchOf(['offerDeadline'], { ...empty, CountyOrParish: 'Knox', offerDeadline: '2031-03-04 17:30' })).toEqual({ offerDeadline: '2031-03-04T22:30:00.000Z' })
  })

  it('sends trimmed text, empty as null, numbers as numbers', () => {
    const values = { ...empty, StreetName: '  Main  ', UnitNumber: '   ', LivingArea: '2,100', BedroomsTotal: 3, StateOrProvince: 'tn' }
    expect(listingPatchOf(['StreetName', 'UnitNumber', 'LivingArea', 'BedroomsTotal', 'StateOrProvince'], values)).toEqual({ StreetName: 'Main', UnitNumber: null, LivingArea: 2100, BedroomsTotal: 3, StateOrProvince: 'TN' })
    expect(listingFieldErrors(['StreetName', 'LivingArea'], values)).toEqual({})
  })

  it("edits the property's public record: parcel number, legal description and deed reference, each optional and bounded", () => {
    const listing = { ParcelNumber: '093 13 0 123.00', TaxLegalDescription: 'Lot 12, Section 3.\nMagnolia Hills.', deedReference: null, Media: [] } as unknown as ManagedListing
    const values = formValuesOf(listing)
    expect([values.ParcelNumber, values.TaxLegalDescription, values.deedReference]).toEqual(['093 13 0 123.00', 'Lot 12, Section 3.\nMagnolia Hills.', ''])
    expect(listingFieldErrors(['ParcelNumber', 'TaxLegalDescription', 'deedReference'], values)).toEqual({})
    expect(english(listingFieldError('ParcelNumber', { ...empty, ParcelNumber: 'x'.repeat(51) }))).toBe('Must have at most 50 characters')
    expect(english(listingFieldError('TaxLegalDescription', { ...empty, TaxLegalDescription: 'x'.repeat(1001) }))).toBe('Must have at most 1000 characters')
    expect(english(listingFieldError('deedReference', { ...empty, deedReference: 'x'.repeat(201) }))).toBe('Must have at most 200 characters')
    // The legal description keeps its line breaks; a cleared field is sent as null.
    expect(listingPatchOf(['TaxLegalDescription', 'deedReference', 'ParcelNumber'], { ...values, TaxLegalDescription: ' Lot 12.\nSection 3. ', ParcelNumber: '  ' })).toEqual({
      TaxLegalDescription: 'Lot 12.\nSection 3.',
      deedReference: null,
      ParcelNumber: null,
    })
    expect(changedFields(values, { ...values, deedReference: "Instrument No. 20190412-0034567, Register's Office of Davidson County" })).toEqual(['deedReference'])
  })

  it("checks the virtual tour link with the URL rule before sending it: optional, and 'Invalid url' when it is not an http(s) address", () => {
    expect(listingFieldError('VirtualTourURLUnbranded', { ...empty, VirtualTourURLUnbranded: '' })).toBeNull()
    expect(listingFieldError('VirtualTourURLUnbranded', { ...empty, VirtualTourURLUnbranded: 'https://my.matterport.com/show/?m=abc' })).toBeNull()
    expect(english(listingFieldError('VirtualTourURLUnbranded', { ...empty, VirtualTourURLUnbranded: 'matterport tour' }))).toBe('Invalid url')
    expect(listingPatchOf(['VirtualTourURLUnbranded'], { ...empty, VirtualTourURLUnbranded: ' https://tours.example.com/1 ' })).toEqual({ VirtualTourURLUnbranded: 'https://tours.example.com/1' })
  })

  it('counts as changed only what differs from the saved listing once normalised', () => {
    const saved = formValuesOf({ ListPrice: 350000, StreetName: 'Main', StateOrProvince: null, offerPreferences: ['proofOfFunds', 'earnestMoney'], Media: [] } as unknown as ManagedListing)
    expect(changedFields(saved, { ...saved, StreetName: ' Main ' })).toEqual([])
    expect(changedFields(saved, { ...saved, offerPreferences: ['earnestMoney', 'proofOfFunds'] })).toEqual([])
    expect(changedFields(saved, { ...saved, ListPrice: 351000, City: 'Memphis' })).toEqual(['ListPrice', 'City'])
  })
})
