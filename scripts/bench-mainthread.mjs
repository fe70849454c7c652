// `npm run bench:mainthread`: what a first visit costs the phone's processor on the public pages
// (issue #36, decision 077). Lighthouse (mobile, its default simulated throttling: 4x slower CPU) on
// the pages `npm start` serves with the demo data, BENCH_WEB_RUNS times each (3 by default): per run
// the performance score, TBT, the main-thread work (mainthread-work-breakdown: every task on the
// main thread, by kind) and the script boot-up time (bootup-time: evaluation and parsing of each
// script); then the median of each. The load average is printed beside the figures: the machine's
// other work slows the simulated phone too. Nothing passes or fails (target: main-thread work under
// 2 s and performance >= 95 on each page, as the median).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildIfStale, ROOT } from './build-if-stale.mjs'

const PORT = Number(process.env.BENCH_WEB_PORT ?? 4213)
// BENCH_BASE=http://127.0.0.1:3210 measures a server already running (started with SEED_DEMO=true)
// instead of starting one; several, comma-separated, are measured in turn, run by run (two builds
// compared on a busy machine meet the same load).
const BASES = process.env.BENCH_BASE ? process.env.BENCH_BASE.split(',') : [`http://127.0.0.1:${PORT}`]
const TOOLS = join(ROOT, 'tools/lighthouse')
// Debian's chromium, else its headless shell (what the journeys run).
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : '/usr/bin/chromium-headless-shell')
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3)
// BENCH_PAGES=/,/property/{id} limits the pages (a comma-separated list of the labels below).
const ONLY = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',') : null

if (!existsSync(join(TOOLS, 'node_modules/lighthouse/package.json'))) {
  console.log('Installing Lighthouse in tools/lighthouse (once)…')
  const result = spawnSync('npm', ['ci', '--prefix', TOOLS, '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: ROOT, stdio: 'inherit' })
  if (result.status !== 0) throw new Error('npm ci in tools/lighthouse failed; see above')
}

async function waitFor200(url, child, limitMs = 180_000) {
  const deadline = Date.now() + limitMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}; see its output above`)
    try {
      if ((await fetch(url)).status === 200) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${url} did not answer 200 within ${limitMs} ms`)
}

async function propertyPath(base) {
  const body = await (await fetch(`${base}/api/properties?pageSize=24`)).json()
  const listing = body.items?.find((item) => item.primaryPhotoURL) ?? body.items?.[0]
  if (!listing) throw new Error('the demo data has no published listing')
  return `/property/${listing.id}`
}

const median = (values) => {
  const sorted = values.filter((v) => typeof v === 'number' && !Number.isNaN(v)).sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
const seconds = (value) => (Number.isNaN(value) ? 'n/a' : `${(value / 1000).toFixed(2)} s`)
const load = () => loadavg().map((v) => v.toFixed(2)).join(' ')

/**
 * The page's main-thread work as processor time: the thread time of the renderer's top-level tasks
 * (a task's wall time on a busy machine includes the time the thread waited for a core), times
 * Lighthouse's CPU slowdown, as its main-thread figure is. Steadier than that figure under load.
 */
function mainThreadCpu(trace, slowdown) {
  const events = trace.traceEvents
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}/${e.tid}`)
  const wall = new Map()
  const cpu = new Map()
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'RunTask') continue
    const key = `${e.pid}/${e.tid}`
    if (!mains.includes(key)) continue
    wall.set(key, (wall.get(key) ?? 0) + (e.dur ?? 0))
    cpu.set(key, (cpu.get(key) ?? 0) + (e.tdur ?? e.dur ?? 0))
  }
  const page = [...wall.keys()].sort((a, b) => wall.get(b) - wall.get(a))[0]
  return page === undefined ? Number.NaN : ((cpu.get(page) ?? 0) / 1000) * slowdown
}

if (!process.env.BENCH_BASE) buildIfStale()
const { default: lighthouse } = await import(pathToFileURL(join(TOOLS, 'node_modules/lighthouse/core/index.js')).href)
const chromeLauncher = await import(pathToFileURL(join(TOOLS, 'node_modules/chrome-launcher/dist/index.js')).href)

const dataDir = process.env.BENCH_BASE ? null : mkdtempSync(join(tmpdir(), 'offerbook-bench-mainthread-'))
const { DATABASE_URL: _ignored, ...env } = process.env
const server = dataDir === null ? null : spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: ROOT,
  env: { ...env, PORT: String(PORT), DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn', NODE_ENV: 'development', PUBLIC_URL: BASES[0] },
  stdio: ['ignore', 'ignore', 'inherit'],
})
/** One Lighthouse run of `base` + `path` in a fresh browser; null when Lighthouse could not measure it. */
async function measure(base, path, label) {
  let result
  // A fresh browser each run: a reused one at times loses the next page's trace (NO_NAVSTART), measured once more.
  for (let attempt = 1; attempt <= 2; attempt++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS })
    try {
      result = await lighthouse(`${base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
    } finally {
      await chrome.kill()
    }
    if (result.lhr.runtimeError?.code !== 'NO_NAVSTART') break
  }
  const { categories, audits, runtimeError, configSettings } = result.lhr
  if (runtimeError) {
    console.warn(`${label}: Lighthouse could not measure it: ${runtimeError.code}`)
    return null
  }
  const row = {
    performance: Math.round((categories.performance?.score ?? Number.NaN) * 100),
    mainThread: audits['mainthread-work-breakdown']?.numericValue,
    cpu: mainThreadCpu(result.artifacts.Trace, configSettings.throttling.cpuSlowdownMultiplier),
    bootup: audits['bootup-time']?.numericValue,
    tbt: audits['total-blocking-time']?.numericValue,
    lcp: audits['largest-contentful-paint']?.numericValue,
    cls: audits['cumulative-layout-shift']?.numericValue,
    breakdown: Object.fromEntries((audits['mainthread-work-breakdown']?.details?.items ?? []).map((item) => [item.group, item.duration])),
    load: load(),
  }
  if (process.env.BENCH_VERBOSE) {
    console.log(`${label}: ${JSON.stringify(row)}`)
    for (const item of audits['bootup-time']?.details?.items ?? []) console.log(`    ${item.url.replace(base, '')}: ${Math.round(item.total)} ms (scripting ${Math.round(item.scripting)})`)
  }
  return row
}

