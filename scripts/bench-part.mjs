// `npm run bench -- <part>` (or BENCH_ONLY=<part>): one part of the bench alone, for measuring a change
// without the 50,000 listings: `offers` (optimize at 200 offers), `start` (start-up and memory), `processes` (one
// server process and two on PostgreSQL), `hostile` (the hostile-inputs corpus: health waits and memory, issue #29),
// `import` (the longest request wait during a 50,000-row user import), `net-sheet` (the net sheet and rank of 200 offers),
// `compressed` (a cached search page asked with accept-encoding br against a bare route sending the same bytes),
// `reminders` (the contract timeline reminders' job over 10,000 open contracts, on BENCH_DATABASE_URL's PostgreSQL),
// `file-audit` (the audit of a brokerage file of 30 documents and 6 packets, on PGlite and on BENCH_DATABASE_URL's PostgreSQL),
// `brokerage-export` (the brokerage's export of 1,000 files as one ZIP, on BENCH_DATABASE_URL's or TEST_DATABASE_URL's PostgreSQL),
// `waterfall` (the API requests each signed-in page of issue #36 makes before its first screen, in rounds),
// `onboarding` (a new account's code submitted to the onboarding's first page drawn, in a browser),
// `webhooks` (commit to a delivered, signed webhook at 1,000 events a minute, on PGlite and on BENCH_DATABASE_URL's PostgreSQL),
// `feed` (GET /api/feed at 50 connections with an API key, against a bare node:http route sending the same bytes).
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer, get as httpGet } from 'node:http'
import { loadavg } from 'node:os'
import autocannon from 'autocannon'
import { fillOffers, NET_SHEET_LABEL, netSheetBench, optimizeRows } from './bench-offers.mjs'
import { hostileRows } from './bench-hostile.mjs'
import { compressedSearchRows } from './bench-search.mjs'
import { ROOT } from './build-if-stale.mjs'
import { serverPid } from './server-pid.mjs'
import { onboardingRows, waterfallRows } from './bench-waterfall.mjs'

/** The CPU time a process has used, in ms (utime + stime of /proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${serverPid(pid)}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/** The optimize rows, with the server's CPU time per answer: on a busy machine the figure that still holds. */
async function optimizeWithCpu(port, child, data, where, duration) {
  const before = cpuMs(child.pid)
  const rows = await optimizeRows(`http://127.0.0.1:${port}`, data, where, duration)
  const used = cpuMs(child.pid) - before
  // Both loads: plain, then compressed as a browser asks.
  const answers = rows.reduce((total, [, value]) => total + Number(/(\d+) answers/.exec(value ?? '')?.[1] ?? 0), 0)
  if (answers > 0) rows.push([`  server CPU per answer ${where}`, `${(used / answers).toFixed(2)} ms (${used} ms for ${answers} answers of both loads and the sign-in)`])
  return rows
}

/**
 * GET /api/health through one server process and through two (WEB_CONCURRENCY=2) on the PostgreSQL of
 * BENCH_DATABASE_URL, at 10 connections: req/s and p99 of each, for the record (on two cores with the
 * load generator beside them, little gain is expected).
 */
export async function processesRows({ startServer, stopServer, port, dataDir, duration }) {
  const databaseUrl = process.env.BENCH_DATABASE_URL
  if (!databaseUrl) return [['GET /api/health through 1 and 2 server processes on PostgreSQL', 'not measured: set BENCH_DATABASE_URL']]
  const rows = []
  for (const processes of [1, 2]) {
    const server = await startServer(port, dataDir, { DATABASE_URL: databaseUrl, SEED_DEMO: 'false', WEB_CONCURRENCY: String(processes) })
    // Every process listening: the others start once the first does.
    await new Promise((resolve) => setTimeout(resolve, processes > 1 ? 3000 : 0))
    const result = await new Promise((resolve, reject) => autocannon({ url: `http://127.0.0.1:${port}/api/health`, connections: 10, duration }, (error, done) => (error ? reject(error) : resolve(done))))
    rows.push([`GET /api/health through ${processes} server process${processes > 1 ? 'es' : ''} on PostgreSQL (10 connections, ${duration} s)`, `${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx`])
    await stopServer(server.child)
  }
  return rows
}

export const REMINDERS_LABEL = "contract timeline reminders' job over 10,000 open contracts on PostgreSQL"

/**
 * The reminders' job (issue #34 item 3): the median of its first run of a day (sending) and of a second
 * run at the same instant (sending nothing), with the load average, since the machine is shared.
 */
