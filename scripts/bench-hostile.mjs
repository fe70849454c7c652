// `npm run bench -- hostile` (issue #29): each file of the hostile-inputs corpus
// (apps/api/scripts/make-hostile-fixtures.mjs) sent to its endpoint on the server as `npm start` runs it
// (the bundle, its heavy-work pool started from dist/heavy-worker.mjs, PGlite with the demo data): the
// answer, the longest /api/health wait of a probe beside the request (target < 200 ms) and the peak
// resident memory of the server process over its idle figure (target < 400 MB).
import { readFileSync } from 'node:fs'
import { Worker } from 'node:worker_threads'
import { hostileFiles } from '../apps/api/scripts/make-hostile-fixtures.mjs'
import { apiCall } from './api-call.mjs'
import { serverPid } from './server-pid.mjs'

const DEMO_PASSWORD = 'offerbook-demo'
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

function rssMiB(pid) {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
}

async function must(base, token, method, path, body) {
  const answer = await apiCall(base, token, method, path, body)
  if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.json)}`)
  return answer.json
}

const fileForm = (field, bytes, filename, type) => {
  const form = new FormData()
  form.append(field, new Blob([bytes], { type }), filename)
  return form
}

/** Where each kind of file goes: the demo buyer's accepted offer, a signer link of a form packet on it, a new draft listing, the buyer's profile. */
async function targets(base) {
  const buyer = (await must(base, null, 'POST', '/api/session', { email: 'buyer-simple@example.com', password: DEMO_PASSWORD })).accessToken
  const owner = (await must(base, null, 'POST', '/api/session', { email: 'seller-owner@example.com', password: DEMO_PASSWORD })).accessToken
  const mine = await must(base, buyer, 'GET', '/api/offers/mine?tab=accepted&pageSize=48')
  const offer = mine.items.find((item) => item.status === 'accepted')
  if (!offer) throw new Error('the demo buyer has no accepted offer to upload documents to')
  const draft = (await must(base, buyer, 'POST', `/api/offers/${offer.id}/signing/documents`, fileForm('file', readFileSync(new URL('../apps/api/test/fixtures/hostile/pdf-every-action.pdf', import.meta.url)), 'form.pdf', 'application/pdf'))).packet
  const email = `bench-signer-${Date.now()}@example.com`
  const field = { signerKey: '0', type: 'signature', page: 0, x: 0.1, y: 0.1, width: 0.3, height: 0.05, required: true, label: '' }
  await must(base, buyer, 'POST', `/api/signing/packets/${draft.id}/send`, { signers: [{ name: 'Bench Signer', email, phone: '', role: 'other' }], fields: [field], order: 'parallel' })
  const mailbox = await must(base, null, 'GET', `/api/dev/mailbox?to=${encodeURIComponent(email)}&channel=email&limit=10`)
  const match = mailbox.messages.map((message) => /\/(?:form-)?sign\/[0-9a-f-]+\/([0-9a-f-]+)\?token=([A-Za-z0-9_-]+)/.exec(message.text ?? '')).find(Boolean)
  if (!match) throw new Error(`no signing link reached ${email}`)
  const signer = { id: match[1], token: match[2] }
  const signerCall = (method, suffix, body) => fetch(`${base}/api/signing/signers/${signer.id}${suffix}`, { method, headers: { 'x-signing-token': signer.token, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined })
  await signerCall('GET', '')
  await signerCall('POST', '/consent', { accepted: true })
  const listing = (await must(base, owner, 'POST', '/api/listings', {})).listing
  return { buyer, owner, offerId: offer.id, signerCall, listingId: listing.id }
}

const SMALL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

async function send(base, where, file) {
  switch (file.target) {
    case 'form':
      return apiCall(base, where.buyer, 'POST', `/api/offers/${where.offerId}/signing/documents`, fileForm('file', file.bytes, 'hostile.pdf', 'application/pdf'))
    case 'verify':
      return apiCall(base, null, 'POST', '/api/verify', fileForm('file', file.bytes, 'hostile.pdf', 'application/pdf'))
    case 'signature': {
      const response = await where.signerCall('POST', '/finish', { adopted: { method: 'drawn', signature: `data:image/png;base64,${file.bytes.toString('base64')}`, initials: `data:image/png;base64,${SMALL_PNG}` }, values: {} })
      return { status: response.status, json: await response.json().catch(() => null) }
    }
    case 'listing-photo':
      return apiCall(base, where.owner, 'POST', `/api/listings/${where.listingId}/photos`, fileForm('photo', file.bytes, 'hostile.png', 'image/png'))
    case 'profile-photo':
      return apiCall(base, where.buyer, 'POST', '/api/me/photo', fileForm('photo', file.bytes, 'hostile.png', 'image/png'))
  }
  throw new Error(`no target ${file.target}`)
}

/**
 * The probe: /api/health asked one request after another from a thread of its own, so the bench's own
 * work (sending a 20 MB body from this thread) does not count as the server's wait. Answers the longest
 * wait when told to stop.
 */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads')
let stopped = false
let longest = 0
parentPort.once('message', () => { stopped = true })
;(async () => {
  while (!stopped) {
    const started = performance.now()
    await fetch(workerData.url).then((response) => response.arrayBuffer()).catch(() => null)
    longest = Math.max(longest, performance.now() - started)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  parentPort.postMessage(longest)
})()
`

/** Sends the file while the probe runs and the server's memory is sampled every 20 ms. */
async function probed(base, pid, request) {
  let peak = rssMiB(pid)
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssMiB(pid))
    } catch {
      // the process is gone; the answer says so
    }
  }, 20)
  const probe = new Worker(PROBE, { eval: true, workerData: { url: `${base}/api/health` } })
  const longestWait = new Promise((resolve) => probe.once('message', resolve))
  // The probe's first request is under way before the file is sent.
  await sleep(50)
  const answer = await request()
  probe.postMessage('stop')
  const longest = await longestWait
  await probe.terminate()
  clearInterval(sampler)
  return { answer, longest, peak }
}

export async function hostileRows({ startServer, stopServer, port, dataDir }) {
  const base = `http://127.0.0.1:${port}`
  const files = await hostileFiles()
  const server = await startServer(port, dataDir)
  const rows = []
  try {
    const where = await targets(base)
    // Idle: the heavy-work pool's workers stop after 30 s idle; the figure is taken with none running.
    await sleep(32_000)
    const pid = serverPid(server.child.pid)
    const idle = rssMiB(pid)
    rows.push(['hostile files: resident memory of the idle server process', `${idle.toFixed(0)} MiB`])
    // The floor on this machine: the probe's longest wait over 3 s with nothing sent.
    const quiet = await probed(base, pid, () => sleep(3_000).then(() => ({ status: 0, json: null })))
    rows.push(['  /api/health probe with no file sent, 3 s (the machine\'s floor)', `longest wait ${quiet.longest.toFixed(0)} ms`])
    for (const file of files) {
      const { answer, longest, peak } = await probed(base, pid, () => send(base, where, file))
      const key = answer.json?.key ? ` ${answer.json.key}` : ''
      const over = peak - idle
      rows.push([
        `  ${file.name} (${(file.bytes.length / 1024).toFixed(0)} KB) -> ${file.target}`,
        `${answer.status}${key}; longest /api/health wait ${longest.toFixed(0)} ms (target < 200); peak memory +${over.toFixed(0)} MiB over idle (target < 400)`,
      ])
    }
  } finally {
    await stopServer(server.child)
  }
  return rows
}
