// The public search under load (issue #19): GET /api/properties on generated listings at 50
// connections with a mix of hundreds of different queries (city, ZIP and address words, price, beds
// and type filters, every sort, pages 1 to 5), against a bare node:http route measured in the same run.
//
// Used by scripts/bench.mjs (searchMixLoad, bareNodeLoad), and on its own:
//   DATA_DIR=<a data directory filled by bench-listings-data.mjs> [BENCH_DATABASE_URL=postgres://…] \
//   BENCH_PORT=4214 node scripts/bench-search.mjs
// Prints one JSON line of figures at its end.
import { spawn } from 'node:child_process'
import { createServer, get as httpGet } from 'node:http'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { serverPid } from './server-pid.mjs'

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..')
const DURATION = Number(process.env.BENCH_SECONDS ?? 5)
export const SEARCH_CONNECTIONS = Number(process.env.BENCH_SEARCH_CONNECTIONS ?? 50)

// Words visitors type: the generator's cities (whole, or their first letters), ZIP codes and their
// first digits, street names and suffixes, house numbers (bench-listings-data.mjs, seed-listings.ts).
const CITIES = ['nashville', 'franklin', 'brentwood', 'murfreesboro', 'smyrna', 'hendersonville', 'mount juliet', 'spring hill', 'clarksville', 'knoxville', 'farragut', 'maryville', 'oak ridge', 'chattanooga', 'cleveland', 'memphis', 'germantown', 'collierville', 'jackson', 'johnson city', 'kingsport', 'cookeville']
const ZIPS = ['37203', '37064', '37027', '37127', '37075', '37122', '37040', '37902', '37919', '37402', '37416', '38103', '38117', '38138', '38301', '37601', '372', '379', '381', '3706', '374']
const STREETS = ['magnolia', 'dogwood', 'hickory', 'cedar ridge', 'walnut', 'willow creek', 'poplar', 'sycamore', 'red oak', 'maple leaf', 'cumberland', 'harpeth', 'stones river', 'volunteer', 'belmont', 'natchez', 'bluebird', 'meadowbrook', 'hillcrest', 'riverbend', 'old mill', 'honeysuckle', 'azalea']
const SUFFIXES = ['st', 'ave', 'dr', 'ln', 'rd', 'ct', 'way', 'pike', 'trl']
const TYPES = ['Residential', 'Land', 'Farm', 'ResidentialLease', 'CommercialSale', 'Residential,ResidentialIncome']
const SORTS = ['newest', 'price-asc', 'price-desc', 'beds-desc', 'area-desc']

/** A small seeded generator: the same mix on every run. */
function seeded(seed) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = Math.imul(state ^ (state >>> 15), 1 | state)
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
}

/** `count` different search paths, as visitors would ask them. */
export function searchMix(count = 600, seed = 19) {
  const random = seeded(seed)
  const pick = (list) => list[Math.floor(random() * list.length)]
  const paths = new Set()
  while (paths.size < count) {
    const params = new URLSearchParams()
    const words = random()
    if (words < 0.3) params.set('q', pick(CITIES))
    else if (words < 0.45) params.set('q', pick(CITIES).slice(0, 3 + Math.floor(random() * 3)))
    else if (words < 0.62) params.set('q', pick(ZIPS))
    else if (words < 0.78) params.set('q', `${pick(STREETS)}${random() < 0.5 ? ` ${pick(SUFFIXES)}` : ''}`)
    else if (words < 0.85) params.set('q', `${1 + Math.floor(random() * 9999)} ${pick(STREETS)}`)
    const minPrice = random() < 0.4 ? 50_000 * (1 + Math.floor(random() * 10)) : 0
    if (minPrice > 0) params.set('minPrice', String(minPrice))
    if (random() < 0.3) params.set('maxPrice', String(Math.max(minPrice, 300_000) + 100_000 * (1 + Math.floor(random() * 10))))
    if (random() < 0.35) params.set('minBeds', String(1 + Math.floor(random() * 4)))
    if (random() < 0.15) params.set('minBaths', String(1 + Math.floor(random() * 3)))
    if (random() < 0.25) params.set('type', pick(TYPES))
    if (random() < 0.7) params.set('sort', pick(SORTS))
    const page = 1 + Math.floor(random() * random() * 5)
    if (page > 1) params.set('page', String(page))
    paths.add(`/api/properties?${params}`)
  }
  return [...paths]
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

function load(url, { connections = SEARCH_CONNECTIONS, requests } = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: DURATION, requests }, (error, result) => (error ? reject(error) : resolve(result)))
  })
}

