import { describe, expect, it } from 'vitest'
import type { OfferTermsInput } from './offer'
import { concatLabel } from './clauses/clause-text'
import { STIPULATION_CLAUSES } from './clauses/stipulation-catalogue'
import type { MessageKey } from './messages'
import { issueMessage, messageText } from './messages'
import { addendumClausesText, offerStipulationsText, stipulationClausesText } from './offer-clauses'
import {
  addCalendarDays,
  concessionDollars,
  EMPTY_OFFER_TERMS,
  formsProblem,
  hasBuyerDetails,
  hasListingAgent,
  offerDeadlines,
  OfferTermsSchema,
  shareProblems,
  tennesseeDate,
} from './offer'

const NOW = new Date('2025-05-10T15:00:00Z')

const BUYER = { fullName: 'Ben Buyer', email: 'ben@example.com', phone: '(615) 555-0101' }
const EARNEST = { amount: 5_000, holder: 'title-company', dueDays: 3 } as const
const LISTING_AGENT = { fullName: 'Lena Listing', email: 'lena@example.com', phone: '', firmName: 'Listing Realty', firmLicenseNumber: '261234', licenseNumber: '339911' }

/** An offer that can be shared at NOW; each test breaks one thing. */
function complete(overrides: OfferTermsInput = {}) {
  return OfferTermsSchema.parse({
    purchasePrice: 400_000,
    earnestMoney: EARNEST,
    financing: { type: 'conventional', loanAmount: 320_000 },
    appraisalContingency: true,
    inspectionPeriodDays: 10,
    resolutionPeriodDays: 3,
    saleOfBuyersPropertyContingency: false,
    closingDate: '2025-06-30',
    expiresAt: '2025-05-12T17:00:00-05:00',
    buyers: [BUYER],
    listingAgent: LISTING_AGENT,
    ...overrides,
  })
}

const keysOf = (problems: { key: MessageKey }[]) => problems.map((problem) => problem.key)
const english = (key: MessageKey) => messageText(key)

describe('OfferTermsSchema', () => {
  it('takes an empty draft: every term may still be blank', () => {
    expect(OfferTermsSchema.safeParse({}).success).toBe(true)
    expect(EMPTY_OFFER_TERMS.purchasePrice).toBeNull()
    expect(EMPTY_OFFER_TERMS.buyers).toEqual([])
    expect(EMPTY_OFFER_TERMS.possession.time).toBe('at-closing')
    expect(EMPTY_OFFER_TERMS.sellerConcessions).toEqual({ unit: 'dollars', amount: null })
    expect(EMPTY_OFFER_TERMS.addendum).toBeNull()
  })

  /** The first issue's message in English, as the API answers it. */
  const firstMessage = (input: unknown) => {
    const issue = OfferTermsSchema.safeParse(input).error?.issues[0]
    if (!issue) return null
    const problem = issueMessage(issue)
    return messageText(problem.key, problem.params)
  }

  it('refuses a price outside $1,000 to $1,000,000,000 or in cents, with the range in the message', () => {
    expect(firstMessage({ purchasePrice: 999 })).toBe(english('offerTerms.priceRange'))
    expect(firstMessage({ purchasePrice: 1_000_000_001 })).toBe(english('offerTerms.priceRange'))
    expect(firstMessage({ purchasePrice: 250_000.5 })).toBe(english('offerTerms.wholeDollars'))
    expect(firstMessage({ purchasePrice: '250000' })).toBe(english('offerTerms.priceRange'))
    expect(firstMessage({ purchasePrice: 1_000 })).toBeNull()
  })

  it('refuses a percent concession over 100 and a dollar concession in cents', () => {
    expect(firstMessage({ sellerConcessions: { unit: 'percent', amount: 101 } })).toBe(english('offerTerms.percentRange'))
    expect(firstMessage({ sellerConcessions: { unit: 'percent', amount: 2.5 } })).toBeNull()
    expect(firstMessage({ buyerBrokerCompensation: { unit: 'dollars', amount: 99.99 } })).toBe(english('offerTerms.wholeDollars'))
    expect(firstMessage({ buyerBrokerCompensation: { unit: 'dollars', amount: -1 } })).toBe(english('offerTerms.amountRange'))
  })

  it('counts days in whole numbers up to 60', () => {
    expect(firstMessage({ inspectionPeriodDays: 61 })).toBe('Enter a whole number of days from 0 to 60')
    expect(firstMessage({ inspectionPeriodDays: 1.5 })).toBe('Enter a whole number of days from 0 to 60')
    expect(firstMessage({ earnestMoney: { dueDays: -1 } })).toBe('Enter a whole number of days from 0 to 60')
    expect(firstMessage({ inspectionPeriodDays: '10' })).toBe('Enter a whole number of days from 0 to 60')
    expect(firstMessage({ inspectionPeriodDays: 0 })).toBeNull()
  })

  it('refuses dates that are not dates, a fifth buyer, long text and unknown addendum fields', () => {
    expect(firstMessage({ closingDate: '2025-02-30' })).toBe(english('offerTerms.invalidDate'))
    expect(firstMessage({ expiresAt: 'tomorrow' })).toBe(english('offerTerms.invalidDate'))
    expect(firstMessage({ buyers: Array.from({ length: 5 }, () => BUYER) })).toBe(english('offerTerms.maxBuyers'))
    expect(firstMessage({ stipulations: 'x'.repeat(20_001) })).toBe('Must have at most 20000 characters')
    expect(firstMessage({ listingAgent: { firmLicenseNumber: '1'.repeat(26) } })).toBe('Must have at most 25 characters')
    expect(firstMessage({ addendum: { NotAField: true, MCheckbox: true } })).toBe('Invalid value')
    expect(firstMessage({ addendum: { MCheckbox: true } })).toBeNull()
  })
})

