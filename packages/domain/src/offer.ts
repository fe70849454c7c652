import { z } from 'zod'
import { RF707_CLAUSES } from './clauses/rf707-catalogue'
import { PAGE_ROLES } from './roles'
import { OfferActionSchema, OfferEventTypeSchema, OfferStatusSchema, OfferTabSchema, OFFER_TABS } from './offer-status'
import { emailSchema, freeText, fullNameSchema, isEmail, isPhoneShape, MESSAGES } from './validation'

/**
 * A purchase offer in the shape of a Tennessee purchase and sale agreement (RF401, domain.md
 * section 1). The structured terms are what sellers compare, so they are fields, not a PDF.
 *
 * A draft autosaves with any field still empty: the terms schema checks types and bounds only.
 * Sharing checks that the offer is complete (shareProblems).
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

/** The API's messages about offers, word for word; the first six are the spec's. */
export const OFFER_MESSAGES = {
  loginRequired: 'You must be logged in to make an offer',
  unsavedChanges: 'Your changes are not saved. Please save the form before proceeding further',
  listingAgentRequired: 'Listing agent email & name is mandatory to share the offer',
  buyerDetailsRequired: 'Please fill the buyer details before generating the forms',
  listingAgentDetailsRequired: 'Please fill the listing agent details before generating the forms',
  shareFirst: 'Please share the offer with the seller before performing any other actions',

  priceRange: 'Price must be between $1,000 and $1,000,000,000',
  amountRange: 'Amount must be between $0 and $1,000,000,000',
  wholeDollars: 'Enter whole dollars',
  percentRange: 'Percent must be between 0 and 100',
  daysRange: (max: number) => `Enter a whole number of days from 0 to ${max}`,
  tooLong: (max: number) => `Must have at most ${max} characters`,
  invalidDate: 'Invalid date',
  maxBuyers: 'An offer can name at most 4 buyers',
  purchasePriceRequired: 'Enter the purchase price',
  financingRequired: 'Choose how the purchase is financed',
  loanAmountRequired: 'Enter the loan amount or the down payment',
  loanAbovePrice: 'The loan amount cannot be more than the purchase price',
  closingDateRequired: 'Enter the closing date',
  closingDatePast: 'The closing date must be in the future',
  expirationRequired: 'Enter when the offer expires',
  expirationPast: 'The offer expiration must be in the future',
  concessionsAbovePrice: 'Concessions cannot be more than the purchase price',
  buyersRequired: 'Name at least one buyer, with an email address',

  offerNotFound: 'Offer not found',
  notYourOffer: 'Only the buyer side can change this offer',
  notSellerOfOffer: 'Only the seller or the listing agent can answer this offer',
  ownListing: 'You cannot make an offer on your own listing',
  notTakingOffers: 'This property is not taking offers',
  offerLocked: (status: string) => `An offer that is ${status} can no longer be changed`,
  notAllowed: (action: string, status: string) => `An offer that is ${status} cannot be ${action}`,
  alreadyAccepted: 'Another offer on this property is already accepted',
  alreadyAcknowledged: 'The acceptance has already been acknowledged',
  linkExpired: 'This offer link has expired',
  linkInvalid: 'This offer link is not valid',
  attachmentTooLarge: 'The file is larger than 20 MB',
  attachmentType: 'The file must be a PDF, JPEG or PNG',
  attachmentMissing: 'Choose a file to upload',
  attachmentOnlyOne: 'Send one file, in the form field file, and nothing else',
  attachmentNotMultipart: 'Send the file as multipart/form-data',
  tooManyAttachments: 'An offer can have at most 20 attachments',
  attachmentNotFound: 'File not found',
  onlyDraftDeleted: 'Only a draft can be deleted; withdraw a shared offer instead',
  pageRange: 'Page must be a whole number from 1',
  pageSizeRange: 'Page size must be a whole number from 1 to 48',
} as const

// ---------------------------------------------------------------------------------------------
// Field rules

const nullable = <T extends z.ZodType>(schema: T) => schema.nullable().default(null)
const dollars = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(OFFER_MESSAGES.wholeDollars).min(min, message).max(max, message)
const amount = dollars(OFFER_MESSAGES.amountRange, 0, OFFER_LIMITS.maxPrice)
const days = (max: number) => z.number({ error: OFFER_MESSAGES.daysRange(max) }).int(OFFER_MESSAGES.daysRange(max)).min(0, OFFER_MESSAGES.daysRange(max)).max(max, OFFER_MESSAGES.daysRange(max))
const text = (max: number = OFFER_LIMITS.maxText) => freeText().trim().max(max, OFFER_MESSAGES.tooLong(max))
const optionalEmail = z.union([z.literal(''), emailSchema])
const isoDate = z.iso.date({ error: OFFER_MESSAGES.invalidDate })
const isoDateTime = z.iso.datetime({ offset: true, error: OFFER_MESSAGES.invalidDate })
/**
 * Empty, E.164 (what the shared phone input emits, and how profiles and listings store phones, so a
 * prefilled draft passes) or the spec's (615) 555-0123.
 */
