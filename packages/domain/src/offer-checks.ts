import type { Message, MessageKey } from './messages'
import { message } from './messages'
import { concessionDollars } from './concession'
import type { OfferTerms } from './offer-terms'
import { fullNameSchema, isEmail } from './validation'
import { addCalendarDays } from './calendar-days'
import type { TimelineKind, TimelineTerms } from './contract-timeline'
import { contractTimelineDates } from './contract-timeline'
import { dateTimeFormat } from './intl-formats'

/**
 * What an offer's terms lack before sharing and before forms, and the dates the contract counts
 * (offer.ts re-exports them, with the schemas of the answers that carry them). No zod schema is made
 * here: the offer form's rules load this module, and every schema made is main-thread work on its
 * first screen (decision 100).
 */

// ---------------------------------------------------------------------------------------------
// Checks before sharing and before generating forms

/** A problem on a field of the terms: the field's dotted path and a catalogue message. */
export type OfferProblem = { field: string } & Message

const problem = (field: string, key: MessageKey): OfferProblem => ({ field, ...message(key) })

/** Named, with an email: the minimum the spec asks of the listing agent. */
export function hasListingAgent(terms: Pick<OfferTerms, 'listingAgent'>): boolean {
  return terms.listingAgent.fullName.trim() !== '' && isEmail(terms.listingAgent.email.trim())
}

/** At least one buyer, each named with a first and last name and an email. */
export function hasBuyerDetails(terms: Pick<OfferTerms, 'buyers'>): boolean {
  return terms.buyers.length > 0 && terms.buyers.every((buyer) => fullNameSchema.safeParse(buyer.fullName).success && isEmail(buyer.email.trim()))
}

/**
 * What keeps an offer from being shared, each on its field. The listing agent comes first, with the
 * spec's message. `now` is passed in: the domain has no clock.
 */
export function shareProblems(terms: OfferTerms, now: Date): OfferProblem[] {
  const problems: OfferProblem[] = []
  if (!hasListingAgent(terms)) problems.push(problem('listingAgent', 'offerTerms.listingAgentRequired'))
  if (terms.purchasePrice === null) problems.push(problem('purchasePrice', 'offerTerms.purchasePriceRequired'))
  if (!hasBuyerDetails(terms)) problems.push(problem('buyers', 'offerTerms.buyersRequired'))
  // The contract names the earnest money's amount, its holder and when it is due (domain.md section 1).
  const earnest = terms.earnestMoney
  if (earnest.amount === null) problems.push(problem('earnestMoney.amount', 'offerTerms.earnestMoneyRequired'))
  if (earnest.holder === null) problems.push(problem('earnestMoney.holder', 'offerTerms.earnestHolderRequired'))
  if (earnest.dueDays === null) problems.push(problem('earnestMoney.dueDays', 'offerTerms.earnestDueDaysRequired'))
  const financing = terms.financing
  if (financing.type === null) problems.push(problem('financing.type', 'offerTerms.financingRequired'))
  else if (financing.type !== 'cash' && financing.loanAmount === null && financing.downPayment === null)
    problems.push(problem('financing.loanAmount', 'offerTerms.loanAmountRequired'))
  if (financing.type !== 'cash' && financing.loanAmount !== null && terms.purchasePrice !== null && financing.loanAmount > terms.purchasePrice)
    problems.push(problem('financing.loanAmount', 'offerTerms.loanAbovePrice'))
  // Asked of cash offers too: the appraisal contingency is the buyer's choice whatever the financing
  // (a cash buyer may still want the value to reach the price), and the contract says either way.
  if (terms.appraisalContingency === null) problems.push(problem('appraisalContingency', 'offerTerms.appraisalRequired'))
  // 0 days waives the inspection period, and with it the resolution period that follows it.
  if (terms.inspectionPeriodDays === null) problems.push(problem('inspectionPeriodDays', 'offerTerms.inspectionPeriodRequired'))
  else if (terms.inspectionPeriodDays > 0 && terms.resolutionPeriodDays === null) problems.push(problem('resolutionPeriodDays', 'offerTerms.resolutionPeriodRequired'))
  if (terms.closingDate === null) problems.push(problem('closingDate', 'offerTerms.closingDateRequired'))
  else if (terms.closingDate <= now.toISOString().slice(0, 10)) problems.push(problem('closingDate', 'offerTerms.closingDatePast'))
  // Possession at closing needs no date; before or after closing, the contract names the day.
  if (terms.possession.time !== 'at-closing' && terms.possession.date === null) problems.push(problem('possession.date', 'offerTerms.possessionDateRequired'))
  if (terms.expiresAt === null) problems.push(problem('expiresAt', 'offerTerms.expirationRequired'))
  else if (Date.parse(terms.expiresAt) <= now.getTime()) problems.push(problem('expiresAt', 'offerTerms.expirationPast'))
  // An offer is answered before its closing: an expiry on a later day (in Tennessee) is refused.
  else if (terms.closingDate !== null && tennesseeDate(new Date(terms.expiresAt)) > terms.closingDate)
    problems.push(problem('expiresAt', 'offerTerms.expiryAfterClosing'))
  if (terms.earnestMoney.amount !== null && terms.purchasePrice !== null && terms.earnestMoney.amount > terms.purchasePrice)
    problems.push(problem('earnestMoney.amount', 'offerTerms.earnestAbovePrice'))
  if (terms.escalation !== null) {
    if (terms.escalation.increment === null) problems.push(problem('escalation.increment', 'offerTerms.escalationIncrementRequired'))
    if (terms.escalation.cap === null) problems.push(problem('escalation.cap', 'offerTerms.escalationCapRequired'))
    else if (terms.purchasePrice !== null && terms.escalation.cap <= terms.purchasePrice) problems.push(problem('escalation.cap', 'offerTerms.escalationCapAbovePrice'))
  }
  if (terms.purchasePrice !== null) {
    const concessions = concessionDollars(terms.sellerConcessions, terms.purchasePrice) + concessionDollars(terms.buyerBrokerCompensation, terms.purchasePrice)
    if (concessions > terms.purchasePrice) problems.push(problem('sellerConcessions.amount', 'offerTerms.concessionsAbovePrice'))
  }
  return problems
}