describe('the clause choices an offer saves', () => {
  const issuesOf = (input: unknown) => (OfferTermsSchema.safeParse(input).error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), ...issueMessage(issue) }))

  it('keeps no choices by default, and the stipulation choices as they were made', () => {
    expect(EMPTY_OFFER_TERMS.stipulationChoices).toBeNull()
    const choices = { ACheckbox: true, Atext1: '3', Atext2: '5,000', MCheckbox: true, BCheckbox: false, Btext1: '' }
    expect(OfferTermsSchema.parse({ stipulationChoices: choices }).stipulationChoices).toEqual(choices)
  })

  it('checks both catalogues with the clause form rules, each error on its field', () => {
    expect(issuesOf({ stipulationChoices: { ACheckbox: true, Atext1: '101', Atext2: '' } })).toEqual([
      { path: 'stipulationChoices.Atext1', key: 'clauses.percentOver' },
      { path: 'stipulationChoices.Atext2', key: 'common.required' },
    ])
    expect(issuesOf({ addendum: { NCheckbox: true, Ntext1: 'x'.repeat(1201) } })).toEqual([{ path: 'addendum.Ntext1', key: 'common.tooLong', params: { maximum: 1200 } }])
    expect(issuesOf({ stipulationChoices: { ACheckbox: false } })).toEqual([{ path: 'stipulationChoices', key: 'clauses.tickOne' }])
    // Z is a stipulation clause, not an RF707 one.
    expect(issuesOf({ addendum: { ZCheckbox: true, MCheckbox: true } })).toEqual([{ path: 'addendum', key: 'common.invalidValue' }])
  })

  it('builds the stipulation text from the ticked clauses, then the free text', () => {
    const terms = OfferTermsSchema.parse({ stipulationChoices: { MCheckbox: true, RCheckbox: true, Rtext1: ' 7 ' }, stipulations: ' Seller leaves the washer. ' })
    const clauses = stipulationClausesText(terms)
    expect(clauses.split('\n')).toEqual([concatLabel(STIPULATION_CLAUSES, { MCheckbox: true }), concatLabel(STIPULATION_CLAUSES, { RCheckbox: true, Rtext1: '7' })])
    expect(clauses).toContain('inspected within 7 days after the Binding Agreement Date')
    expect(offerStipulationsText(terms)).toBe(`${clauses}\nSeller leaves the washer.`)
    expect(offerStipulationsText({ stipulationChoices: null, stipulations: '  ' })).toBe('')
    expect(stipulationClausesText(EMPTY_OFFER_TERMS)).toBe('')
    expect(offerStipulationsText({ stipulationChoices: null, stipulations: 'Imported before the choices were kept.' })).toBe('Imported before the choices were kept.')
    expect(addendumClausesText(OfferTermsSchema.parse({ addendum: { MCheckbox: true } }))).toBe(concatLabel(STIPULATION_CLAUSES, { MCheckbox: true }))
  })
})

