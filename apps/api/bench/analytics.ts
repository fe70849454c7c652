// /analytics (issue #16) at 50,000 listings and 500,000 offers: GET /api/analytics through the app, as
// a principal broker with 20 agents, an agent and a buyer, each asking for the default 12 months and
// for longer periods. Prints ONE line of JSON: {broker, agent, buyer: {p50Ms, p95Ms}, samples, listings, offers}.
//   BENCH_DATABASE_URL=postgres://user:pass@host:5432/postgres npx tsx apps/api/bench/analytics.ts
// A fresh database is made on that server (and dropped at the end). Without BENCH_DATABASE_URL it
// runs on in-memory PGlite, which is slower and tells little about production.
// BENCH_LISTINGS (50000), BENCH_OFFERS_PER_LISTING (10) and BENCH_SAMPLES (40) change the size.
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { buildTestApp } from '../test/build-test-app'
import { bearer, createUser, signIn } from '../test/factories'
import { percentile } from './stats'

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 50_000)
const OFFERS_PER_LISTING = Number(process.env.BENCH_OFFERS_PER_LISTING ?? 10)
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40)
const WARM_UP = 5
const AGENTS = 1_000
const BUYERS = 5_000
const BROKERAGE_AGENTS = 20

// buildTestApp makes its own scratch database on TEST_DATABASE_URL's server.
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL

const round = (ms: number) => Math.round(ms * 10) / 10

const STATUSES = ['Active', 'Active', 'Active', 'ActiveUnderContract', 'Pending', 'Closed', 'Closed', 'Withdrawn', 'Expired', 'Canceled']
// One in 20 of each: mostly answered, some open, a few drafts.
const OFFER_STATUSES = ['draft', 'active', 'active', 'backup', 'accepted', 'accepted', 'declined', 'declined', 'declined', 'declined', 'declined', 'declined', 'withdrawn', 'withdrawn', 'expired', 'expired', 'expired', 'closed', 'closed', 'terminated']
const list = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(','))

/** The periods a user picks in turn: the default year, a quarter, two years, the longest allowed. */
function periods(): string[] {
  const today = new Date()
  const day = (daysAgo: number) => new Date(today.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10)
  return ['', `?from=${day(90)}&to=${day(0)}`, `?from=${day(730)}&to=${day(0)}`, `?from=${day(1800)}&to=${day(0)}`]
}

