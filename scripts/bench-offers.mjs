// The offers part of `npm run bench` (issue #6, Measure), on a running server whose database got
// apps/api/bench/offers-data.ts's data before it started:
//   GET /api/listings/:id/optimize for a listing with 200 shared offers, signed in as its seller:
//     p95 of every response (autocannon's own percentiles skip p95, so each response time is kept);
//   offer create + save + share at 50 connections, each connection a buyer of its own signed in:
//     p99 of each step and of the three together (a draft cannot be shared before its terms are saved).
import autocannon from 'autocannon'
import { apiCall } from './api-call.mjs'

const OPTIMIZE_CONNECTIONS = Number(process.env.BENCH_OPTIMIZE_CONNECTIONS ?? 10)
const SHARE_CONNECTIONS = Number(process.env.BENCH_SHARE_CONNECTIONS ?? 50)
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd'

function percentile(values, share) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN
}
/** The statuses other than 2xx, with how many of each, e.g. ' (409 x3)'. */
const statuses = (result) => {
  const other = Object.entries(result.statusCodeStats ?? {}).filter(([code]) => !code.startsWith('2'))
  return other.length === 0 ? '' : ` (${other.map(([code, { count }]) => `${code} x${count}`).join(', ')})`
}
const ms = (value) => `${Number.isFinite(value) ? Math.round(value * 10) / 10 : '-'} ms`

const call = (base, method, path, { token, body } = {}) => apiCall(base, token, method, path, body)

