import { z } from 'zod'
import type { Message, MessageKey, MessageParams } from './messages'
import { CATALOGUE, message } from './messages'
import { AddendumChoicesSchema, StipulationChoicesSchema } from './offer-clauses'
import { PAGE_ROLES } from './roles'
import { TeamMarkSchema } from './teams'
import { OfferActionSchema, OfferEventTypeSchema, OfferStatusSchema, OfferTabSchema, OFFER_TABS } from './offer-status'
import { concessionDollars } from './concession'
import { optionalPhoneTextSchema } from './phone'
import { emailSchema, freeText, fullNameSchema, isEmail } from './validation'

/**
 * A purchase offer in the shape of a Tennessee purchase and sale agreement (RF401, domain.md
 * section 1). The structured terms are what sellers compare, so they are fields, not a PDF.
 *
 * A draft autosaves with any field still empty: the terms schema checks types and bounds only, and
 * the clause choices their field rules (the modals emit them only complete). Sharing checks that the
 * offer is complete (shareProblems).
 */

/** Who may make offers (route table: /submitted-offers). */
export const OFFER_MAKER_ROLES = PAGE_ROLES.submittedOffers

export const OFFER_LIMITS = {
  minPrice: 1_000,
  maxPrice: 1_000_000_000,
  maxEarnestMoneyDays: 60,
  maxInspectionDays: 60,
  maxBuyers: 4,
  maxText: 200,
  maxStipulations: 20_000,
  maxAttachments: 20,
  attachmentMaxBytes: 20 * 1024 * 1024,
  /** A share link works this long, and never past the offer's expiration. */
  shareLinkDays: 30,
  maxPageSize: 48,
} as const

export const OFFER_ATTACHMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const

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
const text = (max: number = OFFER_LIMITS.maxText) => freeText().trim().max(max, 'common.tooLong')
const optionalEmail = z.union([z.literal(''), emailSchema])
const isoDate = z.iso.date({ error: 'offerTerms.invalidDate' })
const isoDateTime = z.iso.datetime({ offset: true, error: 'offerTerms.invalidDate' })
/** The one phone rule (phone.ts), kept in E.164; a party without a phone keeps '' as the terms always have. */
const optionalPhone = optionalPhoneTextSchema

/** It lives in concession.ts, free of zod, for the ranking (offer-ranking.ts) the public page runs. */
export { concessionDollars }

export const FINANCING_TYPES = ['cash', 'conventional', 'fha', 'va', 'usda', 'other'] as const
export const FinancingTypeSchema = z.enum(FINANCING_TYPES)
export type FinancingType = z.infer<typeof FinancingTypeSchema>

export const EARNEST_MONEY_HOLDERS = ['listing-broker', 'title-company', 'attorney', 'other'] as const
export const POSSESSION_TIMES = ['at-closing', 'before-closing', 'after-closing'] as const
export const CONCESSION_UNITS = ['dollars', 'percent'] as const
export const WARRANTY_PAYERS = ['seller', 'buyer'] as const
/** The written buyer agreement the buyer agent has (domain.md section 1, the 2024 settlement). */
export const BUYER_AGREEMENT_TYPES = ['exclusive', 'non-exclusive', 'touring'] as const

export const OfferPartySchema = z.object({
  fullName: text().default(''),
  email: optionalEmail.default(''),
  phone: optionalPhone.default(''),
})
export type OfferParty = z.infer<typeof OfferPartySchema>

