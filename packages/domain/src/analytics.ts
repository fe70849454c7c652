import { z } from 'zod'
import { StandardStatusSchema } from './listing-enums'

/**
 * /analytics (issue #16): the figures of a period, for the caller's scope. A principal broker sees the
 * brokerage's total and each agent; an agent their own listings (and the offers made as a buyer's
 * agent); a buyer their own offers. Dates are calendar days in UTC; the period runs from the start of
 * `from` to the end of `to`. Definitions of each figure: docs/decisions/024-analytics.md.
 */

/** The longest period one report covers. */
export const ANALYTICS_MAX_YEARS = 5
/** How far ahead an open offer counts as expiring soon. */
export const EXPIRING_SOON_HOURS = 72
/** The longest lists the report holds (offers per listing, offers expiring soon). */
export const ANALYTICS_LIST_LIMIT = 10

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/** Whether `value` is a real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

const dateField = (message: 'analytics.invalidFrom' | 'analytics.invalidTo') => z.string({ error: message }).refine(isIsoDate, { error: message, abort: true })

const toDay = (date: Date) => date.toISOString().slice(0, 10)

function addYears(day: string, years: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCFullYear(date.getUTCFullYear() + years)
  return toDay(date)
}

export type AnalyticsPeriod = { from: string; to: string }

/** The period asked for, the missing ends filled in: the last 12 months up to today by default. */
export function resolvePeriod({ from, to }: { from?: string | undefined; to?: string | undefined }, today: Date = new Date()): AnalyticsPeriod {
  const end = to ?? toDay(today)
  return { from: from ?? addYears(end, -1), to: end }
}

/** Why a period is refused, on the field `to`, or null when it is good. */
export function periodProblem(period: AnalyticsPeriod): 'analytics.endBeforeStart' | 'analytics.periodTooLong' | null {
  if (period.to < period.from) return 'analytics.endBeforeStart'
  if (period.to > addYears(period.from, ANALYTICS_MAX_YEARS)) return 'analytics.periodTooLong'
  return null
}

/** The period as the page's form and the API's query string hold it; both ends may be left out. */
export const AnalyticsPeriodSchema = z
  .object({
    from: dateField('analytics.invalidFrom').optional(),
    to: dateField('analytics.invalidTo').optional(),
  })
  .superRefine((value, ctx) => {
    const problem = periodProblem(resolvePeriod(value))
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['to'], params: { years: ANALYTICS_MAX_YEARS } })
  })
export type AnalyticsPeriodInput = z.infer<typeof AnalyticsPeriodSchema>

/** GET /api/analytics: the period, and for a principal broker one agent of the brokerage. */
export const AnalyticsQuerySchema = z
  .object({
    from: dateField('analytics.invalidFrom').optional(),
    to: dateField('analytics.invalidTo').optional(),
    agentId: z.string({ error: 'analytics.unknownAgent' }).min(1, 'analytics.unknownAgent').max(200, 'analytics.unknownAgent').optional(),
  })
  .superRefine((value, ctx) => {
    const problem = periodProblem(resolvePeriod(value))
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['to'], params: { years: ANALYTICS_MAX_YEARS } })
  })
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>

export const ANALYTICS_SCOPES = ['brokerage', 'agent', 'buyer'] as const
export type AnalyticsScope = (typeof ANALYTICS_SCOPES)[number]

const count = z.number().int().nonnegative()
/** Null when nothing was there to measure (no answered offer, no listing with an offer). */
const measure = z.number().nullable()

/**
 * How the offers of a scope were answered, the same figures for the offers it received (seller side)
 * and made (buyer side); the volume is the sum of the prices of those accepted or closed.
 */
const ANSWER_FIGURES = {
  accepted: count,
  declined: count,
  acceptanceRate: measure,
  hoursToAnswer: z.object({ answered: measure, accepted: measure, declined: measure }),
  offerToListRatio: measure,
  acceptedToListRatio: measure,
  acceptedVolume: count,
}

/** The seller side: listings the scope owns or is listing agent of, and the offers shared on them. */
export const SellingFiguresSchema = z.object({
  /** Listings listed in the period (published, or created when never published), by their status now. */
  listings: count,
  listingsByStatus: z.array(z.object({ status: StandardStatusSchema, count })),
  /** Offers shared with the seller side in the period. */
  offersReceived: count,
  /** Offers received in the period per listing listed in the period. */
  offersPerListing: measure,
  /** Of the listings listed in the period, those that got an offer, and the days from listing to the first. */
  listingsWithOffers: count,
  daysToFirstOffer: z.object({ average: measure, median: measure }),
  /** Of the offers received in the period: answered ones, and the hours from shared to the answer. */
  ...ANSWER_FIGURES,
  /** Listings whose status is Closed, changed last in the period, and the sum of their closing prices. */
  closedListings: count,
  closedVolume: count,
})
export type SellingFigures = z.infer<typeof SellingFiguresSchema>

/** The buyer side: offers the scope made and shared in the period. */
export const BuyingFiguresSchema = z.object({
  offersMade: count,
  ...ANSWER_FIGURES,
})
export type BuyingFigures = z.infer<typeof BuyingFiguresSchema>

/** A side is null when the scope has no such role (a buyer lists nothing). */
export const AnalyticsFiguresSchema = z.object({ selling: SellingFiguresSchema.nullable(), buying: BuyingFiguresSchema.nullable() })
export type AnalyticsFigures = z.infer<typeof AnalyticsFiguresSchema>

export const AnalyticsAgentSchema = z.object({ id: z.string(), name: z.string() })
export type AnalyticsAgent = z.infer<typeof AnalyticsAgentSchema>

/** One month of the period (YYYY-MM): offers received (and how they were answered) and offers made. */
export const AnalyticsMonthSchema = z.object({ month: z.string(), received: count, accepted: count, declined: count, made: count })
export type AnalyticsMonth = z.infer<typeof AnalyticsMonthSchema>

export const AnalyticsReportSchema = z.object({
  scope: z.enum(ANALYTICS_SCOPES),
  period: z.object({ from: z.string(), to: z.string() }),
  /** The brokerage's agents a principal broker may filter by; empty for anyone else. */
  agents: z.array(AnalyticsAgentSchema),
  /** The agent the figures are narrowed to, or null. */
  agentId: z.string().nullable(),
  total: AnalyticsFiguresSchema,
  /** A principal broker's figures per agent (all of them, or the one chosen); empty for anyone else. */
  byAgent: z.array(z.object({ agentId: z.string(), name: z.string(), figures: AnalyticsFiguresSchema })),
  months: z.array(AnalyticsMonthSchema),
  /** The listings with the most offers received in the period. */
  topListings: z.array(z.object({ listingId: z.string(), address: z.string(), offers: count })),
  /** Open offers (active or back-up) of the scope, either side, that expire within EXPIRING_SOON_HOURS. */
  expiringSoon: z.object({
    count,
    offers: z.array(z.object({ offerId: z.string(), address: z.string(), expiresAt: z.string(), purchasePrice: z.number().nullable() })),
  }),
})
export type AnalyticsReport = z.infer<typeof AnalyticsReportSchema>