describe('who is named on the offer', () => {
  it('has a listing agent only with a name and a real email', () => {
    expect(hasListingAgent(complete())).toBe(true)
    expect(hasListingAgent(complete({ listingAgent: { ...LISTING_AGENT, fullName: '   ' } }))).toBe(false)
    expect(hasListingAgent(complete({ listingAgent: { ...LISTING_AGENT, email: '' } }))).toBe(false)
    expect(hasListingAgent(EMPTY_OFFER_TERMS)).toBe(false)
  })

  it('has buyer details when every buyer has a first and last name and an email', () => {
    expect(hasBuyerDetails(complete())).toBe(true)
    expect(hasBuyerDetails(complete({ buyers: [BUYER, { fullName: 'Bea Buyer', email: 'bea@example.com' }] }))).toBe(true)
    expect(hasBuyerDetails(complete({ buyers: [] }))).toBe(false)
    expect(hasBuyerDetails(complete({ buyers: [{ fullName: 'Ben', email: 'ben@example.com' }] }))).toBe(false)
    expect(hasBuyerDetails(complete({ buyers: [BUYER, { fullName: 'Bea Buyer', email: '' }] }))).toBe(false)
  })
})

describe('shareProblems', () => {
  it('finds nothing wrong with a complete offer', () => {
    expect(shareProblems(complete(), NOW)).toEqual([])
  })

  it('lists every missing term of an empty draft on its field, the listing agent first with the spec message', () => {
    expect(shareProblems(EMPTY_OFFER_TERMS, NOW)).toEqual([
      { field: 'listingAgent', key: 'offerTerms.listingAgentRequired' },
      { field: 'purchasePrice', key: 'offerTerms.purchasePriceRequired' },
      { field: 'buyers', key: 'offerTerms.buyersRequired' },
      { field: 'earnestMoney.amount', key: 'offerTerms.earnestMoneyRequired' },
      { field: 'earnestMoney.holder', key: 'offerTerms.earnestHolderRequired' },
      { field: 'earnestMoney.dueDays', key: 'offerTerms.earnestDueDaysRequired' },
      { field: 'financing.type', key: 'offerTerms.financingRequired' },
      { field: 'appraisalContingency', key: 'offerTerms.appraisalRequired' },
      { field: 'inspectionPeriodDays', key: 'offerTerms.inspectionPeriodRequired' },
      { field: 'closingDate', key: 'offerTerms.closingDateRequired' },
      { field: 'expiresAt', key: 'offerTerms.expirationRequired' },
    ])
    expect(english('offerTerms.listingAgentRequired')).toBe('Listing agent email & name is mandatory to share the offer')
  })

  it('asks for the listing agent when the name or the email is missing, even if all else is there', () => {
    expect(shareProblems(complete({ listingAgent: { ...LISTING_AGENT, email: '' } }), NOW)).toEqual([{ field: 'listingAgent', key: 'offerTerms.listingAgentRequired' }])
    expect(shareProblems(complete({ listingAgent: { ...LISTING_AGENT, fullName: '' } }), NOW)).toEqual([{ field: 'listingAgent', key: 'offerTerms.listingAgentRequired' }])
  })

  it('asks a financed offer for the loan amount or the down payment; cash needs neither', () => {
    expect(keysOf(shareProblems(complete({ financing: { type: 'fha' } }), NOW))).toEqual(['offerTerms.loanAmountRequired'])
    expect(shareProblems(complete({ financing: { type: 'fha', downPayment: 14_000 } }), NOW)).toEqual([])
    expect(shareProblems(complete({ financing: { type: 'cash' } }), NOW)).toEqual([])
  })

  it('refuses a loan above the price', () => {
    expect(shareProblems(complete({ financing: { type: 'va', loanAmount: 400_001 } }), NOW)).toEqual([{ field: 'financing.loanAmount', key: 'offerTerms.loanAbovePrice' }])
    expect(shareProblems(complete({ financing: { type: 'va', loanAmount: 400_000 } }), NOW)).toEqual([])
  })

  it('wants a closing date after today (UTC) and an expiration after now', () => {
    expect(keysOf(shareProblems(complete({ closingDate: '2025-05-10' }), NOW))).toEqual(['offerTerms.closingDatePast', 'offerTerms.expiryAfterClosing'])
    expect(shareProblems(complete({ closingDate: '2025-05-11', expiresAt: '2025-05-11T12:00:00-05:00' }), NOW)).toEqual([])
    expect(keysOf(shareProblems(complete({ expiresAt: '2025-05-10T15:00:00Z' }), NOW))).toEqual(['offerTerms.expirationPast'])
    expect(shareProblems(complete({ expiresAt: '2025-05-10T15:00:01Z' }), NOW)).toEqual([])
  })

  it('refuses concessions (with buyer-broker compensation, dollars or percent) above the price', () => {
    const over = complete({ sellerConcessions: { unit: 'percent', amount: 60 }, buyerBrokerCompensation: { unit: 'dollars', amount: 160_001 } })
    expect(shareProblems(over, NOW)).toEqual([{ field: 'sellerConcessions.amount', key: 'offerTerms.concessionsAbovePrice' }])
    const atPrice = complete({ sellerConcessions: { unit: 'percent', amount: 60 }, buyerBrokerCompensation: { unit: 'dollars', amount: 160_000 } })
    expect(shareProblems(atPrice, NOW)).toEqual([])
  })

  it('refuses earnest money over the price, and an expiry on a day after the closing date (in Tennessee)', () => {
    expect(shareProblems(complete({ earnestMoney: { ...EARNEST, amount: 400_001 } }), NOW)).toEqual([{ field: 'earnestMoney.amount', key: 'offerTerms.earnestAbovePrice' }])
    expect(shareProblems(complete({ earnestMoney: { ...EARNEST, amount: 400_000 } }), NOW)).toEqual([])
    // 11:59 PM Central on the closing day still expires on it; a minute later is the next day.
    expect(shareProblems(complete({ closingDate: '2025-05-20', expiresAt: '2025-05-20T23:59:00-05:00' }), NOW)).toEqual([])
    expect(shareProblems(complete({ closingDate: '2025-05-20', expiresAt: '2025-05-21T00:01:00-05:00' }), NOW)).toEqual([{ field: 'expiresAt', key: 'offerTerms.expiryAfterClosing' }])
  })

  it('asks for the earnest money amount, who holds it and within how many days it is due, each on its field', () => {
    expect(shareProblems(complete({ earnestMoney: { holder: 'attorney', dueDays: 5 } }), NOW)).toEqual([{ field: 'earnestMoney.amount', key: 'offerTerms.earnestMoneyRequired' }])
    expect(shareProblems(complete({ earnestMoney: { amount: 5_000, dueDays: 5 } }), NOW)).toEqual([{ field: 'earnestMoney.holder', key: 'offerTerms.earnestHolderRequired' }])
    expect(shareProblems(complete({ earnestMoney: { amount: 5_000, holder: 'attorney' } }), NOW)).toEqual([{ field: 'earnestMoney.dueDays', key: 'offerTerms.earnestDueDaysRequired' }])
    // Zero is an answer, not a blank: no earnest money, or money due on the Binding Agreement Date (money bounds question the first).
    expect(shareProblems(complete({ earnestMoney: { amount: 0, holder: 'listing-broker', dueDays: 0 } }), NOW)).toEqual([])
    expect(english('offerTerms.earnestMoneyRequired')).toBe('Enter the earnest money amount')
    expect(english('offerTerms.earnestHolderRequired')).toBe('Choose who holds the earnest money')
    expect(english('offerTerms.earnestDueDaysRequired')).toBe('Enter within how many days the earnest money is due')
  })

  it('asks whether the offer is contingent on the appraisal, whatever the financing, and takes either answer', () => {
    expect(shareProblems(complete({ appraisalContingency: null }), NOW)).toEqual([{ field: 'appraisalContingency', key: 'offerTerms.appraisalRequired' }])
    expect(shareProblems(complete({ financing: { type: 'cash' }, appraisalContingency: null }), NOW)).toEqual([{ field: 'appraisalContingency', key: 'offerTerms.appraisalRequired' }])
    expect(shareProblems(complete({ financing: { type: 'cash' }, appraisalContingency: true }), NOW)).toEqual([])
    expect(shareProblems(complete({ appraisalContingency: false }), NOW)).toEqual([])
    expect(english('offerTerms.appraisalRequired')).toBe('Choose whether the offer is contingent on the appraisal')
  })

  it('asks for the inspection period, and for the resolution period unless the inspection is waived (0 days)', () => {
    expect(shareProblems(complete({ inspectionPeriodDays: null, resolutionPeriodDays: null }), NOW)).toEqual([{ field: 'inspectionPeriodDays', key: 'offerTerms.inspectionPeriodRequired' }])
    expect(shareProblems(complete({ inspectionPeriodDays: 10, resolutionPeriodDays: null }), NOW)).toEqual([{ field: 'resolutionPeriodDays', key: 'offerTerms.resolutionPeriodRequired' }])
    expect(shareProblems(complete({ inspectionPeriodDays: 1, resolutionPeriodDays: 0 }), NOW)).toEqual([])
    expect(shareProblems(complete({ inspectionPeriodDays: 0, resolutionPeriodDays: null }), NOW)).toEqual([])
    expect(english('offerTerms.inspectionPeriodRequired')).toBe('Enter the inspection period in days (0 waives it)')
    expect(english('offerTerms.resolutionPeriodRequired')).toBe('Enter the resolution period in days')
  })

  it('asks for the possession date when possession is before or after closing, not at closing', () => {
    expect(shareProblems(complete({ possession: { time: 'before-closing' } }), NOW)).toEqual([{ field: 'possession.date', key: 'offerTerms.possessionDateRequired' }])
    expect(shareProblems(complete({ possession: { time: 'after-closing' } }), NOW)).toEqual([{ field: 'possession.date', key: 'offerTerms.possessionDateRequired' }])
    expect(shareProblems(complete({ possession: { time: 'after-closing', date: '2025-07-03' } }), NOW)).toEqual([])
    expect(shareProblems(complete({ possession: { time: 'at-closing' } }), NOW)).toEqual([])
    expect(english('offerTerms.possessionDateRequired')).toBe('Enter the possession date')
  })

  it('parses an offer saved before the buyer agreement was asked, with none stated', () => {
    expect(OfferTermsSchema.parse({ purchasePrice: 400_000 }).buyerAgreement).toEqual({ type: null, date: null })
    expect(OfferTermsSchema.safeParse({ buyerAgreement: { type: 'exclusive', date: '2025-04-02' } }).success).toBe(true)
    expect(OfferTermsSchema.safeParse({ buyerAgreement: { type: 'handshake' } }).success).toBe(false)
  })
})

