// The brokerage's export for TREC (issue #35, Measure): 1,000 files of a brokerage on PostgreSQL made into one ZIP by
// the export job (the job's own function, as the runner calls it), target < 5 minutes with memory flat. Each offer has
// two documents of 64 KiB (random bytes: the archive cannot shrink them), and every fourth is a contract whose
// brokerage file holds a document too. The resident memory is sampled every 250 ms while the ZIP is made.
// Prints ONE line of JSON: {seconds, offers, files, zipBytes, rssBeforeMiB, rssPeakMiB, rssSamplesMiB, rssByProgressMiB, loadAverage}.
//   BENCH_DATABASE_URL=postgres://… npx tsx apps/api/bench/brokerage-export.ts   (TEST_DATABASE_URL too; BENCH_EXPORT_OFFERS, 1000)
import { randomBytes, randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { eq } from 'drizzle-orm'
import { buildTestApp, testConfig } from '../test/build-test-app'
import { createTestListing, createUser } from '../test/factories'
import { storedFile } from '../src/db/schema/files'
import { brokerageExport } from '../src/db/schema/brokerage-exports'
import { teamMember } from '../src/db/schema/listings'
import { offer, offerAttachment } from '../src/db/schema/offers'
import { transactionFileDocument } from '../src/db/schema/transaction-files'
import { createFileStorage } from '../src/storage/create-file-storage'
import { runBrokerageExports } from '../src/modules/brokerage-export/brokerage-export-job'
import { insertExport } from '../src/modules/brokerage-export/brokerage-export.queries'
import { shareableTerms } from '../test/factories'

const OFFERS = Number(process.env.BENCH_EXPORT_OFFERS ?? 1000)
const DOCUMENT_BYTES = 64 * 1024
const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL
if (!databaseUrl) {
  console.log(JSON.stringify({ skipped: 'no PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to measure the export of 1,000 files' }))
  process.exit(0)
}
process.env.TEST_DATABASE_URL = databaseUrl

const mib = (bytes: number) => Math.round(bytes / 1_048_576)
const directory = join(tmpdir(), `offerbook-bench-export-${randomUUID().slice(0, 8)}`)
const storageConfig = { kind: 'disk' as const, directory }
const t = await buildTestApp({ config: testConfig({ storage: storageConfig }) })
const storage = createFileStorage(storageConfig)
try {
  const broker = await createUser(t, { roles: ['PRINCIPAL_BROKER'], name: 'Pat Broker' })
  const listingAgent = await createUser(t, { roles: ['SELLER_AGENT'], name: 'Lena Listing' })
  const buyerAgent = await createUser(t, { roles: ['BUYER_AGENT'], name: 'Bo Agent' })
  const buyer = await createUser(t, { roles: ['BUYER_SIMPLE'], name: 'Ben Buyer' })
  await t.db.insert(teamMember).values([
    { leaderId: broker.id, memberId: listingAgent.id, kind: 'agent', brokerage: true },
    { leaderId: broker.id, memberId: buyerAgent.id, kind: 'agent', brokerage: true },
  ])
  const listings = await Promise.all(Array.from({ length: 20 }, () => createTestListing(t, { ownerId: listingAgent.id, listAgentUserId: listingAgent.id, listAgentFullName: 'Lena Listing' })))
  const terms = shareableTerms()
  const statuses = ['active', 'declined', 'withdrawn', 'expired'] as const

  // The offers, a hundred per insert: every fourth a contract; half made to the listing agent's homes by a buyer, half by the buyer agent.
  for (let start = 0; start < OFFERS; start += 100) {
    const rows = Array.from({ length: Math.min(100, OFFERS - start) }, (_, i) => {
      const n = start + i
      const contract = n % 4 === 0
      return { listingId: listings[n % listings.length]!.id, buyerId: n % 2 === 0 ? buyer.id : buyerAgent.id, status: contract ? 'accepted' : statuses[n % statuses.length]!, terms, purchasePrice: terms.purchasePrice, sharedAt: new Date(), bindingAgreementAt: contract ? new Date() : null }
    })
    const made = await t.db.insert(offer).values(rows).returning({ id: offer.id, status: offer.status })
    const files: (typeof storedFile.$inferInsert)[] = []
    const documents: (typeof transactionFileDocument.$inferInsert)[] = []
    for (const row of made) {
      for (let d = 0; d < 2; d++) {
        const key = `offers/${row.id}/${randomUUID()}.pdf`
        await storage.put(key, randomBytes(DOCUMENT_BYTES), { contentType: 'application/pdf' })
        files.push({ ownerId: buyer.id, key, purpose: 'offer-attachment', filename: `Document ${d + 1}.pdf`, contentType: 'application/pdf', size: DOCUMENT_BYTES })
      }
      if (row.status === 'accepted') {
        const key = `transaction-files/${row.id}/${randomUUID()}.pdf`
        await storage.put(key, randomBytes(DOCUMENT_BYTES), { contentType: 'application/pdf' })
        documents.push({ offerId: row.id, side: 'listing', slotKey: 'agencyDisclosure', kind: 'agencyDisclosure', filename: 'Agency disclosure.pdf', contentType: 'application/pdf', size: DOCUMENT_BYTES, sha256: randomBytes(32).toString('hex'), storageKey: key, source: 'upload', review: 'pending', uploadedBy: listingAgent.id, uploadedByName: 'Lena Listing' })
      }
    }
    const stored = await t.db.insert(storedFile).values(files).returning({ id: storedFile.id, key: storedFile.key })
    await t.db.insert(offerAttachment).values(stored.map((file) => ({ offerId: file.key.split('/')[1]!, fileId: file.id, kind: 'attachment' })))
    if (documents.length > 0) await t.db.insert(transactionFileDocument).values(documents)
  }

  const queued = await insertExport(t.db, { brokerId: broker.id, fromDate: null, toDate: null })
  if (!queued) throw new Error('the export could not be queued')
  const rssBefore = process.memoryUsage().rss
  const samples: number[] = []
  const byProgress: Record<string, number> = {}
  let peak = rssBefore
  const sampler = setInterval(() => {
    const rss = process.memoryUsage().rss
    samples.push(rss)
    peak = Math.max(peak, rss)
  }, 250)
  // The RSS at each quarter of the offers, read from the export's own progress.
  const watcher = setInterval(() => {
    void t.db
      .select({ done: brokerageExport.filesDone, total: brokerageExport.filesTotal })
      .from(brokerageExport)
      .where(eq(brokerageExport.id, queued.id))
      .then(([row]) => {
        if (!row?.total) return
        for (const quarter of [25, 50, 75, 100]) if (row.done * 100 >= quarter * row.total && byProgress[`${quarter}%`] === undefined) byProgress[`${quarter}%`] = mib(process.memoryUsage().rss)
      })
  }, 500)
  const started = performance.now()
  const quiet = { info: () => {}, warn: () => {}, error: (...args: unknown[]) => console.error(...args) }
  const [outcome] = await runBrokerageExports(t.db, storage, { log: quiet })
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  clearInterval(watcher)
  byProgress['100%'] ??= mib(process.memoryUsage().rss)
  if (!outcome || outcome.offers !== OFFERS) throw new Error(`the export held ${outcome?.offers ?? 0} offers of ${OFFERS}`)
  // Ten samples spread over the run, so a reader sees the memory stay flat.
  const spread = Array.from({ length: 10 }, (_, i) => samples[Math.floor((i * (samples.length - 1)) / 9)] ?? 0).map(mib)
  const [one, five, fifteen] = loadavg().map((value) => Math.round(value * 100) / 100)
  console.log(
    JSON.stringify({
      seconds: Math.round(seconds * 10) / 10,
      offers: outcome.offers,
      files: outcome.files,
      zipBytes: outcome.size,
      rssBeforeMiB: mib(rssBefore),
      rssPeakMiB: mib(peak),
      rssSamplesMiB: spread,
      rssByProgressMiB: byProgress,
      loadAverage: [one, five, fifteen],
    }),
  )
} finally {
  await t.close()
  rmSync(directory, { recursive: true, force: true })
}
