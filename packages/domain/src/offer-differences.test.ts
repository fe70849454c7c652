import { describe, expect, it } from 'vitest'
import type { TermDifference } from './offer-differences'
import { termDifferences, TERM_PATHS } from './offer-differences'
import { OfferTermsSchema } from './offer'
import type { OfferTerms } from './offer'
import { applyCounter } from './offer-negotiation'

const TERMS = OfferTermsSchema.parse({
  purchasePrice: 400_000,
  earnestMoney: { amount: 5_000, holder: 'title-company', holderName: 'Volunteer Title', dueDays: 3 },
  financing: { type: 'conventional', loanAmount: 320_000 },
  appraisalContingency: true,
  inspectionPeriodDays: 10,
  resolutionPeriodDays: 3,
  closingDate: '2030-04-15',
  expiresAt: '2030-03-03T17:00:00Z',
  stipulationChoices: { ACheckbox: true, Atext1: '3', Atext2: '9000', BCheckbox: true, Btext1: '2500' },
  addendum: { DCheckbox: true, Dtext1: '1800', Dtext2: '30' },
  stipulations: 'Seller leaves the piano.',
})

/** One line of the difference, written plainly for the assertion. */
function line(difference: TermDifference): string {
  if (difference.kind === 'term') return `${difference.path}: ${JSON.stringify(difference.before.value)} -> ${JSON.stringify(difference.after.value)}`
  if (difference.kind === 'clause') return `${difference.set} ${difference.clause.key} ${difference.change}`
  return `${difference.set} ${difference.clause.key} ${difference.field.name}: ${difference.before} -> ${difference.after}`
}

const lines = (after: OfferTerms) => termDifferences(TERMS, after).map(line)

describe('termDifferences', () => {
  it('finds nothing between a version and itself', () => {
    expect(termDifferences(TERMS, TERMS)).toEqual([])
    // Clause values in another order, or an unticked clause's leftovers, print the same contract.
    const reordered = { ...TERMS, stipulationChoices: { BCheckbox: true, Btext1: '2500', Atext2: '9000', Atext1: '3', ACheckbox: true, CCheckbox: false, Ctext1: 'left over' } }
    expect(termDifferences(TERMS, reordered)).toEqual([])
  })

  it('names each field of a group that changed, old and new', () => {
    const after = applyCounter(TERMS, { financing: { type: 'cash', loanAmount: null }, earnestMoney: { holder: 'attorney', holderAddress: '1 Main St, Nashville' } })
    expect(lines(after)).toEqual([
      'earnestMoney.holder: "title-company" -> "attorney"',
      'earnestMoney.holderAddress: "" -> "1 Main St, Nashville"',
      'financing.type: "conventional" -> "cash"',
      'financing.loanAmount: 320000 -> null',
    ])
  })

  it('writes every kind of term: money, days, yes or no, a date, a choice, an instant, a concession, text', () => {
    const after = applyCounter(TERMS, {
      purchasePrice: 410_000,
      appraisalContingency: false,
      inspectionPeriodDays: 7,
      resolutionPeriodDays: 5,
      saleOfBuyersPropertyContingency: true,
      closingDate: '2030-04-30',
      possession: { time: 'after-closing', date: '2030-05-02' },
      sellerConcessions: { unit: 'percent', amount: 2 },
      buyerBrokerCompensation: { unit: 'dollars', amount: 6_000 },
      homeWarranty: { included: true, amount: 550 },
      stipulations: 'Seller leaves the piano and the bench.',
      expiresAt: '2030-03-04T17:00:00Z',
    })
    expect(lines(after)).toEqual([
      'purchasePrice: 400000 -> 410000',
      'appraisalContingency: true -> false',
      'inspectionPeriodDays: 10 -> 7',
      'resolutionPeriodDays: 3 -> 5',
      'saleOfBuyersPropertyContingency: null -> true',
      'closingDate: "2030-04-15" -> "2030-04-30"',
      'possession.time: "at-closing" -> "after-closing"',
      'possession.date: null -> "2030-05-02"',
      'sellerConcessions: {"unit":"dollars","amount":null} -> {"unit":"percent","amount":2}',
      'buyerBrokerCompensation: {"unit":"dollars","amount":null} -> {"unit":"dollars","amount":6000}',
      'homeWarranty.included: false -> true',
      'homeWarranty.amount: null -> 550',
      'stipulations: "Seller leaves the piano." -> "Seller leaves the piano and the bench."',
      'expiresAt: "2030-03-03T17:00:00Z" -> "2030-03-04T17:00:00Z"',
    ])
    const kinds = new Set(termDifferences(TERMS, after).map((difference) => (difference.kind === 'term' ? difference.after.type : difference.kind)))
    expect([...kinds].sort()).toEqual(['concession', 'date', 'days', 'instant', 'money', 'text', 'yesNo', 'choice'].sort())
  })

  it('strikes and adds stipulations clause by clause, and changes a clause field as the contract prints it', () => {
    const after = applyCounter(TERMS, {
      stipulationChoices: { ACheckbox: true, Atext1: '3', Atext2: '12000', CCheckbox: true, Ctext1: 'Sewer', Ctext2: 'Metro', Ctext3: 'Seller' },
      addendum: { DCheckbox: true, Dtext1: '1800', Dtext2: '21' },
    })
    expect(lines(after)).toEqual(['stipulations A Atext2: 9,000 -> 12,000', 'stipulations B struck', 'stipulations C added', 'rf707 D Dtext2: 30 -> 21'])
  })

  it('strikes every clause of a set the counter empties, and adds an escalation field by field', () => {
    const after = applyCounter(TERMS, { stipulationChoices: null, addendum: null, escalation: { increment: 1_000, cap: 430_000, proofRequired: true } })
    expect(lines(after)).toEqual([
      'escalation: false -> true',
      'escalation.increment: null -> 1000',
      'escalation.cap: null -> 430000',
      'escalation.proofRequired: null -> true',
      'stipulations A struck',
      'stipulations B struck',
      'rf707 D struck',
    ])
  })

  it('compares every counter term but the parties and the form', () => {
    const paths = new Set(TERM_PATHS.map((path) => path.split('.')[0]))
    for (const term of ['buyers', 'buyerAgent', 'listingAgent', 'form', 'buyerAgreement']) expect(paths.has(term)).toBe(false)
    const changedParties = { ...TERMS, buyers: [{ fullName: 'Someone Else', email: '', phone: '' }] }
    expect(termDifferences(TERMS, changedParties)).toEqual([])
  })
})