/** The share checks that name a field the contract cannot be written without (domain.md section 1). */
const CONTRACT_FIELD_KEYS: ReadonlySet<MessageKey> = new Set<MessageKey>([
  'offerTerms.purchasePriceRequired',
  'offerTerms.earnestMoneyRequired',
  'offerTerms.earnestHolderRequired',
  'offerTerms.earnestDueDaysRequired',
  'offerTerms.financingRequired',
  'offerTerms.appraisalRequired',
  'offerTerms.inspectionPeriodRequired',
  'offerTerms.resolutionPeriodRequired',
  'offerTerms.closingDateRequired',
  'offerTerms.possessionDateRequired',
  'offerTerms.expirationRequired',
])

/**
 * Why forms cannot be generated yet: the spec's order first (buyer details, then the listing agent),
 * then the first field the contract needs that is empty, named by its own message. Dates in the past
 * do not stop a form: it records what was agreed.
 */
export function formsProblem(terms: OfferTerms): OfferProblem | null {
  if (!hasBuyerDetails(terms)) return problem('buyers', 'offerTerms.buyerDetailsRequired')
  if (!hasListingAgent(terms)) return problem('listingAgent', 'offerTerms.listingAgentDetailsRequired')
  return shareProblems(terms, new Date(0)).find((found) => CONTRACT_FIELD_KEYS.has(found.key)) ?? null
}

// ---------------------------------------------------------------------------------------------
// Deadlines from the Binding Agreement Date

/** Days are counted in one place, the contract timeline (contract-timeline.ts); these are its views. */
export { addCalendarDays }

/** The calendar date of an instant in Tennessee's Central time (Nashville, Memphis), where the offers are bound. */
export function tennesseeDate(instant: Date): string {
  return dateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant)
}

/** The first dates the contract counts (offer.ts gives their schema, for the answers that carry them). */
export type OfferDeadlines = { bindingAgreementDate: string; earnestMoneyDue: string | null; inspectionPeriodEnds: string | null; closing: string | null }

/**
 * The first dates the contract counts from the Binding Agreement Date (a YYYY-MM-DD): the contract
 * timeline's earnest money, inspection period and closing. A waived inspection (0 days) has no period.
 */
export function offerDeadlines(terms: TimelineTerms, bindingAgreementDate: string): OfferDeadlines {
  const items = contractTimelineDates(terms, bindingAgreementDate)
  const dateOf = (kind: TimelineKind) => items.find((item) => item.kind === kind)?.date ?? null
  return { bindingAgreementDate, earnestMoneyDue: dateOf('earnestMoney'), inspectionPeriodEnds: dateOf('inspectionPeriod'), closing: dateOf('closing') }
}
