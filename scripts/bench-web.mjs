// `npm run bench:web`: Lighthouse (mobile, its default simulated throttling) on the public pages as
// `npm start` serves them with the demo data: each category's score, FCP, LCP, CLS and TBT. Lighthouse
// lives in tools/lighthouse, outside the workspaces, installed here with `npm ci` the first time.
// Nothing passes or fails here; the figures are read by a person (target: performance >= 95,
// accessibility 100, CLS 0). On a busy machine the scores move from run to run.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildIfStale, ROOT } from './build-if-stale.mjs'

const PORT = Number(process.env.BENCH_WEB_PORT ?? 4211)
const BASE = `http://127.0.0.1:${PORT}`
const TOOLS = join(ROOT, 'tools/lighthouse')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
// The flags e2e/playwright.config.ts starts Chromium with (the journeys run its headless shell; Lighthouse, the whole browser).
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 1)

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

const ms = (value) => (typeof value === 'number' ? `${(value / 1000).toFixed(2)} s` : 'n/a')
const score = (category) => (category?.score == null ? 'n/a' : String(Math.round(category.score * 100)))

installLighthouse()
buildIfStale()
const { default: lighthouse } = await import(pathToFileURL(join(TOOLS, 'node_modules/lighthouse/core/index.js')).href)
const chromeLauncher = await import(pathToFileURL(join(TOOLS, 'node_modules/chrome-launcher/dist/index.js')).href)

const dataDir = mkdtempSync(join(tmpdir(), 'offerbook-bench-web-'))
const { DATABASE_URL: _ignored, ...env } = process.env
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: ROOT,
  env: { ...env, PORT: String(PORT), DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn', NODE_ENV: 'development', PUBLIC_URL: BASE },
  stdio: ['ignore', 'ignore', 'inherit'],
})
const rows = []
let chrome
try {
  await waitFor200(`${BASE}/api/health`, server)
  const pages = ['/', await propertyPath(), '/listings', '/how-it-works']
  for (const path of pages) {
    for (let run = 1; run <= RUNS; run++) {
      // A fresh browser for each page: a reused one at times loses the next page's trace (NO_NAVSTART).
      // Lighthouse's default configuration: a mobile phone on a slow 4G link, simulated. A lost trace
      // is measured once more.
      let result
      for (let attempt = 1; attempt <= 2; attempt++) {
        await chrome?.kill()
        chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS })
        result = await lighthouse(`${BASE}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' })
        if (result.lhr.runtimeError?.code !== 'NO_NAVSTART') break
      }
      const { categories, audits, runtimeError, runWarnings } = result.lhr
      const label = path.startsWith('/property/') ? '/property/{id}' : path
      if (runtimeError) {
        rows.push([label, `Lighthouse could not measure it: ${runtimeError.code} ${runtimeError.message}`])
        continue
      }
      for (const warning of runWarnings ?? []) console.warn(`${label}: ${warning}`)
      rows.push([
        `${label}${RUNS > 1 ? ` (run ${run})` : ''}`,
        `performance ${score(categories.performance)}, accessibility ${score(categories.accessibility)}, best practices ${score(categories['best-practices'])}, SEO ${score(categories.seo)}; ` +
          `FCP ${ms(audits['first-contentful-paint']?.numericValue)}, LCP ${ms(audits['largest-contentful-paint']?.numericValue)}, ` +
          `CLS ${audits['cumulative-layout-shift']?.numericValue?.toFixed(3) ?? 'n/a'}, TBT ${Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN)} ms`,
      ])
    }
  }
} finally {
  await chrome?.kill()
  const exited = new Promise((resolve) => server.once('exit', resolve))
  server.kill('SIGINT')
  await exited
  rmSync(dataDir, { recursive: true, force: true })
}

console.log('\nOfferbook bench:web (Lighthouse 12, mobile, simulated throttling)')
const width = Math.max(...rows.map(([label]) => label.length))
for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`)
