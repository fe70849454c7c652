import { describe, expect, it } from 'vitest'
import { OfferTermsSchema, shareProblems } from './offer'
import { applyCounter, counterChanges, CounterOfferSchema, differingTerms } from './offer-negotiation'

const NOW = new Date('2030-03-01T12:00:00Z')
const TERMS = OfferTermsSchema.parse({
  purchasePrice: 400_000,
  earnestMoney: { amount: 5_000, holder: 'title-company', holderName: 'Volunteer Title', dueDays: 3 },
  financing: { type: 'cash' },
  appraisalContingency: false,
  inspectionPeriodDays: 0,
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

describe('a counter on every term', () => {
  const parse = (terms: unknown) => CounterOfferSchema.safeParse({ version: 1, terms })

  it('changes a group field by field, keeping the fields it leaves out', () => {
    const counter = parse({ financing: { type: 'fha', loanAmount: 380_000 }, possession: { time: 'after-closing', date: '2030-04-20' } })
    expect(counter.success).toBe(true)
    const next = applyCounter(TERMS, counter.data?.terms ?? {})
    expect(next.financing).toEqual({ ...TERMS.financing, type: 'fha', loanAmount: 380_000 })
    expect(next.possession).toEqual({ time: 'after-closing', date: '2030-04-20' })
    expect(next.earnestMoney).toEqual(TERMS.earnestMoney)
    expect(differingTerms(TERMS, next)).toEqual(['financing', 'possession'])
  })

  it('replaces the clause choices whole: null strikes them all, and a ticked clause needs its fields', () => {
    const withClauses = applyCounter(TERMS, { stipulationChoices: { BCheckbox: true, Btext1: '2500' }, addendum: { DCheckbox: true, Dtext1: '1800', Dtext2: '30' } })
    expect(applyCounter(withClauses, { stipulationChoices: null }).stipulationChoices).toBeNull()
    expect(applyCounter(withClauses, { stipulationChoices: null }).addendum).toEqual(withClauses.addendum)
    const missing = parse({ addendum: { DCheckbox: true, Dtext1: '', Dtext2: '30' } })
    expect(missing.success).toBe(false)
    expect(missing.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['terms.addendum.Dtext1', 'common.required']])
  })

  it('refuses a term no counter may change, and a field a group does not have', () => {
    expect(parse({ buyers: [] }).success).toBe(false)
    expect(parse({ form: { code: 'OB-PSA' } }).success).toBe(false)
    expect(parse({ financing: { rate: 6 } }).success).toBe(false)
    expect(parse({ earnestMoney: { dueDays: 90 } }).success).toBe(false)
  })

  it('is found again from the edited terms: counterChanges then applyCounter gives the edit back', () => {
    const edited = { ...TERMS, financing: { ...TERMS.financing, type: 'va' as const }, resolutionPeriodDays: 4, stipulationChoices: { ACheckbox: true, Atext1: '2', Atext2: '5000' } }
    const changes = counterChanges(TERMS, edited)
    expect(changes).toEqual({ financing: { type: 'va' }, resolutionPeriodDays: 4, stipulationChoices: edited.stipulationChoices })
    expect(applyCounter(TERMS, changes)).toEqual(edited)
    expect(counterChanges(TERMS, { ...TERMS, buyers: [] })).toEqual({})
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
