import { describe, expect, it } from 'vitest'
import type { OfferTermsInput } from './offer'
import {
  addCalendarDays,
  concessionDollars,
  EMPTY_OFFER_TERMS,
  formsProblem,
  hasBuyerDetails,
  hasListingAgent,
  OFFER_MESSAGES,
  offerDeadlines,
  OfferTermsSchema,
  shareProblems,
  tennesseeDate,
} from './offer'

const NOW = new Date('2025-05-10T15:00:00Z')

const BUYER = { fullName: 'Ben Buyer', email: 'ben@example.com', phone: '(615) 555-0101' }
const LISTING_AGENT = { fullName: 'Lena Listing', email: 'lena@example.com', phone: '', firmName: 'Listing Realty', firmLicenseNumber: '261234', licenseNumber: '339911' }

/** An offer that can be shared at NOW; each test breaks one thing. */
function complete(overrides: OfferTermsInput = {}) {
  return OfferTermsSchema.parse({
    purchasePrice: 400_000,
    earnestMoney: { amount: 5_000, holder: 'title-company', dueDays: 3 },
    financing: { type: 'conventional', loanAmount: 320_000 },
    appraisalContingency: true,
    inspectionPeriodDays: 10,
    saleOfBuyersPropertyContingency: false,
    closingDate: '2025-06-30',
    expiresAt: '2025-05-12T17:00:00-05:00',
    buyers: [BUYER],
    listingAgent: LISTING_AGENT,
    ...overrides,
  })
}

const messagesOf = (problems: { message: string }[]) => problems.map((problem) => problem.message)