export const OfferAgentSchema = OfferPartySchema.extend({
  firmName: text().default(''),
  firmLicenseNumber: text(25).default(''),
  licenseNumber: text(25).default(''),
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

export const OfferTermsSchema = z.object({
  purchasePrice: nullable(dollars('offerTerms.priceRange', OFFER_LIMITS.minPrice, OFFER_LIMITS.maxPrice)),
  earnestMoney: z
    .object({
      amount: nullable(amount),
      holder: nullable(z.enum(EARNEST_MONEY_HOLDERS)),
      holderName: text().default(''),
      dueDays: nullable(days(OFFER_LIMITS.maxEarnestMoneyDays)),
    })
    .prefault({}),
  financing: z
    .object({
      type: nullable(FinancingTypeSchema),
      otherDescription: text().default(''),
      loanAmount: nullable(amount),
      downPayment: nullable(amount),
      lenderName: text().default(''),
      lenderPhone: optionalPhone.default(''),
      lenderEmail: optionalEmail.default(''),
    })
    .prefault({}),
  appraisalContingency: nullable(z.boolean()),
  /** 0 means the buyer waives the inspection period. */
  inspectionPeriodDays: nullable(days(OFFER_LIMITS.maxInspectionDays)),
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
  stipulations: text(OFFER_LIMITS.maxStipulations).default(''),
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

/**
 * POST /api/offers/:id/revisions: the buyer side sends its revision of a shared offer, built on the
 * version it was looking at. `terms` are the revision (without them, the saved working copy).
 */

export type SendRevision = z.infer<typeof SendRevisionSchema>

// ---------------------------------------------------------------------------------------------
// Checks before sharing and before generating forms

/** A problem on a field of the terms: the field's dotted path and a catalogue message. */
export type OfferProblem = { field: string } & Message

const MessageKeySchema = z.enum(Object.keys(CATALOGUE) as [MessageKey, ...MessageKey[]])
export const OfferProblemSchema = z.object({ field: z.string(), key: MessageKeySchema, params: z.record(z.string(), z.union([z.string(), z.number()])).optional() })

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
  const financing = terms.financing
  if (financing.type === null) problems.push(problem('financing.type', 'offerTerms.financingRequired'))
  else if (financing.type !== 'cash' && financing.loanAmount === null && financing.downPayment === null)
    problems.push(problem('financing.loanAmount', 'offerTerms.loanAmountRequired'))
  if (financing.type !== 'cash' && financing.loanAmount !== null && terms.purchasePrice !== null && financing.loanAmount > terms.purchasePrice)
    problems.push(problem('financing.loanAmount', 'offerTerms.loanAbovePrice'))
  if (terms.closingDate === null) problems.push(problem('closingDate', 'offerTerms.closingDateRequired'))
  else if (terms.closingDate <= now.toISOString().slice(0, 10)) problems.push(problem('closingDate', 'offerTerms.closingDatePast'))
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

/** Why forms cannot be generated yet, in the spec's order (buyer details, then the listing agent). */
export function formsProblem(terms: OfferTerms): OfferProblem | null {
  if (!hasBuyerDetails(terms)) return problem('buyers', 'offerTerms.buyerDetailsRequired')
  if (!hasListingAgent(terms)) return problem('listingAgent', 'offerTerms.listingAgentDetailsRequired')
  return null
}

// ---------------------------------------------------------------------------------------------
// Deadlines from the Binding Agreement Date

/** YYYY-MM-DD plus whole days, on the calendar (no time zone enters). */
export function addCalendarDays(date: string, count: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year, month - 1, day + count)).toISOString().slice(0, 10)
}

/** The calendar date of an instant in Tennessee's Central time (Nashville, Memphis), where the offers are bound. */
export function tennesseeDate(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant)
}

export const OfferDeadlinesSchema = z.object({
  bindingAgreementDate: z.string(),
  earnestMoneyDue: z.string().nullable(),
  inspectionPeriodEnds: z.string().nullable(),
  closing: z.string().nullable(),
})
export type OfferDeadlines = z.infer<typeof OfferDeadlinesSchema>

/** The dates the contract counts from the Binding Agreement Date (a YYYY-MM-DD). */
export function offerDeadlines(terms: Pick<OfferTerms, 'earnestMoney' | 'inspectionPeriodDays' | 'closingDate'>, bindingAgreementDate: string): OfferDeadlines {
  return {
    bindingAgreementDate,
    earnestMoneyDue: terms.earnestMoney.dueDays === null ? null : addCalendarDays(bindingAgreementDate, terms.earnestMoney.dueDays),
    inspectionPeriodEnds: terms.inspectionPeriodDays === null ? null : addCalendarDays(bindingAgreementDate, terms.inspectionPeriodDays),
    closing: terms.closingDate,
  }
}

// ---------------------------------------------------------------------------------------------
// Answer shapes

export const OfferPropertySchema = z.object({
  id: z.string(),
  address: z.string(),
  city: z.string().nullable(),
  listPrice: z.number().nullable(),
  primaryPhotoURL: z.string().nullable(),
  standardStatus: z.string(),
  /** The property's time zone (property-time.ts): every date the offer shows is written in it. */
  timeZone: z.string().optional(),
})
export type OfferProperty = z.infer<typeof OfferPropertySchema>

export const OFFER_ATTACHMENT_KINDS = ['attachment', 'pre-approval', 'offer-form'] as const
export const OfferAttachmentKindSchema = z.enum(OFFER_ATTACHMENT_KINDS)
export type OfferAttachmentKind = z.infer<typeof OfferAttachmentKindSchema>

export const OfferAttachmentSchema = z.object({
  id: z.string(),
  kind: OfferAttachmentKindSchema,
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
  /** A generated offer form: the version of the offer it was made from (decision 036); null for an upload. */
  version: z.number().int().nullable().optional(),
  /** A generated offer form made from an earlier version: kept in the record, never the current offer form. */
  superseded: z.boolean().optional(),
})
export type OfferAttachment = z.infer<typeof OfferAttachmentSchema>

export const OfferEventSchema = z.object({
  type: OfferEventTypeSchema,
  at: z.string(),
  actorName: z.string().nullable(),
})
export type OfferEvent = z.infer<typeof OfferEventSchema>

export const OfferSideSchema = z.enum(['buyer', 'seller'])

/** How a version came: the offer as shared, a revision the buyer side sent, a counter-offer (decision 036). */
export const OFFER_VERSION_KINDS = ['offer', 'revision', 'counter'] as const
export const OfferVersionKindSchema = z.enum(OFFER_VERSION_KINDS)
export type OfferVersionKind = z.infer<typeof OfferVersionKindSchema>

export const OfferVersionSchema = z.object({
  number: z.number().int(),
  kind: OfferVersionKindSchema,
  /** Who sent it: the buyer side (version 1 and counters back) or the seller side. */
  side: OfferSideSchema,
  actorName: z.string().nullable(),
  message: z.string(),
  terms: OfferTermsSchema,
  /** The terms that differ from the version before (empty for version 1). */
  changed: z.array(z.string()),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
})
export type OfferVersion = z.infer<typeof OfferVersionSchema>

/** What an offer shows of its negotiation: its versions, whose turn it is, the open highest-and-best request. */
export const OfferNegotiationSchema = z.object({
  version: z.number().int(),
  turn: OfferSideSchema.nullable(),
  versions: z.array(OfferVersionSchema),
  bestRequest: z.object({ deadline: z.string(), message: z.string(), requestedAt: z.string() }).nullable(),
  preApprovalVerifiedAt: z.string().nullable(),
})
export type OfferNegotiation = z.infer<typeof OfferNegotiationSchema>

/** How the viewer relates to the offer; decides the actions and what is shown. */
export const OfferViewerSchema = z.enum(['buyer', 'seller', 'link'])
export type OfferViewer = z.infer<typeof OfferViewerSchema>

export const OfferViewSchema = z.object({
  id: z.string(),
  status: OfferStatusSchema,
  terms: OfferTermsSchema,
  property: OfferPropertySchema,
  attachments: z.array(OfferAttachmentSchema),
  events: z.array(OfferEventSchema),
  viewer: OfferViewerSchema,
  actions: z.array(OfferActionSchema),
  /** Problems that keep a draft from being shared, for the editor to show before it tries. */
  shareProblems: z.array(OfferProblemSchema),
  /** The ticked stipulation clauses' text, built by the server from terms.stipulationChoices (concatLabel). */
  stipulationClauses: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sharedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  bindingAgreementAt: z.string().nullable(),
  /** When every party signed the offer packet electronically (issue #12); null until then. */
  signedAt: z.string().nullable(),
  deadlines: OfferDeadlinesSchema.nullable(),
  /** The share link (buyer side only, once shared): what the listing agent was sent. */
  shareUrl: z.string().nullable(),
  /** Counter-offers, highest and best, the pre-approval's verification (decision 029). */
  negotiation: OfferNegotiationSchema,
  /**
   * The buyer side's working copy of a shared offer (decision 036): saved edits not yet sent as a
   * revision. Only the buyer side sees it; null when there is none (and always to anyone else).
   */
  workingTerms: OfferTermsSchema.nullable(),
})
export type OfferView = z.infer<typeof OfferViewSchema>

export const OfferSummarySchema = z.object({
  id: z.string(),
  status: OfferStatusSchema,
  purchasePrice: z.number().nullable(),
  expiresAt: z.string().nullable(),
  property: OfferPropertySchema,
  buyerNames: z.array(z.string()),
  financingType: FinancingTypeSchema.nullable(),
  actions: z.array(OfferActionSchema),
  updatedAt: z.string(),
  sharedAt: z.string().nullable(),
  bindingAgreementAt: z.string().nullable(),
  /** When every party signed the offer packet electronically; null until then. */
  signedAt: z.string().nullable(),
  /** My Offers: a buyer-side offer of the user's team leader (issue #16), read-only to the user. */
  team: TeamMarkSchema.nullable().optional(),
  /** 'pre-approved' (spec section 3): the offer carries a lender's pre-approval letter; `verified` once the seller side checked it. */
  preApproval: z.enum(['none', 'pre-approved', 'verified']).optional(),
  /** A countered offer: whose turn it is to answer. */
  turn: z.enum(['buyer', 'seller']).nullable().optional(),
})
export type OfferSummary = z.infer<typeof OfferSummarySchema>

export const OfferTabCountsSchema = z.object(Object.fromEntries(OFFER_TABS.map((tab) => [tab, z.number().int()])) as Record<(typeof OFFER_TABS)[number], z.ZodNumber>)
export type OfferTabCounts = z.infer<typeof OfferTabCountsSchema>

export const MyOffersQuerySchema = z.object({
  tab: OfferTabSchema.default('all'),
  page: z.coerce.number({ error: 'offerTerms.pageRange' }).int('offerTerms.pageRange').min(1, 'offerTerms.pageRange').max(10_000, 'offerTerms.pageRange').default(1),
  pageSize: z.coerce
    .number({ error: 'offerTerms.pageSizeRange' })
    .int('offerTerms.pageSizeRange')
    .min(1, 'offerTerms.pageSizeRange')
    .max(OFFER_LIMITS.maxPageSize, 'offerTerms.pageSizeRange')
    .default(12),
  /** Only the offers on this listing (the property page's 'Open your offer'). */
  listingId: z.string().uuid('common.invalidValue').optional(),
})
export type MyOffersQuery = z.infer<typeof MyOffersQuerySchema>

export const MyOffersPageSchema = z.object({
  items: z.array(OfferSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  counts: OfferTabCountsSchema,
})
export type MyOffersPage = z.infer<typeof MyOffersPageSchema>

/** POST /api/offers */
export const CreateOfferSchema = z.object({ listingId: freeText().min(1, 'common.required').max(100, 'common.tooLong') })

/**
 * POST /api/offers/:id/share: the sums out of bounds (money-bounds.ts) the buyer side confirmed in
 * the share dialog. A share with an unconfirmed one is refused (offer.moneyUnconfirmed, on its field).
 */
export const SHARE_CONFIRMABLE = ['purchasePrice', 'earnestMoney'] as const
export const ShareOfferSchema = z.object({ confirmed: z.array(z.enum(SHARE_CONFIRMABLE, { error: 'common.invalidValue' })).max(SHARE_CONFIRMABLE.length, 'common.invalidValue').default([]) })
export type ShareOffer = z.infer<typeof ShareOfferSchema>

/**
 * POST /api/offers/:id/revisions: the version the buyer side built on, the terms (or none: the saved
 * working copy), and, as on sharing, the sums out of bounds the buyer side confirmed in its dialog.
 */
export const SendRevisionSchema = ShareOfferSchema.extend({ version: OfferVersionNumberSchema, terms: OfferTermsSchema.optional() })

/** POST /api/offers/:id/accept: what happens to the other open offers on the property. */
export const OTHER_OFFERS_CHOICES = ['decline', 'backup'] as const
export const AcceptOfferSchema = z.object({ others: z.enum(OTHER_OFFERS_CHOICES).default('decline'), version: OfferVersionNumberSchema })
export type AcceptOffer = z.infer<typeof AcceptOfferSchema>