export async function remindersRow(runJson) {
  if (!process.env.BENCH_DATABASE_URL) return [REMINDERS_LABEL, 'not measured: set BENCH_DATABASE_URL to a PostgreSQL database']
  try {
    const r = await runJson('apps/api/bench/timeline-reminders.ts', 'npx', ['tsx', 'apps/api/bench/timeline-reminders.ts'])
    return [
      REMINDERS_LABEL,
      `first run median ${r.firstRunMedianMs} ms (CPU ${r.firstRunCpuMedianMs} ms; ${r.remindersPerFirstRun} reminders, ${r.emailsPerFirstRun} emails, ${r.textsPerFirstRun} texts), second run median ${r.secondRunMedianMs} ms (CPU ${r.secondRunCpuMedianMs} ms; nothing sent), ${r.rounds} days; load average ${r.loadAverage.join(' ')} (target: < 2 s a run)`,
    ]
  } catch (error) {
    return [REMINDERS_LABEL, `not measured: ${error.message}`]
  }
}

export const FILE_AUDIT_LABEL = "brokerage file audit (30 documents, 6 packets) through the service"

/** The audit of one brokerage file (issue #35, Measure): loaded from the database and audited, median of 21 runs, with the load average. */
export async function fileAuditRows(runJson) {
  const script = 'apps/api/bench/file-audit.ts'
  const targets = [['PGlite', {}], ...(process.env.BENCH_DATABASE_URL ? [['PostgreSQL', { BENCH_DATABASE_URL: process.env.BENCH_DATABASE_URL }]] : [])]
  const rows = []
  for (const [where, env] of targets) {
    try {
      const r = await runJson(script, 'npx', ['tsx', script], { BENCH_DATABASE_URL: '', TEST_DATABASE_URL: '', ...env })
      rows.push([`${FILE_AUDIT_LABEL} on ${where}`, `median ${r.medianMs} ms (CPU ${r.cpuMedianMs} ms, fastest ${r.fastestMs} ms; ${r.findings} findings); load average ${r.loadAverage.join(' ')} (target: < 50 ms)`])
    } catch (error) {
      rows.push([`${FILE_AUDIT_LABEL} on ${where}`, `not measured: ${error.message}`])
    }
  }
  if (!process.env.BENCH_DATABASE_URL) rows.push([`${FILE_AUDIT_LABEL} on PostgreSQL`, 'not measured: set BENCH_DATABASE_URL'])
  return rows
}

export const BROKERAGE_EXPORT_LABEL = "brokerage export for TREC: 1,000 files as one ZIP by the export job on PostgreSQL"

/** The brokerage's export (issue #35, Measure): its time, the ZIP's size, the memory sampled through the run (flat), the load average. */
export async function brokerageExportRow(runJson) {
  const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL
  if (!databaseUrl) return [BROKERAGE_EXPORT_LABEL, 'not measured: no PostgreSQL configured (set BENCH_DATABASE_URL or TEST_DATABASE_URL)']
  const script = 'apps/api/bench/brokerage-export.ts'
  try {
    const r = await runJson(script, 'npx', ['tsx', script], { BENCH_DATABASE_URL: databaseUrl })
    if (r.skipped) return [BROKERAGE_EXPORT_LABEL, `not measured: ${r.skipped}`]
    const quarters = Object.entries(r.rssByProgressMiB).map(([at, value]) => `${at} ${value}`).join(', ')
    return [
      BROKERAGE_EXPORT_LABEL,
      `${r.seconds} s for ${r.offers} offers, ${r.files} files, ZIP ${(r.zipBytes / 1_048_576).toFixed(1)} MiB; RSS ${r.rssBeforeMiB} MiB before, peak ${r.rssPeakMiB} MiB, sampled ${r.rssSamplesMiB.join(' ')} MiB (by progress: ${quarters}); load average ${r.loadAverage.join(' ')} (target: < 5 minutes, memory flat)`,
    ]
  } catch (error) {
    return [BROKERAGE_EXPORT_LABEL, `not measured: ${error.message}`]
  }
}

export const WEBHOOKS_LABEL = 'webhooks: change committed to a signed delivery at the receiver, 1,000 events a minute on loopback'

