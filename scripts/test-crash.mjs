// `npm run test:crash` (first part; `npm run test:crash:writes` alone): the real server is killed with SIGKILL in the middle of a burst of offer writes
// (create, save, share) and restarted on the same data directory. Every write a client saw acknowledged
// (2xx) must be there whole afterwards, and every outbox message must reach the SMTP server exactly once.
//
// The server runs as a child process on the embedded PGlite in a fresh temp DATA_DIR, with SMTP_URL
// pointing at a recorder in this process. CRASH_SEED=<n> replays a run (the moment of the kill and the
// actions); CRASH_ACTIONS and CRASH_CLIENTS size the burst.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { tsImport } from 'tsx/esm/api'
import { buyerTerms, fingerprint, runBurst } from './crash/burst.mjs'
import { call, mustCall } from './crash/http.mjs'
import { claimedAtKill, freePort, sleep, startServer, waitForHealth } from './crash/server.mjs'
import { startSmtpRecorder } from './crash/smtp-recorder.mjs'

// The demo seed's generator (mulberry32), so the same seed gives the same kill point and the same choices.
const { seededRandom } = await tsImport('../apps/api/src/seed/seeded-random.ts', import.meta.url)

const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31))
const ACTIONS = Number(process.env.CRASH_ACTIONS ?? 300)
const CLIENTS = Number(process.env.CRASH_CLIENTS ?? 4)
const DRAIN_TIMEOUT_MS = 60_000
/** The outbox worker polls every 2 s: this long without a new message or a pending row is quiet. */
const QUIET_MS = 3_000
const OVERALL_TIMEOUT_MS = 300_000
/** How long before the kill a message the SMTP server accepted may still be unmarked (markSent queues behind requests on PGlite). */
const IN_DOUBT_MS = 15_000
const BUYER = { email: 'buyer-simple@example.com', password: 'offerbook-demo' }
/** The demo sellers, whom the seller side's notices of a share or a change go to. */
const SELLERS = ['seller-agent@example.com', 'seller-owner@example.com', 'seller-simple@example.com']

// ---------------------------------------------------------------------------------------------
// The run

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

