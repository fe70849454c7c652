import { describe, expect, it } from 'vitest'
import type { AmendmentChanges } from './contract-amendments'
import { AnswerRepairsSchema, amendmentLines, amendmentProblems, amendmentTimelineChanges, applyAmendment, DraftAmendmentSchema, REPAIRS_HEADING, repairsAwaiting } from './contract-amendments'
import { termDifferences } from './offer-differences'
import { OfferTermsSchema } from './offer-terms'
import { SAMPLE_AGREEMENT_TERMS } from './contracts/purchase-agreement.test-helpers'

// Bound on Monday 2025-05-05 at noon in Nashville; closing on Monday 2025-06-30.
const TERMS = OfferTermsSchema.parse(SAMPLE_AGREEMENT_TERMS)
const BOUND = '2025-05-05T17:00:00Z'
const ZONE = 'America/Chicago'
const CONTEXT = { today: '2025-05-20', listPrice: 410_000, confirmed: false }

const problems = (changes: AmendmentChanges, context = CONTEXT) => amendmentProblems(TERMS, changes, context)
const moved = (changes: AmendmentChanges) => amendmentTimelineChanges(TERMS, changes, BOUND, ZONE).changes

describe('an amendment applied to the terms', () => {
  it('a new closing date moves closing and title (due before closing), and possession after closing stays on its own date', () => {
    const next = applyAmendment(TERMS, { closingDate: '2025-07-15' })
    expect(next.closingDate).toBe('2025-07-15')
    expect(next.possession).toEqual(TERMS.possession)
    expect(termDifferences(TERMS, next).map((line) => line.kind === 'term' && line.path)).toEqual(['closingDate'])
    expect(moved({ closingDate: '2025-07-15' })).toEqual([
      { kind: 'title', change: 'moved', from: '2025-06-30', to: '2025-07-15' },
      { kind: 'closing', change: 'moved', from: '2025-06-30', to: '2025-07-15' },
    ])
  })

  it('a price reduction after the inspection changes the price and moves no date', () => {
    const next = applyAmendment(TERMS, { purchasePrice: 385_000 })
    expect(next.purchasePrice).toBe(385_000)
    expect(moved({ purchasePrice: 385_000 })).toEqual([])
  })

  it('possession at closing carries no date, and its timeline item moves to the closing date', () => {
    const next = applyAmendment(TERMS, { possession: { time: 'at-closing', date: '2025-08-01' } })
    expect(next.possession).toEqual({ time: 'at-closing', date: null })
    expect(moved({ possession: { time: 'at-closing', date: null } })).toEqual([{ kind: 'possession', change: 'moved', from: '2025-07-02', to: '2025-06-30' }])
  })

  it('a seller credit replaces the concession', () => {
    expect(applyAmendment(TERMS, { sellerConcessions: { unit: 'dollars', amount: 7_500 } }).sellerConcessions).toEqual({ unit: 'dollars', amount: 7_500 })
    expect(moved({ sellerConcessions: { unit: 'dollars', amount: 7_500 } })).toEqual([])
  })

  it('an extension of the inspection period moves its end and the resolution period after it', () => {
    const changes = moved({ inspectionPeriodDays: 14 })
    expect(changes).toContainEqual({ kind: 'inspectionPeriod', change: 'moved', from: '2025-05-15', to: '2025-05-19' })
    expect(changes).toContainEqual({ kind: 'resolutionPeriod', change: 'moved', from: '2025-05-18', to: '2025-05-22' })
  })

  it('an extension of the resolution period moves only its end', () => {
    expect(moved({ resolutionPeriodDays: 7 })).toEqual([{ kind: 'resolutionPeriod', change: 'moved', from: '2025-05-18', to: '2025-05-22' }])
  })

  it('repairs are added to the special stipulations, numbered, after the ones there', () => {
    const next = applyAmendment(TERMS, { repairs: ['Replace the water heater', 'Fix the roof leak over the garage'] })
    expect(next.stipulations).toBe(`${TERMS.stipulations}\n\n${REPAIRS_HEADING}\n1. Replace the water heater\n2. Fix the roof leak over the garage`)
    expect(moved({ repairs: ['Replace the water heater'] })).toEqual([])
  })

  it('lists each change old -> new, in the form order', () => {
    expect(amendmentLines(TERMS, { purchasePrice: 390_000, closingDate: '2025-07-15', repairs: ['Paint'] })).toEqual([
      { field: 'closingDate', before: '2025-06-30', after: '2025-07-15' },
      { field: 'purchasePrice', before: 400_000, after: 390_000 },
      { field: 'repairs', before: null, after: ['Paint'] },
    ])
  })
})

