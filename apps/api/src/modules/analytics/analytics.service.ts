import type { AnalyticsFigures, AnalyticsQuery, AnalyticsReport, AnalyticsScope, BuyingFigures, SellingFigures } from '@offerbook/domain/analytics'
import { EXPIRING_SOON_HOURS, resolvePeriod } from '@offerbook/domain/analytics'
import type { StandardStatus } from '@offerbook/domain/listing-enums'
import type { Role } from '@offerbook/domain/roles'
import type { User } from '@offerbook/domain/user'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import type { AgentRow, AnswerRow, ClosedRow, ListedRow, Scope, StatusRow, Window } from './analytics.queries'
import { brokerageAgents, closedFigures, expiringSoon, inOneSnapshot, listedFigures, listingsByStatus, madeFigures, monthlyFigures, receivedFigures, topListings } from './analytics.queries'

const AGENT_ROLES: readonly Role[] = ['SELLER_AGENT', 'BUYER_AGENT']
const HOUR = 3_600_000
const DAY = 24 * HOUR

const isBroker = (actor: User) => actor.isPrincipalBroker || actor.roles.includes('PRINCIPAL_BROKER')
const round = (value: number | null, digits: number) => (value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits)
const rate = (part: number, whole: number) => (whole === 0 ? null : round(part / whole, 4))

function windowOf(period: { from: string; to: string }): Window {
  return { start: `${period.from}T00:00:00.000Z`, end: new Date(Date.parse(`${period.to}T00:00:00.000Z`) + DAY).toISOString(), fromDay: period.from, toDay: period.to }
}

const EMPTY_ANSWERS: AnswerRow = {
  agent_id: null,
  offers: 0,
  accepted: 0,
  declined: 0,
  hours_answered: null,
  hours_accepted: null,
  hours_declined: null,
  offer_to_list: null,
  accepted_to_list: null,
  accepted_volume: 0,
}

function answerFigures(row: AnswerRow) {
  return {
    accepted: row.accepted,
    declined: row.declined,
    acceptanceRate: rate(row.accepted, row.accepted + row.declined),
    hoursToAnswer: { answered: round(row.hours_answered, 1), accepted: round(row.hours_accepted, 1), declined: round(row.hours_declined, 1) },
    offerToListRatio: round(row.offer_to_list, 4),
    acceptedToListRatio: round(row.accepted_to_list, 4),
    acceptedVolume: Math.round(row.accepted_volume),
  }
}

type SellingRows = { statuses: StatusRow[]; listed: ListedRow[]; received: AnswerRow[]; closed: ClosedRow[] }

/** One agent's figures (agentId) or the total (null), picked out of the grouped rows. */
function sellingOf(rows: SellingRows, agentId: string | null): SellingFigures {
  const listed = rows.listed.find((row) => row.agent_id === agentId)
  const received = rows.received.find((row) => row.agent_id === agentId) ?? EMPTY_ANSWERS
  const closed = rows.closed.find((row) => row.agent_id === agentId)
  return {
    listings: listed?.listings ?? 0,
    listingsByStatus: rows.statuses.filter((row) => row.agent_id === agentId).map((row) => ({ status: row.status as StandardStatus, count: row.count })),
    offersReceived: received.offers,
    offersPerListing: round(listed?.offers_per_listing ?? null, 2),
    listingsWithOffers: listed?.listings_with_offers ?? 0,
    daysToFirstOffer: { average: round(listed?.days_average ?? null, 1), median: round(listed?.days_median ?? null, 1) },
    ...answerFigures(received),
    closedListings: closed?.listings ?? 0,
    closedVolume: Math.round(closed?.volume ?? 0),
  }
}

function buyingOf(rows: AnswerRow[], agentId: string | null): BuyingFigures {
  const made = rows.find((row) => row.agent_id === agentId) ?? EMPTY_ANSWERS
  return { offersMade: made.offers, ...answerFigures(made) }
}

