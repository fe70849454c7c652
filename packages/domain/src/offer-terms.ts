import { z } from 'zod'
import type { MessageKey, MessageParams } from './messages'
import { clauseFormDataSchema } from './clauses/concat'
import { RF707_CLAUSES } from './clauses/rf707-catalogue'
import { STIPULATION_CLAUSES } from './clauses/stipulation-catalogue'
import { concessionDollars } from './concession'
import { optionalPhoneTextSchema } from './phone-schemas'
import { emailSchema, freeText } from './validation'
import { BUYER_AGREEMENT_TYPES, CONCESSION_UNITS, DECLINE_REASON_MAX, EARNEST_MONEY_HOLDERS, FINANCING_TYPES, OFFER_LIMITS, POSSESSION_TIMES, WARRANTY_PAYERS } from './offer-values'
import { AGREEMENT_FORM_VERSIONS, PURCHASE_AGREEMENT_CODE, PURCHASE_AGREEMENT_FORMS } from './contracts/purchase-agreement-form'

/**
 * A purchase offer in the shape of a Tennessee purchase and sale agreement (RF401, domain.md
 * section 1). The structured terms are what sellers compare, so they are fields, not a PDF.
 *
 * A draft autosaves with any field still empty: the terms schema checks types and bounds only, and
 * the clause choices their field rules (the modals emit them only complete). Sharing checks that the
 * offer is complete (shareProblems).
 */



// ---------------------------------------------------------------------------------------------
// Field rules

const nullable = <T extends z.ZodType>(schema: T) => schema.nullable().default(null)
const dollars = (range: MessageKey, min: number, max: number) => z.number({ error: range }).int('offerTerms.wholeDollars').min(min, range).max(max, range)
const amount = dollars('offerTerms.amountRange', 0, OFFER_LIMITS.maxPrice)

/**
 * An error map naming a key with fixed parameters. zod gives a wrong type (and a check below a
 * minimum) no `maximum`, so every issue of the rule is given it here, and each says the same.
 */
function withParams(key: MessageKey, params: MessageParams): z.core.$ZodErrorMap {
  return (issue) => {
    Object.assign(issue, { params })
    return key
  }
}

const days = (max: number) => {
  const range = withParams('offerTerms.daysRange', { maximum: max })
  return z.number({ error: range }).int({ error: range }).min(0, { error: range }).max(max, { error: range })
}
const makeText = (max: number) => freeText().trim().max(max, 'common.tooLong').default('')
const texts = new Map<number, ReturnType<typeof makeText>>()
/**
 * A free-text field of at most `max` characters, trimmed, '' when absent: one schema a length, shared
 * by the fields, as each schema made is main-thread work on the offer form's first screen (decision 100).
 */
function text(max: number = OFFER_LIMITS.maxText): ReturnType<typeof makeText> {
  let schema = texts.get(max)
  if (!schema) texts.set(max, (schema = makeText(max)))
  return schema
}
const optionalEmail = z.union([z.literal(''), emailSchema])
const isoDate = z.iso.date({ error: 'offerTerms.invalidDate' })
const isoDateTime = z.iso.datetime({ offset: true, error: 'offerTerms.invalidDate' })
/** The one phone rule (phone.ts), kept in E.164; a party without a phone keeps '' as the terms always have. */
const optionalPhone = optionalPhoneTextSchema

/** terms.stipulationChoices: the stipulation picker's ticks and values (offer-clauses.ts). */
export const StipulationChoicesSchema = clauseFormDataSchema(STIPULATION_CLAUSES)
/** terms.addendum: the RF707 addendum's ticks and values. */
export const AddendumChoicesSchema = clauseFormDataSchema(RF707_CLAUSES)

/** It lives in concession.ts, free of zod, for the ranking (offer-ranking.ts) the public page runs. */
export { concessionDollars }

/** The limits and choices, free of zod for the pages that only show or offer them (offer-values.ts). */
export * from './offer-values'

export const FinancingTypeSchema = z.enum(FINANCING_TYPES)
export type FinancingType = z.infer<typeof FinancingTypeSchema>


export const OfferPartySchema = z.object({
  fullName: text(),
  email: optionalEmail.default(''),
  phone: optionalPhone.default(''),
})
export type OfferParty = z.infer<typeof OfferPartySchema>

export const OfferAgentSchema = OfferPartySchema.extend({
  firmName: text(),
  firmLicenseNumber: text(25),
  licenseNumber: text(25),
})
export type OfferAgent = z.infer<typeof OfferAgentSchema>

export const ConcessionSchema = z
  .object({
    unit: z.enum(CONCESSION_UNITS).default('dollars'),
    amount: nullable(z.number({ error: 'offerTerms.amountRange' }).min(0, 'offerTerms.amountRange').max(OFFER_LIMITS.maxPrice, 'offerTerms.amountRange')),
  })
  .superRefine((value, ctx) => {
    if (value.unit === 'percent' && value.amount !== null && value.amount > 100) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'offerTerms.percentRange' })
    if (value.unit === 'dollars' && value.amount !== null && !Number.isInteger(value.amount)) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'offerTerms.wholeDollars' })
  })
export type Concession = z.infer<typeof ConcessionSchema>

/**
 * An escalation clause (domain.md section 2): the buyer raises the price by `increment` over a bona
 * fide competing offer, up to `cap`, and may ask for the competing offer's proof. Null: none.
 */
export const EscalationSchema = z
  .object({
    increment: nullable(dollars('offerTerms.amountRange', 1, OFFER_LIMITS.maxPrice)),
    cap: nullable(dollars('offerTerms.priceRange', OFFER_LIMITS.minPrice, OFFER_LIMITS.maxPrice)),
    proofRequired: z.boolean().default(true),
  })
  .prefault({})
