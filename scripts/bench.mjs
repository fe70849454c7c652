// `npm run bench`: start-up time, resident memory, health-check and listing-search throughput, and
// listing import throughput, printed as figures. Nothing here passes or fails; the figures go into
// the issue notes and are compared by a person.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import autocannon from 'autocannon'
import { buildIfStale, ROOT } from './build-if-stale.mjs'
import { buildServerIfStale } from './build-server.mjs'
import { initialJavaScriptRows } from './bench-web-size.mjs'
import { CONTRACT_TIMELINE_LABEL, contractTimelineBench, fillOffers, NET_SHEET_LABEL, netSheetBench, offersLoadRows, offersScoring } from './bench-offers.mjs'
import { benchPart, brokerageExportRow, feedRows, fileAuditRows, processesRows, remindersRow, webhookRows } from './bench-part.mjs'
import { hostileRows } from './bench-hostile.mjs'
import { serverPid } from './server-pid.mjs'
import { bareNodeLoad, compressedSearchRows, searchMixLoad, searchMixRows } from './bench-search.mjs'

const DURATION = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
// Search: 50 connections on 50,000 listings (issue #5, Measure).
const SEARCH_CONNECTIONS = Number(process.env.BENCH_SEARCH_CONNECTIONS ?? 50)
const SEARCH_LISTINGS = Number(process.env.BENCH_LISTINGS ?? 50_000)

/** The node flags of package.json's start script: the bench runs the server exactly as `npm start` does. */
const START_FLAGS = (() => {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
  const words = String(scripts.start).split(/\s+/)
  if (words[0] !== 'node' || words.at(-1) !== 'scripts/start.mjs') throw new Error(`package.json's start script is not "node <flags> scripts/start.mjs": ${scripts.start}`)
  return words.slice(1, -1)
})()

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

async function waitFor200(url, limitMs, child) {
  const deadline = Date.now() + limitMs
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} before answering ${url}; see its output above`)
    try {
      const res = await fetch(url)
      if (res.status === 200) return
    } catch {
      // not listening yet
    }
    await sleep(25)
  }
  throw new Error(`${url} did not answer 200 within ${limitMs} ms`)
}

/** The resident memory of the server process of the `npm start` primary `pid` (scripts/server-pid.mjs). */
function rssMiB(pid) {
  const status = readFileSync(`/proc/${serverPid(pid)}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return kb / 1024
}

async function startServer(port, dataDir, extraEnv = {}) {
  const started = performance.now()
  const { DATABASE_URL: _ignored, ...env } = process.env
  // As `npm start` runs it (package.json's start script).
  const child = spawn(process.execPath, [...START_FLAGS, 'scripts/start.mjs'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development', ...extraEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  // BENCH_START_SECONDS: more time for a start on a loaded machine.
  try {
    await waitFor200(`http://127.0.0.1:${port}/api/health`, Number(process.env.BENCH_START_SECONDS ?? 120) * 1000, child)
  } catch (error) {
    // Not left running on the bench's port after the bench ends.
    child.kill('SIGKILL')
    throw error
  }
  return { child, seconds: (performance.now() - started) / 1000 }
}

/**
 * Resident memory once the search index has loaded (the server gives the load's garbage back then) and
 * the server has sat idle a few seconds: issue #19's "after start on PGlite with 50,000 listings".
 */
async function memoryOnceIndexed(port, pid) {
  const started = performance.now()
  for (;;) {
    const res = await fetch(`http://127.0.0.1:${port}/api/properties?pageSize=1`)
    await res.arrayBuffer()
    if (!res.headers.get('x-search-index')) break
    if (performance.now() - started > 120_000) throw new Error('the search index did not load within 120 s')
    await sleep(100)
  }
  const loaded = (performance.now() - started) / 1000
  await sleep(5000)
  return [[`resident memory after start with ${SEARCH_LISTINGS} listings (index loaded ${loaded.toFixed(1)} s after the first 200, then 5 s idle)`, `${rssMiB(pid).toFixed(0)} MiB`]]
}

async function stopServer(child) {
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGINT')
  await exited
}

function load(url, { connections = CONNECTIONS, requests } = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: DURATION, requests }, (err, result) => (err ? reject(err) : resolve(result)))
  })
}

const figures = (result) => `${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms`