/** Waits until the server's search index is loaded (its answers stop saying x-search-index: loading); seconds waited. */
async function indexLoaded(port, limitMs = 180_000) {
  const started = performance.now()
  while (performance.now() - started < limitMs) {
    const response = await fetch(`http://127.0.0.1:${port}/api/properties?pageSize=1`)
    await response.arrayBuffer()
    if (response.status === 200 && !response.headers.get('x-search-index')) return (performance.now() - started) / 1000
    await sleep(100)
  }
  throw new Error(`the search index of the server on port ${port} was not loaded within ${limitMs} ms`)
}

/**
 * The mix at SEARCH_CONNECTIONS connections on a running server: every query once first (a refusal is
 * reported instead of measured), then the load with the mix in turn on every connection (repeated
 * queries come from the answer cache, as popular searches do), then the same with a price that makes
 * every request a new query (what the index itself answers).
 */
export async function searchMixLoad(port) {
  const indexWaitSeconds = await indexLoaded(port)
  const paths = searchMix()
  for (const path of paths) {
    const response = await fetch(`http://127.0.0.1:${port}${path}`)
    const body = await response.text()
    if (response.status !== 200) return { missing: `not measured: ${path} answered ${response.status}: ${body.slice(0, 160)}` }
  }
  const base = `http://127.0.0.1:${port}`
  const mixed = await load(`${base}/api/properties`, { requests: paths.map((path) => ({ method: 'GET', path })) })
  let fresh = 0
  const uncached = await load(`${base}/api/properties`, {
    requests: [
      {
        method: 'GET',
        // A maximum price no earlier request had: the cache cannot answer it (the mix's own maximum gives way).
        setupRequest: (request) => ({ ...request, path: `${paths[fresh % paths.length].replace(/&?maxPrice=\d+/, '')}&maxPrice=${9_000_000 + fresh++}` }),
      },
    ],
  })
  return { indexWaitSeconds, queries: paths.length, mixed, uncached }
}

/** A bare node:http route answering a small JSON, at SEARCH_CONNECTIONS connections. */
export async function bareNodeLoad(port) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
    response.end('{"status":"ok"}')
  })
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
  try {
    return await load(`http://127.0.0.1:${port}/bare`)
  } finally {
    await new Promise((resolve) => server.close(resolve))
  }
}

/**
 * Issue #36, item 2: one cached search page asked as every browser asks (accept-encoding: br, gzip) at
 * SEARCH_CONNECTIONS connections, against a bare node:http route sending the very same Brotli bytes
 * with the same headers, in the same run. The page is asked once first, so the server has it kept.
 */