const t = await buildTestApp()
try {
  const broker = await createUser(t, { roles: ['PRINCIPAL_BROKER'], name: 'Bench Broker' })
  const agent = await createUser(t, { roles: ['SELLER_AGENT', 'BUYER_AGENT'], name: 'Bench Agent' })
  const buyer = await createUser(t, { roles: ['BUYER_SIMPLE'], name: 'Bench Buyer' })

  // The generated people: AGENTS agents (the signed-in agent is the first of them) and BUYERS buyers.
  await t.db.execute(sql`
    insert into "user" (id, name, email, email_verified, created_at, updated_at, onboarded)
    select 'bench-agent-' || n, 'Agent ' || n, 'bench-agent-' || n || '@example.com', true, now(), now(), true from generate_series(2, ${AGENTS}) as n
    union all
    select 'bench-buyer-' || n, 'Buyer ' || n, 'bench-buyer-' || n || '@example.com', true, now(), now(), true from generate_series(2, ${BUYERS}) as n
  `)
  const agentOf = (n: string) => sql.raw(`case when ${n} % ${AGENTS} = 0 then '${agent.id}' else 'bench-agent-' || (1 + ${n} % ${AGENTS}) end`)
  const buyerOf = (n: string) => sql.raw(`case when ${n} % ${BUYERS} = 0 then '${buyer.id}' else 'bench-buyer-' || (1 + ${n} % ${BUYERS}) end`)

  // Listings over three years, each its agent's (owner and listing agent).
  await t.db.execute(sql`
    insert into listing (listing_key, owner_id, list_agent_user_id, standard_status, list_price, street_number, street_name, city, state_or_province, postal_code, unparsed_address, published_at, created_at, modification_timestamp)
    select 'BENCH-' || n, ${agentOf('n')}, ${agentOf('n')},
      (array[${list(STATUSES)}])[1 + n % ${STATUSES.length}],
      100000 + (n * 7919) % 900000,
      (100 + n)::text, 'Bench', 'Nashville', 'TN', '37201', (100 + n) || ' Bench St, Nashville, TN 37201',
      now() - ((n % 1095) || ' days')::interval - ((n % 24) || ' hours')::interval,
      now() - ((n % 1095) || ' days')::interval - ((n % 24) || ' hours')::interval,
      now() - ((n % 1095) / 2 || ' days')::interval
    from generate_series(1, ${LISTINGS}) as n
  `)

  // OFFERS_PER_LISTING offers on each, shared within a month of listing, answered within three days;
  // the open ones expire over the next ten days.
  await t.db.execute(sql`
    insert into offer (listing_id, buyer_id, status, purchase_price, shared_at, decided_at, expires_at, created_at, updated_at)
    select l.id, ${buyerOf('x')}, s.status, (l.list_price * (0.9 + (x % 20) / 100.0))::int,
      case when s.status = 'draft' then null else l.published_at + ((x % 30) || ' days')::interval + ((x % 24) || ' hours')::interval end,
      case when s.status in ('draft', 'active', 'backup') then null else l.published_at + ((x % 30) || ' days')::interval + ((x % 24 + x % 72) || ' hours')::interval end,
      case when s.status in ('active', 'backup') then now() + ((x % 240) || ' hours')::interval else l.published_at + ((x % 30 + 5) || ' days')::interval end,
      l.published_at, l.published_at
    from (select id, list_price, published_at, row_number() over (order by listing_key) as rn from listing where listing_key like 'BENCH-%') l
    cross join generate_series(1, ${OFFERS_PER_LISTING}) as k
    cross join lateral (select l.rn * ${OFFERS_PER_LISTING} + k as x) as seq
    cross join lateral (select (array[${list(OFFER_STATUSES)}])[1 + (x * 7) % ${OFFER_STATUSES.length}] as status) as s
  `)

  // The broker's brokerage: the signed-in agent and 19 generated ones.
  await t.db.execute(sql`
    insert into team_member (leader_id, member_id, brokerage, kind, access)
    select ${broker.id}, case when n = 1 then ${agent.id} else 'bench-agent-' || n end, true, 'agent', 'all' from generate_series(1, ${BROKERAGE_AGENTS}) as n
  `)
  // What autovacuum does on a live database: statistics, and the visibility map index-only scans read.
  await t.db.execute(sql`vacuum analyze`)
  const counted = (await t.db.execute(sql`select (select count(*) from listing)::int as listings, (select count(*) from offer)::int as offers`)) as unknown as { rows: { listings: number; offers: number }[] }

  const scopes = { broker, agent, buyer }
  const result: Record<string, { p50Ms: number; p95Ms: number }> = {}
  for (const [name, user] of Object.entries(scopes)) {
    const headers = bearer((await signIn(t.app, user.email, user.password)).accessToken)
    const queries = periods()
    const times: number[] = []
    for (let index = 0; index < SAMPLES + WARM_UP; index++) {
      const query = queries[index % queries.length]!
      const started = performance.now()
      const response = await t.app.inject({ method: 'GET', url: `/api/analytics${query}`, headers })
      const took = performance.now() - started
      if (response.statusCode !== 200) throw new Error(`${name} ${query}: ${response.statusCode} ${response.body}`)
      if (index >= WARM_UP) times.push(took)
    }
    times.sort((a, b) => a - b)
    result[name] = { p50Ms: round(percentile(times, 0.5)), p95Ms: round(percentile(times, 0.95)) }
  }
  console.log(JSON.stringify({ ...result, samples: SAMPLES, listings: counted.rows[0]?.listings, offers: counted.rows[0]?.offers }))
} finally {
  await t.close()
}
