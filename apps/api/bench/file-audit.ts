// The audit of a brokerage's file (issue #35, Measure): a file of 30 documents and 6 signing packets
// (each with its signers and 20 fields) loaded from the database and audited through the service
// (loadFileState: the checklist's facts, the documents, the packets' fields, the audit), target < 50 ms.
// Prints ONE line of JSON: {medianMs, cpuMedianMs, fastestMs, runsMs, documents, packets, findings, database, loadAverage}.
//   npx tsx apps/api/bench/file-audit.ts   (BENCH_DATABASE_URL=postgres://… for PostgreSQL; BENCH_AUDIT_RUNS, 21)
import { randomUUID } from 'node:crypto'
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { buildTestApp } from '../test/build-test-app'
import { createTestListing, createTestOffer, createUser } from '../test/factories'
import { teamMember } from '../src/db/schema/listings'
import { signingField, signingPacket, signingSigner } from '../src/db/schema/signing'
import { transactionFileDocument } from '../src/db/schema/transaction-files'
import { findFileOffer } from '../src/modules/transaction-files/transaction-files.queries'
import { loadFileState } from '../src/modules/transaction-files/transaction-files.service'

const RUNS = Number(process.env.BENCH_AUDIT_RUNS ?? 21)
const DOCUMENTS = 30
const PACKETS = 6
const FIELDS_PER_SIGNER = 10

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL

const round = (ms: number) => Math.round(ms * 10) / 10
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

const t = await buildTestApp()
try {
  const broker = await createUser(t, { roles: ['PRINCIPAL_BROKER'], name: 'Pat Broker' })
  const agent = await createUser(t, { roles: ['SELLER_AGENT'], name: 'Lena Listing' })
  await t.db.insert(teamMember).values({ leaderId: broker.id, memberId: agent.id, kind: 'agent', brokerage: true })
  const listing = await createTestListing(t, { ownerId: agent.id, listAgentUserId: agent.id, yearBuilt: 1965 })
  const { offer } = await createTestOffer(t, { status: 'accepted', listing, bindingAgreementAt: new Date(Date.now() - 86_400_000) })

  // Six packets, signed but one, each with two signers and their fields.
  for (let p = 0; p < PACKETS; p++) {
    const [packet] = await t.db
      .insert(signingPacket)
      .values({ kind: p === 0 ? 'offer' : 'form', offerId: offer.id, title: `Packet ${p + 1}`, status: p === PACKETS - 1 ? 'sent' : 'completed', signedSha256: 'a'.repeat(64) })
      .returning()
    for (let s = 0; s < 2; s++) {
      const [signer] = await t.db
        .insert(signingSigner)
        .values({ packetId: packet!.id, position: s, name: `Signer ${s + 1}`, email: `signer-${randomUUID()}@example.com`, role: s === 0 ? 'buyer' : 'seller', signedAt: new Date() })
        .returning()
      await t.db.insert(signingField).values(
        Array.from({ length: FIELDS_PER_SIGNER }, (_, f) => ({ packetId: packet!.id, signerId: signer!.id, type: f % 2 === 0 ? 'signature' : 'initials', page: f, x: 0.1, y: 0.1, width: 0.2, height: 0.05, value: p === PACKETS - 1 && f === 0 ? null : 'signed' })),
      )
    }
  }
  // Thirty documents over the file's slots, some approved, some returned and replaced.
  const slots = ['purchaseAgreement', 'propertyConditionDisclosure', 'leadBasedPaintDisclosure', 'agencyDisclosure', 'earnestMoneyReceipt']
  await t.db.insert(transactionFileDocument).values(
    Array.from({ length: DOCUMENTS }, (_, d) => ({
      offerId: offer.id,
      side: 'listing',
      slotKey: slots[d % slots.length]!,
      kind: slots[d % slots.length]!,
      filename: `document-${d + 1}.pdf`,
      contentType: 'application/pdf',
      size: 1000 + d,
      sha256: d.toString(16).padStart(64, '0'),
      storageKey: `transaction-files/${offer.id}/${d}.pdf`,
      source: 'upload',
      review: d % 3 === 0 ? 'approved' : d % 3 === 1 ? 'pending' : 'returned',
      uploadedBy: agent.id,
      uploadedByName: 'Lena Listing',
    })),
  )

  const row = await findFileOffer(t.db, offer.id)
  if (!row) throw new Error('the bench offer is gone')
  const runs: number[] = []
  const cpuRuns: number[] = []
  let findings = 0
  for (let run = 0; run < RUNS; run++) {
    // Wall time, and this process's CPU time (PGlite runs in it; on a shared machine the wall time includes waiting for a core).
    const cpu = process.cpuUsage()
    const started = performance.now()
    const state = await loadFileState(t.db, row, 'listing', { agentIds: [agent.id] })
    runs.push(performance.now() - started)
    const used = process.cpuUsage(cpu)
    cpuRuns.push((used.user + used.system) / 1000)
    findings = state.audit.findings.length
    if (state.documents.length !== DOCUMENTS) throw new Error(`the audit read ${state.documents.length} documents`)
  }
  const [one, five, fifteen] = loadavg().map((value) => Math.round(value * 100) / 100)
  // The first runs warm the queries up; the median is over every run.
  console.log(JSON.stringify({ medianMs: round(median(runs)), cpuMedianMs: round(median(cpuRuns)), fastestMs: round(Math.min(...runs)), runsMs: runs.map(round), documents: DOCUMENTS, packets: PACKETS, findings, database: process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite', loadAverage: [one, five, fifteen] }))
} finally {
  await t.close()
}
