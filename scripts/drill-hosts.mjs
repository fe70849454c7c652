// `npm run drill:hosts` (issue #36, item 5; docs/decisions/075-two-host-drill.md): the reference
// deployment of docs/deploy/ made on this machine, and one of its hosts killed under load.
//
// - Two hosts: network namespaces obd-a and obd-b on a bridge (10.231.0.0/24; the root namespace is
//   10.231.0.1), each running the product's real `npm start` with WEB_CONCURRENCY=2.
// - HAProxy (Debian's package) in the root namespace with docs/deploy/haproxy.cfg, the very file.
// - PostgreSQL 15: a primary cluster of its own and a streaming replica made with pg_basebackup, which
//   serves DATABASE_READ_URL (the machine's own cluster on 5432 is left alone: others test on it).
// - Files on s3rver (an S3-compatible server), mail to an SMTP recorder.
// Under a steady load of searches, offer saves (create, save, share, save again, as the demo buyer)
// and open event streams (GET /api/events, read as the browser does, reconnecting with Last-Event-ID),
// every process of one host is killed with SIGKILL. It then checks and prints:
// - the requests that failed around the kill, split into those in flight at the kill and the others;
// - the time until every stream that dropped is open again (target < 5 s);
// - no acknowledged write lost; every stream missed no event (and how many it got twice); searches answered
//   after the kill; each outbox message reached the SMTP server once.
// Everything it made (namespaces, links, clusters, processes, files) is removed at the end, on
// failure and on Ctrl-C too. It must run as root (namespaces, links, the postgres user's clusters).
//
// DRILL_WARMUP_S (15), DRILL_AFTER_S (20): seconds of load before and after the kill;
// DRILL_KILL (b): which host dies; DRILL_SAVERS (3), DRILL_SEARCHERS (2), DRILL_STREAMS (8 per user);
// DRILL_SMTP_DELAY_MS (0): the SMTP server's wait before it accepts a message, so that the kill finds
// mail the dead host handed over and never marked sent (the run then waits for the 5-minute lease).
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { createServer } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { ROOT } from './build-if-stale.mjs'

const PG_BIN = process.env.DRILL_PG_BIN ?? '/usr/lib/postgresql/15/bin'
const NET = '10.231.0'
const BRIDGE = 'obd-br0'
const GATEWAY = `${NET}.1`
const HOSTS = [
  { name: 'a', ns: 'obd-a', address: `${NET}.11`, port: 3000 },
  { name: 'b', ns: 'obd-b', address: `${NET}.12`, port: 3000 },
]
const WARMUP_MS = Number(process.env.DRILL_WARMUP_S ?? 15) * 1000
const AFTER_MS = Number(process.env.DRILL_AFTER_S ?? 20) * 1000
const KILL = process.env.DRILL_KILL ?? 'b'
const SAVERS = Number(process.env.DRILL_SAVERS ?? 3)
const SEARCHERS = Number(process.env.DRILL_SEARCHERS ?? 2)
const STREAMS_PER_USER = Number(process.env.DRILL_STREAMS ?? 8)
const SMTP_DELAY_MS = Number(process.env.DRILL_SMTP_DELAY_MS ?? 0)
/** The browser's reconnect schedule (apps/web/src/shared/live/event-stream.ts): 1 s, doubling, at most 30 s. */
const FIRST_RETRY_MS = 1_000
const MAX_RETRY_MS = 30_000
const START_TIMEOUT_MS = 900_000
const BUYER = 'buyer-simple@example.com'
const LISTING_AGENT = 'seller-agent@example.com'
const PASSWORD = 'offerbook-demo'

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const seconds = (ms) => (ms / 1000).toFixed(2)
const log = (line) => console.log(`drill: ${line}`)
const load = () => loadavg().map((value) => value.toFixed(2)).join(' ')

// ---------------------------------------------------------------------------------------------
// What it needs

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0
}

function preflight() {
  const missing = []
  if (process.getuid?.() !== 0) missing.push('root: it makes network namespaces and links, and runs PostgreSQL as the postgres user (run `sudo npm run drill:hosts`)')
  if (!has('ip')) missing.push('`ip` (iproute2): apt-get install -y iproute2')
  if (!has('haproxy')) missing.push('HAProxy: apt-get install -y haproxy')
  if (!has('runuser')) missing.push('`runuser` (util-linux)')
  for (const tool of ['initdb', 'pg_ctl', 'pg_basebackup', 'psql']) {
    if (!existsSync(join(PG_BIN, tool)) && !(tool === 'psql' && has('psql'))) missing.push(`${PG_BIN}/${tool}: apt-get install -y postgresql-15 (or set DRILL_PG_BIN to PostgreSQL's bin directory)`)
  }
  if (spawnSync('id', ['postgres'], { stdio: 'ignore' }).status !== 0) missing.push('the postgres system user (made by the postgresql package)')
  for (const module of ['pg', 's3rver', 'smtp-server', 'mailparser']) {
    if (!existsSync(join(ROOT, 'node_modules', module))) missing.push(`the npm module ${module}: run npm ci`)
  }
  if (missing.length > 0) {
    console.error(`drill: cannot run; it needs:\n${missing.map((line) => `  - ${line}`).join('\n')}`)
    process.exit(2)
  }
}

// ---------------------------------------------------------------------------------------------
// Clean-up: every step that made something pushes the step that removes it

const cleanups = []
let cleaning = null
function cleanup() {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step()
      } catch {
        // keep cleaning
      }
    }
  })()
  return cleaning
}
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void cleanup().then(() => process.exit(130)))

