// `npm run bench:web`: Lighthouse (mobile, its default simulated throttling) on the pages as `npm start`
// serves them with the demo data, BENCH_WEB_RUNS (3) times each in a fresh browser, the median of each
// figure printed first with the load average (os.loadavg()) each run started under:
//   - the public pages: /, a property, /listings, /how-it-works (target: performance >= 95);
//   - the signed-in pages (issue #36): /dashboard, /my-properties/list, /submitted-offers/update/{id}
//     and /my-properties/{id}/optimize with 50 offers, signed in through the API before Lighthouse
//     runs, and /sign/{offerId}/{signerId} with a live token (target: performance >= 90). Their data
//     is made through the API by scripts/bench-web-data.mjs.
// The pages are served over HTTPS with HTTP/2, as a deployment serves them (TLS_CERT_FILE, or HAProxy's
// `alpn h2,http/1.1`; decision 096), with a certificate made for the run that only this run's browser and
// requests trust; BENCH_WEB_PROTOCOL=http1 measures `npm start`'s plain HTTP/1.1 instead.
// Lighthouse lives in tools/lighthouse, outside the workspaces, installed here with `npm ci` the first
// time. Nothing passes or fails here; the figures are read by a person. On a busy machine the scores
// move from run to run: the load average beside each says how busy it was.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { createHash, X509Certificate } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildIfStale, ROOT } from './build-if-stale.mjs'
import { signedInPages } from './bench-web-data.mjs'

const PROTOCOL = process.env.BENCH_WEB_PROTOCOL ?? 'h2'
if (!['h2', 'http1'].includes(PROTOCOL)) throw new Error(`BENCH_WEB_PROTOCOL must be h2 or http1, not ${PROTOCOL}`)
const TLS = PROTOCOL === 'h2' ? runCertificate() : null
const PORT = Number(process.env.BENCH_WEB_PORT ?? 4211)
const BASE = `${TLS ? 'https' : 'http'}://127.0.0.1:${PORT}`
const TOOLS = join(ROOT, 'tools/lighthouse')
// CHROMIUM_PATH, else Debian's whole browser (`apt-get install chromium`), as Lighthouse expects
// (decision 047), else its headless shell, which `npm test`'s setup installs; the output names it.
const CHROMIUM = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'].find((path) => existsSync(path)) ?? '/usr/bin/chromium-headless-shell'
// The flags e2e/playwright.config.ts starts Chromium with; over HTTPS, the run's certificate is trusted by its key.
const CHROME_FLAGS = [...(TLS ? [`--ignore-certificate-errors-spki-list=${TLS.spki}`] : []), '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3))
const TARGET = { public: 95, signedIn: 90 }
// BENCH_WEB_ONLY=public or signed-in measures only that group.
// BENCH_WEB_REPORTS=<folder> keeps each run's Lighthouse report there as JSON.
// BENCH_WEB_TRACES=<folder> keeps each run's trace there, the unthrottled tasks Lighthouse simulated
// (its TBT counts a task at four times its traced length, two times with a layout in it).
// BENCH_WEB_PAGES=<text> measures only the pages whose label contains it (`submitted-offers`, `/sign/`).
const PAGES = process.env.BENCH_WEB_PAGES ?? ''
const chosen = (page) => page.label.includes(PAGES)
const ONLY = process.env.BENCH_WEB_ONLY ?? ''
if (!['', 'public', 'signed-in'].includes(ONLY)) throw new Error(`BENCH_WEB_ONLY must be public or signed-in, not ${ONLY}`)
// The web app's stored session and its signed-in hint cookie (packages/domain's stored-session, decision 034).
const SESSION_STORAGE_KEY = 'offerbook.session'
const SIGNED_IN_HINT_COOKIE = 'offerbook_signed_in'
// Warnings a signed-in page gets by design, left out of the output: the origin has local storage (the
// session), and the page keeps the live events stream (/api/events) open, so the network never goes
// quiet and Lighthouse stops waiting at its 45 s limit; its figures come from the trace all the same.
const SIGNED_IN_WARNINGS = /stored data affecting loading performance|loaded too slowly to finish within the time limit/i

/** The node flags of package.json's start script: the bench runs the server as `npm start` does. */
const START_FLAGS = (() => {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
  const words = String(scripts.start).split(/\s+/)
  return words[0] === 'node' && words.at(-1) === 'scripts/start.mjs' ? words.slice(1, -1) : []
})()

/**
 * The run's self-signed certificate for 127.0.0.1 (BENCH_WEB_TLS_DIR once made). Node's fetch trusts
 * only the certificates it started with, so the bench runs itself again with NODE_EXTRA_CA_CERTS naming
 * it: every request of the bench is checked against it, none is let through unchecked.
 */
function runCertificate() {
  const folder = process.env.BENCH_WEB_TLS_DIR
  if (!folder) {
    const made = mkdtempSync(join(tmpdir(), 'offerbook-bench-tls-'))
    try {
      const subject = ['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1']
      execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', ...subject, '-keyout', join(made, 'key.pem'), '-out', join(made, 'cert.pem')], { stdio: 'ignore' })
      const env = { ...process.env, BENCH_WEB_TLS_DIR: made, NODE_EXTRA_CA_CERTS: join(made, 'cert.pem') }
      const again = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { env, stdio: 'inherit' })
      process.exitCode = again.status ?? 1
    } finally {
      rmSync(made, { recursive: true, force: true })
    }
    process.exit()
  }
  const certFile = join(folder, 'cert.pem')
  const publicKey = new X509Certificate(readFileSync(certFile)).publicKey.export({ type: 'spki', format: 'der' })
  return { certFile, keyFile: join(folder, 'key.pem'), spki: createHash('sha256').update(publicKey).digest('base64') }
}