function summary(label, runs) {
  const m = (key) => median(runs.map((r) => r[key]))
  const each = (key, format) => runs.map((r) => format(r[key])).join(', ')
  const groups = [...new Set(runs.flatMap((r) => Object.keys(r.breakdown)))]
    .map((group) => [group, median(runs.map((r) => r.breakdown[group] ?? 0))])
    .sort((a, b) => b[1] - a[1])
  return (
    `  ${label}: performance ${m('performance')} (runs ${each('performance', String)}); main-thread work ${seconds(m('mainThread'))} (runs ${each('mainThread', seconds)}), ` +
    `as processor time ${seconds(m('cpu'))} (runs ${each('cpu', seconds)}); boot-up ${seconds(m('bootup'))}; TBT ${Math.round(m('tbt'))} ms; LCP ${seconds(m('lcp'))}; ` +
    `CLS ${m('cls').toFixed(3)}; load average at each run ${each('load', (value) => value.split(' ')[0])}\n` +
    `      by kind: ${groups.map(([group, duration]) => `${group} ${Math.round(duration)} ms`).join(', ')}`
  )
}

const lines = []
try {
  if (server) await waitFor200(`${BASES[0]}/api/health`, server)
  const properties = await Promise.all(BASES.map(propertyPath))
  const pages = [
    ['/', () => '/'],
    ['/property/{id}', (index) => properties[index]],
    ['/listings', () => '/listings'],
    ['/how-it-works', () => '/how-it-works'],
  ].filter(([label]) => !ONLY || ONLY.includes(label))
  for (const [page, pathOf] of pages) {
    const runs = BASES.map(() => [])
    const labelOf = (index) => (BASES.length > 1 ? `${page} (${BASES[index]})` : page)
    for (let run = 1; run <= RUNS; run++) {
      for (const [index, base] of BASES.entries()) {
        const row = await measure(base, pathOf(index), `${labelOf(index)} run ${run}`)
        if (row) runs[index].push(row)
      }
    }
    for (const index of BASES.keys()) lines.push(summary(labelOf(index), runs[index]))
  }
} finally {
  if (server) {
    const exited = new Promise((resolve) => server.once('exit', resolve))
    server.kill('SIGINT')
    await exited
    rmSync(dataDir, { recursive: true, force: true })
  }
}

console.log(`\nOfferbook bench:mainthread (Lighthouse 12, mobile, simulated throttling; medians of ${RUNS}; load average 1/5/15 min now ${load()}, on ${cpus().length} cores)`)
for (const line of lines) console.log(line)
