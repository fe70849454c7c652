// The admin users list (issue #15) at 100,000 users: GET /api/admin/users searched, filtered, sorted
// and paged through the app, as the /admin/users page asks it. Prints ONE line of JSON:
// {p50Ms, p95Ms, samples, users}.
//   BENCH_DATABASE_URL=postgres://user:pass@host:5432/postgres npx tsx apps/api/bench/admin-users-search.ts
// A fresh database is made on that server (and dropped at the end). Without BENCH_DATABASE_URL it
// runs on in-memory PGlite, which is slower and tells little about production.
// BENCH_USERS (100000) and BENCH_SAMPLES (200) change the size.
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { DEMO_PASSWORD } from '@offerbook/domain/demo-accounts'
import { ROLES } from '@offerbook/domain/roles'
import { buildTestApp } from '../test/build-test-app'
import { bearer, signIn } from '../test/factories'
import { percentile } from './stats'

const USERS = Number(process.env.BENCH_USERS ?? 100_000)
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200)
const WARM_UP = 10

// buildTestApp makes its own scratch database on TEST_DATABASE_URL's server.
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL

const FIRST = ['Ana', 'Ben', 'Carla', 'Dan', 'Eve', 'Femi', 'Gus', 'Hana', 'Ivan', 'Jude', 'Kai', 'Lena', 'Mara', 'Noor', 'Omar', 'Pia']
const LAST = ['Smith', 'García', 'Nguyen', 'Okafor', 'Müller', 'Rossi', 'Kim', 'Patel', 'Silva', 'Cohen', 'Novak', 'Haddad']

const round = (ms: number) => Math.round(ms * 10) / 10

/** What an admin types and picks, in turn: names, e-mail and phone fragments, filters, sorts, far pages. */
function queries(): string[] {
  const list: string[] = []
  const sorts = ['createdAt', 'name', 'email', 'lastSignInAt']
  const statuses = ['active', 'deactivated', 'unverified', 'pendingPrincipalBroker']
  for (let index = 0; list.length < SAMPLES + WARM_UP; index++) {
    const kind = index % 8
    const sort = `&sort=${sorts[index % sorts.length]}&order=${index % 2 ? 'asc' : 'desc'}`
    if (kind === 0) list.push(`?search=${encodeURIComponent(FIRST[index % FIRST.length]!.toLowerCase())}${sort}`)
    else if (kind === 1) list.push(`?search=${encodeURIComponent(LAST[index % LAST.length]!)}&page=${1 + (index % 5)}`)
    else if (kind === 2) list.push(`?search=bench-${(index * 7919) % USERS}@`)
    else if (kind === 3) list.push(`?search=${encodeURIComponent(`615${String((index * 104729) % 10_000_000).padStart(7, '0').slice(0, 5)}`)}`)
    else if (kind === 4) list.push(`?role=${ROLES[index % ROLES.length]}${sort}`)
    else if (kind === 5) list.push(`?status=${statuses[index % statuses.length]}${sort}`)
    else if (kind === 6) list.push(`?page=${1 + ((index * 31) % 2000)}&pageSize=50${sort}`)
    else list.push(`?search=nobody-matches-${index}`)
  }
  return list
}

const t = await buildTestApp({ seed: true })
try {
  // One statement: names, e-mails, phones, sign-ins over a year, 1 in 50 deactivated, 1 in 20
  // unverified, 1 in 500 waiting for a principal broker decision; then one role each.
  await t.db.execute(sql`
    insert into "user" (id, name, email, email_verified, phone, created_at, updated_at, last_sign_in_at, deactivated_at, principal_broker_status, onboarded)
    select 'bench-' || n,
      (array[${sql.raw(FIRST.map((name) => `'${name}'`).join(','))}])[1 + n % ${FIRST.length}] || ' ' || (array[${sql.raw(LAST.map((name) => `'${name}'`).join(','))}])[1 + (n / 7) % ${LAST.length}] || ' ' || n,
      'bench-' || n || '@example.com',
      n % 20 <> 0,
      '+1615' || lpad(((n * 7919) % 10000000)::text, 7, '0'),
      now() - (n || ' minutes')::interval,
      now() - (n || ' minutes')::interval,
      case when n % 3 = 0 then null else now() - ((n % 525600) || ' minutes')::interval end,
      case when n % 50 = 0 then now() else null end,
      case when n % 500 = 0 then 'pending' else 'none' end,
      true
    from generate_series(1, ${USERS}) as n
  `)
  await t.db.execute(sql`
    insert into user_role (user_id, role)
    select 'bench-' || n, (array[${sql.raw(ROLES.slice(0, 5).map((role) => `'${role}'`).join(','))}])[1 + n % 5]
    from generate_series(1, ${USERS}) as n
  `)
  await t.db.execute(sql`analyze`)

  const { accessToken } = await signIn(t.app, 'admin@example.com', DEMO_PASSWORD)
  const times: number[] = []
  for (const [index, query] of queries().entries()) {
    const started = performance.now()
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/users${query}`, headers: bearer(accessToken) })
    const took = performance.now() - started
    if (response.statusCode !== 200) throw new Error(`${query}: ${response.statusCode} ${response.body}`)
    if (index >= WARM_UP) times.push(took)
  }
  times.sort((a, b) => a - b)
  console.log(JSON.stringify({ p50Ms: round(percentile(times, 0.5)), p95Ms: round(percentile(times, 0.95)), samples: times.length, users: USERS }))
} finally {
  await t.close()
}
