// The contract timeline reminders' job (issue #34 item 3, Measure): one run over 10,000 bound open
// contracts, target < 2 s on PostgreSQL. The contracts are seeded with SQL, bound over the last 60
// days in both of Tennessee's zones, with their earnest money, financing, inspection and closing
// varied, so that each day's run finds that day's reminders: its 48-hour and 24-hour reminders and its
// missed items. Each round runs the job twice at one instant, a day after the previous round's: the
// first run sends that day's reminders, the second finds them sent and sends nothing.
// Prints ONE line of JSON: {firstRunMedianMs, secondRunMedianMs, their CPU times, what was sent, loadAverage}.
//   BENCH_DATABASE_URL=postgres://user:pass@host:5432/postgres npx tsx apps/api/bench/timeline-reminders.ts
// A scratch database is made on that server (and dropped at the end); without BENCH_DATABASE_URL it
// runs on in-memory PGlite. BENCH_CONTRACTS (10000) and BENCH_REMINDER_ROUNDS (5) change the size.
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { buildTestApp } from '../test/build-test-app'
import { shareableTerms } from '../test/factories'
import type { ReminderRun } from '../src/modules/offer-record/timeline-reminders'
import { sendTimelineReminders } from '../src/modules/offer-record/timeline-reminders'

const CONTRACTS = Number(process.env.BENCH_CONTRACTS ?? 10_000)
const ROUNDS = Number(process.env.BENCH_REMINDER_ROUNDS ?? 5)
const AGENTS = 500
const BUYERS = 2_000
const DAY = 86_400_000

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL

const round = (ms: number) => Math.round(ms * 10) / 10
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

// Noon UTC (6 AM in Nashville): the runs happen at a fixed hour of the day, a day apart.
const CLOCK = new Date(Math.floor(Date.now() / DAY) * DAY + 12 * 3_600_000)

const t = await buildTestApp()
try {
  const seedStarted = performance.now()
  // The sides: listing agents (each the owner and agent of their listings) and buyer-side accounts, a
  // third of these with a verified phone and a fifth reading Spanish.
  await t.db.execute(sql`
    insert into "user" (id, name, email, email_verified, created_at, updated_at, onboarded, language, phone, phone_verified)
    select 'rb-agent-' || n, 'Agent ' || n, 'rb-agent-' || n || '@example.com', true, now(), now(), true, 'en-us', null, false from generate_series(1, ${AGENTS}) as n
    union all
    select 'rb-buyer-' || n, 'Buyer ' || n, 'rb-buyer-' || n || '@example.com', true, now(), now(), true,
      case when n % 5 = 0 then 'es-es' else 'en-us' end,
      case when n % 3 = 0 then '+1615' || lpad(n::text, 7, '0') else null end, n % 3 = 0
    from generate_series(1, ${BUYERS}) as n
  `)
  await t.db.execute(sql`
    insert into listing (listing_key, owner_id, list_agent_user_id, standard_status, list_price, street_number, street_name, city, state_or_province, postal_code, county_or_parish, unparsed_address)
    select 'RB-' || n, 'rb-agent-' || (1 + n % ${AGENTS}), 'rb-agent-' || (1 + n % ${AGENTS}), 'ActiveUnderContract', 300000 + n,
      n::text, 'Bench', case when n % 4 = 0 then 'Knoxville' else 'Nashville' end, 'TN', '37201', case when n % 4 = 0 then 'Knox' else 'Davidson' end,
      n || ' Bench St, ' || case when n % 4 = 0 then 'Knoxville' else 'Nashville' end || ', TN'
    from generate_series(1, ${CONTRACTS}) as n
  `)
  // One accepted offer on each, bound over the last 60 days; its terms varied from one shareable offer.
  const base = JSON.stringify(shareableTerms({}, CLOCK))
  await t.db.execute(sql`
    insert into offer (listing_id, buyer_id, status, terms, purchase_price, shared_at, decided_at, binding_agreement_at, created_at, updated_at)
    select l.id, 'rb-buyer-' || (1 + l.n % ${BUYERS}), 'accepted',
      ${base}::jsonb
        || jsonb_build_object(
          'earnestMoney', (${base}::jsonb -> 'earnestMoney') || jsonb_build_object('dueDays', 1 + l.n % 5),
          'financing', case when l.n % 3 = 0 then '{"type":"cash"}'::jsonb else ${base}::jsonb -> 'financing' end,
          'appraisalContingency', l.n % 2 = 0,
          'inspectionPeriodDays', case when l.n % 4 = 0 then 0 else 7 + l.n % 8 end,
          'closingDate', to_char(b.at + ((30 + l.n % 31) || ' days')::interval, 'YYYY-MM-DD')),
      300000 + l.n, b.at - interval '3 days', b.at - interval '1 day', b.at, b.at - interval '4 days', b.at
    from (select id, substr(listing_key, 4)::int as n from listing where listing_key like 'RB-%') l
    cross join lateral (select ${CLOCK}::timestamptz - ((l.n % 60) || ' days')::interval - ((l.n % 10) || ' hours')::interval as at) b
  `)
  await t.db.execute(sql`vacuum analyze`)
  const seedSeconds = round((performance.now() - seedStarted) / 1000)

  const ctx = { publicUrl: 'https://offerbook.example' }
  // Wall time, and this process's CPU time (on a shared machine the wall time includes waiting for a core, and PostgreSQL's share).
  const timed = async (now: Date): Promise<{ ms: number; cpuMs: number; run: ReminderRun }> => {
    const cpu = process.cpuUsage()
    const started = performance.now()
    const run = await sendTimelineReminders(t.db, ctx, { now })
    const used = process.cpuUsage(cpu)
    return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, run }
  }
  // A warm-up round the day before, unmeasured.
  await timed(new Date(CLOCK.getTime() - DAY))
  const first: number[] = []
  const second: number[] = []
  const firstCpu: number[] = []
  const secondCpu: number[] = []
  const sent: ReminderRun[] = []
  for (let index = 0; index < ROUNDS; index++) {
    const now = new Date(CLOCK.getTime() + index * DAY)
    const a = await timed(now)
    const b = await timed(now)
    if (a.run.reminders === 0) throw new Error(`the first run at ${now.toISOString()} sent nothing`)
    if (b.run.reminders !== 0) throw new Error(`the second run at ${now.toISOString()} sent ${b.run.reminders} reminders again`)
    first.push(a.ms)
    second.push(b.ms)
    firstCpu.push(a.cpuMs)
    secondCpu.push(b.cpuMs)
    sent.push(a.run)
  }
  const [one, five, fifteen] = loadavg().map((value) => Math.round(value * 100) / 100)
  console.log(
    JSON.stringify({
      firstRunMedianMs: round(median(first)),
      secondRunMedianMs: round(median(second)),
      firstRunCpuMedianMs: round(median(firstCpu)),
      secondRunCpuMedianMs: round(median(secondCpu)),
      firstRunsMs: first.map(round),
      secondRunsMs: second.map(round),
      contracts: sent[0]?.contracts,
      remindersPerFirstRun: median(sent.map((run) => run.reminders)),
      emailsPerFirstRun: median(sent.map((run) => run.emails)),
      textsPerFirstRun: median(sent.map((run) => run.texts)),
      rounds: ROUNDS,
      seedSeconds,
      database: process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite',
      loadAverage: [one, five, fifteen],
    }),
  )
} finally {
  await t.close()
}
