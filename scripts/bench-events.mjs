// The live events part of `npm run bench` (issue #14, Measure): a server on PGlite with a fresh data
// directory and the demo data, 1,000 open GET /api/events streams (10 of the listing agent, 10 of the
// buyer, 10 each of 98 other users: the limit is 10 a user), then 200 saves of a shared offer by its
// buyer, one after the other. For each save, the time from just before the request (which commits
// the change) to the offer.changed event read on each of the 20 streams it concerns; and the
// server's resident memory before and after the streams opened.
// Prints one JSON line at its end: {"streams", "changes", "samples", "p50Ms", "p95Ms", "maxMs", "rssBeforeMiB", "rssAfterMiB", "kibPerStream"}.
import { spawn } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT } from './build-if-stale.mjs'
import { serverPid } from './server-pid.mjs'

const STREAMS = Number(process.env.BENCH_EVENT_STREAMS ?? 1000)
const CHANGES = Number(process.env.BENCH_EVENT_CHANGES ?? 200)
const PER_USER = 10
const port = Number(process.env.BENCH_EVENTS_PORT ?? 3960 + Math.floor(Math.random() * 30))
const base = `http://127.0.0.1:${port}`

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const rssMiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${serverPid(pid)}/status`, 'utf8'))?.[1] ?? 0) / 1024
function percentile(values, share) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]
}

async function startServer(dataDir) {
  const { DATABASE_URL: _ignored, ...env } = process.env
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: ROOT, env: { ...env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' }, stdio: ['ignore', 'ignore', 'inherit'] })
  const deadline = Date.now() + 300_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`)
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) return child
    } catch {
      // not listening yet
    }
    await sleep(50)
  }
  await stopServer(child)
  throw new Error('the server did not answer within 300 s')
}

async function stopServer(child) {
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGINT')
  await exited
}

/** Sessions made directly in the stopped server's database (no password hashing), and the offer to change. */
async function prepare(dataDir) {
  const { register } = await import('tsx/esm/api')
  register()
  const { and, eq } = await import('drizzle-orm')
  const { openDatabase } = await import('../apps/api/src/db/client.ts')
  const { session } = await import('../apps/api/src/db/schema/auth.ts')
  const { listing } = await import('../apps/api/src/db/schema/listings.ts')
  const { offer } = await import('../apps/api/src/db/schema/offers.ts')
  const { user } = await import('../apps/api/src/db/schema/users.ts')
  const database = await openDatabase({ dataDir })
  try {
    const { db } = database
    const byEmail = async (email) => (await db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]?.id
    const seller = await byEmail('seller-agent@example.com')
    const buyer = await byEmail('buyer-simple@example.com')
    const [target] = await db
      .select({ id: offer.id })
      .from(offer)
      .innerJoin(listing, eq(listing.id, offer.listingId))
      .where(and(eq(offer.buyerId, buyer), eq(offer.status, 'active'), eq(listing.listAgentUserId, seller)))
      .limit(1)
    if (!target) throw new Error('the demo data has no shared offer of buyer-simple on a listing of seller-agent')
    const others = []
    for (let n = 0; n < Math.ceil(STREAMS / PER_USER) - 2; n++) {
      const id = randomUUID()
      await db.insert(user).values({ id, name: `Bench Listener ${n}`, email: `bench-listener-${n}-${id.slice(0, 6)}@example.com`, emailVerified: true, onboarded: true })
      others.push(id)
    }
    const tokens = {}
    for (const id of [seller, buyer, ...others]) {
      tokens[id] = randomBytes(24).toString('base64url')
      await db.insert(session).values({ id: randomUUID(), token: tokens[id], userId: id, expiresAt: new Date(Date.now() + 3_600_000) })
    }
    return { offerId: target.id, seller, buyer, others, tokens }
  } finally {
    await database.close()
  }
}

/** One GET /api/events, noting when each offer.changed arrives. */
function openStream(agent, token) {
  return new Promise((resolve, reject) => {
    const stream = { arrivals: [], response: null }
    const request = http.get(`${base}/api/events`, { agent, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`GET /api/events answered ${response.statusCode}`))
      stream.response = response
      response.setEncoding('utf8')
      let pending = ''
      response.on('data', (chunk) => {
        const now = performance.now()
        pending += chunk
        let end = pending.indexOf('\n\n')
        while (end !== -1) {
          if (pending.slice(0, end).includes('\nevent: offer.changed\n')) stream.arrivals.push(now)
          pending = pending.slice(end + 2)
          end = pending.indexOf('\n\n')
        }
      })
      resolve(stream)
    })
    request.on('error', reject)
    stream.request = request
  })
}

async function api(method, path, token, body) {
  const response = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined })
  const text = await response.text()
  if (response.status !== 200) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 200)}`)
  return JSON.parse(text)
}

const dataDir = mkdtempSync(join(tmpdir(), 'offerbook-bench-events-'))
let child = null
const agent = new http.Agent({ keepAlive: true, maxSockets: STREAMS + 10 })
try {
  // The first start migrates and seeds the demo data; the sessions are added while it is stopped.
  await stopServer(await startServer(dataDir))
  const setup = await prepare(dataDir)
  child = await startServer(dataDir)
  await sleep(1000)
  const rssBefore = rssMiB(child.pid)

  const owners = [setup.seller, setup.buyer, ...setup.others]
  const streams = []
  for (const owner of owners) {
    for (let n = 0; n < PER_USER && streams.length < STREAMS; n++) streams.push({ owner, ...(await openStream(agent, setup.tokens[owner])) })
  }
  await sleep(1000)
  const rssAfter = rssMiB(child.pid)
  const watched = streams.filter((stream) => stream.owner === setup.seller || stream.owner === setup.buyer)

  const view = await api('GET', `/api/offers/${setup.offerId}`, setup.tokens[setup.buyer])
  const terms = view.offer.terms
  const samples = []
  for (let change = 0; change < CHANGES; change++) {
    terms.purchasePrice = (terms.purchasePrice ?? 400_000) + (change % 2 === 0 ? 1_000 : -1_000)
    const started = performance.now()
    await api('PATCH', `/api/offers/${setup.offerId}`, setup.tokens[setup.buyer], { terms })
    const deadline = Date.now() + 5_000
    while (watched.some((stream) => stream.arrivals.length <= change) && Date.now() < deadline) await sleep(1)
    for (const stream of watched) if (stream.arrivals[change] !== undefined) samples.push(stream.arrivals[change] - started)
  }
  const missing = CHANGES * watched.length - samples.length
  const round = (value) => Math.round(value * 10) / 10
  for (const stream of streams) stream.request.destroy()
  console.log(
    JSON.stringify({
      streams: streams.length,
      changes: CHANGES,
      samples: samples.length,
      missing,
      p50Ms: round(percentile(samples, 0.5)),
      p95Ms: round(percentile(samples, 0.95)),
      maxMs: round(Math.max(...samples)),
      rssBeforeMiB: round(rssBefore),
      rssAfterMiB: round(rssAfter),
      kibPerStream: round(((rssAfter - rssBefore) * 1024) / streams.length),
    }),
  )
} finally {
  agent.destroy()
  if (child) await stopServer(child)
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 })
}
