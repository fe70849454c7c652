import { beforeAll, describe, expect, it } from 'vitest'
import type { Translate } from '../../../shared/i18n/translation'
import type { OfferView } from '@offerbook/domain/offer'
import { OfferTermsSchema } from '@offerbook/domain/offer'
import { copyOfAllLanguages } from '../../../locales/all-languages'
import { i18n, initI18n } from '../../../shared/i18n/i18n'
import { offerPrefill } from './offer-send-button'

let t: Translate
beforeAll(async () => {
  initI18n(undefined, copyOfAllLanguages())
  await i18n.changeLanguage('en-us')
  t = i18n.t.bind(i18n)
})

const terms = OfferTermsSchema.parse({
  buyers: [{ fullName: 'Ben Buyer', email: 'ben@example.com', phone: '+16155550111' }],
  listingAgent: { fullName: 'Lena Listing', email: 'lena@example.com', phone: '(615) 555-0142' },
})
const offer = (viewer: OfferView['viewer'], overrides: Partial<OfferView> = {}) =>
  ({ viewer, terms, shareUrl: null, property: { id: 'p-1', address: '1 Elm St, Franklin, TN', city: 'Franklin', listPrice: 1, primaryPhotoURL: null, standardStatus: 'Active' }, ...overrides }) as OfferView

describe('offerPrefill', () => {
  it('writes to the listing agent from the buyer side, with the link the agent was sent', () => {
    expect(offerPrefill(offer('buyer', { shareUrl: 'https://offerbook.test/o/abc' }), t, 'https://offerbook.test')).toEqual({
      emails: ['lena@example.com'],
      phones: ['+16155550142'],
      subject: 'About the offer on 1 Elm St, Franklin, TN',
      message: 'Regarding the offer on 1 Elm St, Franklin, TN:\nhttps://offerbook.test/o/abc',
      propertyId: 'p-1',
    })
  })

  it("writes to the buyer's agent from the seller side, else to the buyers", () => {
    const withAgent = { ...terms, buyerAgent: { ...terms.buyerAgent, fullName: 'Alex Agent', email: 'alex@example.com' } }
    expect(offerPrefill(offer('seller', { terms: withAgent }), t, 'https://offerbook.test')).toMatchObject({ emails: ['alex@example.com'], phones: [] })
    const noAgent = offerPrefill(offer('seller'), t, 'https://offerbook.test')
    expect(noAgent).toMatchObject({ emails: ['ben@example.com'], phones: ['+16155550111'] })
    expect(noAgent.message).toContain('https://offerbook.test/property/p-1')
  })
})
