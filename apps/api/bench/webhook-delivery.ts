// From a change's commit to its webhook at the receiver (issue #37, Measure): 1,000 listing changes a
// minute, each its own transaction (the listing row and listingsChanged, which enqueues the delivery as
// every listing write does), delivered by the webhooks job in the one job runner (decisions 045, 079)
// to a receiver on loopback that checks every signature with the standardwebhooks package. Latency is
// from the moment the change's transaction resolved (committed) to the receiver's arrival; target p99 < 2 s.
// Prints ONE line of JSON: {events, delivered, badSignatures, p50Ms, p99Ms, maxMs, seconds, perMinute, database, loadAverage}.
//   npx tsx apps/api/bench/webhook-delivery.ts   (BENCH_DATABASE_URL=postgres://… for PostgreSQL;
//   BENCH_WEBHOOK_SECONDS, 60; BENCH_WEBHOOK_PER_MINUTE, 1000)
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { eq } from 'drizzle-orm'
import { Webhook as StandardWebhook } from 'standardwebhooks'
import type { User } from '@offerbook/domain/user'
import { buildTestApp } from '../test/build-test-app'
import { createTestListing, createUser } from '../test/factories'
import { listing } from '../src/db/schema/listings'
import { createJobRunner } from '../src/modules/jobs/job-runner'
import { listingsChanged } from '../src/modules/listings/listing-changes'
import { webhooksJob } from '../src/modules/webhooks/webhooks-delivery'
import { createWebhook } from '../src/modules/webhooks/webhooks.service'

const SECONDS = Number(process.env.BENCH_WEBHOOK_SECONDS ?? 60)
const PER_MINUTE = Number(process.env.BENCH_WEBHOOK_PER_MINUTE ?? 1000)
const EVENTS = Math.max(1, Math.round((SECONDS * PER_MINUTE) / 60))
const GAP_MS = 60_000 / PER_MINUTE
/** How long the bench waits for the last deliveries after the last change. */
const GRACE_MS = 30_000

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
const round = (ms: number) => Math.round(ms * 10) / 10

const t = await buildTestApp({ config: { webhooksAllowPrivate: true } })
const silent = { info: () => {}, warn: () => {}, error: (...args: unknown[]) => console.error(...args) }
// The key of each change (the listing's id) and the moment its transaction resolved.
const committedAt = new Map<string, number>()
const arrivedAt = new Map<string, number>()
let badSignatures = 0
let verify: StandardWebhook | null = null
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => {
    const at = performance.now()
    const body = Buffer.concat(chunks).toString('utf8')
    try {
      const payload = verify!.verify(body, request.headers as Record<string, string>) as { data: { key: string } }
      if (!arrivedAt.has(payload.data.key)) arrivedAt.set(payload.data.key, at)
    } catch {
      badSignatures++
    }
    response.writeHead(204).end()
  })
})
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
const runner = createJobRunner({
  db: t.db,
  log: silent,
  jobs: [webhooksJob({ db: t.db, log: silent, publicUrl: t.config.publicUrl, serverSecret: t.config.authSecret, allowPrivateByDefault: true, releaseClaimsOnStart: true })],
})
try {
  const agent = await createUser(t, { roles: ['SELLER_AGENT'] })
  // One listing per change, made before the endpoint exists (so their creation sends nothing).
  const ids: string[] = []
  for (let i = 0; i < EVENTS; i++) ids.push((await createTestListing(t, { ownerId: agent.id })).id)
  const created = await createWebhook(t.db, { serverSecret: t.config.authSecret, allowPrivateByDefault: true }, { actor: { uid: agent.id } as User, url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`, events: ['listing.changed'] })
  verify = new StandardWebhook(created.secret)
  await runner.start()

  const started = performance.now()
  const changes: Promise<void>[] = []
  for (let i = 0; i < EVENTS; i++) {
    // On schedule, not after the previous change: a slow commit does not slow the rate.
    const wait = started + i * GAP_MS - performance.now()
    if (wait > 0) await sleep(wait)
    const id = ids[i]!
    changes.push(
      t.db
        .transaction(async (tx) => {
          await tx.update(listing).set({ listPrice: 400_000 + i, modificationTimestamp: new Date() }).where(eq(listing.id, id))
          await listingsChanged(tx, [id])
        })
        .then(() => void committedAt.set(id, performance.now())),
    )
  }
  await Promise.all(changes)
  const seconds = (performance.now() - started) / 1000
  const deadline = performance.now() + GRACE_MS
  while (arrivedAt.size < EVENTS && performance.now() < deadline) await sleep(100)

  const latencies = [...committedAt].flatMap(([id, at]) => (arrivedAt.has(id) ? [Math.max(0, arrivedAt.get(id)! - at)] : [])).sort((a, b) => a - b)
  const [one, five, fifteen] = loadavg().map((value) => Math.round(value * 100) / 100)
  console.log(
    JSON.stringify({
      events: EVENTS,
      delivered: arrivedAt.size,
      badSignatures,
      p50Ms: round(percentile(latencies, 50)),
      p99Ms: round(percentile(latencies, 99)),
      maxMs: round(latencies.at(-1) ?? Number.NaN),
      seconds: round(seconds),
      perMinute: PER_MINUTE,
      database: process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite',
      loadAverage: [one, five, fifteen],
    }),
  )
} finally {
  await runner.stop()
  await new Promise<void>((resolve) => receiver.close(() => resolve()))
  await t.close()
}
