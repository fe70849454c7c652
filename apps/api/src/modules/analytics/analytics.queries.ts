import type { SQL } from 'drizzle-orm'
import { sql } from 'drizzle-orm'
import { ANALYTICS_LIST_LIMIT } from '@offerbook/domain/analytics'
import type { Db } from '../../db/client'

/**
 * The figures of /analytics, each an SQL aggregate over the offer and listing indexes (migration 0012):
 * no offer or listing row is loaded to be counted here. A figure per agent and the total come from
 * one statement (GROUPING SETS); the total's row has agent_id null. Definitions: docs/decisions/024.
 */

/** What the figures are of: the accounts whose listings count (seller side) and whose offers count (buyer side). */
export type Scope = { sellers: readonly string[]; buyers: readonly string[] }
/** The period as timestamps: [start, end). */
export type Window = { start: string; end: string; fromDay: string; toDay: string }

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  // Both drivers (PGlite, node-postgres) answer execute() with { rows }.
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/**
 * Runs `read` in one read-only transaction: every figure from the same snapshot, on one connection.
 * Each figure reads some thousands of index entries, so parallel workers cost more to start than they
 * save; on a busy server a statement waited 50 ms for its worker (docs/decisions/024).
 */
export function inOneSnapshot<T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`)
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`)
    return read(tx)
  })
}

/** A text[] literal: `= any(...)` takes an empty one too, where `in ()` would not parse. */
const idArray = (ids: readonly string[]) => (ids.length === 0 ? sql`array[]::text[]` : sql`array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::text[]`)

const ACCEPTED = sql.raw(`('accepted', 'closed')`)
/** Only these keep the answer's time in decided_at; closing and terminating stamp it again. */
const ANSWERED = sql.raw(`('accepted', 'declined')`)

/**
 * The listings of the sellers, each counted for one of them: its listing agent when that is one of
 * the sellers, else its owner.
 */
function scopedListings(sellers: readonly string[]): SQL {
  const ids = idArray(sellers)
  return sql`scoped as (
    select l.id, l.standard_status, l.list_price, l.unparsed_address, l.modification_timestamp,
      coalesce(l.published_at, l.created_at) as listed_at,
      case when l.list_agent_user_id = any(${ids}) then l.list_agent_user_id else l.owner_id end as agent_id
    from listing l
    where l.owner_id = any(${ids}) or l.list_agent_user_id = any(${ids})
  )`
}

export type StatusRow = { agent_id: string | null; status: string; count: number }

export function listingsByStatus(db: Db, scope: Scope, w: Window): Promise<StatusRow[]> {
  return rowsOf<StatusRow>(
    db,
    sql`with ${scopedListings(scope.sellers)}
    select agent_id, standard_status as status, count(*)::int as count
    from scoped where listed_at >= ${w.start}::timestamptz and listed_at < ${w.end}::timestamptz
    group by grouping sets ((agent_id, standard_status), (standard_status))
    order by standard_status`,
  )
}

export type ListedRow = {
  agent_id: string | null
  listings: number
  offers_per_listing: number | null
  listings_with_offers: number
  days_average: number | null
  days_median: number | null
}

/** The listings listed in the period: how many offers each got, and the days until the first. */
export function listedFigures(db: Db, scope: Scope, w: Window): Promise<ListedRow[]> {
  return rowsOf<ListedRow>(
    db,
    sql`with ${scopedListings(scope.sellers)},
    listed as (
      -- greatest() skips nulls: a listing without an offer must keep a null, not become 0 days.
      select s.agent_id, f.offers, case when f.first_at is null then null else greatest(extract(epoch from f.first_at - s.listed_at) / 86400, 0) end::float8 as days
      from scoped s
      cross join lateral (
        select count(*)::int as offers, min(o.shared_at) as first_at from offer o where o.listing_id = s.id and o.shared_at is not null
      ) f
      where s.listed_at >= ${w.start}::timestamptz and s.listed_at < ${w.end}::timestamptz
    )
    select agent_id, count(*)::int as listings, avg(offers)::float8 as offers_per_listing,
      count(days)::int as listings_with_offers, avg(days)::float8 as days_average,
      (percentile_cont(0.5) within group (order by days))::float8 as days_median
    from listed group by grouping sets ((agent_id), ())`,
  )
}