/** Issue #37, Measure: the webhooks job in the job runner delivering 1,000 listing changes a minute to a local receiver that verifies each signature. */
export async function webhookRows(runJson) {
  const script = 'apps/api/bench/webhook-delivery.ts'
  const targets = [['PGlite', {}], ...(process.env.BENCH_DATABASE_URL ? [['PostgreSQL', { BENCH_DATABASE_URL: process.env.BENCH_DATABASE_URL }]] : [])]
  const rows = []
  for (const [where, env] of targets) {
    try {
      const r = await runJson(script, 'npx', ['tsx', script], { BENCH_DATABASE_URL: '', TEST_DATABASE_URL: '', ...env })
      rows.push([
        `${WEBHOOKS_LABEL} on ${where}`,
        `p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, max ${r.maxMs} ms; ${r.delivered} of ${r.events} delivered in ${r.seconds} s at ${r.perMinute}/min, ${r.badSignatures} bad signatures; load average ${r.loadAverage.join(' ')} (target: p99 < 2 s)`,
      ])
    } catch (error) {
      rows.push([`${WEBHOOKS_LABEL} on ${where}`, `not measured: ${error.message}`])
    }
  }
  if (!process.env.BENCH_DATABASE_URL) rows.push([`${WEBHOOKS_LABEL} on PostgreSQL`, 'not measured: set BENCH_DATABASE_URL'])
  return rows
}

/** Starts apps/api/bench/feed-server.ts and resolves with the child and the JSON line it prints once listening. */
function startFeedServer(env) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/bench/feed-server.ts'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] })
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (data) => {
      out += data
      const line = out.split('\n').find((text) => text.startsWith('{'))
      if (line) resolve({ child, info: JSON.parse(line) })
    })
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`the feed server exited with code ${code} before listening`)))
  })
}

export const FEED_LABEL = 'GET /api/feed with an API key'

/**
 * Issue #37, Measure: one page of a key's feed at 50 connections, against a bare node:http route sending
 * the same bytes with the same content-type in the same run; the ratio of their req/s, with the load average.
 */
export async function feedRows({ port, duration, connections = Number(process.env.BENCH_SEARCH_CONNECTIONS ?? 50) }) {
  const targets = [['PGlite', {}], ...(process.env.BENCH_DATABASE_URL ? [['PostgreSQL', { BENCH_DATABASE_URL: process.env.BENCH_DATABASE_URL }]] : [])]
  const rows = []
  const load = (url, requests) => new Promise((resolve, reject) => autocannon({ url, connections, duration, requests }, (error, result) => (error ? reject(error) : resolve(result))))
  const figures = (result) => `${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms`
  for (const [where, env] of targets) {
    const label = `${FEED_LABEL} on ${where} (${connections} connections, ${duration} s)`
    let server
    try {
      server = await startFeedServer({ BENCH_DATABASE_URL: '', TEST_DATABASE_URL: '', ...env })
      const { info } = server
      const headers = { authorization: `Bearer ${info.key}` }
      const url = `http://127.0.0.1:${info.port}${info.path}`
      const raw = await new Promise((resolve, reject) => {
        httpGet(url, { headers }, (response) => {
          const chunks = []
          response.on('data', (chunk) => chunks.push(chunk))
          response.on('end', () => resolve({ status: response.statusCode, type: response.headers['content-type'], body: Buffer.concat(chunks) }))
        }).on('error', reject)
      })
      if (raw.status !== 200) {
        rows.push([label, `not measured: ${info.path} answered ${raw.status}`])
        continue
      }
      const loadAverage = loadavg().map((value) => value.toFixed(2)).join(' ')
      const feed = await load(url, [{ method: 'GET', path: info.path, headers }])
      const bare = createServer((_request, response) => {
        response.writeHead(200, { 'content-type': raw.type })
        response.end(raw.body)
      })
      await new Promise((resolve) => bare.listen(port, '127.0.0.1', resolve))
      let bareResult
      try {
        bareResult = await load(`http://127.0.0.1:${port}/bare`)
      } finally {
        await new Promise((resolve) => bare.close(resolve))
      }
      const ratio = feed.requests.average / bareResult.requests.average
      rows.push([label, `${figures(feed)}, ${feed.non2xx} non-2xx, ${feed.errors} errors; ${info.entries} entries, ${raw.body.length} bytes a page; keys kept ${info.keyCacheSeconds} s; load average ${loadAverage} before, ${loadavg().map((value) => value.toFixed(2)).join(' ')} after`])
      rows.push([`  bare node:http route sending the same ${raw.body.length} bytes, same run`, figures(bareResult)])
      rows.push([`  feed on ${where} / bare route, req/s`, `${ratio.toPrecision(2)} (1 in ${Math.round(1 / ratio)})`])
    } catch (error) {
      rows.push([label, `not measured: ${error.message}`])
    } finally {
      if (server) {
        const exited = new Promise((resolve) => server.child.once('exit', resolve))
        server.child.kill('SIGTERM')
        await exited
      }
    }
  }
  if (!process.env.BENCH_DATABASE_URL) rows.push([`${FEED_LABEL} on PostgreSQL`, 'not measured: set BENCH_DATABASE_URL'])
  return rows
}

