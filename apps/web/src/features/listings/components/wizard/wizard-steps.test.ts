import { describe, expect, it } from 'vitest'
import type { ManagedListing } from '@offerbook/domain/listing'
import { furthestStep, nextStepOf, parseWizardStep, previousStepOf, publishProblemsOf, requiredOnStep, stepFields, wizardPath, wizardTarget } from './wizard-steps'

describe('wizard steps', () => {
  it('knows the six steps by name and nothing else', () => {
    expect(parseWizardStep('offer-settings')).toBe('offer-settings')
    expect(parseWizardStep('Pricing')).toBeNull()
    expect(parseWizardStep('no-such-step')).toBeNull()
    expect(parseWizardStep(undefined)).toBeNull()
  })

  it('puts the draft id in the address, and reads it back', () => {
    expect(wizardPath('pricing', null)).toBe('/add-listing/new/pricing')
    expect(wizardPath('photos', 'a b')).toBe('/add-listing/new/photos?id=a%20b')
    expect(wizardTarget({ pathname: '/add-listing/new/photos', search: '?id=a%20b' })).toEqual({ step: 'photos', id: 'a b' })
    expect(wizardTarget({ pathname: '/add-listing/new/pricing', search: '' })).toEqual({ step: 'pricing', id: null })
    expect(wizardTarget({ pathname: '/my-properties/list', search: '' })).toBeNull()
    expect(wizardTarget({ pathname: '/add-listing/new/unknown', search: '?id=x' })).toBeNull()
  })

  it('goes forward and back in order, with no step before pricing or after review', () => {
    expect(previousStepOf('pricing')).toBeNull()
    expect(nextStepOf('pricing')).toBe('details')
    expect(nextStepOf('photos')).toBe('agent')
    expect(previousStepOf('agent')).toBe('photos')
    expect(nextStepOf('offer-settings')).toBe('review')
    expect(nextStepOf('review')).toBeNull()
  })

  it('remembers the furthest step reached, so going back does not lose the place to continue from', () => {
    expect(furthestStep(null, 'details')).toBe('details')
    expect(furthestStep('agent', 'details')).toBe('agent')
    expect(furthestStep('details', 'review')).toBe('review')
  })

  it('saves each step its own fields; a draft needs its price to start', () => {
    expect(stepFields('pricing')).toEqual(['ListPrice'])
    expect(stepFields('agent')).toContain('firmLicenseNumber')
    expect(stepFields('photos')).toEqual([])
    expect(stepFields('review')).toEqual([])
    expect(requiredOnStep('pricing')).toEqual(['ListPrice'])
    expect(requiredOnStep('details')).toEqual([])
  })

  it('lists what stops publishing with the step that fixes each', () => {
    const draft = { ListPrice: 350000, StreetNumber: '12', StreetName: 'Main', City: 'Nashville', StateOrProvince: 'TN', PostalCode: '37203', PropertyType: 'Residential', BedroomsTotal: 3, BathroomsTotalInteger: 2, ListAgentFullName: 'Olivia Owner', ListAgentEmail: '', Media: [], offerPreferences: [] } as unknown as ManagedListing
    expect(publishProblemsOf(draft).map(({ path, step }) => [path, step])).toEqual([
      ['ListAgentEmail', 'agent'],
      ['Media', 'photos'],
    ])
  })
})