function run(command, args, { allowFail = false, env, input } = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', env: env ?? process.env, input })
  if (result.status !== 0 && !allowFail) throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${(result.stderr || result.stdout || '').trim().slice(0, 600)}`)
  return result
}
const asPostgres = (command, args, options) => run('runuser', ['-u', 'postgres', '--', command, ...args], options)

/**
 * What this run made outside its namespaces, kept in a file as it is made, so that a run stopped hard
 * (kill -9 of the drill itself) is cleaned up by the next one: its HAProxy, its clusters, its files.
 */
const STATE_FILE = join(tmpdir(), 'offerbook-drill.state.json')
const state = { root: null, pids: [], clusters: [] }
const saveState = () => writeFileSync(STATE_FILE, JSON.stringify(state))

function removeEarlierRun() {
  if (!existsSync(STATE_FILE)) return
  let earlier
  try {
    earlier = JSON.parse(readFileSync(STATE_FILE, 'utf8'))
  } catch {
    earlier = {}
  }
  for (const pid of earlier.pids ?? []) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // gone
    }
  }
  for (const dir of earlier.clusters ?? []) if (existsSync(join(dir, 'postmaster.pid'))) asPostgres(join(PG_BIN, 'pg_ctl'), ['-D', dir, '-m', 'immediate', 'stop'], { allowFail: true })
  if (typeof earlier.root === 'string' && earlier.root.startsWith(join(tmpdir(), 'offerbook-drill-'))) rmSync(earlier.root, { recursive: true, force: true })
  rmSync(STATE_FILE, { force: true })
  log('removed what an earlier run stopped hard had left')
}

/** What a previous run that was stopped hard may have left: its namespaces and bridge. */
function removeLeftovers() {
  for (const host of HOSTS) {
    const pids = run('ip', ['netns', 'pids', host.ns], { allowFail: true }).stdout?.trim()
    for (const pid of (pids ?? '').split('\n').filter(Boolean)) {
      try {
        process.kill(Number(pid), 'SIGKILL')
      } catch {
        // gone
      }
    }
    run('ip', ['netns', 'delete', host.ns], { allowFail: true })
    run('ip', ['link', 'delete', `${host.ns}-h`], { allowFail: true })
  }
  run('ip', ['link', 'delete', BRIDGE], { allowFail: true })
}

function portIsFree(port, host) {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, host, () => probe.close(() => resolve(true)))
  })
}
async function freePort(from) {
  for (let port = from; port < from + 100; port++) if (await portIsFree(port, GATEWAY)) return port
  throw new Error(`no free port from ${from}`)
}

// ---------------------------------------------------------------------------------------------
// The machine: network, PostgreSQL, S3, SMTP, HAProxy, the two hosts

function makeNetwork() {
  removeLeftovers()
  cleanups.push(removeLeftovers)
  run('ip', ['link', 'add', BRIDGE, 'type', 'bridge'])
  run('ip', ['addr', 'add', `${GATEWAY}/24`, 'dev', BRIDGE])
  run('ip', ['link', 'set', BRIDGE, 'up'])
  for (const host of HOSTS) {
    run('ip', ['netns', 'add', host.ns])
    run('ip', ['link', 'add', `${host.ns}-h`, 'type', 'veth', 'peer', 'name', `${host.ns}-n`])
    run('ip', ['link', 'set', `${host.ns}-n`, 'netns', host.ns])
    run('ip', ['link', 'set', `${host.ns}-h`, 'master', BRIDGE, 'up'])
    run('ip', ['netns', 'exec', host.ns, 'ip', 'addr', 'add', `${host.address}/24`, 'dev', `${host.ns}-n`])
    run('ip', ['netns', 'exec', host.ns, 'ip', 'link', 'set', `${host.ns}-n`, 'up'])
    run('ip', ['netns', 'exec', host.ns, 'ip', 'link', 'set', 'lo', 'up'])
    run('ip', ['netns', 'exec', host.ns, 'ip', 'route', 'add', 'default', 'via', GATEWAY])
  }
}

async function makeDatabases(root) {
  const primaryPort = await freePort(5441)
  const replicaPort = await freePort(primaryPort + 1)
  const appPassword = randomBytes(12).toString('hex')
  const replicationPassword = randomBytes(12).toString('hex')
  const pgRoot = join(root, 'pg')
  mkdirSync(pgRoot)
  chownPostgres(pgRoot)
  const primary = join(pgRoot, 'primary')
  const replica = join(pgRoot, 'replica')
  const sockets = join(pgRoot, 'sockets')
  asPostgres('mkdir', ['-p', sockets])
  asPostgres(join(PG_BIN, 'initdb'), ['-D', primary, '-U', 'postgres', '--auth-local=trust', '--auth-host=scram-sha-256', '-E', 'UTF8', '--locale=C.UTF-8'])
  // The primary: on the bridge only, with WAL for a streaming replica (docs/deploy/README.md).
  writeFileSync(join(primary, 'postgresql.auto.conf'), [
    `listen_addresses = '${GATEWAY}'`,
    `port = ${primaryPort}`,
    `unix_socket_directories = '${sockets}'`,
    'wal_level = replica',
    'max_wal_senders = 5',
    'hot_standby = on',
    'shared_buffers = 64MB',
    'max_connections = 100',
    '',
  ].join('\n'))
  writeFileSync(join(primary, 'pg_hba.conf'), [
    'local all all trust',
    `host offerbook offerbook ${NET}.0/24 scram-sha-256`,
    `host replication replicator ${GATEWAY}/32 scram-sha-256`,
    '',
  ].join('\n'))
  chownPostgres(primary)
  const stop = (dir) => asPostgres(join(PG_BIN, 'pg_ctl'), ['-D', dir, '-m', 'immediate', 'stop'], { allowFail: true })
  cleanups.push(() => stop(primary))
  state.clusters.push(primary)
  saveState()
  asPostgres(join(PG_BIN, 'pg_ctl'), ['-D', primary, '-l', join(pgRoot, 'primary.log'), '-w', '-t', '120', 'start'])
  const psql = (port, sql) => asPostgres(has('psql') ? 'psql' : join(PG_BIN, 'psql'), ['-h', sockets, '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-qAt', '-c', sql])
  psql(primaryPort, `create role offerbook login password '${appPassword}'`)
  psql(primaryPort, 'create database offerbook owner offerbook')
  psql(primaryPort, `create role replicator replication login password '${replicationPassword}'`)
  // The replica: a base backup of the primary that follows it (-R writes primary_conninfo and standby.signal).
  asPostgres(join(PG_BIN, 'pg_basebackup'), ['-h', GATEWAY, '-p', String(primaryPort), '-U', 'replicator', '-D', replica, '-R', '-X', 'stream', '-c', 'fast'], { env: { ...process.env, PGPASSWORD: replicationPassword } })
  const autoConf = join(replica, 'postgresql.auto.conf')
  writeFileSync(autoConf, `${readFileSync(autoConf, 'utf8')}port = ${replicaPort}\n`)
  chownPostgres(replica)
  cleanups.push(() => stop(replica))
  state.clusters.push(replica)
  saveState()
  asPostgres(join(PG_BIN, 'pg_ctl'), ['-D', replica, '-l', join(pgRoot, 'replica.log'), '-w', '-t', '120', 'start'])
  const streaming = psql(primaryPort, "select count(*) from pg_stat_replication where state = 'streaming'").stdout.trim()
  if (streaming !== '1') throw new Error(`the replica is not streaming (pg_stat_replication: ${streaming})`)
  const url = (port) => `postgres://offerbook:${appPassword}@${GATEWAY}:${port}/offerbook`
  return { primaryUrl: url(primaryPort), replicaUrl: url(replicaPort), primaryPort, replicaPort }
}