export async function benchPart(part, { startServer, stopServer, runJson, rssMiB, sleep, port, dataDir, duration }) {
  const rows = []
  if (part === 'processes') return processesRows({ startServer, stopServer, port, dataDir, duration })
  // No server: the domain's net sheet and ranking alone.
  if (part === 'net-sheet') return [[NET_SHEET_LABEL, await netSheetBench(runJson)]]
  if (part === 'hostile') return hostileRows({ startServer, stopServer, sleep, port, dataDir })
  if (part === 'reminders') return [await remindersRow(runJson)]
  if (part === 'file-audit') return fileAuditRows(runJson)
  if (part === 'webhooks') return webhookRows(runJson)
  if (part === 'feed') return feedRows({ port, duration })
  if (part === 'brokerage-export') return [await brokerageExportRow(runJson)]
  if (part === 'import') {
    const r = await runJson('apps/api/bench/user-import-wait.ts', 'npx', ['tsx', 'apps/api/bench/user-import-wait.ts'])
    const label = 'admin: longest request wait during a 50,000-row user import on PGlite'
    return [[label, `${r.longestWaitMs} ms longest, p99 ${r.p99WaitMs} ms, p50 ${r.p50WaitMs} ms over ${r.probes} GET /api/health (event loop held at most ${r.loopDelayMaxMs} ms; ${r.rows} rows in ${r.seconds} s; target: < 500 ms)`]]
  }
  if (part === 'waterfall' || part === 'onboarding') {
    const server = await startServer(port, dataDir, { SEED_DEMO: 'true' })
    try {
      const base = `http://127.0.0.1:${port}`
      const loadAverage = (await import('node:os')).loadavg().map((value) => value.toFixed(2)).join(' ')
      rows.push(...(part === 'waterfall' ? await waterfallRows(base) : await onboardingRows(base)))
      rows.push(['  load average before the run', loadAverage])
    } finally {
      await stopServer(server.child)
    }
    return rows
  }
  const cold = await startServer(port, dataDir)
  rows.push(['start to first 200, new data directory (migrate + seed)', `${cold.seconds.toFixed(2)} s`])
  await stopServer(cold.child)
  if (part === 'compressed') {
    const server = await startServer(port, dataDir)
    try {
      // The demo listings, searched until the index answers (the first answers may come from SQL).
      for (let tries = 0; tries < 600; tries++) {
        const response = await fetch(`http://127.0.0.1:${port}/api/properties?pageSize=1`)
        await response.arrayBuffer()
        if (!response.headers.get('x-search-index')) break
        await sleep(100)
      }
      for (let run = 1; run <= 3; run++) rows.push(...(await compressedSearchRows(port, port + 1)).map(([label, value]) => [`${label} (run ${run})`, value]))
    } finally {
      await stopServer(server.child)
    }
    return rows
  }
  if (part === 'start') {
    for (let run = 1; run <= 3; run++) {
      const warm = await startServer(port, dataDir)
      rows.push([`start to first 200, existing data directory (run ${run})`, `${warm.seconds.toFixed(2)} s`])
      await sleep(1000)
      rows.push([`  resident memory after start (idle)`, `${rssMiB(warm.child.pid).toFixed(0)} MiB`])
      await stopServer(warm.child)
    }
    return rows
  }
  if (part !== 'offers') throw new Error(`unknown bench part ${part}: offers, start, compressed, processes, hostile, import, net-sheet, reminders, file-audit, brokerage-export, waterfall, onboarding, webhooks or feed`)
  const pglite = await fillOffers(runJson, 'PGlite', { dataDir })
  rows.push(pglite.row)
  const server = await startServer(port, dataDir)
  if (pglite.data) rows.push(...(await optimizeWithCpu(port, server.child, pglite.data, 'on PGlite', duration)))
  await stopServer(server.child)
  if (process.env.BENCH_DATABASE_URL) {
    const pg = await fillOffers(runJson, 'PostgreSQL', { dataDir, databaseUrl: process.env.BENCH_DATABASE_URL })
    rows.push(pg.row)
    const onPg = await startServer(port, dataDir, { DATABASE_URL: process.env.BENCH_DATABASE_URL, SEED_DEMO: 'false' })
    if (pg.data) rows.push(...(await optimizeWithCpu(port, onPg.child, pg.data, 'on PostgreSQL', duration)))
    await stopServer(onPg.child)
  }
  return rows
}