/** Runs a script to its end and gives its last line of output parsed as JSON. */
function runJson(label, command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (data) => (out += data))
    child.once('error', reject)
    child.once('exit', (code) => {
      const last = out.trim().split('\n').at(-1) ?? ''
      if (code !== 0) return reject(new Error(`${label} exited with code ${code}: ${last}`))
      try {
        resolve(JSON.parse(last))
      } catch {
        reject(new Error(`${label} printed no JSON line at its end: ${JSON.stringify(last.slice(0, 200))}`))
      }
    })
  })
}

/** Adds the generated listings to the PGlite in `dataDir`, or to the PostgreSQL of `databaseUrl` when given. */
async function fillListings(where, { dataDir, databaseUrl = '' }) {
  // An empty DATABASE_URL counts as unset: PGlite.
  const result = await runJson('bench-listings-data', process.execPath, ['scripts/bench-listings-data.mjs', String(SEARCH_LISTINGS)], { DATA_DIR: dataDir, DATABASE_URL: databaseUrl })
  const rate = result.created > 0 ? `, ${Math.round(result.created / result.seconds)} listings/s` : ''
  return [`generated listings in ${where}`, `${result.listings} (${result.created} added in ${result.seconds.toFixed(1)} s${rate})`]
}

// What visitors type and pick on the listings page, in turn on every connection.
const SEARCH_PATHS = [
  '/api/properties?q=nash',
  '/api/properties?q=37064',
  '/api/properties?minPrice=250000&maxPrice=500000&minBeds=3',
  '/api/properties?sort=price-asc',
  '/api/properties?q=knox&sort=price-desc&page=3',
  '/api/properties?page=3',
  '/api/properties?q=magnolia%20dr',
  '/api/properties?type=Land&minPrice=50000&sort=price-desc',
  '/api/properties?status=Active,Pending&minBaths=2&sort=area-desc',
  '/api/properties?q=franklin&minBeds=4&page=2',
  '/api/properties?q=memphis%20381',
  '/api/properties?q=chattanooga&minPrice=300000&sort=price-asc&page=2',
]

/**
 * Search load on a running server: each query is tried once first (a missing endpoint or a refused
 * query is reported instead of measured), then SEARCH_CONNECTIONS connections cycle through them.
 */
async function searchLoad(port) {
  const totals = []
  for (const path of SEARCH_PATHS) {
    const response = await fetch(`http://127.0.0.1:${port}${path}`)
    const body = await response.text()
    if (response.status === 404 && path === SEARCH_PATHS[0]) return { missing: `not measured: GET /api/properties answers 404 (not built yet?)` }
    if (response.status !== 200) return { missing: `not measured: ${path} answered ${response.status}: ${body.slice(0, 160)}` }
    totals.push(JSON.parse(body).total)
  }
  const result = await load(`http://127.0.0.1:${port}/api/properties`, { connections: SEARCH_CONNECTIONS, requests: SEARCH_PATHS.map((path) => ({ method: 'GET', path })) })
  return { result, totals }
}

function searchRows(where, search) {
  const label = `GET /api/properties ${where} (${SEARCH_CONNECTIONS} connections, ${DURATION} s, ${SEARCH_PATHS.length} queries in turn)`
  if (search.missing) return [[label, search.missing]]
  return [
    [label, `${figures(search.result)}, ${search.result.non2xx} non-2xx, ${search.result.errors} errors`],
    [`  matches per query ${where}`, search.totals.join(', ')],
  ]
}

/** The import bench of the listing-import module, when it exists: one JSON line {"importListingsPerSecond": n}. */
async function importThroughput() {
  const script = 'apps/api/bench/import-throughput.ts'
  if (!existsSync(join(ROOT, script))) return `not measured: ${script} is missing`
  try {
    const result = await runJson(script, 'npx', ['tsx', script])
    if (typeof result.importListingsPerSecond !== 'number') return `not measured: ${script} printed no importListingsPerSecond`
    return `${Math.round(result.importListingsPerSecond)} listings/s`
  } catch (error) {
    return `not measured: ${error.message}`
  }
}

/**
 * A document bench that prints one JSON line {"<name>MedianMs": n, "<name>P95Ms": n, "runs": n}: the
 * RF707 PDF (apps/api/bench/rf707-pdf.ts), the purchase agreement (apps/api/bench/agreement-pdf.ts).
 */