function installLighthouse() {
  if (existsSync(join(TOOLS, 'node_modules/lighthouse/package.json'))) return
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

/** A published demo listing with a photo, for /property/{id}. */
async function propertyPath() {
  const response = await fetch(`${BASE}/api/properties?pageSize=24`)
  const body = await response.json()
  const listing = body.items?.find((item) => item.primaryPhotoURL) ?? body.items?.[0]
  if (!listing) throw new Error('the demo data has no published listing')
  return `/property/${listing.id}`
}

const seconds = (value) => (Number.isFinite(value) ? `${(value / 1000).toFixed(2)} s` : 'n/a')
const millis = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a')
const shift = (value) => (Number.isFinite(value) ? value.toFixed(3) : 'n/a')
const whole = (value) => (Number.isFinite(value) ? String(Math.round(value)) : 'n/a')
const score = (category) => (category?.score == null ? Number.NaN : category.score * 100)
/** Writes a run's report or trace into the folder its variable names (made if it is not there yet), when one is named. */
function keep(folder, name, value) {
  if (!folder) return
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, name), JSON.stringify(value))
}

const load = (averages) => averages.map((value) => value.toFixed(2)).join(' ')

function median(values) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** The figures of one Lighthouse report. */
function figures(lhr) {
  const { categories, audits } = lhr
  return {
    performance: score(categories.performance),
    accessibility: score(categories.accessibility),
    bestPractices: score(categories['best-practices']),
    seo: score(categories.seo),
    fcp: audits['first-contentful-paint']?.numericValue,
    lcp: audits['largest-contentful-paint']?.numericValue,
    tbt: audits['total-blocking-time']?.numericValue,
    cls: audits['cumulative-layout-shift']?.numericValue,
    mainThread: audits['mainthread-work-breakdown']?.numericValue,
  }
}

const timings = (f) => `FCP ${seconds(f.fcp)}, LCP ${seconds(f.lcp)}, TBT ${millis(f.tbt)}, CLS ${shift(f.cls)}, main-thread work ${seconds(f.mainThread)}`

installLighthouse()
buildIfStale()
const { default: lighthouse } = await import(pathToFileURL(join(TOOLS, 'node_modules/lighthouse/core/index.js')).href)
const chromeLauncher = await import(pathToFileURL(join(TOOLS, 'node_modules/chrome-launcher/dist/index.js')).href)
// Lighthouse's own dependency: its documented way to measure a page behind a sign-in (docs/authenticated-pages.md).
const { default: puppeteer } = await import(pathToFileURL(join(TOOLS, 'node_modules/puppeteer-core/lib/esm/puppeteer/puppeteer-core.js')).href)
const LIGHTHOUSE_VERSION = JSON.parse(readFileSync(join(TOOLS, 'node_modules/lighthouse/package.json'), 'utf8')).version

/**
 * One Lighthouse run of `path` in a fresh browser. With a token the browser first holds the web app's
 * remembered session, as a browser that signed in does: the session in localStorage and the hint
 * cookie, set on a same-origin JSON answer so no page of the app is cached before the run. Lighthouse's
 * default storage reset clears the HTTP cache, service workers and Cache Storage but keeps local
 * storage and cookies, so the run is a first load of the page by a signed-in user.
 */
async function lighthouseRun(path, token) {
  let chrome
  let browser
  try {
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS })
    const flags = { port: chrome.port, output: 'json', logLevel: 'error' }
    if (!token) return await lighthouse(`${BASE}${path}`, flags)
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null })
    const page = await browser.newPage()
    await page.goto(`${BASE}/api/health`)
    await page.evaluate((key, value) => globalThis.localStorage.setItem(key, value), SESSION_STORAGE_KEY, JSON.stringify({ accessToken: token, persist: true }))
    await browser.setCookie({ name: SIGNED_IN_HINT_COOKIE, value: '1', domain: '127.0.0.1', path: '/', sameSite: 'Lax', expires: Math.floor(Date.now() / 1000) + 3600 })
    return await lighthouse(`${BASE}${path}`, flags, undefined, page)
  } finally {
    await browser?.disconnect().catch(() => {})
    await chrome?.kill()
  }
}