describe('what an amendment refuses, on its field', () => {
  it('an amendment naming nothing', () => {
    expect(problems({})).toEqual([{ path: 'changes', key: 'amendment.nothingChanged' }])
  })

  it('a field named with the value it already has', () => {
    expect(problems({ closingDate: '2025-06-30' })).toEqual([{ path: 'changes.closingDate', key: 'amendment.fieldUnchanged' }])
    expect(problems({ purchasePrice: 400_000, resolutionPeriodDays: 3 }).map((problem) => problem.path)).toEqual(['changes.purchasePrice', 'changes.resolutionPeriodDays'])
    expect(problems({ possession: { time: 'after-closing', date: '2025-07-02' } })).toEqual([{ path: 'changes.possession', key: 'amendment.fieldUnchanged' }])
  })

  it('closing moved before today, in the property calendar; today itself is allowed', () => {
    expect(problems({ closingDate: '2025-05-19' })).toEqual([{ path: 'changes.closingDate', key: 'amendment.closingBeforeToday' }])
    expect(problems({ closingDate: '2025-05-20' })).toEqual([])
  })

  it('possession before today, or after closing without a date', () => {
    expect(problems({ possession: { time: 'before-closing', date: '2025-05-01' } })).toEqual([{ path: 'changes.possession.date', key: 'amendment.possessionBeforeToday' }])
    expect(problems({ possession: { time: 'before-closing', date: null } })).toEqual([{ path: 'changes.possession.date', key: 'offerTerms.possessionDateRequired' }])
  })

  it('a price out of the money bounds needs its confirmation, as an offer price does', () => {
    expect(problems({ purchasePrice: 250_000 })).toEqual([{ path: 'changes.purchasePrice', key: 'amendment.priceUnconfirmed', params: { percent: 70 } }])
    expect(problems({ purchasePrice: 250_000 }, { ...CONTEXT, confirmed: true })).toEqual([])
  })

  it('a price below the earnest money, or a credit above the price', () => {
    expect(problems({ purchasePrice: 4_000 }, { ...CONTEXT, confirmed: true })).toContainEqual({ path: 'changes.purchasePrice', key: 'offerTerms.earnestAbovePrice' })
    expect(problems({ sellerConcessions: { unit: 'dollars', amount: 500_000 } })).toEqual([{ path: 'changes.sellerConcessions.amount', key: 'offerTerms.concessionsAbovePrice' }])
  })

  it('the body schema refuses bad values with the offer rules and unknown fields', () => {
    const issues = (body: unknown) => (DraftAmendmentSchema.safeParse(body).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message])
    expect(issues({ version: 2, changes: { purchasePrice: 400_000.5 } })).toEqual([['changes.purchasePrice', 'offerTerms.wholeDollars']])
    expect(issues({ version: 2, changes: { closingDate: '2025-02-30' } })).toEqual([['changes.closingDate', 'offerTerms.invalidDate']])
    expect(issues({ version: 2, changes: { inspectionPeriodDays: 61 } })).toEqual([['changes.inspectionPeriodDays', 'offerTerms.daysRange']])
    expect(issues({ version: 2, changes: { repairs: ['  '] } })).toEqual([['changes.repairs.0', 'amendment.repairRequired']])
    expect(issues({ version: 2, changes: { repairs: [] } })).toEqual([['changes.repairs', 'amendment.repairsRequired']])
    expect(issues({ version: 2, changes: { buyers: [] } })[0]?.[0]).toBe('changes')
  })
})

describe('repair proposals', () => {
  it('a counter carries its own list', () => {
    expect(AnswerRepairsSchema.safeParse({ answer: 'countered' }).error?.issues[0]).toMatchObject({ path: ['repairs'], message: 'amendment.repairsRequired' })
    expect(AnswerRepairsSchema.safeParse({ answer: 'declined' }).success).toBe(true)
  })

  it('the side that did not put the latest list answers it', () => {
    expect(repairsAwaiting([{ side: 'buyer' }])).toBe('seller')
    expect(repairsAwaiting([{ side: 'buyer' }, { side: 'seller' }])).toBe('buyer')
    expect(repairsAwaiting([])).toBeNull()
  })
})
