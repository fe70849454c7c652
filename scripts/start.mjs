// `npm start`: build the web app and bundle the API server if either is stale, then run the server
// (which serves the web app): plain JavaScript, nothing transformed at run time.
// WEB_CONCURRENCY=n (PostgreSQL only) runs n server processes sharing the one port through node:cluster
// (docs/decisions/028-runtime.md); with 1, the default, the server runs in this process.
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

if (cluster.isPrimary) {
  const { count, error } = processCount(process.env)
  if (error) {
    console.error(`Offerbook could not start: ${error}`)
    process.exit(1)
  }
  buildIfStale()
  await buildServerIfStale()
  if (count === 1) await runServer()
  else {
    // The server processes get the flags this one was started with.
    cluster.setupPrimary({ execArgv: process.execArgv })
    await runProcesses(count)
  }
} else {
  await runServer()
}

/**
 * The first process starts alone (it migrates and seeds), the others once it listens; each shares the
 * listening socket. One that dies is replaced, unless the primary is stopping; a signal stops them all.
 */
async function runProcesses(count) {
  let stopping = false
  const fork = () => cluster.fork()
  const listening = (worker) => new Promise((resolve, reject) => {
    worker.once('listening', resolve)
    worker.once('exit', (code) => reject(new Error(`the first server process exited with code ${code} before listening`)))
  })
  try {
    await listening(fork())
  } catch (error) {
    console.error(`Offerbook could not start: ${error.message}`)
    process.exit(1)
  }
  for (let n = 1; n < count; n++) fork()
  console.log(`Offerbook runs ${count} server processes on one port (WEB_CONCURRENCY=${count}).`)
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
      return
    }
    console.error(`A server process (pid ${worker.process.pid}) ended (${signal ?? `code ${code}`}); starting another.`)
    fork()
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
