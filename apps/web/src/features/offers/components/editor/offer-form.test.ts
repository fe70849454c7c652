import { describe, expect, it } from 'vitest'
import { EMPTY_OFFER_TERMS, OfferTermsSchema } from '@offerbook/domain/offer'
import { setAt } from './offer-form'
import { savableTerms, termsErrors } from './offer-rules-module'

const saved = OfferTermsSchema.parse({
  purchasePrice: 450_000,
  buyers: [{ fullName: 'Ben Buyer', email: 'ben@example.com' }],
  listingAgent: { fullName: 'Lena Listing', email: 'lena@example.com' },
})

describe('the editor form rules', () => {
  it('names each invalid field by its path, with the domain message', () => {
    const terms = setAt(setAt(saved, 'purchasePrice', 10), 'buyers.0.email', 'nope')
    expect(termsErrors(terms)).toMatchObject({ purchasePrice: { key: 'offerTerms.priceRange' }, 'buyers.0.email': { key: 'common.invalidEmail' } })
    expect(Object.keys(termsErrors(terms)).sort()).toEqual(['buyers.0.email', 'purchasePrice'])
    expect(termsErrors(saved)).toEqual({})
  })

  it('sends the saved value in place of an invalid one, and the rest as typed', () => {
    const typed = setAt(setAt(saved, 'purchasePrice', 10), 'earnestMoney.holderName', 'Music Row Title')
    const sent = savableTerms(typed, saved)
    expect(sent?.purchasePrice).toBe(450_000)
    expect(sent?.earnestMoney.holderName).toBe('Music Row Title')
  })

  it('sends a new buyer with an invalid email with that email left empty', () => {
    const typed = setAt(saved, 'buyers', [...saved.buyers, { fullName: 'Bea Buyer', email: 'bea@', phone: '' }])
    const sent = savableTerms(typed, saved)
    expect(sent?.buyers).toEqual([saved.buyers[0], { fullName: 'Bea Buyer', email: '', phone: '' }])
  })

  it('leaves setAt inputs untouched', () => {
    const before = JSON.stringify(EMPTY_OFFER_TERMS)
    setAt(EMPTY_OFFER_TERMS, 'financing.type', 'cash')
    expect(JSON.stringify(EMPTY_OFFER_TERMS)).toBe(before)
  })
})
