// `npm run bench`: start-up time, resident memory and health-check throughput, printed as figures.
// Nothing here passes or fails; the figures go into the issue notes and are compared by a person.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { buildIfStale, ROOT } from './build-if-stale.mjs'

const DURATION = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)

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

function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return kb / 1024
}

async function startServer(port, dataDir, extraEnv = {}) {
  const started = performance.now()
  const { DATABASE_URL: _ignored, ...env } = process.env
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development', ...extraEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  await waitFor200(`http://127.0.0.1:${port}/api/health`, 120_000, child)
  return { child, seconds: (performance.now() - started) / 1000 }
}

async function stopServer(child) {
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGINT')
  await exited
}

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION }, (err, result) => (err ? reject(err) : resolve(result)))
  })
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
const dataDir = mkdtempSync(join(tmpdir(), 'offerbook-bench-'))
const port = 3900 + Math.floor(Math.random() * 50)
const rows = []
try {
  const cold = await startServer(port, dataDir)
  rows.push(['start to first 200, new data directory (migrate + seed)', `${cold.seconds.toFixed(2)} s`])
  await stopServer(cold.child)

  const warm = await startServer(port, dataDir)
  rows.push(['start to first 200, existing data directory', `${warm.seconds.toFixed(2)} s`])
  await sleep(1000)
  rows.push(['resident memory after start (idle)', `${rssMiB(warm.child.pid).toFixed(0)} MiB`])

  const health = await load(`http://127.0.0.1:${port}/api/health`)
  rows.push([`GET /api/health (${CONNECTIONS} connections, ${DURATION} s)`, `${Math.round(health.requests.average)} req/s, p99 ${health.latency.p99} ms, ${health.non2xx} non-2xx`])
  rows.push(['resident memory after the health load', `${rssMiB(warm.child.pid).toFixed(0)} MiB`])
  await stopServer(warm.child)

  // The embedded PGlite answers one query at a time; a real PostgreSQL shows what the API itself costs.
  if (process.env.BENCH_DATABASE_URL) {
    const pg = await startServer(port, dataDir, { DATABASE_URL: process.env.BENCH_DATABASE_URL, SEED_DEMO: 'false' })
    rows.push(['resident memory after start on PostgreSQL (idle)', `${rssMiB(pg.child.pid).toFixed(0)} MiB`])
    const onPg = await load(`http://127.0.0.1:${port}/api/health`)
    rows.push([`GET /api/health on PostgreSQL (${CONNECTIONS} connections, ${DURATION} s)`, `${Math.round(onPg.requests.average)} req/s, p99 ${onPg.latency.p99} ms, ${onPg.non2xx} non-2xx`])
    await stopServer(pg.child)
  } else {
    rows.push(['GET /api/health on PostgreSQL', 'not measured: set BENCH_DATABASE_URL'])
  }

  const bare = await startBare(port + 100)
  const bareResult = await load(`http://127.0.0.1:${port + 100}/bare`)
  rows.push([`bare Fastify route, same run (${CONNECTIONS} connections, ${DURATION} s)`, `${Math.round(bareResult.requests.average)} req/s, p99 ${bareResult.latency.p99} ms`])
  bare.kill('SIGINT')
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}

console.log('\nOfferbook bench')
const width = Math.max(...rows.map(([label]) => label.length))
for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`)