async function signIn(base, email, password) {
  const response = await call(base, 'POST', '/api/session', { body: { email, password } })
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}: ${response.text.slice(0, 160)}`)
  return response.json.accessToken
}

/** Runs autocannon and keeps every response's time, by request position in the sequence when `steps` is given. */
function run(options, steps = 1) {
  return new Promise((resolve, reject) => {
    const times = Array.from({ length: steps }, () => [])
    const cycles = []
    const position = new Map()
    // A loaded machine answers slowly; a request still unanswered after 30 s counts as a timeout.
    const instance = autocannon({ timeout: 30, ...options }, (error, result) => (error ? reject(error) : resolve({ result, times, cycles })))
    instance.on('response', (client, _status, _bytes, responseTime) => {
      const state = position.get(client) ?? { step: 0, sum: 0 }
      times[state.step]?.push(responseTime)
      state.sum += responseTime
      state.step++
      if (state.step === steps) {
        cycles.push(state.sum)
        state.step = 0
        state.sum = 0
      }
      position.set(client, state)
    })
    instance.on('reset', (client) => position.set(client, { step: 0, sum: 0 }))
  })
}

/** Terms a bench buyer saves before sharing: complete, with the listing's agent, expiring in three days. */
function benchTerms(data, index) {
  const now = Date.now()
  return {
    purchasePrice: 340_000 + (index % 50) * 500,
    earnestMoney: { amount: 5_000, holder: 'title-company', holderName: 'Bench Title', dueDays: 3 },
    financing: { type: 'conventional', loanAmount: 272_000, downPayment: 68_000, lenderName: 'Bench Bank' },
    appraisalContingency: true,
    inspectionPeriodDays: 10,
    resolutionPeriodDays: 3,
    saleOfBuyersPropertyContingency: false,
    closingDate: new Date(now + 45 * 86_400_000).toISOString().slice(0, 10),
    expiresAt: new Date(now + 3 * 86_400_000).toISOString(),
    buyers: [{ fullName: `Bench Buyer ${index + 1}`, email: data.buyers[index % data.buyers.length], phone: '' }],
    listingAgent: { fullName: data.seller.name, email: data.seller.email },
  }
}

/** The optimize figures: [label, value] rows. */
export async function optimizeRows(base, data, where, duration) {
  const label = `GET /api/listings/:id/optimize ${where}, ${data.offers} shared offers (${OPTIMIZE_CONNECTIONS} connections, ${duration} s)`
  try {
    const token = await signIn(base, data.seller.email, data.password)
    const path = `/api/listings/${data.optimizeListingId}/optimize`
    const first = await call(base, 'GET', path, { token })
    if (first.status !== 200) return [[label, `not measured: it answered ${first.status}: ${first.text.slice(0, 160)}`]]
    const ranked = first.json?.offers?.length ?? 0
    const { result, times } = await run({ url: `${base}${path}`, connections: OPTIMIZE_CONNECTIONS, duration, headers: { authorization: `Bearer ${token}` } })
    // The same as a browser asks for it (every browser accepts compressed answers).
    const browser = await run({ url: `${base}${path}`, connections: OPTIMIZE_CONNECTIONS, duration, headers: { authorization: `Bearer ${token}`, 'accept-encoding': BROWSER_ACCEPT_ENCODING } })
    const compressed = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' } })
    const compressedBytes = Number(compressed.headers.get('content-length') ?? 0)
    await compressed.arrayBuffer()
    return [
      [label, `p95 ${ms(percentile(times[0], 0.95))} (target < 30 ms), median ${ms(percentile(times[0], 0.5))}, p99 ${ms(percentile(times[0], 0.99))}, ${times[0].length} answers, ${result.non2xx} non-2xx${statuses(result)}, ${result.timeouts} timeouts`],
      [`  the same with Accept-Encoding: ${BROWSER_ACCEPT_ENCODING} ${where}`, `p95 ${ms(percentile(browser.times[0], 0.95))}, median ${ms(percentile(browser.times[0], 0.5))}, p99 ${ms(percentile(browser.times[0], 0.99))}, ${browser.times[0].length} answers, ${browser.result.non2xx} non-2xx${statuses(browser.result)}; ${Math.round(first.text.length / 1024)} KB plain, ${Math.round(compressedBytes / 1024)} KB as Brotli`],
      [`  offers ranked per answer ${where}`, String(ranked)],
    ]
  } catch (error) {
    return [[label, `not measured: ${error.message}`]]
  }
}

/** The create + share figures: [label, value] rows. */
async function createShareRows(base, data, where, duration) {
  const label = `offer create + save + share ${where} (${SHARE_CONNECTIONS} connections, a buyer each, ${duration} s)`
  try {
    const tokens = []
    for (const email of data.buyers.slice(0, SHARE_CONNECTIONS)) tokens.push(await signIn(base, email, data.password))
    // Once by hand, so a missing endpoint or a refused step is reported instead of measured.
    const created = await call(base, 'POST', '/api/offers', { token: tokens[0], body: { listingId: data.shareListingId } })
    if (created.status !== 201) return [[label, `not measured: POST /api/offers answered ${created.status}: ${created.text.slice(0, 160)}`]]
    const id = created.json.offer.id
    const saved = await call(base, 'PATCH', `/api/offers/${id}`, { token: tokens[0], body: { terms: benchTerms(data, 0) } })
    if (saved.status !== 200) return [[label, `not measured: PATCH /api/offers/:id answered ${saved.status}: ${saved.text.slice(0, 160)}`]]
    const shared = await call(base, 'POST', `/api/offers/${id}/share`, { token: tokens[0] })
    if (shared.status !== 200) return [[label, `not measured: POST /api/offers/:id/share answered ${shared.status}: ${shared.text.slice(0, 160)}`]]

    // Each connection gets request objects of its own: autocannon shares one list between its
    // connections and keeps headers on its objects, so one list would send one buyer's token for all.
    let next = 0
    const sequence = (token) => {
      const json = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
      return [
        {
          method: 'POST',
          path: '/api/offers',
          headers: json,
          body: JSON.stringify({ listingId: data.shareListingId }),
          onResponse: (status, body, context) => {
            context.offerId = status === 201 ? JSON.parse(body).offer.id : null
          },
        },
        {
          method: 'PATCH',
          headers: json,
          setupRequest: (request, context) => (context.offerId ? { ...request, path: `/api/offers/${context.offerId}`, body: JSON.stringify({ terms: benchTerms(data, next) }) } : null),
        },
        // No body, so no content type (Fastify refuses an empty JSON body).
        { method: 'POST', headers: { authorization: `Bearer ${token}` }, setupRequest: (request, context) => (context.offerId ? { ...request, path: `/api/offers/${context.offerId}/share` } : null) },
      ]
    }
    const { result, times, cycles } = await run(
      {
        url: base,
        connections: SHARE_CONNECTIONS,
        duration,
        requests: sequence(tokens[0]),
        setupClient: (client) => client.setRequests(sequence(tokens[next++ % tokens.length])),
      },
      3,
    )
    const [create, save, share] = times
    return [
      [label, `p99 of the three ${ms(percentile(cycles, 0.99))} (median ${ms(percentile(cycles, 0.5))}), ${cycles.length} offers shared, ${result.non2xx} non-2xx${statuses(result)}, ${result.errors} errors`],
      [`  p99 of each step ${where}`, `create ${ms(percentile(create, 0.99))}, save ${ms(percentile(save, 0.99))}, share ${ms(percentile(share, 0.99))}; all requests p99 ${result.latency.p99} ms`],
    ]
  } catch (error) {
    return [[label, `not measured: ${error.message}`]]
  }
}

/** Adds the offers bench's data to the PGlite in `dataDir`, or to the PostgreSQL of `databaseUrl`; runJson is bench.mjs's. */
export async function fillOffers(runJson, where, { dataDir, databaseUrl = '' }) {
  const label = `offers bench data in ${where}`
  try {
    const data = await runJson('offers-data', 'npx', ['tsx', 'apps/api/bench/offers-data.ts'], { DATA_DIR: dataDir, DATABASE_URL: databaseUrl })
    return { data, row: [label, `${data.offers} shared offers on one listing (${data.created} added in ${data.seconds.toFixed(1)} s), ${data.buyers.length} buyers`] }
  } catch (error) {
    return { data: null, row: [label, `not made: ${error.message}`] }
  }
}

/** scoreOffers on 1,000 offers: apps/api/bench/offers-scoring.ts's one JSON line. */
export async function offersScoring(runJson) {
  try {
    const result = await runJson('offers-scoring', 'npx', ['tsx', 'apps/api/bench/offers-scoring.ts'])
    return `median ${result.scoreOffersMedianMs} ms, p95 ${result.scoreOffersP95Ms} ms over ${result.runs} runs (target < 5 ms); CPU median ${result.scoreOffersCpuMedianMs} ms`
  } catch (error) {
    return `not measured: ${error.message}`
  }
}

/** The net sheet and rank of 200 offers with clauses and escalations: apps/api/bench/net-sheet.ts's one JSON line. */
export async function netSheetBench(runJson) {
  try {
    const result = await runJson('net-sheet', 'npx', ['tsx', 'apps/api/bench/net-sheet.ts'])
    return `median ${result.netSheetMedianMs} ms, p95 ${result.netSheetP95Ms} ms over ${result.runs} runs, ${result.escalated} of ${result.offers} escalated (target < 5 ms); CPU median ${result.netSheetCpuMedianMs} ms`
  } catch (error) {
    return `not measured: ${error.message}`
  }
}

export const NET_SHEET_LABEL = 'net sheet and rank of 200 offers with clauses and escalations'

/** The contract timeline of 1,000 contracts (issue #34): apps/api/bench/contract-timeline.ts's one JSON line, with the load average it ran under. */
export async function contractTimelineBench(runJson) {
  try {
    const result = await runJson('contract-timeline', 'npx', ['tsx', 'apps/api/bench/contract-timeline.ts'])
    return `median ${result.timelineMedianMs} ms, p95 ${result.timelineP95Ms} ms over ${result.runs} runs, ${result.items} items (target < 20 ms); CPU median ${result.timelineCpuMedianMs} ms; first pass ${result.firstPassMs} ms; load average ${result.loadAverage.join(' ')}`
  } catch (error) {
    return `not measured: ${error.message}`
  }
}

export const CONTRACT_TIMELINE_LABEL = 'contract timeline of 1,000 contracts'

/** Both offer loads on a running server; without the data, says so. */
export async function offersLoadRows(port, data, where, { duration }) {
  if (!data) return [[`offers load ${where}`, 'not measured: no bench data (see above)']]
  const base = `http://127.0.0.1:${port}`
  return [...(await optimizeRows(base, data, where, duration)), ...(await createShareRows(base, data, where, duration))]
}
