// `npm start`: build the web app and bundle the API server if either is stale, then run the server
// (which serves the web app): plain JavaScript, nothing transformed at run time.
// This process is the primary: it runs WEB_CONCURRENCY server processes (1, the default; n > 1 on
// PostgreSQL only) through node:cluster, and starts another when one dies (docs/decisions/028-runtime.md,
// 039-heavy-work-in-workers.md).
// `npm start` runs it as `node --max-semi-space-size=2 --v8-pool-size=1 scripts/start.mjs` (package.json;
// the bench reads the flags from there): a young generation of 2 MB per semi-space instead of 16, which
// stayed resident (decision 028), and one V8 helper thread instead of four, each of which kept its own
// malloc arena of some 10-25 MB after the start's compiling and collecting (decision 035).
import cluster from 'node:cluster'
import { pathToFileURL } from 'node:url'
import { buildIfStale } from './build-if-stale.mjs'
import { buildServerIfStale, SERVER_BUNDLE } from './build-server.mjs'

const runServer = () => import(pathToFileURL(SERVER_BUNDLE).href)

/** WEB_CONCURRENCY as a number of processes, or a message saying why it cannot be. */
export function processCount(env) {
  const given = (env.WEB_CONCURRENCY ?? '').trim()
  if (given === '') return { count: 1 }
  if (!/^\d{1,3}$/.test(given) || Number(given) < 1 || Number(given) > 64) return { error: `WEB_CONCURRENCY must be a whole number from 1 to 64 (got "${given}").` }
  const count = Number(given)
  if (count > 1 && !(env.DATABASE_URL ?? '').trim()) {
    return { error: `WEB_CONCURRENCY=${count} needs PostgreSQL: the embedded database (PGlite) belongs to one process. Set DATABASE_URL, or leave WEB_CONCURRENCY at 1.` }
  }
  return { count }
}

/** A server process that dies within this long of its start counts towards a crash loop. */
const STEADY_MS = 60_000
/** The wait before the next start in a crash loop: 1 s, doubling, at most 30 s. */
export function restartDelay(quickDeaths) {
  return quickDeaths <= 1 ? 0 : Math.min(30_000, 1_000 * 2 ** (quickDeaths - 2))
}

/** Why a process ended, as the restart log says it. */
const causeOf = (code, signal) => (signal ? `signal ${signal}` : `exit code ${code}`)

if (cluster.isPrimary) {
  const { count, error } = processCount(process.env)
  if (error) {
    console.error(`Offerbook could not start: ${error}`)
    process.exit(1)
  }
  buildIfStale()
  await buildServerIfStale()
  // One process: the server accepts its own connections (the primary only holds the port across a restart).
  if (count === 1) cluster.schedulingPolicy = cluster.SCHED_NONE
  // The server processes get the flags this one was started with.
  cluster.setupPrimary({ execArgv: process.execArgv })
  await runProcesses(count)
} else {
  await runServer()
}

/**
 * The primary (docs/decisions/039-heavy-work-in-workers.md): it holds the port and keeps `count`
 * server processes. The first starts alone (it migrates and seeds), the others once it listens; each
 * shares the listening socket. One that dies is replaced once its exit is seen (so on PGlite the
 * dead one has let go of the data directory before the next opens it), each restart logged with its
 * cause; a crash loop backs off. A first process that dies before it ever listens ends the start (a
 * wrong setting is not retried). A signal stops them all.
 */
async function runProcesses(count) {
  let stopping = false
  const started = new Map()
  let quickDeaths = 0
  const fork = () => {
    const worker = cluster.fork()
    started.set(worker.id, Date.now())
    worker.once('listening', () => console.log(`Offerbook server process ${worker.process.pid} is listening.`))
    return worker
  }
  const listening = (worker) => new Promise((resolve, reject) => {
    worker.once('listening', resolve)
    worker.once('exit', (code, signal) => reject(new Error(`the first server process ended (${causeOf(code, signal)}) before listening`)))
  })
  try {
    await listening(fork())
  } catch (error) {
    console.error(`Offerbook could not start: ${error.message}`)
    process.exit(1)
  }
  for (let n = 1; n < count; n++) fork()
  if (count > 1) console.log(`Offerbook runs ${count} server processes on one port (WEB_CONCURRENCY=${count}).`)
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
      return
    }
    const lived = Date.now() - (started.get(worker.id) ?? 0)
    started.delete(worker.id)
    quickDeaths = lived < STEADY_MS ? quickDeaths + 1 : 1
    const delay = restartDelay(quickDeaths)
    const wait = delay > 0 ? ` in ${delay / 1000} s (${quickDeaths} quick ends in a row)` : ''
    console.error(`Offerbook server process ${worker.process.pid} ended (${causeOf(code, signal)}) after ${(lived / 1000).toFixed(1)} s; starting another${wait}.`)
    setTimeout(() => {
      if (!stopping) fork()
    }, delay)
  })
  const stop = (signal) => {
    if (stopping) return
    stopping = true
    const workers = Object.values(cluster.workers ?? {})
    if (workers.length === 0) process.exit(0)
    for (const worker of workers) worker?.process.kill(signal)
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}