function chownPostgres(path) {
  const uid = Number(run('id', ['-u', 'postgres']).stdout.trim())
  const gid = Number(run('id', ['-g', 'postgres']).stdout.trim())
  run('chown', ['-R', `${uid}:${gid}`, path])
}

async function startS3(root) {
  const { default: S3rver } = await import('s3rver')
  const directory = join(root, 's3')
  mkdirSync(directory)
  const port = await freePort(4560)
  const server = new S3rver({ address: GATEWAY, port, silent: true, directory, configureBuckets: [{ name: 'offerbook-drill' }] })
  await server.run()
  cleanups.push(() => server.close())
  return { endpoint: `http://${GATEWAY}:${port}`, bucket: 'offerbook-drill' }
}

async function startHaproxy(root) {
  const port = await freePort(8080)
  const env = { ...process.env, OFFERBOOK_BIND: `${GATEWAY}:${port}`, OFFERBOOK_HOST_A: `${HOSTS[0].address}:${HOSTS[0].port}`, OFFERBOOK_HOST_B: `${HOSTS[1].address}:${HOSTS[1].port}` }
  const config = join(ROOT, 'docs/deploy/haproxy.cfg')
  run('haproxy', ['-c', '-q', '-f', config], { env })
  const output = []
  const child = spawn('haproxy', ['-db', '-f', config], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout.on('data', (chunk) => output.push(chunk.toString()))
  child.stderr.on('data', (chunk) => output.push(chunk.toString()))
  cleanups.push(() => child.kill('SIGKILL'))
  state.pids.push(child.pid)
  saveState()
  await sleep(300)
  if (child.exitCode !== null) throw new Error(`haproxy exited: ${output.join('').slice(0, 600)}`)
  writeFileSync(join(root, 'haproxy.env'), `OFFERBOOK_BIND=${env.OFFERBOOK_BIND}\n`)
  return { base: `http://${GATEWAY}:${port}`, output }
}

function hostEnv(host, { root, databases, s3, smtpUrl, authSecret, publicUrl }) {
  const dataDir = join(root, `host-${host.name}`)
  mkdirSync(dataDir, { recursive: true })
  // Only what docs/deploy/offerbook.env sets, on top of a PATH: the drill's own environment (its
  // DATABASE_URL, TEST_DATABASE_URL, ...) does not leak into the hosts.
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME ?? '/root',
    NODE_ENV: 'development',
    SEED_DEMO: 'true',
    PORT: String(host.port),
    HOST: '0.0.0.0',
    WEB_CONCURRENCY: '2',
    DATA_DIR: dataDir,
    DATABASE_URL: databases.primaryUrl,
    DATABASE_READ_URL: databases.replicaUrl,
    PUBLIC_URL: publicUrl,
    AUTH_SECRET: authSecret,
    TRUST_PROXY: GATEWAY,
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'Offerbook <offers@drill.example>',
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    LOG_LEVEL: 'warn',
  }
}