export type Escalation = z.infer<typeof EscalationSchema>

/**
 * The purchase agreement form the offer is made on, its code and version date
 * (contracts/purchase-agreement-form.ts). The server sets it when the offer is made and keeps it
 * through every version, so a later version of the form never changes an earlier contract; an
 * offer saved before forms were versioned reads on the first version.
 */
export const AgreementFormRefSchema = z
  .object({
    code: z.literal(PURCHASE_AGREEMENT_CODE, { error: 'common.invalidValue' }).default(PURCHASE_AGREEMENT_CODE),
    version: z.enum(AGREEMENT_FORM_VERSIONS as [string, ...string[]], { error: 'common.invalidValue' }).default(PURCHASE_AGREEMENT_FORMS[0].version),
  })
  .prefault({})
export type AgreementFormRef = z.infer<typeof AgreementFormRefSchema>

export const OfferTermsSchema = z.object({
  form: AgreementFormRefSchema,
  purchasePrice: nullable(dollars('offerTerms.priceRange', OFFER_LIMITS.minPrice, OFFER_LIMITS.maxPrice)),
  earnestMoney: z
    .object({
      amount: nullable(amount),
      holder: nullable(z.enum(EARNEST_MONEY_HOLDERS)),
      holderName: text(),
      /** Where the Holder receives the deposit; the agreement prints it in the earnest money section. */
      holderAddress: text(),
      dueDays: nullable(days(OFFER_LIMITS.maxEarnestMoneyDays)),
    })
    .prefault({}),
  financing: z
    .object({
      type: nullable(FinancingTypeSchema),
      otherDescription: text(),
      loanAmount: nullable(amount),
      downPayment: nullable(amount),
      lenderName: text(),
      lenderPhone: optionalPhone.default(''),
      lenderEmail: optionalEmail.default(''),
    })
    .prefault({}),
  appraisalContingency: nullable(z.boolean()),
  /** 0 means the buyer waives the inspection period. */
  inspectionPeriodDays: nullable(days(OFFER_LIMITS.maxInspectionDays)),
  /** Days the parties have to agree on repairs after a request made in the inspection period. */
  resolutionPeriodDays: nullable(days(OFFER_LIMITS.maxInspectionDays)),
  saleOfBuyersPropertyContingency: nullable(z.boolean()),
  closingDate: nullable(isoDate),
  possession: z
    .object({
      time: z.enum(POSSESSION_TIMES).default('at-closing'),
      date: nullable(isoDate),
    })
    .prefault({}),
  sellerConcessions: ConcessionSchema.prefault({}),
  /**
   * Buyer-broker compensation the buyer asks the seller to pay, as a concession to the buyer (the
   * practice since the 2024 settlement), and beside it the written buyer agreement it rests on: its
   * type and date, stated by the buyer agent.
   */
  buyerBrokerCompensation: ConcessionSchema.prefault({}),
  buyerAgreement: z
    .object({
      type: nullable(z.enum(BUYER_AGREEMENT_TYPES)),
      date: nullable(isoDate),
    })
    .prefault({}),
  homeWarranty: z
    .object({
      included: z.boolean().default(false),
      paidBy: z.enum(WARRANTY_PAYERS).default('seller'),
      amount: nullable(amount),
    })
    .prefault({}),
  expiresAt: nullable(isoDateTime),
  buyers: z.array(OfferPartySchema).max(OFFER_LIMITS.maxBuyers, 'offerTerms.maxBuyers').default([]),
  buyerAgent: OfferAgentSchema.prefault({}),
  listingAgent: OfferAgentSchema.prefault({}),
  /**
   * Stipulations typed freely, printed after the ticked clauses (offer-clauses.ts). An offer saved
   * before the choices were kept holds its imported clause text here, so it reads as it did.
   */
  stipulations: text(OFFER_LIMITS.maxStipulations),
  /** The stipulation picker's choices; null when none was made. Their text is built from them. */
  stipulationChoices: nullable(StipulationChoicesSchema),
  /** The RF707 addendum's choices; null when none was made. */
  addendum: nullable(AddendumChoicesSchema),
  /** The escalation clause; null when the offer has none (decision 029). */
  escalation: nullable(EscalationSchema),
})
export type OfferTerms = z.infer<typeof OfferTermsSchema>
export type OfferTermsInput = z.input<typeof OfferTermsSchema>

export const EMPTY_OFFER_TERMS: OfferTerms = OfferTermsSchema.parse({})

/** The body of PATCH /api/offers/:id: the whole terms (autosave sends what the form holds). */
export const SaveOfferSchema = z.object({ terms: OfferTermsSchema })

/**
 * The version an answer answers (decision 036): the number of the offer's version the actor was
 * looking at. When the offer has moved on since, the API refuses with offer.versionChanged.
 */
export const OfferVersionNumberSchema = z.number({ error: 'offer.versionRequired' }).int('offer.versionRequired').min(1, 'offer.versionRequired').max(1_000_000, 'offer.versionRequired')

/** POST /api/offers/:id/decline, /counter/accept, /counter/decline: the version answered. */
export const AnswerOfferSchema = z.object({ version: OfferVersionNumberSchema })
export type AnswerOffer = z.infer<typeof AnswerOfferSchema>


/** POST /api/offers/:id/decline: the version answered, and why, if the seller side says (the buyer side sees it). */
export const DeclineOfferSchema = AnswerOfferSchema.extend({
  reason: freeText().trim().max(DECLINE_REASON_MAX, 'common.tooLong').optional(),
})
export type DeclineOffer = z.infer<typeof DeclineOfferSchema>
