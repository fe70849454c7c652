import { PAGE_ROLES } from './role-table'

/**
 * An offer's limits and choices, free of zod: the pages that show an offer or offer its choices load
 * these without the schemas (offer-terms.ts builds its rules on them and re-exports them).
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

export const FINANCING_TYPES = ['cash', 'conventional', 'fha', 'va', 'usda', 'other'] as const
export const EARNEST_MONEY_HOLDERS = ['listing-broker', 'title-company', 'attorney', 'other'] as const
export const POSSESSION_TIMES = ['at-closing', 'before-closing', 'after-closing'] as const
export const CONCESSION_UNITS = ['dollars', 'percent'] as const
export const WARRANTY_PAYERS = ['seller', 'buyer'] as const
/** The written buyer agreement the buyer agent has (domain.md section 1, the 2024 settlement). */
export const BUYER_AGREEMENT_TYPES = ['exclusive', 'non-exclusive', 'touring'] as const

/** The longest reason a decline may carry. */
export const DECLINE_REASON_MAX = 1000

/** What accepting an offer does with the other open offers on the property. */
export const OTHER_OFFERS_CHOICES = ['decline', 'backup'] as const

/** The longest message a counter-offer carries, and the most offers one highest-and-best request asks. */
export const NEGOTIATION_LIMITS = { maxMessage: 2_000, maxOffersAsked: 200 } as const
