import type { MessageTable } from './table'

/**
 * Keys clauses.* (the rules of a clause form's fields, spec sections 4 and 5) and offerTerms.* (the
 * rules of an offer's terms, and what keeps an offer from being shared or its forms generated). See
 * ../messages.ts for the rules of the catalogue.
 */
export const CLAUSE_MESSAGES = {
  /** Spec section 4: Import with an empty field (shown for 3000 ms). */
  'clauses.fillAll': 'Please fill in all required fields',
  /** Import with a filled field that is not valid for its kind. */
  'clauses.fixFields': 'Please correct the fields marked in red',
  /** Import with no clause ticked (the button is disabled then; the API says it in words). */
  'clauses.tickOne': 'Tick at least one clause',
  'clauses.percentNotNumber': 'Enter the percent as a number, e.g. 3 or 2.5',
  'clauses.percentNegative': 'A percent cannot be negative',
  'clauses.percentOver': 'A percent cannot be more than 100',
  'clauses.tooManyDecimals': 'Use at most 2 decimal places',
  'clauses.dollarsNotNumber': 'Enter the amount as a number without the $ sign, e.g. 1500 or 1,500.00',
  'clauses.dollarsNegative': 'An amount cannot be negative',
  'clauses.dollarsOver': 'An amount cannot be more than 999,999,999.99',
  'clauses.daysNotWhole': 'Enter a whole number of days, e.g. 10',
  'clauses.daysNegative': 'Days cannot be negative',
  'clauses.daysOver': 'Days cannot be more than 365',
  'clauses.dateFormat': 'Enter the date as YYYY-MM-DD',
  'clauses.dateNotReal': 'This date does not exist',
  'clauses.timeFormat': 'Enter the time as hh:mm AM or PM, e.g. 03:45 PM',
  'clauses.timeNotReal': 'This time does not exist',
  'clauses.documentTooLong': 'The addendum does not fit on its 6 pages: shorten the longest filled-in values',

  'offerTerms.priceRange': 'Price must be between $1,000 and $1,000,000,000',
  'offerTerms.amountRange': 'Amount must be between $0 and $1,000,000,000',
  'offerTerms.wholeDollars': 'Enter whole dollars',
  'offerTerms.percentRange': 'Percent must be between 0 and 100',
  'offerTerms.daysRange': 'Enter a whole number of days from 0 to {maximum}',
  'offerTerms.invalidDate': 'Invalid date',
  'offerTerms.maxBuyers': 'An offer can name at most 4 buyers',
  'offerTerms.purchasePriceRequired': 'Enter the purchase price',
  'offerTerms.earnestMoneyRequired': 'Enter the earnest money amount',
  'offerTerms.earnestHolderRequired': 'Choose who holds the earnest money',
  'offerTerms.earnestDueDaysRequired': 'Enter within how many days the earnest money is due',
  'offerTerms.financingRequired': 'Choose how the purchase is financed',
  'offerTerms.appraisalRequired': 'Choose whether the offer is contingent on the appraisal',
  'offerTerms.inspectionPeriodRequired': 'Enter the inspection period in days (0 waives it)',
  'offerTerms.resolutionPeriodRequired': 'Enter the resolution period in days',
  'offerTerms.possessionDateRequired': 'Enter the possession date',
  'offerTerms.loanAmountRequired': 'Enter the loan amount or the down payment',
  'offerTerms.loanAbovePrice': 'The loan amount cannot be more than the purchase price',
  'offerTerms.closingDateRequired': 'Enter the closing date',
  'offerTerms.closingDatePast': 'The closing date must be in the future',
  'offerTerms.expirationRequired': 'Enter when the offer expires',
  'offerTerms.expirationPast': 'The offer expiration must be in the future',
  'offerTerms.concessionsAbovePrice': 'Concessions cannot be more than the purchase price',
  'offerTerms.earnestAbovePrice': 'The earnest money cannot be more than the purchase price',
  'offerTerms.expiryAfterClosing': 'The offer must expire before the closing date',
  'offerTerms.buyersRequired': 'Name at least one buyer, with an email address',
  /** Spec: sharing without a listing agent. */
  'offerTerms.listingAgentRequired': 'Listing agent email & name is mandatory to share the offer',
  /** Spec: generating forms without the buyer details, then without the listing agent's. */
  'offerTerms.buyerDetailsRequired': 'Please fill the buyer details before generating the forms',
  'offerTerms.listingAgentDetailsRequired': 'Please fill the listing agent details before generating the forms',
  'offerTerms.pageRange': 'Page must be a whole number from 1',
  'offerTerms.pageSizeRange': 'Page size must be a whole number from 1 to 48',
} as const satisfies MessageTable
