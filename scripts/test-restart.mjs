// `npm run test:crash` (second part; `npm run test:crash:restart` alone): the server restarts itself. It starts `npm start`'s primary
// (scripts/start.mjs, the bundled server, PGlite), kills the server process with SIGKILL twice and
// checks that the site answers again each time, from a new process, with each restart logged with its
// cause and the second, quick one backed off; then SIGINT to the primary stops everything.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT } from './build-if-stale.mjs'
import { freePort, RESTART_PORTS, sleep } from './crash/server.mjs'

const TIMEOUT_MS = 300_000
/** The node flags of package.json's start script: the primary runs exactly as `npm start` runs it. */
const START_FLAGS = String(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.start).split(/\s+/).slice(1, -1)

const tempRoot = mkdtempSync(join(tmpdir(), 'offerbook-restart-'))
// A web build newer than its sources, so the start does not build the web app for this test.
const webDist = join(tempRoot, 'web')
mkdirSync(webDist)
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Offerbook</title>')

// Its own range: npm test runs it beside the crash run, whose server takes a port only once it has started.
const port = await freePort(Math.random, new Set(), RESTART_PORTS)
const base = `http://127.0.0.1:${port}`
const output = []
const primary = spawn(process.execPath, [...START_FLAGS, 'scripts/start.mjs'], {
  cwd: ROOT,
  env: { ...process.env, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(tempRoot, 'data'), WEB_DIST: webDist, SEED_DEMO: 'false', NODE_ENV: 'development', LOG_LEVEL: 'warn', WEB_CONCURRENCY: '' },
  stdio: ['ignore', 'pipe', 'pipe'],
})
for (const stream of [primary.stdout, primary.stderr]) stream.on('data', (chunk) => output.push(chunk.toString()))
const primaryExited = new Promise((resolve) => primary.once('exit', (code, signal) => resolve({ code, signal })))
const log = () => output.join('')

const overall = setTimeout(() => {
  console.error(`restart: FAILED: still running after ${TIMEOUT_MS / 1000} s\n--- output ---\n${log()}`)
  primary.kill('SIGKILL')
  process.exit(1)
}, TIMEOUT_MS)

function check(condition, message) {
  if (!condition) throw new Error(message)
}

/** The pids the primary logged as listening, in order. */
const listeningPids = () => [...log().matchAll(/Offerbook server process (\d+) is listening/g)].map((match) => Number(match[1]))

async function healthy(limitMs) {
  const deadline = Date.now() + limitMs
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) })
      if (response.ok) return
    } catch {
      // not answering yet
    }
    await sleep(100)
  }
  throw new Error(`${base}/api/health did not answer 200 within ${limitMs / 1000} s`)
}

async function killServerAndWait(round) {
  const pids = listeningPids()
  const pid = pids.at(-1)
  check(pid !== undefined, 'the primary logged no listening server process')
  const killedAt = Date.now()
  process.kill(pid, 'SIGKILL')
  await healthy(120_000)
  const seconds = ((Date.now() - killedAt) / 1000).toFixed(1)
  // The answer may come from the new process before its 'listening' line is read.
  for (let waited = 0; listeningPids().length === pids.length && waited < 5_000; waited += 100) await sleep(100)
  const now = listeningPids().at(-1)
  check(now !== undefined && now !== pid, `after the kill of ${pid} no new server process was logged as listening`)
  check(log().includes(`Offerbook server process ${pid} ended (signal SIGKILL)`), `the restart after the kill of ${pid} was not logged with its cause`)
  console.log(`restart: round ${round}: killed server process ${pid} with SIGKILL; the site answered again after ${seconds} s from process ${now}`)
  return { pid, now }
}

try {
  await healthy(240_000)
  const first = await killServerAndWait(1)
  const second = await killServerAndWait(2)
  check(second.pid === first.now, 'the second kill did not hit the restarted process')
  check(/ended \(signal SIGKILL\) after [\d.]+ s; starting another in 1 s \(2 quick ends in a row\)/.test(log()), 'the second quick end was not backed off (expected "starting another in 1 s")')
  console.log('restart: the second quick end waited 1 s before the next start (crash-loop back-off)')
  primary.kill('SIGINT')
  const ended = await Promise.race([primaryExited, sleep(20_000).then(() => null)])
  check(ended !== null, 'the primary did not stop within 20 s of SIGINT')
  let serverGone = false
  try {
    process.kill(second.now, 0)
  } catch {
    serverGone = true
  }
  check(serverGone, `server process ${second.now} still runs after the primary stopped`)
  console.log(`restart: SIGINT stopped the primary (${ended.signal ?? `code ${ended.code}`}) and its server process`)
  console.log('restart: passed')
} catch (error) {
  console.error(`restart: FAILED: ${error.message}\n--- output ---\n${log().split('\n').slice(-60).join('\n')}`)
  primary.kill('SIGKILL')
  process.exitCode = 1
} finally {
  clearTimeout(overall)
  await Promise.race([primaryExited, sleep(5_000)])
  rmSync(tempRoot, { recursive: true, force: true })
}