export type AnswerRow = {
  agent_id: string | null
  offers: number
  accepted: number
  declined: number
  hours_answered: number | null
  hours_accepted: number | null
  hours_declined: number | null
  offer_to_list: number | null
  accepted_to_list: number | null
  accepted_volume: number
}

/**
 * What an offer `o` sold for: a closed offer's final price as both sides confirmed it (decision 061),
 * else its price (an accepted offer, or one closed before closings had a final price).
 */
const salePrice = sql.raw(`case when o.status = 'closed' then coalesce(o.final_price, o.purchase_price) else o.purchase_price end`)

/** The answer figures of a set of offers `o` joined to their listing `l`, grouped by `agent_id`. */
const answerColumns = sql`count(*)::int as offers,
  count(*) filter (where o.status in ('accepted', 'closed', 'terminated'))::int as accepted,
  count(*) filter (where o.status = 'declined')::int as declined,
  (avg(extract(epoch from o.decided_at - o.shared_at) / 3600) filter (where o.status in ${ANSWERED}))::float8 as hours_answered,
  (avg(extract(epoch from o.decided_at - o.shared_at) / 3600) filter (where o.status = 'accepted'))::float8 as hours_accepted,
  (avg(extract(epoch from o.decided_at - o.shared_at) / 3600) filter (where o.status = 'declined'))::float8 as hours_declined,
  (avg(o.purchase_price::float8 / l.list_price) filter (where o.purchase_price is not null and l.list_price > 0))::float8 as offer_to_list,
  (avg(o.purchase_price::float8 / l.list_price) filter (where o.status in ${ACCEPTED} and o.purchase_price is not null and l.list_price > 0))::float8 as accepted_to_list,
  coalesce(sum(${salePrice}) filter (where o.status in ${ACCEPTED}), 0)::float8 as accepted_volume`

/** Offers shared in the period on the sellers' listings. */
export function receivedFigures(db: Db, scope: Scope, w: Window): Promise<AnswerRow[]> {
  return rowsOf<AnswerRow>(
    db,
    sql`with ${scopedListings(scope.sellers)}
    select l.agent_id, ${answerColumns}
    from scoped l join offer o on o.listing_id = l.id
    where o.shared_at >= ${w.start}::timestamptz and o.shared_at < ${w.end}::timestamptz
    group by grouping sets ((l.agent_id), ())`,
  )
}

/** Offers the buyers made and shared in the period. */
export function madeFigures(db: Db, scope: Scope, w: Window): Promise<AnswerRow[]> {
  return rowsOf<AnswerRow>(
    db,
    sql`select o.buyer_id as agent_id, ${answerColumns}
    from offer o join listing l on l.id = o.listing_id
    where o.buyer_id = any(${idArray(scope.buyers)}) and o.shared_at >= ${w.start}::timestamptz and o.shared_at < ${w.end}::timestamptz
    group by grouping sets ((o.buyer_id), ())`,
  )
}

export type ClosedRow = { agent_id: string | null; listings: number; volume: number }

/**
 * The sellers' listings whose StandardStatus is Closed and last changed in the period. The listing
 * has no ClosePrice column: the price is its closed offer's final price (or the closed or accepted
 * offer's price), else its list price.
 */
export function closedFigures(db: Db, scope: Scope, w: Window): Promise<ClosedRow[]> {
  return rowsOf<ClosedRow>(
    db,
    sql`with ${scopedListings(scope.sellers)}
    select s.agent_id, count(*)::int as listings,
      coalesce(sum(coalesce((select max(${salePrice}) from offer o where o.listing_id = s.id and o.status in ${ACCEPTED}), s.list_price, 0)), 0)::float8 as volume
    from scoped s
    where s.standard_status = 'Closed' and s.modification_timestamp >= ${w.start}::timestamptz and s.modification_timestamp < ${w.end}::timestamptz
    group by grouping sets ((s.agent_id), ())`,
  )
}