function startHost(host, env, root) {
  const logFile = join(root, `host-${host.name}.log`)
  const lines = []
  const child = spawn('ip', ['netns', 'exec', host.ns, 'npm', 'start'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  const keep = (chunk) => {
    lines.push(chunk.toString())
    if (lines.length > 300) lines.splice(0, lines.length - 300)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  host.child = child
  host.lines = lines
  host.logFile = logFile
  cleanups.push(() => killHost(host))
}

/** Every process of the host's namespace, killed with SIGKILL: the machine lost its power. */
function killHost(host) {
  const pids = (run('ip', ['netns', 'pids', host.ns], { allowFail: true }).stdout ?? '').split('\n').filter(Boolean).map(Number)
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
  return pids
}

/** Resolves once none of the processes runs any more (gone, or a zombie waiting for its parent). */
async function waitUntilGone(pids) {
  const running = (pid) => {
    try {
      return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
    } catch {
      return false
    }
  }
  while (pids.some(running)) await sleep(5)
}

async function waitForHealth(host) {
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (host.child.exitCode !== null) throw new Error(`host ${host.name} exited (${host.child.exitCode}):\n${host.lines.join('').slice(-2000)}`)
    try {
      const response = await fetch(`http://${host.address}:${host.port}/api/health`, { signal: AbortSignal.timeout(5_000) })
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await sleep(500)
  }
  throw new Error(`host ${host.name} was not healthy within ${START_TIMEOUT_MS / 1000} s:\n${host.lines.join('').slice(-2000)}`)
}

// ---------------------------------------------------------------------------------------------
// The load

/** One request through HAProxy, timed; `status` 0 when the connection failed. */
async function timed(base, token, method, path, body) {
  const startedAt = Date.now()
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(60_000),
    })
    const text = await response.text()
    let json = null
    try {
      json = JSON.parse(text)
    } catch {
      // not JSON
    }
    return { method, path, startedAt, endedAt: Date.now(), status: response.status, server: response.headers.get('x-offerbook-server'), json, text }
  } catch (error) {
    return { method, path, startedAt, endedAt: Date.now(), status: 0, server: null, json: null, text: String(error?.cause?.code ?? error?.message ?? error) }
  }
}

async function searchLoop(ctx, index) {
  let n = index
  while (!ctx.stopping) {
    n += SEARCHERS
    // Some pages repeat (the cached answer), some are new (the index).
    const path = n % 3 === 0 ? '/api/properties?status=Active&pageSize=12' : `/api/properties?status=Active&pageSize=12&minPrice=${100_000 + (n % 400) * 1_000}&page=${(n % 3) + 1}`
    const result = await timed(ctx.base, null, 'GET', path)
    ctx.requests.push({ kind: 'search', ...result, ok: result.status === 200 })
    await sleep(50)
  }
}

async function saveLoop(ctx, index, { termsFor, buyerTerms, fingerprint }) {
  let sequence = 0
  while (!ctx.stopping) {
    const listing = ctx.listings[(index + sequence) % ctx.listings.length]
    sequence += 1
    const created = await timed(ctx.base, ctx.buyer.token, 'POST', '/api/offers', { listingId: listing.id })
    ctx.requests.push({ kind: 'create', ...created, ok: created.status === 201 })
    if (created.status !== 201) {
      await sleep(200)
      continue
    }
    const offer = created.json.offer
    const record = { id: offer.id, acked: { status: 'draft', fingerprint: fingerprint(offer.terms) }, doubt: [], writes: 1 }
    ctx.offers.set(offer.id, record)
    const agentEmail = `agent-${index}-${sequence}@drill.example`
    let shared = false
    for (let step = 0; step < 8 && !ctx.stopping; step++) {
      const now = Date.now()
      let result
      if (step === 1 && !shared) {
        result = await timed(ctx.base, ctx.buyer.token, 'POST', `/api/offers/${offer.id}/share`)
        ctx.requests.push({ kind: 'share', ...result, ok: result.status === 200 })
        if (result.status === 200) {
          shared = true
          record.acked = { status: 'active', fingerprint: fingerprint(buyerTerms(result.json.offer)) }
          record.writes += 1
        } else record.doubt.push({ status: 'active', fingerprint: record.acked.fingerprint })
      } else {
        const spread = Math.max(100, Math.round((listing.listPrice * 0.4) / 100) * 100)
        const price = Math.round(listing.listPrice * 0.9) + ((sequence * 700 + step * 100 + index) % spread)
        const terms = termsFor(offer.terms, { price, agentEmail, now })
        result = await timed(ctx.base, ctx.buyer.token, 'PATCH', `/api/offers/${offer.id}`, { terms })
        ctx.requests.push({ kind: 'save', ...result, ok: result.status === 200 })
        if (result.status === 200) {
          const written = fingerprint(buyerTerms(result.json.offer))
          if (!isDeepStrictEqual(written, fingerprint(terms))) ctx.problems.push(`save of ${offer.id} answered other terms than were sent`)
          record.acked = { status: result.json.offer.status, fingerprint: written }
          record.writes += 1
        } else record.doubt.push({ status: shared ? 'active' : 'draft', fingerprint: fingerprint(terms) })
      }
      if (result.status !== 200 && result.status !== 0 && result.status < 500) ctx.problems.push(`a ${result.status} on ${offer.id}: ${result.text.slice(0, 200)}`)
      await sleep(100)
    }
  }
}