describe('formsProblem', () => {
  it('asks for the buyer details first, then the listing agent details, with the spec messages', () => {
    expect(formsProblem(EMPTY_OFFER_TERMS)).toEqual({ field: 'buyers', key: 'offerTerms.buyerDetailsRequired' })
    expect(english('offerTerms.buyerDetailsRequired')).toBe('Please fill the buyer details before generating the forms')
    expect(formsProblem(complete({ buyers: [{ fullName: 'Ben', email: 'ben@example.com' }] }))?.key).toBe('offerTerms.buyerDetailsRequired')
    expect(formsProblem(complete({ listingAgent: {} }))).toEqual({ field: 'listingAgent', key: 'offerTerms.listingAgentDetailsRequired' })
    expect(english('offerTerms.listingAgentDetailsRequired')).toBe('Please fill the listing agent details before generating the forms')
    expect(formsProblem(complete())).toBeNull()
  })

  it('then names the first field the contract needs that is empty, and lets a past date stand', () => {
    expect(formsProblem(complete({ earnestMoney: { amount: 5_000, holder: null, dueDays: 3 } }))).toEqual({ field: 'earnestMoney.holder', key: 'offerTerms.earnestHolderRequired' })
    expect(formsProblem(complete({ inspectionPeriodDays: 10, resolutionPeriodDays: null }))).toEqual({ field: 'resolutionPeriodDays', key: 'offerTerms.resolutionPeriodRequired' })
    expect(formsProblem(complete({ possession: { time: 'after-closing', date: null } }))).toEqual({ field: 'possession.date', key: 'offerTerms.possessionDateRequired' })
    expect(formsProblem(complete({ closingDate: '2001-01-01', expiresAt: '2000-12-01T17:00:00Z' }))).toBeNull()
  })

  it('asks for the price before the other contract terms once the parties are named', () => {
    expect(formsProblem(OfferTermsSchema.parse({ buyers: [BUYER], listingAgent: LISTING_AGENT }))).toEqual({ field: 'purchasePrice', key: 'offerTerms.purchasePriceRequired' })
  })
})