const optionalPhone = z
  .string()
  .trim()
  .refine((value) => value === '' || /^\+[1-9]\d{6,14}$/.test(value) || isPhoneShape(value), MESSAGES.invalidPhone)

export const FINANCING_TYPES = ['cash', 'conventional', 'fha', 'va', 'usda', 'other'] as const
export const FinancingTypeSchema = z.enum(FINANCING_TYPES)
export type FinancingType = z.infer<typeof FinancingTypeSchema>

export const EARNEST_MONEY_HOLDERS = ['listing-broker', 'title-company', 'attorney', 'other'] as const
export const POSSESSION_TIMES = ['at-closing', 'before-closing', 'after-closing'] as const
export const CONCESSION_UNITS = ['dollars', 'percent'] as const
export const WARRANTY_PAYERS = ['seller', 'buyer'] as const

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
    amount: nullable(z.number({ error: OFFER_MESSAGES.amountRange }).min(0, OFFER_MESSAGES.amountRange).max(OFFER_LIMITS.maxPrice, OFFER_MESSAGES.amountRange)),
  })
  .superRefine((value, ctx) => {
    if (value.unit === 'percent' && value.amount !== null && value.amount > 100) ctx.addIssue({ code: 'custom', path: ['amount'], message: OFFER_MESSAGES.percentRange })
    if (value.unit === 'dollars' && value.amount !== null && !Number.isInteger(value.amount)) ctx.addIssue({ code: 'custom', path: ['amount'], message: OFFER_MESSAGES.wholeDollars })
  })
export type Concession = z.infer<typeof ConcessionSchema>

/** The RF707 addendum as the addendum modal emits it: clause checkboxes and field values. */
const rf707Names = new Set(RF707_CLAUSES.flatMap((clause) => [clause.checkbox, ...clause.fields.map((field) => field.name)]))
const addendumText = freeText().max(2000, OFFER_MESSAGES.tooLong(2000))
// A union would answer 'Invalid input' for a string that fails its rules; the text's own message is clearer.
const addendumValue = z.union([z.boolean(), z.string()]).superRefine((value, ctx) => {
  if (typeof value !== 'string') return
  for (const issue of addendumText.safeParse(value).error?.issues ?? []) ctx.addIssue({ code: 'custom', message: issue.message })
})
export const AddendumFormSchema = z
  .record(freeText(), addendumValue)
  .refine((value) => Object.keys(value).every((key) => rf707Names.has(key)), 'Unknown addendum field')

export const OfferTermsSchema = z.object({
  purchasePrice: nullable(dollars(OFFER_MESSAGES.priceRange, OFFER_LIMITS.minPrice, OFFER_LIMITS.maxPrice)),
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
  /** Buyer-broker compensation the buyer asks the seller to pay, as a concession. */
  buyerBrokerCompensation: ConcessionSchema.prefault({}),
  homeWarranty: z
    .object({
      included: z.boolean().default(false),
      paidBy: z.enum(WARRANTY_PAYERS).default('seller'),
      amount: nullable(amount),
    })
    .prefault({}),
  expiresAt: nullable(isoDateTime),
  buyers: z.array(OfferPartySchema).max(OFFER_LIMITS.maxBuyers, OFFER_MESSAGES.maxBuyers).default([]),
  buyerAgent: OfferAgentSchema.prefault({}),
  listingAgent: OfferAgentSchema.prefault({}),
  /** The stipulation modal's imported text (Contract-language issue). */
  stipulations: text(OFFER_LIMITS.maxStipulations).default(''),
  /** The RF707 addendum's choices; null when none was made. */
  addendum: nullable(AddendumFormSchema),
})
export type OfferTerms = z.infer<typeof OfferTermsSchema>
export type OfferTermsInput = z.input<typeof OfferTermsSchema>

export const EMPTY_OFFER_TERMS: OfferTerms = OfferTermsSchema.parse({})

/** The body of PATCH /api/offers/:id: the whole terms (autosave sends what the form holds). */
export const SaveOfferSchema = z.object({ terms: OfferTermsSchema })

// ---------------------------------------------------------------------------------------------
// Checks before sharing and before generating forms

export type OfferProblem = { field: string; message: string }

/** Named, with an email: the minimum the spec asks of the listing agent. */
export function hasListingAgent(terms: Pick<OfferTerms, 'listingAgent'>): boolean {
  return terms.listingAgent.fullName.trim() !== '' && isEmail(terms.listingAgent.email.trim())
}

/** At least one buyer, each named with a first and last name and an email. */
export function hasBuyerDetails(terms: Pick<OfferTerms, 'buyers'>): boolean {
  return terms.buyers.length > 0 && terms.buyers.every((buyer) => fullNameSchema.safeParse(buyer.fullName).success && isEmail(buyer.email.trim()))
}

