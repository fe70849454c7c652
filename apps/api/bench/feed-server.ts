// The API for the feed bench (issue #37, Measure; scripts/bench-part.mjs `feed`): the app listening on
// 127.0.0.1, on PGlite (or BENCH_DATABASE_URL's PostgreSQL), with a listing agent whose offers have
// BENCH_FEED_EVENTS events (100, the feed's default page) and an API key of theirs (scopes offers:read and
// records:read). The key's rate limit is raised out of the way (each request still counts its hit, as
// in production), so the load measures the feed and not 429s.
// Prints ONE line of JSON once listening: {port, key, path, entries, bytes, database}; runs until SIGTERM or SIGINT.
import type { AddressInfo } from 'node:net'
import type { CreatedApiKey } from '@offerbook/domain/api-keys'
import type { FeedPage } from '@offerbook/domain/integrations'
import { buildTestApp } from '../test/build-test-app'
import { bearer, createTestListing, createTestOffer, createUser, signIn } from '../test/factories'
import { DEFAULT_SESSION_CACHE_SECONDS } from '../src/app'
import { publishOfferChanged } from '../src/modules/events/events.service'

const EVENTS = Number(process.env.BENCH_FEED_EVENTS ?? 100)
const STATUSES = ['active', 'countered', 'declined', 'active', 'accepted']

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL

// Keys are kept a few seconds per process as in production (the tests' app keeps none); BENCH_SESSION_CACHE_SECONDS=0 measures without.
const sessionCacheSeconds = Number(process.env.BENCH_SESSION_CACHE_SECONDS ?? DEFAULT_SESSION_CACHE_SECONDS)
const t = await buildTestApp({ config: { apiKeyLimit: { max: 1_000_000_000, timeWindowMs: 60_000 }, sessionCacheSeconds } })
const agent = await createUser(t, { roles: ['SELLER_AGENT'], name: 'Lena Listing' })
const listing = await createTestListing(t, { ownerId: agent.id, listAgentUserId: agent.id })
// Ten offers on the agent's listing, their events in turn.
const offers = []
for (let i = 0; i < 10; i++) offers.push((await createTestOffer(t, { status: 'active', listing })).offer)
for (let i = 0; i < EVENTS; i++) await publishOfferChanged(t.db, offers[i % offers.length]!, STATUSES[i % STATUSES.length]!)

const session = bearer((await signIn(t.app, agent.email, agent.password)).accessToken)
const created = await t.app.inject({ method: 'POST', url: '/api/me/api-keys', headers: session, payload: { name: 'Bench', scopes: ['offers:read', 'records:read'] } })
if (created.statusCode !== 201) throw new Error(`POST /api/me/api-keys answered ${created.statusCode}: ${created.body}`)
const key = created.json<CreatedApiKey>().secret
const path = `/api/feed?since=0&limit=${Math.min(500, EVENTS)}`
const first = await t.app.inject({ method: 'GET', url: path, headers: bearer(key) })
if (first.statusCode !== 200) throw new Error(`GET ${path} answered ${first.statusCode}: ${first.body}`)

await t.app.listen({ port: 0, host: '127.0.0.1' })
const { port } = t.app.server.address() as AddressInfo
console.log(JSON.stringify({ port, key, path, entries: first.json<FeedPage>().value.length, bytes: first.rawPayload.length, database: process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite', keyCacheSeconds: sessionCacheSeconds }))

let closing = false
async function close(): Promise<void> {
  if (closing) return
  closing = true
  await t.close()
  process.exit(0)
}
process.once('SIGTERM', () => void close())
process.once('SIGINT', () => void close())