async function documentBench(script, name, targetMs) {
  if (!existsSync(join(ROOT, script))) return `not measured: ${script} is missing`
  try {
    const result = await runJson(script, 'npx', ['tsx', script])
    const median = result[`${name}MedianMs`]
    if (typeof median !== 'number') return `not measured: ${script} printed no ${name}MedianMs`
    return `median ${median} ms, p95 ${result[`${name}P95Ms`]} ms over ${result.runs} runs (target: median < ${targetMs} ms)`
  } catch (error) {
    return `not measured: ${error.message}`
  }
}

/** The signing benches (issue #12): completing a 10-page packet with 4 signers, and POST /api/verify of a 5 MB PDF. */
async function signingBench(script, describe) {
  if (!existsSync(join(ROOT, script))) return `not measured: ${script} is missing`
  try {
    return describe(await runJson(script, 'npx', ['tsx', script]))
  } catch (error) {
    return `not measured: ${error.message}`
  }
}

/** The live events bench (issue #14): scripts/bench-events.mjs starts its own server and prints one JSON line. */
async function eventsRows(port) {
  const label = 'live events: commit to event on the stream, 1,000 open streams (200 changes)'
  try {
    const r = await runJson('bench-events', process.execPath, ['scripts/bench-events.mjs'], { BENCH_EVENTS_PORT: String(port) })
    return [
      [label, `p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, max ${r.maxMs} ms over ${r.samples} events on ${r.streams} streams${r.missing ? `, ${r.missing} missing` : ''} (target: p95 < 50 ms)`],
      ['live events: resident memory per open stream', `${r.kibPerStream} KiB (${r.rssBeforeMiB} MiB before the streams, ${r.rssAfterMiB} MiB with ${r.streams} open)`],
    ]
  } catch (error) {
    return [[label, `not measured: ${error.message}`]]
  }
}

const BARE_SERVER = `
import Fastify from 'fastify'
const app = Fastify()
app.get('/bare', async () => ({ status: 'ok' }))
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
`

async function startBare(port) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', BARE_SERVER], {
    cwd: join(ROOT, 'apps/api'),
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  await waitFor200(`http://127.0.0.1:${port}/bare`, 30_000, child)
  return child
}