export type MonthRow = { month: string; received: number; accepted: number; declined: number; made: number }

/** Each month of the period (UTC), empty months included, for the charts. */
export function monthlyFigures(db: Db, scope: Scope, w: Window): Promise<MonthRow[]> {
  const inPeriod = sql`o.shared_at >= ${w.start}::timestamptz and o.shared_at < ${w.end}::timestamptz`
  return rowsOf<MonthRow>(
    db,
    sql`with ${scopedListings(scope.sellers)},
    months as (select generate_series(date_trunc('month', ${w.fromDay}::timestamp), date_trunc('month', ${w.toDay}::timestamp), interval '1 month') as month),
    received as (
      select date_trunc('month', o.shared_at at time zone 'UTC') as month, count(*)::int as received,
        count(*) filter (where o.status in ('accepted', 'closed', 'terminated'))::int as accepted,
        count(*) filter (where o.status = 'declined')::int as declined
      from scoped s join offer o on o.listing_id = s.id where ${inPeriod} group by 1
    ),
    made as (
      select date_trunc('month', o.shared_at at time zone 'UTC') as month, count(*)::int as made
      from offer o where o.buyer_id = any(${idArray(scope.buyers)}) and ${inPeriod} group by 1
    )
    select to_char(m.month, 'YYYY-MM') as month, coalesce(r.received, 0)::int as received, coalesce(r.accepted, 0)::int as accepted,
      coalesce(r.declined, 0)::int as declined, coalesce(d.made, 0)::int as made
    from months m left join received r on r.month = m.month left join made d on d.month = m.month
    order by m.month`,
  )
}

export type TopListingRow = { listing_id: string; address: string; offers: number }

/** The sellers' listings with the most offers received in the period. */
export function topListings(db: Db, scope: Scope, w: Window): Promise<TopListingRow[]> {
  return rowsOf<TopListingRow>(
    db,
    sql`with ${scopedListings(scope.sellers)}
    select s.id as listing_id, s.unparsed_address as address, count(*)::int as offers
    from scoped s join offer o on o.listing_id = s.id
    where o.shared_at >= ${w.start}::timestamptz and o.shared_at < ${w.end}::timestamptz
    group by s.id, s.unparsed_address
    order by offers desc, s.unparsed_address, s.id
    limit ${ANALYTICS_LIST_LIMIT}`,
  )
}

export type ExpiringRow = { offer_id: string; address: string; expires_at: string | Date; purchase_price: number | null; total: number }

/**
 * Open offers on the sellers' listings or made by the buyers that expire between `now` and `until`:
 * each side read from its own index (by listing, by buyer), not from every open offer of everyone.
 */
export function expiringSoon(db: Db, scope: Scope, { now, until }: { now: string; until: string }): Promise<ExpiringRow[]> {
  const open = sql`o.status in ('active', 'backup', 'countered') and o.expires_at >= ${now}::timestamptz and o.expires_at < ${until}::timestamptz`
  return rowsOf<ExpiringRow>(
    db,
    sql`with ${scopedListings(scope.sellers)},
    expiring as (
      select o.id, o.listing_id, o.expires_at, o.purchase_price from scoped s join offer o on o.listing_id = s.id where ${open}
      union
      select o.id, o.listing_id, o.expires_at, o.purchase_price from offer o where o.buyer_id = any(${idArray(scope.buyers)}) and ${open}
    )
    select e.id as offer_id, l.unparsed_address as address, e.expires_at, e.purchase_price, (count(*) over ())::int as total
    from expiring e join listing l on l.id = e.listing_id
    order by e.expires_at, e.id
    limit ${ANALYTICS_LIST_LIMIT}`,
  )
}

export type AgentRow = { id: string; name: string }

/** A principal broker's brokerage: the agents whose brokerage team member row names them as leader. */
export function brokerageAgents(db: Db, brokerId: string): Promise<AgentRow[]> {
  return rowsOf<AgentRow>(
    db,
    sql`select u.id, u.name from team_member t join "user" u on u.id = t.member_id
    where t.leader_id = ${brokerId} and t.brokerage and t.kind = 'agent'
    order by u.name, u.id`,
  )
}