describe('concessionDollars', () => {
  it('takes dollars as they are and a percent of the price rounded to the dollar', () => {
    expect(concessionDollars({ unit: 'dollars', amount: 7_500 }, 400_000)).toBe(7_500)
    expect(concessionDollars({ unit: 'percent', amount: 3 }, 400_000)).toBe(12_000)
    expect(concessionDollars({ unit: 'percent', amount: 2.5 }, 333_333)).toBe(8_333)
    expect(concessionDollars({ unit: 'percent', amount: 3 }, null)).toBe(0)
    expect(concessionDollars({ unit: 'dollars', amount: null }, 400_000)).toBe(0)
  })
})

describe('deadlines from the Binding Agreement Date', () => {
  it('adds calendar days across month ends, year ends and the leap day', () => {
    expect(addCalendarDays('2025-01-31', 1)).toBe('2025-02-01')
    expect(addCalendarDays('2025-01-31', 30)).toBe('2025-03-02')
    expect(addCalendarDays('2025-12-29', 3)).toBe('2026-01-01')
    expect(addCalendarDays('2024-02-28', 1)).toBe('2024-02-29')
    expect(addCalendarDays('2024-02-28', 2)).toBe('2024-03-01')
    expect(addCalendarDays('2023-02-28', 1)).toBe('2023-03-01')
    expect(addCalendarDays('2025-03-08', 1)).toBe('2025-03-09') // the night clocks go forward in Tennessee
    expect(addCalendarDays('2025-11-01', 2)).toBe('2025-11-03') // and back
    expect(addCalendarDays('2025-05-10', 0)).toBe('2025-05-10')
  })

  it('counts earnest money and the inspection period from the date, and keeps the closing date', () => {
    const terms = complete({ earnestMoney: { amount: 5_000, dueDays: 3 }, inspectionPeriodDays: 10, closingDate: '2025-03-31' })
    expect(offerDeadlines(terms, '2025-02-26')).toEqual({
      bindingAgreementDate: '2025-02-26',
      earnestMoneyDue: '2025-03-01',
      inspectionPeriodEnds: '2025-03-08',
      closing: '2025-03-31',
    })
  })

  it('lands on the leap day and past the year end', () => {
    const terms = complete({ earnestMoney: { dueDays: 9 }, inspectionPeriodDays: 10, closingDate: '2024-04-15' })
    expect(offerDeadlines(terms, '2024-02-20')).toMatchObject({ earnestMoneyDue: '2024-02-29', inspectionPeriodEnds: '2024-03-01' })
    expect(offerDeadlines(complete({ earnestMoney: { dueDays: 5 }, inspectionPeriodDays: 14 }), '2024-12-28')).toMatchObject({ earnestMoneyDue: '2025-01-02', inspectionPeriodEnds: '2025-01-11' })
  })

  it('has no deadline for a term left blank, nor for a waived inspection', () => {
    const blank = offerDeadlines(EMPTY_OFFER_TERMS, '2025-05-10')
    expect(blank).toEqual({ bindingAgreementDate: '2025-05-10', earnestMoneyDue: null, inspectionPeriodEnds: null, closing: null })
    expect(offerDeadlines(complete({ inspectionPeriodDays: 0 }), '2025-05-10').inspectionPeriodEnds).toBeNull()
  })
})

describe('tennesseeDate', () => {
  it('is the date in Central time, not in UTC, around midnight UTC', () => {
    // Standard time (UTC-6): midnight UTC is 6 PM the day before in Nashville.
    expect(tennesseeDate(new Date('2025-03-01T00:00:00Z'))).toBe('2025-02-28')
    expect(tennesseeDate(new Date('2025-01-15T05:59:59Z'))).toBe('2025-01-14')
    expect(tennesseeDate(new Date('2025-01-15T06:00:00Z'))).toBe('2025-01-15')
    // Daylight time (UTC-5).
    expect(tennesseeDate(new Date('2025-07-01T04:59:59Z'))).toBe('2025-06-30')
    expect(tennesseeDate(new Date('2025-07-01T05:00:00Z'))).toBe('2025-07-01')
  })

  it('turns the year and the leap day in Central time', () => {
    expect(tennesseeDate(new Date('2026-01-01T03:00:00Z'))).toBe('2025-12-31')
    expect(tennesseeDate(new Date('2026-01-01T06:00:00Z'))).toBe('2026-01-01')
    expect(tennesseeDate(new Date('2024-03-01T05:30:00Z'))).toBe('2024-02-29')
  })
})