buildIfStale()
// Built before any start is timed: a start measures starting, not bundling.
await buildServerIfStale()
const dataDir = mkdtempSync(join(tmpdir(), 'offerbook-bench-'))
// BENCH_PORT picks the ports (it and the next one), so parallel runs do not collide.
const port = Number(process.env.BENCH_PORT ?? 3900 + Math.floor(Math.random() * 50))
const rows = []
// Issue #17: what a first visit to each public page downloads before it can render.
rows.push(...initialJavaScriptRows(process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : join(ROOT, 'apps/web/dist')))
const searches = []
const part = process.argv[2] ?? process.env.BENCH_ONLY
// Issue #19: the mix of hundreds of searches, against a bare node:http route of the same run.
const searchMixes = []
try {
  if (part) {
    rows.push(...(await benchPart(part, { startServer, stopServer, runJson, rssMiB, sleep, port, dataDir, duration: DURATION })))
  } else {
  const cold = await startServer(port, dataDir)
  rows.push(['start to first 200, new data directory (migrate + seed)', `${cold.seconds.toFixed(2)} s`])
  await stopServer(cold.child)

  const warm = await startServer(port, dataDir)
  rows.push(['start to first 200, existing data directory', `${warm.seconds.toFixed(2)} s`])
  await sleep(1000)
  rows.push(['resident memory after start (idle)', `${rssMiB(warm.child.pid).toFixed(0)} MiB`])

  const health = await load(`http://127.0.0.1:${port}/api/health`)
  rows.push([`GET /api/health (${CONNECTIONS} connections, ${DURATION} s)`, `${figures(health)}, ${health.non2xx} non-2xx`])
  rows.push(['resident memory after the health load', `${rssMiB(warm.child.pid).toFixed(0)} MiB`])
  await stopServer(warm.child)

  // The same data directory, now with the generated listings beside the demo data.
  rows.push(await fillListings('PGlite', { dataDir }))
  const pgliteOffers = await fillOffers(runJson, 'PGlite', { dataDir })
  rows.push(pgliteOffers.row)
  const onListings = await startServer(port, dataDir)
  rows.push(...(await memoryOnceIndexed(port, onListings.child.pid)))
  const pgliteSearch = await searchLoad(port)
  searches.push(['on PGlite', pgliteSearch])
  rows.push(...searchRows('on PGlite', pgliteSearch))
  searchMixes.push(['on PGlite', await searchMixLoad(port)])
  rows.push(...(await compressedSearchRows(port, port + 1)))
  rows.push(['resident memory after the search load', `${rssMiB(onListings.child.pid).toFixed(0)} MiB`])
  rows.push(...(await offersLoadRows(port, pgliteOffers.data, 'on PGlite', { duration: DURATION })))
  await stopServer(onListings.child)

  // The embedded PGlite answers one query at a time; a real PostgreSQL shows what the API itself costs.
  if (process.env.BENCH_DATABASE_URL) {
    rows.push(await fillListings('PostgreSQL', { dataDir, databaseUrl: process.env.BENCH_DATABASE_URL }))
    const pgOffers = await fillOffers(runJson, 'PostgreSQL', { dataDir, databaseUrl: process.env.BENCH_DATABASE_URL })
    rows.push(pgOffers.row)
    const pg = await startServer(port, dataDir, { DATABASE_URL: process.env.BENCH_DATABASE_URL, SEED_DEMO: 'false' })
    rows.push(['resident memory after start on PostgreSQL (idle)', `${rssMiB(pg.child.pid).toFixed(0)} MiB`])
    const onPg = await load(`http://127.0.0.1:${port}/api/health`)
    rows.push([`GET /api/health on PostgreSQL (${CONNECTIONS} connections, ${DURATION} s)`, `${figures(onPg)}, ${onPg.non2xx} non-2xx`])
    const pgSearch = await searchLoad(port)
    searches.push(['on PostgreSQL', pgSearch])
    rows.push(...searchRows('on PostgreSQL', pgSearch))
    searchMixes.push(['on PostgreSQL', await searchMixLoad(port)])
    rows.push(...(await offersLoadRows(port, pgOffers.data, 'on PostgreSQL', { duration: DURATION })))
    await stopServer(pg.child)
    rows.push(...(await processesRows({ startServer, stopServer, port, dataDir, duration: DURATION })))
  } else {
    rows.push(['GET /api/health and /api/properties on PostgreSQL', 'not measured: set BENCH_DATABASE_URL'])
  }

  const bare = await startBare(port + 1)
  const bareResult = await load(`http://127.0.0.1:${port + 1}/bare`)
  rows.push([`bare Fastify route, same run (${CONNECTIONS} connections, ${DURATION} s)`, figures(bareResult)])
  const bareSearch = await load(`http://127.0.0.1:${port + 1}/bare`, { connections: SEARCH_CONNECTIONS })
  rows.push([`bare Fastify route, same run (${SEARCH_CONNECTIONS} connections, ${DURATION} s)`, figures(bareSearch)])
  // Gone before the next bare route takes its port.
  await stopServer(bare)
  for (const [where, search] of searches) {
    if (search.missing) continue
    const ratio = search.result.requests.average / bareSearch.requests.average
    rows.push([`search ${where} / bare route, req/s at ${SEARCH_CONNECTIONS} connections`, `${ratio.toPrecision(2)} (1 in ${Math.round(1 / ratio)}); p99 ${search.result.latency.p99} ms vs ${bareSearch.latency.p99} ms`])
  }

  const bareNode = await bareNodeLoad(port + 1)
  rows.push([`bare node:http route, same run (${SEARCH_CONNECTIONS} connections, ${DURATION} s)`, figures(bareNode)])
  for (const [where, mix] of searchMixes) rows.push(...searchMixRows(where, mix, bareNode))

  rows.push(...(await eventsRows(port + 2)))
  // Issue #29: the hostile-inputs corpus against the server as `npm start` runs it.
  rows.push(...(await hostileRows({ startServer, stopServer, sleep, port, dataDir })))
  rows.push(['listing import from the recorded feed', await importThroughput()])
  rows.push(['RF707 PDF generation (layout + render)', await documentBench('apps/api/bench/rf707-pdf.ts', 'rf707Pdf', 40)])
  rows.push(['Purchase agreement with 10 clauses and the RF707 (layout + render)', await documentBench('apps/api/bench/agreement-pdf.ts', 'agreementPdf', 60)])
  rows.push(['scoreOffers on 1,000 offers', await offersScoring(runJson)])
  rows.push([NET_SHEET_LABEL, await netSheetBench(runJson)])
  rows.push([CONTRACT_TIMELINE_LABEL, await contractTimelineBench(runJson)])
  rows.push([
    'signing: complete a 10-page packet, 4 signers (burn, certificate, seal)',
    await signingBench('apps/api/bench/signing.ts', (r) => `median ${r.signingCompleteMedianMs} ms, p95 ${r.signingCompleteP95Ms} ms over ${r.runs} runs (target: median < 150 ms); at B-T against a local TSA median ${r.signingCompleteBtMedianMs} ms; at B-LTA against a local CA and TSA median ${r.signingCompleteLtaMedianMs} ms (target < 250 ms), ${r.btRuns} runs each`),
  ])
  rows.push([
    'signing: POST /api/verify of a 5 MB PDF, server time',
    await signingBench('apps/api/bench/verify.ts', (r) => `median ${r.verifyIntactMedianMs} ms intact, ${r.verifyChangedMedianMs} ms changed, ${r.runs} runs of ${(r.bytes / 1048576).toFixed(1)} MB B-LTA file (target: median < 100 ms)`),
  ])
  // Issue #15: the admin area. The search needs PostgreSQL (BENCH_DATABASE_URL); each script prints one JSON line.
  rows.push([
    'admin: user import of 10,000 CSV rows',
    await signingBench('apps/api/bench/user-import.ts', (r) => `${r.rowsPerSecond} rows/s (${r.rows} rows in ${r.seconds} s)`),
  ])
  rows.push([
    'admin: longest request wait during a 50,000-row user import on PGlite',
    await signingBench(
      'apps/api/bench/user-import-wait.ts',
      (r) => `${r.longestWaitMs} ms longest, p99 ${r.p99WaitMs} ms, p50 ${r.p50WaitMs} ms over ${r.probes} GET /api/health (event loop held at most ${r.loopDelayMaxMs} ms; ${r.rows} rows in ${r.seconds} s; target: < 500 ms)`,
    ),
  ])
  rows.push([
    'admin: GET /api/admin/users search at 100,000 users on PostgreSQL',
    process.env.BENCH_DATABASE_URL
      ? await signingBench('apps/api/bench/admin-users-search.ts', (r) => `p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms over ${r.samples} searches of ${r.users} users`)
      : 'not measured: set BENCH_DATABASE_URL to a PostgreSQL database',
  ])
  // Issue #16: /analytics at 50,000 listings and 500,000 offers, three scopes (target: p95 < 100 ms each).
  rows.push([
    'analytics: GET /api/analytics at 50,000 listings and 500,000 offers on PostgreSQL',
    process.env.BENCH_DATABASE_URL
      ? await signingBench('apps/api/bench/analytics.ts', (r) => `p95 ${r.broker.p95Ms} ms broker (20 agents), ${r.agent.p95Ms} ms agent, ${r.buyer.p95Ms} ms buyer; p50 ${r.broker.p50Ms} / ${r.agent.p50Ms} / ${r.buyer.p50Ms} ms over ${r.samples} calls each (${r.listings} listings, ${r.offers} offers; target: p95 < 100 ms)`)
      : 'not measured: set BENCH_DATABASE_URL to a PostgreSQL database',
  ])
  // Issue #34: the contract timeline reminders' job over 10,000 open contracts (target: < 2 s a run on PostgreSQL).
  rows.push(await remindersRow(runJson))
  rows.push(...(await fileAuditRows(runJson)))
  // Issue #37: commit to a delivered webhook at 1,000 events a minute (target: p99 < 2 s).
  rows.push(...(await webhookRows(runJson)))
  // Issue #37: the event feed at 50 connections, as a ratio to a bare route sending the same bytes.
  rows.push(...(await feedRows({ port: port + 1, duration: DURATION })))
  // Issue #35: the brokerage's export of 1,000 files (target: < 5 minutes on PostgreSQL, memory flat).
  rows.push(await brokerageExportRow(runJson))
  // Issue #18: the offer record's exports and an offer's transaction file (medians; in-memory PGlite).
  rows.push([
    'offer record: ledger export of 200 offers, 2,000 events (CSV, PDF) and a 20-document transaction-file ZIP',
    await signingBench(
      'apps/api/bench/offer-record.ts',
      (r) => `CSV median ${r.csvMedianMs} ms (${Math.round(r.csvBytes / 1024)} KB), PDF median ${r.pdfMedianMs} ms (${Math.round(r.pdfBytes / 1024)} KB), ZIP median ${r.zipMedianMs} ms (${(r.zipBytes / 1048576).toFixed(1)} MB) over ${r.runs} runs each`,
    ),
  ])
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}

console.log('\nOfferbook bench')
const width = Math.max(...rows.map(([label]) => label.length))
for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`)