export async function compressedSearchRows(port, barePort, path = '/api/properties?sort=price-desc') {
  const headers = { 'accept-encoding': 'br, gzip' }
  const url = `http://127.0.0.1:${port}${path}`
  const first = await fetch(url, { headers })
  await first.arrayBuffer()
  // fetch decodes Brotli itself: the raw bytes come from node:http.
  const raw = await new Promise((resolve, reject) => {
    httpGet(url, { headers }, (response) => {
      const chunks = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode, encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }))
    }).on('error', reject)
  })
  const label = `cached search page with accept-encoding br (${SEARCH_CONNECTIONS} connections, ${DURATION} s)`
  if (raw.status !== 200 || raw.encoding !== 'br') return [[label, `not measured: ${path} answered ${raw.status} with content-encoding ${raw.encoding ?? 'none'}`]]
  const cached = await load(url, { requests: [{ method: 'GET', path, headers }] })
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-encoding': 'br', vary: 'accept-encoding' })
    response.end(raw.body)
  })
  await new Promise((resolve) => server.listen(barePort, '127.0.0.1', resolve))
  let bare
  try {
    bare = await load(`http://127.0.0.1:${barePort}/bare`, { requests: [{ method: 'GET', path: '/bare', headers }] })
  } finally {
    await new Promise((resolve) => server.close(resolve))
  }
  const ratio = cached.requests.average / bare.requests.average
  return [
    [label, `${figures(cached)}, ${cached.non2xx} non-2xx, ${raw.body.length} bytes a page; load average ${loadavg().map((value) => value.toFixed(1)).join(' ')}`],
    [`  bare node:http route sending the same ${raw.body.length} Brotli bytes, same run`, figures(bare)],
    [`  cached compressed search / bare route`, `${ratio.toPrecision(2)} (target ≥ 0.5)`],
  ]
}

const figures = (result) => `${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms`

/** The rows bench.mjs prints for one database. */
export function searchMixRows(where, search, bare) {
  const label = `search mix ${where}: ${SEARCH_CONNECTIONS} connections, ${DURATION} s`
  if (search.missing) return [[label, search.missing]]
  const ratio = (result) => (result.requests.average / bare.requests.average).toPrecision(2)
  return [
    [`  search index loaded ${where}, after the server answered`, `${search.indexWaitSeconds.toFixed(1)} s`],
    [`${label}, ${search.queries} queries in turn`, `${figures(search.mixed)}, ${search.mixed.non2xx} non-2xx; ${ratio(search.mixed)} of the bare route (target ≥ 0.40, p99 < 25 ms)`],
    [`${label}, every request a new query`, `${figures(search.uncached)}, ${search.uncached.non2xx} non-2xx; ${ratio(search.uncached)} of the bare route`],
  ]
}

async function startApi(port, env) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'development', WEB_DIST: join(ROOT, 'apps/web/dist'), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`)
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) return child
    } catch {
      // not listening yet
    }
    await sleep(50)
  }
  throw new Error('the server did not answer within 180 s')
}

async function stop(child) {
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGINT')
  await exited
}

// On its own: the mix on DATA_DIR's PGlite, then on BENCH_DATABASE_URL's PostgreSQL when set.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const port = Number(process.env.BENCH_PORT ?? 4214)
  const out = {}
  const rows = []
  const runs = [['on PGlite', { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: '', SEED_DEMO: 'false' }]]
  if (process.env.BENCH_DATABASE_URL) runs.push(['on PostgreSQL', { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.BENCH_DATABASE_URL, SEED_DEMO: 'false' }])
  const results = []
  for (const [where, env] of runs) {
    const { DATABASE_URL, ...rest } = env
    const child = await startApi(port, DATABASE_URL ? env : rest)
    try {
      results.push([where, await searchMixLoad(port)])
      out[`rssMiB ${where}`] = Math.round(Number(/VmRSS:\s+(\d+)/.exec((await import('node:fs')).readFileSync(`/proc/${serverPid(child.pid)}/status`, 'utf8'))?.[1] ?? 0) / 1024)
    } finally {
      await stop(child)
    }
  }
  const bare = await bareNodeLoad(port + 1)
  rows.push([`bare node:http route, same run (${SEARCH_CONNECTIONS} connections, ${DURATION} s)`, figures(bare)])
  for (const [where, search] of results) {
    rows.push(...searchMixRows(where, search, bare))
    if (!search.missing) out[where] = { reqPerSec: Math.round(search.mixed.requests.average), p99: search.mixed.latency.p99, ratio: search.mixed.requests.average / bare.requests.average, uncachedReqPerSec: Math.round(search.uncached.requests.average), uncachedP99: search.uncached.latency.p99 }
  }
  out.bare = { reqPerSec: Math.round(bare.requests.average), p99: bare.latency.p99 }
  const width = Math.max(...rows.map(([label]) => label.length))
  for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`)
  console.log(JSON.stringify(out))
}