async function main() {
  const started = Date.now()
  const random = seededRandom(SEED)
  console.log(`crash: seed ${SEED} (CRASH_SEED=${SEED} replays it), ${ACTIONS} actions, ${CLIENTS} clients`)

  const tempRoot = mkdtempSync(join(tmpdir(), 'offerbook-crash-'))
  cleanups.push(() => rmSync(tempRoot, { recursive: true, force: true }))
  const dataDir = join(tempRoot, 'data')
  const webDist = mkdtempSync(join(tempRoot, 'web-'))
  const taken = new Set()
  const smtp = await startSmtpRecorder(await freePort(random, taken))
  cleanups.push(() => smtp.close())
  const port = await freePort(random, taken)
  const base = `http://127.0.0.1:${port}`
  const serverLog = []

  let server = null
  const killServer = () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL')
  }
  cleanups.push(async () => {
    killServer()
    if (server) await Promise.race([server.exited, sleep(5_000)])
  })

  try {
    server = startServer({ port, dataDir, webDist, smtpUrl: smtp.url, log: serverLog })
    await waitForHealth(base, server)
    console.log(`crash: server up on ${base} after ${((Date.now() - started) / 1000).toFixed(1)} s`)

    const session = await mustCall(base, null, 'POST', '/api/session', BUYER)
    const page = await mustCall(base, null, 'GET', '/api/properties?status=Active&pageSize=48')
    // Each listing with its list price: the burst offers near it, inside the bounds a share needs no confirmation for.
    const listings = page.items.filter((item) => item.ListPrice > 0).map((item) => ({ id: item.id, listPrice: item.ListPrice }))
    if (listings.length === 0) throw new Error('the demo seed has no Active listing to make offers on')

    // The kill comes after a seeded number of acknowledged writes, between a quarter and three quarters of the burst.
    const killAfter = Math.floor(ACTIONS * (0.25 + 0.5 * random()))
    let restart = null
    let restartSeconds = '?'
    const state = {
      random,
      listings,
      base,
      token: session.accessToken,
      issued: 0,
      cutOff: 0,
      acks: [],
      offers: new Map(),
      killedAt: null,
      claimed: new Set(),
      restartedAt: null,
      serverUp: () => restart ?? Promise.resolve(),
      ack(entry) {
        this.acks.push(entry)
        this.offers.get(entry.offerId).writes += 1
        if (this.acks.length !== killAfter || this.killedAt) return
        this.killedAt = Date.now()
        killServer()
        restart = (async () => {
          await server.exited
          state.claimed = await claimedAtKill(dataDir)
          state.restartedAt = Date.now()
          server = startServer({ port, dataDir, webDist, smtpUrl: smtp.url, log: serverLog })
          await waitForHealth(base, server)
          restartSeconds = ((Date.now() - this.killedAt) / 1000).toFixed(1)
        })()
      },
    }
    const burstStarted = Date.now()
    await runBurst(state, { actions: ACTIONS, clients: CLIENTS })
    const burstSeconds = ((Date.now() - burstStarted) / 1000).toFixed(1)
    if (!state.killedAt) throw new Error(`the burst ended with ${state.acks.length} acknowledged writes, before the kill after ${killAfter}`)
    await restart
    const deliveredBeforeKill = smtp.received.filter((mail) => mail.at <= state.killedAt).length
    console.log(`crash: killed -9 after ${killAfter} acknowledged writes (${deliveredBeforeKill} mails delivered by then, ${state.cutOff} requests cut off), restarted; ${state.acks.length} acknowledged in all`)

    // Every offer a client wrote, read back whole.
    let whole = 0
    let wholeOffers = 0
    const problems = []
    const happenedShares = []
    for (const record of state.offers.values()) {
      const read = await call(base, state.token, 'GET', `/api/offers/${record.id}`)
      if (!read || read.status !== 200) {
        problems.push(`offer ${record.id}: read answered ${read ? read.status : 'nothing'}`)
        continue
      }
      const found = read.json.offer
      const events = found.events.map((event) => event.type)
      const asAcked = found.status === record.acked.status && isDeepStrictEqual(buyerTerms(found), record.acked.terms)
      const asDoubt = record.doubt !== null && found.status === record.doubt.status && isDeepStrictEqual(fingerprint(buyerTerms(found)), record.doubt.fingerprint)
      const audited = events[0] === 'created' && (found.status !== 'active' || (events.includes('shared') && found.sharedAt !== null))
      if ((asAcked || asDoubt) && audited) {
        wholeOffers += 1
        whole += record.writes
      }
      else problems.push(`offer ${record.id}: found ${found.status} ${JSON.stringify(fingerprint(buyerTerms(found)))} events ${events.join(',')}, acknowledged ${record.acked.status} ${JSON.stringify(fingerprint(record.acked.terms))}`)
      if (found.status === 'active') happenedShares.push({ offerId: record.id, agentEmail: record.agentEmail ?? record.doubt?.agentEmail, acked: record.shareAcked })
    }
    const acknowledgedOffers = state.offers.size

    // The outbox drains: no pending row for any address mail went to, and no new mail for a while.
    const addresses = () => [...new Set([...SELLERS, ...happenedShares.map((share) => share.agentEmail), ...smtp.received.flatMap((mail) => mail.to)])]
    const outboxRows = new Map()
    const drainStarted = Date.now()
    const drainDeadline = Date.now() + DRAIN_TIMEOUT_MS
    let lastCount = -1
    let quietSince = Date.now()
    for (;;) {
      let pending = 0
      for (const address of addresses()) {
        const mailbox = await mustCall(base, null, 'GET', `/api/dev/mailbox?to=${encodeURIComponent(address)}&channel=email&limit=200`)
        if (mailbox.messages.length === 200) throw new Error(`more than 200 messages to ${address}: the check cannot see them all`)
        for (const message of mailbox.messages) outboxRows.set(message.id, message)
        pending += mailbox.messages.filter((message) => message.status === 'pending').length
      }
      if (smtp.received.length !== lastCount || pending > 0) {
        lastCount = smtp.received.length
        quietSince = Date.now()
      }
      if (pending === 0 && Date.now() - quietSince >= QUIET_MS) break
      if (Date.now() > drainDeadline) {
        problems.push(`the outbox did not drain within ${DRAIN_TIMEOUT_MS / 1000} s: ${pending} messages still pending`)
        break
      }
      await sleep(500)
    }

    const drainSeconds = ((Date.now() - drainStarted) / 1000).toFixed(1)

    // Exactly once: each outbox row reached the recorder once; each share's email reached its agent once.
    const keyOf = (mail) => mail.outboxId ?? mail.messageId ?? `${mail.to.join(',')}|${mail.subject}`
    const copies = new Map()
    for (const mail of smtp.received) copies.set(keyOf(mail), (copies.get(keyOf(mail)) ?? 0) + 1)
    // A message claimed at the kill that had reached the recorder before it is sent once more after the
    // restart, under the same Message-ID: that one copy is the window at-least-once delivery leaves, not a fault.
    const inDoubt = (key, count) => {
      const copiesOf = smtp.received.filter((mail) => mail.outboxId === key)
      // Within IN_DOUBT_MS of the kill: a message the server accepted long before it would have been marked sent.
      return state.claimed.has(key) && count === 2 && state.killedAt - copiesOf[0].at <= IN_DOUBT_MS && copiesOf[0].at < state.restartedAt && copiesOf[1].at >= state.restartedAt && copiesOf[0].messageId === copiesOf[1].messageId
    }
    const duplicates = [...copies.entries()].filter(([key, count]) => count > 1 && !inDoubt(key, count))
    const resent = [...copies.entries()].filter(([key, count]) => count > 1 && inDoubt(key, count))
    for (const [key, count] of duplicates) problems.push(`message ${key} was delivered ${count} times`)
    let duplicateCount = duplicates.reduce((sum, [, count]) => sum + count - 1, 0)
    // Lost: an outbox row (or a share with no row) that never reached the recorder, counted once each.
    const lostKeys = new Set()
    const rows = [...outboxRows.values()]
    const outboxIdsReceived = new Set(smtp.received.map((mail) => mail.outboxId).filter(Boolean))
    const stableIds = smtp.received.some((mail) => mail.outboxId !== null)
    for (const share of happenedShares) {
      const toAgent = smtp.received.filter((mail) => mail.to.includes(share.agentEmail))
      const agentRows = rows.filter((row) => row.to === share.agentEmail)
      if (agentRows.length !== 1) problems.push(`the share of ${share.offerId} has ${agentRows.length} outbox messages to ${share.agentEmail}`)
      if (toAgent.length === 0) {
        lostKeys.add(agentRows[0]?.id ?? `share ${share.offerId}`)
        problems.push(`the share email of ${share.offerId} (${share.acked ? 'acknowledged' : 'cut off, but it happened'}) never reached ${share.agentEmail}`)
      } else if (toAgent.length > 1 && !duplicates.some(([key]) => toAgent.some((mail) => keyOf(mail) === key)) && !resent.some(([key]) => toAgent.some((mail) => keyOf(mail) === key))) {
        // Without a stable id per outbox row a message sent again carries a new Message-ID: count it here.
        duplicateCount += toAgent.length - 1
        problems.push(`the share email of ${share.offerId} reached ${share.agentEmail} ${toAgent.length} times`)
      }
    }
    for (const row of rows) {
      if (row.status === 'pending') lostKeys.add(row.id)
      if (row.status !== 'sent') problems.push(`outbox message ${row.id} to ${row.to} (${row.kind}) is still ${row.status}`)
      else if (stableIds && !outboxIdsReceived.has(row.id)) {
        lostKeys.add(row.id)
        problems.push(`outbox message ${row.id} to ${row.to} is marked sent but never reached the SMTP server`)
      }
    }
    const lost = lostKeys.size

    const delivered = copies.size
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    console.log(`crash: ${state.acks.length} acknowledged, ${whole} found whole, ${delivered} messages delivered, ${duplicateCount} duplicates, ${lost} lost`)
    console.log(`crash: ${state.claimed.size} messages were claimed and unmarked at the kill; ${resent.length} of them had reached the SMTP server and went again after the restart with the same Message-ID`)
    console.log(`crash: ${wholeOffers} of ${acknowledgedOffers} offers whole; burst ${burstSeconds} s, restart ${restartSeconds} s, drain ${drainSeconds} s; ${seconds} s in all`)
    const failed = whole !== state.acks.length || wholeOffers !== acknowledgedOffers || duplicateCount > 0 || lost > 0 || problems.length > 0
    if (failed) {
      for (const problem of problems.slice(0, 40)) console.error(`  - ${problem}`)
      if (problems.length > 40) console.error(`  ... and ${problems.length - 40} more`)
      console.error(`crash: FAILED (replay with CRASH_SEED=${SEED})`)
      process.exitCode = 1
    }
  } catch (error) {
    console.error(`crash: FAILED: ${error instanceof Error ? error.message : String(error)} (replay with CRASH_SEED=${SEED})`)
    const tail = serverLog.join('').split('\n').slice(-40).join('\n')
    if (tail.trim()) console.error(`--- the server's last output ---\n${tail}`)
    process.exitCode = 1
  } finally {
    await cleanup()
  }
}

const overall = setTimeout(() => {
  console.error(`crash: FAILED: still running after ${OVERALL_TIMEOUT_MS / 1000} s`)
  void cleanup().then(() => process.exit(1))
}, OVERALL_TIMEOUT_MS)
overall.unref()
await main()
