// `npm run bench -- waterfall`: the API requests each signed-in page makes before its first screen is
/* global window, document, MutationObserver */
// drawn, in the order the browser made them, with the rounds they form (a request that starts only after
// another API answer arrived is one round later: a waterfall). Issue #36, item 1. A fresh browser context
// for each page, signed in as the app stores a remembered session, on the demo data of `npm start`.
// Also runnable alone against a running server: `node scripts/bench-waterfall.mjs http://127.0.0.1:3000`.
import { pathToFileURL } from 'node:url'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'
const LENA = 'seller-agent@example.com'
const BEN = 'buyer-simple@example.com'
const PASSWORD = 'offerbook-demo'
// The page is settled once no API request has started or ended for this long.
const QUIET_MS = 1500

async function json(base, path, token, init = {}) {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.body ? { 'content-type': 'application/json' } : {}) },
  })
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`)
  return response.json()
}

async function signIn(base, email) {
  const body = await json(base, '/api/session', null, { method: 'POST', body: JSON.stringify({ email, password: PASSWORD, persist: true }) })
  return body.accessToken
}

/** The pages of issue #36 item 1, with demo ids: Lena's listing with the most open offers, one of them, and an offer of Ben's. */
async function pagesToMeasure(base) {
  const lena = await signIn(base, LENA)
  const ben = await signIn(base, BEN)
  const listings = (await json(base, '/api/listings/mine?pageSize=48', lena)).items ?? []
  let best = null
  for (const listing of listings) {
    const offers = await json(base, `/api/listings/${listing.id}/offers`, lena)
    const items = Array.isArray(offers) ? offers : (offers.offers ?? offers.items ?? [])
    if (!best || items.length > best.offers.length) best = { listing, offers: items }
  }
  if (!best || best.offers.length === 0) throw new Error('no demo listing of Lena has offers')
  const mine = await json(base, '/api/offers/mine?tab=all', ben)
  const benOffer = (mine.items ?? mine.offers ?? [])[0]
  if (!benOffer) throw new Error('Ben has no demo offer')
  return [
    { label: '/my-properties/list', path: '/my-properties/list', token: lena },
    { label: '/my-properties/{id}/optimize', path: `/my-properties/${best.listing.id}/optimize`, token: lena },
    { label: '/my-properties/{id}/offers/{offerId}', path: `/my-properties/${best.listing.id}/offers/${best.offers[0].id}`, token: lena },
    { label: '/submitted-offers/update/{id}', path: `/submitted-offers/update/${benOffer.id}`, token: ben },
  ]
}

/** One page in a fresh context: every /api request (the event stream left out) with its start and end, until quiet. */
async function measurePage(browser, base, { path, token }) {
  const context = await browser.newContext()
  await context.addCookies([{ name: 'offerbook_signed_in', value: '1', url: base }])
  await context.addInitScript((value) => {
    if (window === window.top && !window.localStorage.getItem('offerbook.session')) window.localStorage.setItem('offerbook.session', value)
  }, JSON.stringify({ accessToken: token, persist: true }))
  const page = await context.newPage()
  const requests = []
  let lastActivity = 0
  const t0 = Date.now()
  const isApi = (request) => {
    const url = new URL(request.url())
    return url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/events')
  }
  page.on('request', (request) => {
    if (!isApi(request)) return
    lastActivity = Date.now()
    const url = new URL(request.url())
    requests.push({ request, what: `${request.method()} ${url.pathname}${url.search}`, start: Date.now() - t0, end: null, status: null })
  })
  const finish = async (request, status) => {
    const entry = requests.find((item) => item.request === request)
    if (!entry) return
    entry.end = Date.now() - t0
    entry.status = status
    lastActivity = Date.now()
  }
  page.on('requestfinished', (request) => void request.response().then((response) => finish(request, response?.status() ?? 0)))
  page.on('requestfailed', (request) => void finish(request, 'failed'))
  await page.goto(`${base}${path}`, { waitUntil: 'load' })
  lastActivity = Math.max(lastActivity, Date.now())
  while (Date.now() - lastActivity < QUIET_MS || requests.some((item) => item.end === null && Date.now() - t0 - item.start < 15_000)) {
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await context.close()
  // A request's round: 1 + the highest round of the API answers that had arrived before it started.
  for (const entry of requests) {
    const before = requests.filter((other) => other !== entry && other.end !== null && other.end <= entry.start)
    entry.round = 1 + Math.max(0, ...before.map((other) => other.round ?? 1))
  }
  return requests
}

async function launch() {
  const { chromium } = await import('playwright')
  return chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'] })
}

export async function waterfallRows(base) {
  const browser = await launch()
  const rows = []
  try {
    for (const target of await pagesToMeasure(base)) {
      const requests = await measurePage(browser, base, target)
      // The screen's data: not the photos (/api/files, drawn as they come) nor the header's notices and
      // conversations (the frame's, after its first render); their rounds are counted among the data's alone.
      const isData = (entry) => !/^GET \/api\/(files\/|notifications|chat\/conversations)/.test(entry.what)
      const data = requests.filter(isData)
      for (const entry of data) {
        const before = data.filter((other) => other !== entry && other.end !== null && other.end <= entry.start)
        entry.dataRound = 1 + Math.max(0, ...before.map((other) => other.dataRound ?? 1))
      }
      const rounds = Math.max(0, ...data.map((item) => item.dataRound))
      const settled = Math.max(0, ...data.map((item) => item.end ?? 0))
      rows.push([`waterfall ${target.label}`, `${data.length} data requests in ${rounds} round${rounds === 1 ? '' : 's'}, the last answered at ${settled} ms (${requests.length - data.length} more: photos, the header's notices and conversations)`])
      for (const entry of requests) rows.push([`  ${isData(entry) ? `round ${entry.dataRound}` : 'frame/photo'}`, `${entry.what} → ${entry.status} (${entry.start}–${entry.end} ms)`])
    }
  } finally {
    await browser.close()
  }
  return rows
}