/** A GET /api/events read as the browser reads it: reconnect after 1 s, doubling, with Last-Event-ID. */
function openStream(ctx, user, index) {
  // connections: per connection, the Last-Event-ID it sent, where it was served, and the ids in the order read.
  const stream = { user, index, lastId: null, received: new Map(), opens: [], drops: [], attempts: [], connections: [], server: null, open: false, request: null, closed: false }
  const agent = new http.Agent({ keepAlive: false })
  let retryMs = FIRST_RETRY_MS
  const connect = () => {
    if (stream.closed) return
    const attemptAt = Date.now()
    stream.attempts.push(attemptAt)
    const connection = { lastEventId: stream.lastId, server: null, ids: [] }
    const url = new URL('/api/events', ctx.base)
    const headers = { authorization: `Bearer ${user.token}`, accept: 'text/event-stream', ...(stream.lastId ? { 'last-event-id': stream.lastId } : {}) }
    let dropped = false
    const drop = () => {
      if (dropped || stream.closed) return
      dropped = true
      if (stream.open) stream.drops.push({ at: Date.now(), server: stream.server })
      stream.open = false
      setTimeout(connect, retryMs)
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS)
    }
    const request = http.get(url, { agent, headers }, (response) => {
      if (response.statusCode !== 200) {
        response.resume()
        response.on('end', drop)
        response.on('error', drop)
        return
      }
      response.setEncoding('utf8')
      let pending = ''
      response.on('data', (chunk) => {
        pending += chunk
        let end = pending.indexOf('\n\n')
        while (end !== -1) {
          const block = pending.slice(0, end)
          pending = pending.slice(end + 2)
          end = pending.indexOf('\n\n')
          if (block.includes(': connected') && !stream.open) {
            stream.open = true
            stream.server = response.headers['x-offerbook-server'] ?? null
            stream.opens.push({ at: Date.now(), server: stream.server })
            connection.server = stream.server
            stream.connections.push(connection)
            retryMs = FIRST_RETRY_MS
          }
          const id = /^id: ?(\d+)$/m.exec(block)?.[1]
          if (id) {
            stream.received.set(id, (stream.received.get(id) ?? 0) + 1)
            stream.lastId = id
            connection.ids.push(Number(id))
          }
        }
      })
      response.on('end', drop)
      response.on('error', drop)
      response.on('close', drop)
    })
    request.on('error', drop)
    stream.request = request
  }
  stream.close = () => {
    stream.closed = true
    stream.request?.destroy()
  }
  connect()
  return stream
}

/** HAProxy's log lines (docs/deploy/haproxy.cfg's log-format), one object each. */
function haproxyLog(output) {
  const pattern = /^(\S+) (\S+) ([^/\s]+)\/(\S+) (\S+) (\+?\d+) (-?\d+) (\d+) (\S+) "(\S+) (\S+)/
  return output.join('').split('\n').flatMap((line) => {
    const match = pattern.exec(line)
    return match ? [{ backend: match[3], server: match[4], retries: match[6], status: Number(match[7]), termination: match[9], method: match[10], path: match[11] }] : []
  })
}

// ---------------------------------------------------------------------------------------------
// The drill