/** RUNS runs of one page: [label, value] rows, the median first. */
async function measurePage({ label, path, token }, target) {
  const runs = []
  const rows = []
  for (let run = 1; run <= RUNS; run++) {
    const averages = loadavg()
    // A lost trace (NO_NAVSTART) is measured once more, in another fresh browser.
    let result
    for (let attempt = 1; attempt <= 2; attempt++) {
      result = await lighthouseRun(path, token)
      if (result?.lhr.runtimeError?.code !== 'NO_NAVSTART') break
    }
    const runLabel = `  run ${run}`
    if (!result) {
      rows.push([runLabel, `Lighthouse gave no report; load average ${load(averages)}`])
      continue
    }
    const { runtimeError, runWarnings, finalDisplayedUrl } = result.lhr
    if (runtimeError) {
      rows.push([runLabel, `Lighthouse could not measure it: ${runtimeError.code} ${runtimeError.message}; load average ${load(averages)}`])
      continue
    }
    for (const warning of runWarnings ?? []) if (!(token && SIGNED_IN_WARNINGS.test(warning))) console.warn(`${label}: ${warning}`)
    // A signed-in page that sent the browser elsewhere (the sign-in page) measured something else: said beside it.
    const landed = new URL(finalDisplayedUrl ?? `${BASE}${path}`).pathname
    const elsewhere = landed === new URL(`${BASE}${path}`).pathname ? '' : `; ended on ${landed}, not the page asked for`
    const f = figures(result.lhr)
    const stem = `${label.replace(/\W+/g, '_')}-${run}`
    keep(process.env.BENCH_WEB_REPORTS, `${stem}.json`, result.lhr)
    keep(process.env.BENCH_WEB_TRACES, `${stem}.trace.json`, result.artifacts.Trace)
    runs.push({ ...f, averages })
    rows.push([
      runLabel,
      `load average ${load(averages)}: performance ${whole(f.performance)}, accessibility ${whole(f.accessibility)}, best practices ${whole(f.bestPractices)}, SEO ${whole(f.seo)}; ${timings(f)}${elsewhere}`,
    ])
  }
  const middle = Object.fromEntries(['performance', 'fcp', 'lcp', 'tbt', 'cls', 'mainThread'].map((key) => [key, median(runs.map((run) => run[key]))]))
  const head = runs.length === 0 ? 'not measured' : `median of ${runs.length}: performance ${whole(middle.performance)} (target >= ${target}), ${timings(middle)}; load average (1 min) at each run ${runs.map((run) => run.averages[0].toFixed(2)).join(', ')}`
  return [[label, head], ...rows]
}

const dataDir = mkdtempSync(join(tmpdir(), 'offerbook-bench-web-'))
const { DATABASE_URL: _ignored, ...env } = process.env
const server = spawn(process.execPath, [...START_FLAGS, 'scripts/start.mjs'], {
  cwd: ROOT,
  env: { ...env, PORT: String(PORT), DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn', NODE_ENV: 'development', PUBLIC_URL: BASE, ...(TLS ? { TLS_CERT_FILE: TLS.certFile, TLS_KEY_FILE: TLS.keyFile } : {}) },
  stdio: ['ignore', 'ignore', 'inherit'],
})
// A bench that dies halfway leaves no server on its port.
process.once('exit', () => server.exitCode === null && server.signalCode === null && server.kill('SIGINT'))
const sections = []
try {
  await waitFor200(`${BASE}/api/health`, server)
  if (ONLY !== 'signed-in') {
    const publicPages = ['/', await propertyPath(), '/listings', '/how-it-works'].map((path) => ({ label: path.startsWith('/property/') ? '/property/{id}' : path, path, token: null }))
    const publicRows = []
    for (const page of publicPages.filter(chosen)) publicRows.push(...(await measurePage(page, TARGET.public)))
    sections.push([`public pages (target: performance >= ${TARGET.public})`, publicRows])
  }
  if (ONLY !== 'public') {
    const signedInRows = []
    try {
      const { pages, notes } = await signedInPages(BASE)
      signedInRows.push(...notes)
      for (const page of pages.filter(chosen)) signedInRows.push(...(await measurePage(page, TARGET.signedIn)))
    } catch (error) {
      signedInRows.push(['signed-in pages', `not measured: ${error.message}`])
    }
    sections.push([`signed-in pages and the signing page (target: performance >= ${TARGET.signedIn})`, signedInRows])
  }
} finally {
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve))
    server.kill('SIGINT')
    await exited
  }
  rmSync(dataDir, { recursive: true, force: true })
}

console.log(`\nOfferbook bench:web (Lighthouse ${LIGHTHOUSE_VERSION}, mobile, simulated throttling; ${TLS ? 'HTTPS with HTTP/2' : 'plain HTTP/1.1'}; ${RUNS} run${RUNS === 1 ? '' : 's'} a page, each in a fresh browser: ${CHROMIUM})`)
console.log('Load average: os.loadavg() (1, 5 and 15 min) as each run started; on a busy machine the scores drop with it.')
console.log('Signed-in pages keep the live events stream open: Lighthouse waits its 45 s limit on each, then measures from the trace.')
const width = Math.max(...sections.flatMap(([, rows]) => rows.map(([label]) => label.length)))
for (const [title, rows] of sections) {
  console.log(`\n ${title}`)
  for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`)
}