/** The six-digit code of the newest verification email to `email` in the dev mailbox (outside production). */
async function latestCode(base, email) {
  for (let tries = 0; tries < 300; tries++) {
    const { messages } = await json(base, `/api/dev/mailbox?to=${encodeURIComponent(email)}`)
    const code = /\b(\d{6})\b/.exec(messages?.[0]?.text ?? '')?.[1]
    if (code) return code
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no code reached ${email}`)
}

export const ONBOARDING_LABEL = 'onboarding after the email code: submit to the first onboarding page drawn'

/**
 * Issue #36 item 1: a new account (signed up through the API) types its emailed code on /auth/sign-up?verify=
 * in a fresh browser; the time from pressing Verify to the onboarding's first page drawn, with the verify
 * answer's own time and the API requests between. `runs` new accounts; the median and each run.
 */
export async function onboardingRows(base, runs = 3) {
  const browser = await launch()
  const times = []
  const rows = []
  try {
    for (let run = 1; run <= runs; run++) {
      const email = `bench-onboarding-${Date.now()}-${run}@example.com`
      await json(base, '/api/accounts', null, { method: 'POST', body: JSON.stringify({ name: 'Bench Onboarding', email, password: 'bench-onboarding-password-1' }) })
      const code = await latestCode(base, email)
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.goto(`${base}/auth/sign-up?verify=${encodeURIComponent(email)}`, { waitUntil: 'load' })
      await page.getByLabel('Verification code').first().fill(code)
      const requests = []
      let clicked = 0
      page.on('request', (request) => {
        const url = new URL(request.url())
        if (clicked && url.pathname !== '/api/events' && (url.pathname.startsWith('/api/') || url.pathname.startsWith('/assets/'))) requests.push({ request, what: `${request.method()} ${url.pathname}`, start: Date.now() - clicked, end: null })
      })
      page.on('requestfinished', (request) => {
        const entry = requests.find((item) => item.request === request)
        if (entry) entry.end = Date.now() - clicked
      })
      // Timed in the page: from the form's submit event to the welcome step's title (en-us
      // accounts.onboarding.welcome.title) in the document, so the driver's own waits are not counted.
      await page.evaluate(() => {
        window.__bench = { submitAt: 0, drawnAt: 0 }
        document.addEventListener('submit', () => (window.__bench.submitAt ||= performance.now()), true)
        new MutationObserver(() => {
          if (window.__bench.drawnAt) return
          if ([...document.querySelectorAll('h1')].some((h1) => h1.textContent === 'Welcome to Offerbook')) window.__bench.drawnAt = performance.now()
        }).observe(document.body, { childList: true, subtree: true, characterData: true })
      })
      clicked = Date.now()
      await page.getByRole('button', { name: 'Verify' }).click()
      await page.waitForURL(/\/onboarding\//, { timeout: 60_000 })
      await page.getByRole('heading', { level: 1, name: 'Welcome to Offerbook' }).waitFor({ timeout: 60_000 })
      const timing = await page.evaluate(() => window.__bench)
      const elapsed = Math.round(timing.drawnAt - timing.submitAt)
      times.push(elapsed)
      const verify = requests.find((item) => item.what.endsWith('/api/accounts/verify'))
      rows.push([`  run ${run}`, `${elapsed} ms (the click's own wait included: verify sent at ${verify?.start ?? '?'} ms, answered at ${verify?.end ?? '?'} ms); then: ${requests.filter((item) => item !== verify).map((item) => `${item.what} ${item.start}–${item.end ?? '…'}`).join(', ') || 'nothing'}`])
      await context.close()
    }
  } finally {
    await browser.close()
  }
  const sorted = [...times].sort((a, b) => a - b)
  return [[ONBOARDING_LABEL, `median ${sorted[Math.floor(sorted.length / 2)]} ms over ${runs} new accounts (target < 1 s)`], ...rows]
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const base = process.argv[2] ?? 'http://127.0.0.1:3000'
  const rows = process.argv[3] === 'onboarding' ? await onboardingRows(base) : await waterfallRows(base)
  const width = Math.max(...rows.map(([label]) => label.length))
  for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`)
}