/** In dollars, for a concession given in dollars or as a percent of the price. */
export function concessionDollars(concession: Concession, purchasePrice: number | null): number {
  if (concession.amount === null) return 0
  return concession.unit === 'dollars' ? concession.amount : Math.round(((purchasePrice ?? 0) * concession.amount) / 100)
}

/**
 * What keeps an offer from being shared, each on its field. The listing agent comes first, with the
 * spec's message. `now` is passed in: the domain has no clock.
 */
export function shareProblems(terms: OfferTerms, now: Date): OfferProblem[] {
  const problems: OfferProblem[] = []
  if (!hasListingAgent(terms)) problems.push({ field: 'listingAgent', message: OFFER_MESSAGES.listingAgentRequired })
  if (terms.purchasePrice === null) problems.push({ field: 'purchasePrice', message: OFFER_MESSAGES.purchasePriceRequired })
  if (!hasBuyerDetails(terms)) problems.push({ field: 'buyers', message: OFFER_MESSAGES.buyersRequired })
  const financing = terms.financing
  if (financing.type === null) problems.push({ field: 'financing.type', message: OFFER_MESSAGES.financingRequired })
  else if (financing.type !== 'cash' && financing.loanAmount === null && financing.downPayment === null)
    problems.push({ field: 'financing.loanAmount', message: OFFER_MESSAGES.loanAmountRequired })
  if (financing.type !== 'cash' && financing.loanAmount !== null && terms.purchasePrice !== null && financing.loanAmount > terms.purchasePrice)
    problems.push({ field: 'financing.loanAmount', message: OFFER_MESSAGES.loanAbovePrice })
  if (terms.closingDate === null) problems.push({ field: 'closingDate', message: OFFER_MESSAGES.closingDateRequired })
  else if (terms.closingDate <= now.toISOString().slice(0, 10)) problems.push({ field: 'closingDate', message: OFFER_MESSAGES.closingDatePast })
  if (terms.expiresAt === null) problems.push({ field: 'expiresAt', message: OFFER_MESSAGES.expirationRequired })
  else if (Date.parse(terms.expiresAt) <= now.getTime()) problems.push({ field: 'expiresAt', message: OFFER_MESSAGES.expirationPast })
  if (terms.purchasePrice !== null) {
    const concessions = concessionDollars(terms.sellerConcessions, terms.purchasePrice) + concessionDollars(terms.buyerBrokerCompensation, terms.purchasePrice)
    if (concessions > terms.purchasePrice) problems.push({ field: 'sellerConcessions.amount', message: OFFER_MESSAGES.concessionsAbovePrice })
  }
  return problems
}

/** Why forms cannot be generated yet, in the spec's order (buyer details, then the listing agent). */
export function formsProblem(terms: OfferTerms): string | null {
  if (!hasBuyerDetails(terms)) return OFFER_MESSAGES.buyerDetailsRequired
  if (!hasListingAgent(terms)) return OFFER_MESSAGES.listingAgentDetailsRequired
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
})
export type OfferAttachment = z.infer<typeof OfferAttachmentSchema>

export const OfferEventSchema = z.object({
  type: OfferEventTypeSchema,
  at: z.string(),
  actorName: z.string().nullable(),
})
export type OfferEvent = z.infer<typeof OfferEventSchema>

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
  shareProblems: z.array(z.object({ field: z.string(), message: z.string() })),
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
})
export type OfferSummary = z.infer<typeof OfferSummarySchema>

export const OfferTabCountsSchema = z.object(Object.fromEntries(OFFER_TABS.map((tab) => [tab, z.number().int()])) as Record<(typeof OFFER_TABS)[number], z.ZodNumber>)
export type OfferTabCounts = z.infer<typeof OfferTabCountsSchema>

export const MyOffersQuerySchema = z.object({
  tab: OfferTabSchema.default('all'),
  page: z.coerce.number({ error: OFFER_MESSAGES.pageRange }).int(OFFER_MESSAGES.pageRange).min(1, OFFER_MESSAGES.pageRange).max(10_000, OFFER_MESSAGES.pageRange).default(1),
  pageSize: z.coerce
    .number({ error: OFFER_MESSAGES.pageSizeRange })
    .int(OFFER_MESSAGES.pageSizeRange)
    .min(1, OFFER_MESSAGES.pageSizeRange)
    .max(OFFER_LIMITS.maxPageSize, OFFER_MESSAGES.pageSizeRange)
    .default(12),
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
export const CreateOfferSchema = z.object({ listingId: freeText().min(1, MESSAGES.required).max(100) })

/** POST /api/offers/:id/accept: what happens to the other open offers on the property. */
export const OTHER_OFFERS_CHOICES = ['decline', 'backup'] as const
export const AcceptOfferSchema = z.object({ others: z.enum(OTHER_OFFERS_CHOICES).default('decline') })
export type AcceptOffer = z.infer<typeof AcceptOfferSchema>
