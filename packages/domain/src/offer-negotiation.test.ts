import { describe, expect, it } from 'vitest'
import { OfferTermsSchema, shareProblems } from './offer'
import { applyCounter, CounterOfferSchema, differingTerms } from './offer-negotiation'

const NOW = new Date('2030-03-01T12:00:00Z')
const TERMS = OfferTermsSchema.parse({
  purchasePrice: 400_000,
  earnestMoney: { amount: 5_000, holder: 'title-company', holderName: 'Volunteer Title', dueDays: 3 },
  financing: { type: 'cash' },
  closingDate: '2030-04-15',
  expiresAt: '2030-03-03T17:00:00Z',
  buyers: [{ fullName: 'Ben Buyer', email: 'ben@example.com' }],
  listingAgent: { fullName: 'Lena Listing', email: 'lena@example.com' },
})

describe('applyCounter', () => {
  it('changes only the chosen terms, keeps the rest, and names what changed', () => {
    const next = applyCounter(TERMS, { purchasePrice: 420_000, earnestMoney: { amount: 8_000 } })
    expect(next.purchasePrice).toBe(420_000)
    expect(next.earnestMoney).toEqual({ ...TERMS.earnestMoney, amount: 8_000 })
    expect(next.closingDate).toBe(TERMS.closingDate)
    expect(differingTerms(TERMS, next)).toEqual(['purchasePrice', 'earnestMoney'])
  })

  it('finds no difference in a counter that repeats the terms', () => {
    expect(differingTerms(TERMS, applyCounter(TERMS, { purchasePrice: 400_000, closingDate: '2030-04-15' }))).toEqual([])
  })

  it('refuses a counter term the offer terms refuse', () => {
    expect(CounterOfferSchema.safeParse({ version: 1, terms: { purchasePrice: 10 } }).success).toBe(false)
    expect(CounterOfferSchema.safeParse({ version: 1, terms: { inspectionPeriodDays: 90 } }).success).toBe(false)
    expect(CounterOfferSchema.parse({ version: 1, terms: {} })).toEqual({ version: 1, terms: {}, message: '' })
    // A counter names the version it answers (decision 036).
    expect(CounterOfferSchema.safeParse({ terms: {} }).success).toBe(false)
  })
})

describe('the escalation clause at share', () => {
  it('asks for the increment and a cap above the price', () => {
    const fields = (escalation: unknown) => shareProblems(OfferTermsSchema.parse({ ...TERMS, escalation }), NOW).map((problem) => [problem.field, problem.key])
    expect(fields(null)).toEqual([])
    expect(fields({})).toEqual([
      ['escalation.increment', 'offerTerms.escalationIncrementRequired'],
      ['escalation.cap', 'offerTerms.escalationCapRequired'],
    ])
    expect(fields({ increment: 2_000, cap: 400_000 })).toEqual([['escalation.cap', 'offerTerms.escalationCapAbovePrice']])
    expect(fields({ increment: 2_000, cap: 425_000, proofRequired: false })).toEqual([])
  })
})