type Resolved = { scope: AnalyticsScope; agents: AgentRow[]; chosen: AgentRow[]; agentId: string | null; selling: boolean; buying: boolean }

/** Who the figures are of (spec section 2 and issue #16): a broker's brokerage or one of its agents, an agent, a buyer. */
async function resolveScope(db: Db, actor: User, agentId: string | undefined): Promise<Resolved> {
  if (isBroker(actor)) {
    const agents = await brokerageAgents(db, actor.uid)
    if (agentId === undefined) return { scope: 'brokerage', agents, chosen: agents, agentId: null, selling: true, buying: true }
    const agent = agents.find((candidate) => candidate.id === agentId)
    // Another brokerage's agent, or no one: the same answer, so a broker learns nothing of other brokerages.
    if (!agent) throw new AppError('NOT_FOUND', 'analytics.unknownAgent')
    return { scope: 'brokerage', agents, chosen: [agent], agentId, selling: true, buying: true }
  }
  if (agentId !== undefined && agentId !== actor.uid) throw new AppError('FORBIDDEN', 'analytics.agentFilterForBrokers')
  const self = [{ id: actor.uid, name: actor.name }]
  if (actor.roles.some((role) => AGENT_ROLES.includes(role))) return { scope: 'agent', agents: [], chosen: self, agentId: null, selling: true, buying: true }
  return { scope: 'buyer', agents: [], chosen: self, agentId: null, selling: false, buying: true }
}

/** GET /api/analytics: the figures of the period for the caller's scope. */
export async function getAnalytics(db: Db, { actor, query, now = new Date() }: { actor: User; query: AnalyticsQuery; now?: Date }): Promise<AnalyticsReport> {
  const period = resolvePeriod(query, now)
  const resolved = await resolveScope(db, actor, query.agentId)
  const ids = resolved.chosen.map((agent) => agent.id)
  const scope: Scope = { sellers: resolved.selling ? ids : [], buyers: resolved.buying ? ids : [] }
  const w = windowOf(period)

  const soon = { now: now.toISOString(), until: new Date(now.getTime() + EXPIRING_SOON_HOURS * HOUR).toISOString() }
  // One after another on one connection: the statements are short, and the pool stays free for others.
  const { statuses, listed, received, closed, made, months, top, expiring } = await inOneSnapshot(db, async (tx) => ({
    statuses: resolved.selling ? await listingsByStatus(tx, scope, w) : [],
    listed: resolved.selling ? await listedFigures(tx, scope, w) : [],
    received: resolved.selling ? await receivedFigures(tx, scope, w) : [],
    closed: resolved.selling ? await closedFigures(tx, scope, w) : [],
    made: await madeFigures(tx, scope, w),
    months: await monthlyFigures(tx, scope, w),
    top: resolved.selling ? await topListings(tx, scope, w) : [],
    expiring: await expiringSoon(tx, scope, soon),
  }))
  const sellingRows: SellingRows = { statuses, listed, received, closed }
  const figuresOf = (agentId: string | null): AnalyticsFigures => ({
    selling: resolved.selling ? sellingOf(sellingRows, agentId) : null,
    buying: resolved.buying ? buyingOf(made, agentId) : null,
  })

  return {
    scope: resolved.scope,
    period,
    agents: resolved.agents,
    agentId: resolved.agentId,
    total: figuresOf(null),
    byAgent: resolved.scope === 'brokerage' ? resolved.chosen.map((agent) => ({ agentId: agent.id, name: agent.name, figures: figuresOf(agent.id) })) : [],
    months: months.map((row) => ({ month: row.month, received: row.received, accepted: row.accepted, declined: row.declined, made: row.made })),
    topListings: top.map((row) => ({ listingId: row.listing_id, address: row.address, offers: row.offers })),
    expiringSoon: {
      count: expiring[0]?.total ?? 0,
      offers: expiring.map((row) => ({ offerId: row.offer_id, address: row.address, expiresAt: new Date(row.expires_at).toISOString(), purchasePrice: row.purchase_price })),
    },
  }
}
