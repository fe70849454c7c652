// GET /api/listings/:id/optimize on 200 shared offers, inside one process (app.inject): the time and
// the CPU of each answer, first read and kept. Unlike the load in scripts/bench-offers.mjs, the CPU
// figure holds on a busy machine: at 10 connections one process answers in about 10 x its CPU time.
// PGlite in memory, or the PostgreSQL database of BENCH_DATABASE_URL's server (a scratch database).
//   npx tsx apps/api/bench/offers-optimize.ts
import { bearer, createTestListing, createUser, shareableTerms, signIn } from '../test/factories'
import { buildTestApp, createScratchDatabase } from '../test/build-test-app'
import { offer } from '../src/db/schema/offers'

const OFFERS = Number(process.env.BENCH_OFFERS ?? 200)
const RUNS = Number(process.env.BENCH_RUNS ?? 200)

const scratch = process.env.BENCH_DATABASE_URL ? await createScratchDatabase(process.env.BENCH_DATABASE_URL, 'runtime_optimize_bench') : null
// Sessions kept as a server keeps them (the tests keep none).
const t = await buildTestApp({ config: { databaseUrl: scratch?.url, sessionCacheSeconds: 15 } })
const percentile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(share * values.length) - 1)] ?? Number.NaN
const round = (value: number) => Math.round(value * 100) / 100
try {
  const seller = await createUser(t, { roles: ['SELLER_AGENT'] })
  const buyer = await createUser(t, { roles: ['BUYER_SIMPLE'] })
  const listing = await createTestListing(t, { ownerId: seller.id, listAgentUserId: seller.id })
  const now = Date.now()
  await t.db.insert(offer).values(
    Array.from({ length: OFFERS }, (_, index) => {
      const terms = shareableTerms({ purchasePrice: 300_000 + ((index * 7919) % 80_000), financing: index % 3 === 0 ? { type: 'cash' } : { type: 'conventional', loanAmount: 250_000 }, inspectionPeriodDays: index % 20 })
      const at = new Date(now - index * 60_000)
      return { listingId: listing.id, buyerId: buyer.id, status: 'active', terms, purchasePrice: terms.purchasePrice, expiresAt: terms.expiresAt ? new Date(terms.expiresAt) : null, sharedAt: at, createdAt: at, updatedAt: at }
    }),
  )
  const headers = bearer((await signIn(t.app, seller.email, seller.password)).accessToken)
  const once = async (url = `/api/listings/${listing.id}/optimize`) => {
    const cpu = process.cpuUsage()
    const started = performance.now()
    const response = await t.app.inject({ method: 'GET', url, headers })
    const ms = performance.now() - started
    const used = process.cpuUsage(cpu)
    if (response.statusCode !== 200) throw new Error(`optimize answered ${response.statusCode}: ${response.body.slice(0, 200)}`)
    return { ms, cpuMs: (used.user + used.system) / 1000, bytes: response.rawPayload.length }
  }
  const first = await once()
  const runs = []
  for (let run = 0; run < RUNS; run++) runs.push(await once())
  // The same session lookup on the health route: what any signed-in answer costs before its own work.
  const control = []
  for (let run = 0; run < RUNS; run++) control.push(await once('/api/health'))
  const ms = runs.map((run) => run.ms)
  const cpu = runs.map((run) => run.cpuMs)
  console.log(
    JSON.stringify({
      database: scratch ? 'postgresql' : 'pglite',
      offers: OFFERS,
      bytes: first.bytes,
      firstMs: round(first.ms),
      medianMs: round(percentile(ms, 0.5)),
      p95Ms: round(percentile(ms, 0.95)),
      cpuMedianMs: round(percentile(cpu, 0.5)),
      cpuP95Ms: round(percentile(cpu, 0.95)),
      signedInHealthCpuMedianMs: round(percentile(control.map((run) => run.cpuMs), 0.5)),
      runs: RUNS,
    }),
  )
} finally {
  await t.close()
  await scratch?.drop()
}
