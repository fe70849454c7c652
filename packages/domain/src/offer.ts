import { z } from 'zod'
import { TeamMarkSchema } from './teams'
import { OFFER_TABS } from './offer-status'
import { OfferActionSchema, OfferEventTypeSchema, OfferStatusSchema, OfferTabSchema } from './offer-status-schemas'
import type { MessageKey } from './messages'
import { CATALOGUE } from './messages'
import type { OfferDeadlines } from './offer-checks'
import { FinancingTypeSchema, OFFER_LIMITS, OfferTermsSchema, OfferVersionNumberSchema } from './offer-terms'
import { OTHER_OFFERS_CHOICES } from './offer-values'
import { freeText } from './validation'
import { pageOf } from './paging'
import { OfferClosingSchema } from './offer-closing'

/*
 * An offer as the API answers it: its terms (offer-terms.ts), the checks on them (offer-checks.ts),
 * both re-exported here, and the shapes of the views, lists and answers.
 */
export * from './offer-terms'
export * from './offer-checks'

// ---------------------------------------------------------------------------------------------
// Answer shapes

const MessageKeySchema = z.enum(Object.keys(CATALOGUE) as [MessageKey, ...MessageKey[]])
/** A problem on a field of the terms (offer-checks.ts's OfferProblem), as an answer carries it. */
export const OfferProblemSchema = z.object({ field: z.string(), key: MessageKeySchema, params: z.record(z.string(), z.union([z.string(), z.number()])).optional() })

/** The first dates the contract counts (offer-checks.ts's offerDeadlines), as an answer carries them. */
export const OfferDeadlinesSchema = z.object({
  bindingAgreementDate: z.string(),
  earnestMoneyDue: z.string().nullable(),
  inspectionPeriodEnds: z.string().nullable(),
  closing: z.string().nullable(),
}) satisfies z.ZodType<OfferDeadlines>

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

/** How a version came: the offer as shared, a revision the buyer side sent, a counter-offer (decision 036), an amendment both sides signed (decision 066). */
export const OFFER_VERSION_KINDS = ['offer', 'revision', 'counter', 'amendment'] as const
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
  /** Why the seller side declined the offer, when it said (the last decline's reason); null otherwise. */
  declineReason: z.string().nullable(),
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
  /** The closing recorded by one side (decision 061): waiting for the other side while confirmedAt is null. */
  closing: OfferClosingSchema.nullable(),
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

export const MyOffersPageSchema = pageOf(OfferSummarySchema).extend({
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
export type SendRevision = z.infer<typeof SendRevisionSchema>

/** POST /api/offers/:id/accept: what happens to the other open offers on the property (OTHER_OFFERS_CHOICES). */
export const AcceptOfferSchema = z.object({ others: z.enum(OTHER_OFFERS_CHOICES).default('decline'), version: OfferVersionNumberSchema })
export type AcceptOffer = z.infer<typeof AcceptOfferSchema>