async function main() {
  preflight()
  const startedAt = Date.now()
  const { default: pg } = await import('pg')
  const { termsFor, buyerTerms, fingerprint } = await import('./crash/burst.mjs')
  const { startSmtpRecorder } = await import('./crash/smtp-recorder.mjs')
  log(`load average ${load()} at the start`)

  removeEarlierRun()
  const root = mkdtempSync(join(tmpdir(), 'offerbook-drill-'))
  state.root = root
  saveState()
  // Last of the clean-ups (they run in reverse): everything is gone, so is the record of it.
  cleanups.push(() => rmSync(STATE_FILE, { force: true }))
  chmodSync(root, 0o755)
  cleanups.push(() => rmSync(root, { recursive: true, force: true }))

  makeNetwork()
  log(`network: bridge ${BRIDGE} ${GATEWAY}/24, hosts ${HOSTS.map((host) => `${host.ns} ${host.address}`).join(', ')}`)
  const databases = await makeDatabases(root)
  log(`PostgreSQL 15: primary on ${GATEWAY}:${databases.primaryPort}, streaming replica on ${GATEWAY}:${databases.replicaPort} (DATABASE_READ_URL)`)
  const s3 = await startS3(root)
  const smtp = await startSmtpRecorder(await freePort(2525), GATEWAY, { replyDelayMs: SMTP_DELAY_MS })
  cleanups.push(() => smtp.close())
  log(`s3rver at ${s3.endpoint} (bucket ${s3.bucket}), SMTP recorder at ${smtp.url}`)
  const proxy = await startHaproxy(root)
  log(`HAProxy (docs/deploy/haproxy.cfg) at ${proxy.base}`)

  const authSecret = randomBytes(32).toString('base64url')
  for (const host of HOSTS) {
    const begun = Date.now()
    startHost(host, hostEnv(host, { root, databases, s3, smtpUrl: smtp.url, authSecret, publicUrl: proxy.base }), root)
    // One after the other: the first start migrates and seeds; the second finds it done.
    await waitForHealth(host)
    log(`host ${host.name}: npm start healthy after ${seconds(Date.now() - begun)} s (load ${load()})`)
  }
  const primary = new pg.Client({ connectionString: databases.primaryUrl })
  await primary.connect()
  cleanups.push(() => primary.end())
  const query = async (sql, values) => (await primary.query(sql, values)).rows

  // Wait for HAProxy to see both hosts up, then sign in.
  const seen = new Set()
  for (let tries = 0; tries < 60 && seen.size < 2; tries++) {
    const result = await timed(proxy.base, null, 'GET', '/api/health')
    if (result.server) seen.add(result.server)
    await sleep(250)
  }
  if (seen.size < 2) throw new Error(`HAProxy answered from ${[...seen].join(', ') || 'no host'} only`)
  const signIn = async (email) => {
    const result = await timed(proxy.base, null, 'POST', '/api/session', { email, password: PASSWORD })
    if (result.status !== 200 || !result.json?.accessToken) throw new Error(`sign-in of ${email} answered ${result.status}: ${result.text.slice(0, 200)}`)
    const [row] = await query('select id from "user" where email = $1', [email])
    return { email, token: result.json.accessToken, id: row.id }
  }
  const buyer = await signIn(BUYER)
  const listingAgent = await signIn(LISTING_AGENT)
  const listings = (await query(`select id, list_price as "listPrice" from listing where standard_status = 'Active' and list_agent_user_id = $1 and list_price > 0 order by id limit 20`, [listingAgent.id]))
  if (listings.length === 0) throw new Error(`the demo data has no Active listing of ${LISTING_AGENT}`)

  const ctx = { base: proxy.base, buyer, listings, requests: [], offers: new Map(), problems: [], stopping: false }
  const streams = []
  for (const user of [buyer, listingAgent]) for (let n = 0; n < STREAMS_PER_USER; n++) streams.push(openStream(ctx, user, n))
  for (let tries = 0; tries < 100 && streams.some((stream) => !stream.open); tries++) await sleep(100)
  if (streams.some((stream) => !stream.open)) throw new Error('not every event stream opened')
  const [{ baseline }] = await query('select coalesce(max(id), 0)::text as baseline from app_event')
  const perHost = (name) => streams.filter((stream) => stream.server === `host-${name}`).length
  log(`${streams.length} event streams open (host a ${perHost('a')}, host b ${perHost('b')}); events after id ${baseline} are counted`)

  const loops = [
    ...Array.from({ length: SEARCHERS }, (_, index) => searchLoop(ctx, index)),
    ...Array.from({ length: SAVERS }, (_, index) => saveLoop(ctx, index, { termsFor, buyerTerms, fingerprint })),
  ]
  log(`load: ${SEARCHERS} searchers, ${SAVERS} offer savers as ${BUYER} on ${listings.length} listings of ${LISTING_AGENT}; ${WARMUP_MS / 1000} s before the kill, ${AFTER_MS / 1000} s after`)
  await sleep(WARMUP_MS)

  const victim = HOSTS.find((host) => host.name === KILL) ?? HOSTS[1]
  if (SMTP_DELAY_MS > 0) {
    // Kill in the middle of a sending: the victim handed a message over and waits for the 250.
    const sending = () => smtp.received.some((mail) => mail.from.endsWith(victim.address) && Date.now() - mail.at < SMTP_DELAY_MS / 2)
    const deadline = Date.now() + 60_000
    while (!sending() && Date.now() < deadline) await sleep(10)
    log(sending() ? `host ${victim.name} is in the middle of sending a mail: the kill comes now` : `host ${victim.name} sent no mail within 60 s: the kill comes anyway`)
  }
  const onVictim = streams.filter((stream) => stream.open && stream.server === `host-${victim.name}`).length
  const loadAtKill = load()
  const killedAt = Date.now()
  const pids = killHost(victim)
  // A process killed with SIGKILL ends when the kernel next runs it: on a busy machine its sockets
  // (the listening one too, which still completes handshakes) outlive the signal by a while.
  const gone = waitUntilGone(pids).then(() => Date.now())
  // The mail claimed by a worker at the kill: the dead host's part of it stays claimed until its lease ends.
  const claimedAtKill = new Set((await query("select id::text as id from outbox_message where status = 'pending' and locked_until > now()")).map((row) => row.id))
  log(`kill -9 of host ${victim.name}'s ${pids.length} processes (${pids.join(' ')}), ${onVictim} streams on it; load ${loadAtKill}`)
  await sleep(AFTER_MS)
  const goneAt = await gone
  log(`host ${victim.name}'s processes were gone ${goneAt - killedAt} ms after the SIGKILL`)
  ctx.stopping = true
  await Promise.all(loops)
  // Events still on their way.
  await sleep(3_000)
  for (const stream of streams) stream.close()

  // ---- Requests around the kill
  // A failed request was in flight on the dead host when HAProxy's log has it sent there and ended by
  // the server's side (termination state S...: the host closed or reset the connection before answering).
  const proxyLog = haproxyLog(proxy.output)
  const deadServer = `host-${victim.name}`
  const failed = ctx.requests.filter((request) => !request.ok)
  for (const request of failed) {
    const lines = proxyLog.filter((line) => line.method === request.method && line.path === request.path && (line.status < 200 || line.status >= 400 || line.termination[0] !== '-'))
    request.proxy = lines.map((line) => `${line.backend}/${line.server} ${line.status} ${line.termination}`).join('; ') || 'not in the log'
    // Or, when HAProxy logged nothing for it, one that was waiting for its answer between the SIGKILL
    // and the end of the host's processes.
    request.onDeadHost = lines.length > 0 ? lines.some((line) => line.server === deadServer && line.termination.startsWith('S')) : request.startedAt <= goneAt && request.endedAt >= killedAt
  }
  const inFlight = failed.filter((request) => request.onDeadHost)
  const others = failed.filter((request) => !request.onDeadHost)
  const describe = (list) => list.map((request) => `${request.kind} (${request.status || request.text}, sent ${request.startedAt - killedAt} ms after the kill, failed ${request.endedAt - killedAt} ms after it; HAProxy: ${request.proxy})`).join(', ') || 'none'
  const retriedReads = proxyLog.filter((line) => line.backend === 'offerbook_reads' && line.retries !== '0' && line.status === 200).length
  const searches = ctx.requests.filter((request) => request.kind === 'search')
  const searchesAfter = searches.filter((request) => request.startedAt > killedAt)

  // ---- Streams back
  const dropped = streams.filter((stream) => stream.drops.some((drop) => drop.at >= killedAt))
  const backTimes = dropped.map((stream) => {
    const reopened = stream.opens.find((open) => open.at >= killedAt)
    return reopened ? reopened.at - killedAt : Infinity
  })
  const allBackMs = backTimes.length > 0 ? Math.max(...backTimes) : 0
  // Where the time went for the last stream back: the drop seen, each attempt, the attempt that got through.
  const slowestBack = dropped
    .map((stream) => ({ stream, back: stream.opens.find((open) => open.at >= killedAt)?.at ?? Infinity }))
    .sort((a, b) => b.back - a.back)[0]
  const timeline = slowestBack
    ? `drop seen after ${seconds(slowestBack.stream.drops.find((drop) => drop.at >= killedAt).at - killedAt)} s, attempts at ${slowestBack.stream.attempts.filter((at) => at >= killedAt).map((at) => seconds(at - killedAt)).join(', ')} s, open at ${seconds(slowestBack.back - killedAt)} s`
    : 'none'

  const onSurvivor = streams.filter((stream) => stream.opens.at(-1)?.server !== `host-${victim.name}`).length

  // ---- Events: every row for the stream's user after the baseline, once
  const eventProblems = []
  // An event read twice: ids committed out of order (7 before 5) leave the client's Last-Event-ID (the
  // last id read, as the browser keeps it) below an id it has, and the replay sends that one again.
  // Events are hints to refetch (decision 021): a double costs the browser one refetch, so it is counted,
  // not failed. A missed event fails.
  let doubledEvents = 0
  let missedEvents = 0
  let expectedEvents = 0
  let receivedEvents = 0
  for (const user of [buyer, listingAgent]) {
    const rows = await query('select id::text as id from app_event where recipient = $1 and id > $2 order by id', [user.id, baseline])
    for (const stream of streams.filter((one) => one.user === user)) {
      expectedEvents += rows.length
      const missing = rows.filter((row) => !stream.received.has(row.id)).map((row) => row.id)
      const twice = [...stream.received.entries()].filter(([, count]) => count > 1).map(([id]) => id)
      receivedEvents += rows.length - missing.length
      doubledEvents += twice.length
      missedEvents += missing.length
      if (missing.length > 0) eventProblems.push(`stream ${user.email}#${stream.index} missed ${missing.length} events (${missing.slice(0, 8).join(', ')})`)
      if (twice.length > 0) eventProblems.push(`stream ${user.email}#${stream.index} got ${twice.length} events twice (${twice.slice(0, 8).join(', ')})`)
      if (missing.length > 0 || twice.length > 0) {
        // The evidence: each connection's Last-Event-ID, host and ids in the order they came.
        for (const [number, connection] of stream.connections.entries()) eventProblems.push(`  connection ${number + 1} (${connection.server}, Last-Event-ID ${connection.lastEventId ?? 'none'}): ${connection.ids.join(' ')}`)
      }
    }
  }

  // ---- Writes: every acknowledged one is there
  const writeProblems = []
  let acknowledged = 0
  for (const record of ctx.offers.values()) {
    acknowledged += record.writes
    const read = await timed(proxy.base, buyer.token, 'GET', `/api/offers/${record.id}`)
    if (read.status !== 200) {
      writeProblems.push(`offer ${record.id}: read answered ${read.status}`)
      continue
    }
    const found = { status: read.json.offer.status, fingerprint: fingerprint(buyerTerms(read.json.offer)) }
    const matches = (expected) => expected.status === found.status && isDeepStrictEqual(expected.fingerprint, found.fingerprint)
    if (!matches(record.acked) && !record.doubt.some(matches)) writeProblems.push(`offer ${record.id}: found ${found.status} ${JSON.stringify(found.fingerprint)}, acknowledged ${record.acked.status} ${JSON.stringify(record.acked.fingerprint)}`)
  }

  // ---- Outbox: drained, each message at the SMTP server once
  const [{ held }] = await query("select count(*)::int as held from outbox_message where status = 'pending' and locked_until > now()")
  if (held > 0) log(`${held} outbox messages are held by a lease (the dead host's, or a live worker's): waiting for it (up to 5 min 30 s)`)
  const drainDeadline = Date.now() + 330_000
  const pendingMail = async () => (await query("select count(*)::int as pending from outbox_message where status = 'pending' and channel = 'email'"))[0].pending
  let pending = await pendingMail()
  while (pending > 0 && Date.now() < drainDeadline) {
    await sleep(1_000)
    pending = await pendingMail()
  }
  await sleep(2_000)
  const outbox = await query("select id::text as id, status from outbox_message where channel = 'email'")
  const copies = new Map()
  for (const mail of smtp.received) if (mail.outboxId) copies.set(mail.outboxId, (copies.get(mail.outboxId) ?? 0) + 1)
  const sentRows = outbox.filter((row) => row.status === 'sent')
  // Sent twice in the at-least-once window (the crash test's rule): claimed at the kill, accepted by the
  // SMTP server before the host was gone, sent again after the lease under the same Message-ID.
  const copiesOf = (id) => smtp.received.filter((mail) => mail.outboxId === id)
  const inWindow = (id, count) => {
    const [first, second] = copiesOf(id)
    return claimedAtKill.has(id) && count === 2 && first.at <= goneAt && second.at > goneAt && first.messageId === second.messageId
  }
  const twice = [...copies.entries()].filter(([, count]) => count > 1)
  const duplicates = twice.filter(([id, count]) => !inWindow(id, count))
  const windowed = twice.filter(([id, count]) => inWindow(id, count))
  // The dead host's claims wait for the lease: how long after the kill the last of them went out.
  const lateIds = [...claimedAtKill].filter((id) => copiesOf(id).some((mail) => mail.at > goneAt + 10_000))
  const lateBy = Math.max(0, ...lateIds.map((id) => Math.max(...copiesOf(id).map((mail) => mail.at)) - killedAt))
  const lost = sentRows.filter((row) => !copies.has(row.id))
  const failedRows = outbox.filter((row) => row.status === 'failed')

  // ---- Report
  const verdicts = [
    ['no acknowledged write lost', writeProblems.length === 0, `${acknowledged} acknowledged writes on ${ctx.offers.size} offers${writeProblems.length ? `; ${writeProblems.slice(0, 5).join('; ')}` : ''}`],
    ['every stream back on the other host, no event missed', missedEvents === 0 && backTimes.every(Number.isFinite) && onSurvivor === streams.length, `${dropped.length} streams dropped, all back in ${seconds(allBackMs)} s; ${receivedEvents}/${expectedEvents} events received; ${onSurvivor}/${streams.length} streams end on the surviving host; ${doubledEvents} read twice${eventProblems.length ? `; ${eventProblems.filter((line) => !line.startsWith(' ')).slice(0, 5).join('; ')}` : ''}`],
    ['all streams back within 5 s', allBackMs < 5_000, `${seconds(allBackMs)} s`],
    ['searches go on answering', searchesAfter.length > 0 && searchesAfter.every((request) => request.ok), `${searchesAfter.filter((request) => request.ok).length}/${searchesAfter.length} searches after the kill answered 200`],
    ['failed requests were only those in flight on the dead host', others.length === 0, `in flight on it: ${inFlight.length} (${describe(inFlight)}); others: ${others.length} (${describe(others)})`],
    ['the outbox sent each message once, but for the at-least-once window', duplicates.length === 0 && lost.length === 0 && pending === 0 && failedRows.length === 0, `${smtp.received.length} mails for ${sentRows.length} sent rows; claimed by a worker at the kill: ${claimedAtKill.size}, of which ${lateIds.length} went out only after the dead host's lease${lateIds.length ? ` (the last ${seconds(lateBy)} s after the kill)` : ''}; twice in the at-least-once window (same Message-ID): ${windowed.length}; twice otherwise: ${duplicates.length}; sent but not received: ${lost.length}; pending: ${pending}; failed: ${failedRows.length}`],
  ]
  if (ctx.problems.length > 0) verdicts.push(['no refused request', false, ctx.problems.slice(0, 5).join('; ')])
  const total = ctx.requests.length
  console.log('')
  console.log(`drill figures (two hosts, WEB_CONCURRENCY=2 each, kill -9 of host ${victim.name}; load average at the kill ${loadAtKill}, now ${load()}):`)
  console.log(`  requests: ${total} (${searches.length} searches, ${total - searches.length} offer writes); failed: ${failed.length}`)
  console.log(`  failed during the kill: ${inFlight.length} in flight on the dead host, ${others.length} others; ${retriedReads} GETs answered by the other host after a retry`)
  console.log(`  streams: ${streams.length} open, ${onVictim} on the killed host, ${dropped.length} dropped; all back after ${seconds(allBackMs)} s; events missed ${missedEvents}, read twice ${doubledEvents}`)
  console.log(`  the last stream back: ${timeline}`)
  const slowest = new Map()
  for (const request of ctx.requests) if ((slowest.get(request.kind)?.endedAt ?? 0) - (slowest.get(request.kind)?.startedAt ?? 0) < request.endedAt - request.startedAt) slowest.set(request.kind, request)
  console.log(`  slowest: ${[...slowest.entries()].map(([kind, request]) => `${kind} ${seconds(request.endedAt - request.startedAt)} s (${request.server ?? request.text}, sent ${seconds(request.startedAt - killedAt)} s from the kill)`).join(', ')}`)
  for (const [name, ok, detail] of verdicts) console.log(`  ${ok ? 'PASS' : 'FAIL'} ${name}: ${detail}`)
  if (eventProblems.length > 0) console.log(`drill: the streams that missed or doubled an event:\n${eventProblems.map((line) => `  ${line}`).join('\n')}`)
  console.log(`drill: ${verdicts.every(([, ok]) => ok) ? 'passed' : 'FAILED'} in ${seconds(Date.now() - startedAt)} s`)
  // What to look at afterwards: HAProxy's log, each host's output, the failed requests.
  const kept = join(tmpdir(), 'offerbook-drill-last')
  rmSync(kept, { recursive: true, force: true })
  mkdirSync(kept)
  writeFileSync(join(kept, 'haproxy.log'), proxy.output.join(''))
  for (const host of HOSTS) writeFileSync(join(kept, `host-${host.name}.log`), host.lines.join(''))
  writeFileSync(join(kept, 'failed.json'), JSON.stringify(failed.map(({ json: _json, ...request }) => ({ ...request, text: request.text.slice(0, 500) })), null, 2))
  console.log(`drill: HAProxy's log, the hosts' output and the failed requests are in ${kept}`)
  if (!verdicts.every(([, ok]) => ok)) process.exitCode = 1
}

try {
  await main()
} catch (error) {
  console.error(`drill: ${error instanceof Error ? error.stack : error}`)
  process.exitCode = 1
} finally {
  await cleanup()
  log('cleaned up (namespaces, bridge, clusters, processes, files)')
}
process.exit(process.exitCode ?? 0)