describe('OfferTermsSchema', () => {
  it('takes an empty draft: every term may still be blank', () => {
    expect(OfferTermsSchema.safeParse({}).success).toBe(true)
    expect(EMPTY_OFFER_TERMS.purchasePrice).toBeNull()
    expect(EMPTY_OFFER_TERMS.buyers).toEqual([])
    expect(EMPTY_OFFER_TERMS.possession.time).toBe('at-closing')
    expect(EMPTY_OFFER_TERMS.sellerConcessions).toEqual({ unit: 'dollars', amount: null })
    expect(EMPTY_OFFER_TERMS.addendum).toBeNull()
  })

  const firstMessage = (input: unknown) => {
    const result = OfferTermsSchema.safeParse(input)
    return result.success ? null : result.error.issues[0]?.message
  }

  it('refuses a price outside $1,000 to $1,000,000,000 or in cents, with the range in the message', () => {
    expect(firstMessage({ purchasePrice: 999 })).toBe(OFFER_MESSAGES.priceRange)
    expect(firstMessage({ purchasePrice: 1_000_000_001 })).toBe(OFFER_MESSAGES.priceRange)
    expect(firstMessage({ purchasePrice: 250_000.5 })).toBe(OFFER_MESSAGES.wholeDollars)
    expect(firstMessage({ purchasePrice: '250000' })).toBe(OFFER_MESSAGES.priceRange)
    expect(firstMessage({ purchasePrice: 1_000 })).toBeNull()
  })

  it('refuses a percent concession over 100 and a dollar concession in cents', () => {
    expect(firstMessage({ sellerConcessions: { unit: 'percent', amount: 101 } })).toBe(OFFER_MESSAGES.percentRange)
    expect(firstMessage({ sellerConcessions: { unit: 'percent', amount: 2.5 } })).toBeNull()
    expect(firstMessage({ buyerBrokerCompensation: { unit: 'dollars', amount: 99.99 } })).toBe(OFFER_MESSAGES.wholeDollars)
    expect(firstMessage({ buyerBrokerCompensation: { unit: 'dollars', amount: -1 } })).toBe(OFFER_MESSAGES.amountRange)
  })

  it('counts days in whole numbers up to 60', () => {
    expect(firstMessage({ inspectionPeriodDays: 61 })).toBe('Enter a whole number of days from 0 to 60')
    expect(firstMessage({ inspectionPeriodDays: 1.5 })).toBe('Enter a whole number of days from 0 to 60')
    expect(firstMessage({ earnestMoney: { dueDays: -1 } })).toBe('Enter a whole number of days from 0 to 60')
    expect(firstMessage({ inspectionPeriodDays: 0 })).toBeNull()
  })

  it('refuses dates that are not dates, a fifth buyer, long text and unknown addendum fields', () => {
    expect(firstMessage({ closingDate: '2025-02-30' })).toBe(OFFER_MESSAGES.invalidDate)
    expect(firstMessage({ expiresAt: 'tomorrow' })).toBe(OFFER_MESSAGES.invalidDate)
    expect(firstMessage({ buyers: Array.from({ length: 5 }, () => BUYER) })).toBe(OFFER_MESSAGES.maxBuyers)
    expect(firstMessage({ stipulations: 'x'.repeat(20_001) })).toBe('Must have at most 20000 characters')
    expect(firstMessage({ listingAgent: { firmLicenseNumber: '1'.repeat(26) } })).toBe('Must have at most 25 characters')
    expect(firstMessage({ addendum: { NotAField: true } })).toBe('Unknown addendum field')
    expect(firstMessage({ addendum: { MCheckbox: true } })).toBeNull()
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
      { field: 'listingAgent', message: 'Listing agent email & name is mandatory to share the offer' },
      { field: 'purchasePrice', message: OFFER_MESSAGES.purchasePriceRequired },
      { field: 'buyers', message: OFFER_MESSAGES.buyersRequired },
      { field: 'financing.type', message: OFFER_MESSAGES.financingRequired },
      { field: 'closingDate', message: OFFER_MESSAGES.closingDateRequired },
      { field: 'expiresAt', message: OFFER_MESSAGES.expirationRequired },
    ])
  })

  it('asks for the listing agent when the name or the email is missing, even if all else is there', () => {
    expect(shareProblems(complete({ listingAgent: { ...LISTING_AGENT, email: '' } }), NOW)).toEqual([{ field: 'listingAgent', message: OFFER_MESSAGES.listingAgentRequired }])
    expect(shareProblems(complete({ listingAgent: { ...LISTING_AGENT, fullName: '' } }), NOW)).toEqual([{ field: 'listingAgent', message: OFFER_MESSAGES.listingAgentRequired }])
  })

  it('asks a financed offer for the loan amount or the down payment; cash needs neither', () => {
    expect(messagesOf(shareProblems(complete({ financing: { type: 'fha' } }), NOW))).toEqual([OFFER_MESSAGES.loanAmountRequired])
    expect(shareProblems(complete({ financing: { type: 'fha', downPayment: 14_000 } }), NOW)).toEqual([])
    expect(shareProblems(complete({ financing: { type: 'cash' } }), NOW)).toEqual([])
  })

  it('refuses a loan above the price', () => {
    expect(shareProblems(complete({ financing: { type: 'va', loanAmount: 400_001 } }), NOW)).toEqual([{ field: 'financing.loanAmount', message: OFFER_MESSAGES.loanAbovePrice }])
    expect(shareProblems(complete({ financing: { type: 'va', loanAmount: 400_000 } }), NOW)).toEqual([])
  })

  it('wants a closing date after today (UTC) and an expiration after now', () => {
    expect(messagesOf(shareProblems(complete({ closingDate: '2025-05-10' }), NOW))).toEqual([OFFER_MESSAGES.closingDatePast])
    expect(shareProblems(complete({ closingDate: '2025-05-11' }), NOW)).toEqual([])
    expect(messagesOf(shareProblems(complete({ expiresAt: '2025-05-10T15:00:00Z' }), NOW))).toEqual([OFFER_MESSAGES.expirationPast])
    expect(shareProblems(complete({ expiresAt: '2025-05-10T15:00:01Z' }), NOW)).toEqual([])
  })

  it('refuses concessions (with buyer-broker compensation, dollars or percent) above the price', () => {
    const over = complete({ sellerConcessions: { unit: 'percent', amount: 60 }, buyerBrokerCompensation: { unit: 'dollars', amount: 160_001 } })
    expect(shareProblems(over, NOW)).toEqual([{ field: 'sellerConcessions.amount', message: OFFER_MESSAGES.concessionsAbovePrice }])
    const atPrice = complete({ sellerConcessions: { unit: 'percent', amount: 60 }, buyerBrokerCompensation: { unit: 'dollars', amount: 160_000 } })
    expect(shareProblems(atPrice, NOW)).toEqual([])
  })
})

describe('formsProblem', () => {
  it('asks for the buyer details first, then the listing agent details, with the spec messages', () => {
    expect(formsProblem(EMPTY_OFFER_TERMS)).toBe('Please fill the buyer details before generating the forms')
    expect(formsProblem(complete({ buyers: [{ fullName: 'Ben', email: 'ben@example.com' }] }))).toBe(OFFER_MESSAGES.buyerDetailsRequired)
    expect(formsProblem(complete({ listingAgent: {} }))).toBe('Please fill the listing agent details before generating the forms')
    expect(formsProblem(complete())).toBeNull()
  })

  it('does not need a price or dates to generate forms', () => {
    expect(formsProblem(OfferTermsSchema.parse({ buyers: [BUYER], listingAgent: LISTING_AGENT }))).toBeNull()
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

  it('has no deadline for a term left blank, and a waived inspection ends on the day itself', () => {
    const blank = offerDeadlines(EMPTY_OFFER_TERMS, '2025-05-10')
    expect(blank).toEqual({ bindingAgreementDate: '2025-05-10', earnestMoneyDue: null, inspectionPeriodEnds: null, closing: null })
    expect(offerDeadlines(complete({ inspectionPeriodDays: 0 }), '2025-05-10').inspectionPeriodEnds).toBe('2025-05-10')
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
