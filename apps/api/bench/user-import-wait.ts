// `npx tsx apps/api/bench/user-import-wait.ts`: the longest wait of a request while a CSV user import
// of 50,000 rows (BENCH_USER_IMPORT_ROWS) runs on the embedded PGlite, on disk as `npm start` keeps it
// (issue 29, target < 500 ms).
// The app listens on a port as the server does; a probe in a worker thread (its own event loop, so
// it is never held up by the server's) asks GET /api/health every 25 ms from the start of the import
// to its end and keeps each answer's time. Prints ONE line of JSON.
import { randomBytes, randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { buildApp } from '../src/app'
import { openDatabase } from '../src/db/client'
import { session } from '../src/db/schema/auth'
import { testConfig } from '../test/build-test-app'
import { insertBenchAdmin } from './bench-users'

const ROWS = Number(process.env.BENCH_USER_IMPORT_ROWS ?? 50_000)
const PROBE_EVERY_MS = 25

const PROBE = `
const { parentPort, workerData } = require('node:worker_threads')
const waits = []
let stop = false
parentPort.on('message', () => (stop = true))
;(async () => {
  while (!stop) {
    const start = performance.now()
    try {
      await fetch(workerData.url, { signal: AbortSignal.timeout(60_000) }).then((response) => response.arrayBuffer())
      waits.push(performance.now() - start)
    } catch {
      waits.push(-1)
    }
    await new Promise((resolve) => setTimeout(resolve, workerData.everyMs))
  }
  parentPort.postMessage(waits)
})()
`

// On disk, as `npm start` keeps it (an in-memory PGlite copies each growing table file whole as it grows).
const dataDir = join(tmpdir(), `offerbook-bench-${randomBytes(4).toString('hex')}`)
const database = await openDatabase({ dataDir })
const config = testConfig({ dataDir })
try {
  await database.migrate()
  const { db } = database
  const actorId = await insertBenchAdmin(db)
  const token = randomBytes(24).toString('base64url')
  await db.insert(session).values({ id: randomUUID(), token, userId: actorId, expiresAt: new Date(Date.now() + 3_600_000) })
  const headers = { authorization: `Bearer ${token}` }

  const app = await buildApp({ config, db, logger: false })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

  const lines = ['email,name,phone,roles,language']
  for (let n = 0; n < ROWS; n++) lines.push(`wait-${n}@example.com,"Bench Person ${n}",+1615${String(2000000 + n).padStart(7, '0')},BUYER_SIMPLE,en-us`)
  const form = new FormData()
  form.append('file', new Blob([lines.join('\r\n')], { type: 'text/csv' }), 'bench.csv')
  const preview = await fetch(`${base}/api/admin/user-imports`, { method: 'POST', headers, body: form })
  if (preview.status !== 201) throw new Error(`the preview answered ${preview.status}: ${await preview.text()}`)
  const { id } = (await preview.json()) as { id: string }

  const { monitorEventLoopDelay } = await import('node:perf_hooks')
  const loop = monitorEventLoopDelay({ resolution: 10 })
  loop.enable()
  const probe = new Worker(PROBE, { eval: true, workerData: { url: `${base}/api/health`, everyMs: PROBE_EVERY_MS } })
  const started = performance.now()
  const start = await fetch(`${base}/api/admin/user-imports/${id}/start`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ onExisting: 'skip' }) })
  if (start.status !== 202) throw new Error(`the start answered ${start.status}: ${await start.text()}`)
  let job: { status: string; created: number } = { status: 'running', created: 0 }
  while (job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 500))
    job = (await (await fetch(`${base}/api/admin/user-imports/${id}`, { headers })).json()) as typeof job
  }
  const seconds = (performance.now() - started) / 1000
  const waits = await new Promise<number[]>((resolve) => {
    probe.once('message', resolve)
    probe.postMessage('stop')
  })
  await probe.terminate()
  loop.disable()
  await app.close()
  if (job.status !== 'done' || job.created !== ROWS) throw new Error(`the import ended ${job.status} with ${job.created} created`)
  const answered = waits.filter((wait) => wait >= 0).sort((a, b) => a - b)
  const at = (q: number) => Math.round(answered[Math.min(answered.length - 1, Math.floor(q * answered.length))] ?? 0)
  console.log(JSON.stringify({ longestWaitMs: at(1), p99WaitMs: at(0.99), p50WaitMs: at(0.5), probes: answered.length, loopDelayMaxMs: Math.round(loop.max / 1e6), failed: waits.length - answered.length, rows: ROWS, seconds: Math.round(seconds * 10) / 10, database: 'pglite' }))
} finally {
  await database.close()
  await rm(dataDir, { recursive: true, force: true })
}
