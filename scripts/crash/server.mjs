// The crash test's server: the real API as a child process (node with tsx's loader, as scripts/start.mjs
// runs it, without the web build) on its own port, data directory and mail server.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ROOT } from '../build-if-stale.mjs'

/** The crash run's ports; the restart test (which npm test runs beside it) takes RESTART_PORTS. */
const PORTS = { from: 3700, to: 3799 }
export const RESTART_PORTS = { from: 3800, to: 3899 }
/** Start-up seeds 300 listings with photos: a slow CI machine may take a minute. */
const HEALTH_TIMEOUT_MS = 120_000

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

export async function freePort(random, taken, ports = PORTS) {
  const span = ports.to - ports.from + 1
  const start = Math.floor(random() * span)
  for (let index = 0; index < span; index++) {
    const port = ports.from + ((start + index) % span)
    if (!taken.has(port) && (await portIsFree(port))) {
      taken.add(port)
      return port
    }
  }
  throw new Error(`no free port in ${ports.from}-${ports.to}`)
}

const tsxLoader = pathToFileURL(createRequire(join(ROOT, 'apps/api/package.json')).resolve('tsx/esm')).href
/** The variables that would point the server elsewhere than this test's own database, mail and files. */
const FOREIGN_ENV = /^(DATABASE_URL|TEST_DATABASE_URL|SMTP_URL|MAIL_FROM|SMS_|S3_|OIDC_|MLS_GRID_|SIGNING_CERT|AUTH_SECRET|PUBLIC_URL|WEB_DIST|DATA_DIR|PORT|HOST|NODE_ENV|SEED_DEMO|LOG_LEVEL)/

export function startServer({ port, dataDir, webDist, smtpUrl, log }) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !FOREIGN_ENV.test(name)))
  const child = spawn(process.execPath, ['--import', tsxLoader, 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: webDist, SEED_DEMO: 'true', SMTP_URL: smtpUrl, NODE_ENV: 'development', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const keep = (chunk) => {
    log.push(chunk.toString())
    if (log.length > 400) log.splice(0, log.length - 400)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  return { child, exited }
}

export async function waitForHealth(base, server) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS
  let dead = null
  void server.exited.then((result) => (dead = result))
  while (Date.now() < deadline) {
    if (dead) throw new Error(`the server exited before it was healthy (code ${dead.code}, signal ${dead.signal})`)
    try {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) })
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await sleep(250)
  }
  throw new Error(`the server was not healthy within ${HEALTH_TIMEOUT_MS / 1000} s`)
}

/**
 * The outbox rows the killed server had claimed and not yet marked sent or retried, read from its data
 * directory while no server runs. A row here that the recorder already has was accepted by the SMTP
 * server in the moment before the kill: sending it again after the restart is the at-least-once window.
 */
export async function claimedAtKill(dataDir) {
  const { PGlite } = await import('@electric-sql/pglite')
  const database = new PGlite(join(dataDir, 'pglite'))
  try {
    const result = await database.query("select id from outbox_message where status = 'pending' and locked_until is not null")
    return new Set(result.rows.map((row) => row.id))
  } finally {
    await database.close()
  }
}
