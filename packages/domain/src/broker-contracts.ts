import { z } from 'zod'
import { TIMELINE_KINDS, TIMELINE_OWNERS } from './contract-timeline'
import { TIMELINE_STATES } from './contract-timeline-view'
import { queryWholeNumber } from './paging'

/**
 * A principal broker's read-only view of the brokerage's open contracts (issue #34, item 6): the
 * accepted, bound offers where one of the brokerage's agents is the buyer agent or the listing agent,
 * each with the timeline items at risk now (missed, then due soon). Decision 067.
 */

/** Contracts the list reads at most (the newest binding first) before it sorts them by risk: a brokerage's open contracts of one year. */
export const BROKER_CONTRACTS_SCAN_LIMIT = 500

/** GET /api/broker/contracts: page and page size in the query string (the listing search's messages and bounds). */
export const BrokerContractsQuerySchema = z.object({
  page: queryWholeNumber(10_000, 'listing.pageRange').default(1),
  pageSize: queryWholeNumber(48, 'listing.pageSizeRange').default(10),
})
export type BrokerContractsQuery = z.infer<typeof BrokerContractsQuerySchema>

export const BrokerContractItemSchema = z.object({
  kind: z.enum(TIMELINE_KINDS),
  owner: z.enum(TIMELINE_OWNERS),
  state: z.enum(TIMELINE_STATES),
  /** YYYY-MM-DD in the property's time zone. */
  date: z.string(),
})
export type BrokerContractItem = z.infer<typeof BrokerContractItemSchema>

export const BROKER_AGENT_SIDES = ['buyer', 'listing'] as const
export type BrokerAgentSide = (typeof BROKER_AGENT_SIDES)[number]

export const BrokerContractSchema = z.object({
  offerId: z.string(),
  listingId: z.string(),
  address: z.string(),
  /** YYYY-MM-DD in the property's time zone. */
  bindingAgreementDate: z.string(),
  /** The brokerage's agents on the contract and the side each acts for (both when one agent acts for both sides). */
  agents: z.array(z.object({ id: z.string(), name: z.string(), side: z.enum(BROKER_AGENT_SIDES) })),
  /** The items missed or due soon, missed first, then by date. */
  atRisk: z.array(BrokerContractItemSchema),
  /** The next item still upcoming, if any. */
  next: BrokerContractItemSchema.nullable(),
})
export type BrokerContract = z.infer<typeof BrokerContractSchema>

export const BrokerContractsPageSchema = z.object({
  items: z.array(BrokerContractSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type BrokerContractsPage = z.infer<typeof BrokerContractsPageSchema>
