import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'
import { Transform } from 'node:stream'
import { ZipFile } from 'yazl'
import { BROKERAGE_EXPORT_LAYOUT } from '@offerbook/domain/brokerage-export'
import { csvFile } from '@offerbook/domain/csv'
import type { CsvValue } from '@offerbook/domain/csv'
import { CENTRAL_TIME, instantOfWallText } from '@offerbook/domain/property-time'
import type { Db } from '../../db/client'
import type { FileStorage } from '../../storage/storage'
import type { JobContext, JobDefinition, JobLog } from '../jobs/job-runner'
import type { ExportOfferRow, ExportPeriod } from '../broker/broker.service'
import type { ExportFileDocument } from '../transaction-files/file-documents.service'
import { listFileDocumentsForExport } from '../transaction-files/file-documents.service'
import { brokerageAgentNames, brokerageOfferPage, countBrokerageOffers } from '../broker/broker.service'
import type { FileSource, ManifestEntry } from '../offer-record/transaction-file-parts'
import { addHashedEntries, bufferStream, json, loadOfferForFile, offerFileSources, safeName, sha256Sums } from '../offer-record/transaction-file-parts'
import type { BrokerageExportRow } from './brokerage-export.queries'
import { claimExport, failExport, finishExport, recordProgress, requeueExport } from './brokerage-export.queries'

/**
 * The brokerage's export job (issue #35 item 5, decision 071): one ZIP of every file of a brokerage,
 * or of a period, written into the file storage as it is made. Offers are read a page at a time and
 * their files one at a time, each straight from the storage into the archive, so the memory stays flat
 * whatever the brokerage's size; only the manifest's lines and the index's rows grow, a line per file.
 *
 * Layout:
 *   offers/NNNN-<address>-<offer id>/   each offer's transaction file as one offer's ZIP holds it (decision 030), and
 *     brokerage-file/<side>/            the brokerage's file of each side that is the brokerage's (decision 068):
 *       NN-<slot>-<name>                each document filed, superseded ones included, oldest first
 *       documents.json                  each one's slot, kind, source, review, who filed it and its SHA-256
 *   index.csv                           one row per offer: its folder, address, status, sides and agents
 *   manifest.json                       every file above: path, size, SHA-256 (written last)
 *   SHA256SUMS                          the same in `sha256sum -c` form
 */

/** Offers read per page. */
const PAGE_SIZE = 100
/** How often a running export tells that its process is alive, and when another process takes it over. */
export const EXPORT_HEARTBEAT_MS = 30_000
export const EXPORT_STALE_MS = 3 * 60_000
/** How often the progress is written while offers go in. */
const PROGRESS_EVERY_MS = 500

/** Where an export's ZIP is kept in the file storage. */
export const exportFileKey = (id: string) => `brokerage-exports/${id}.zip`

const queued = new Set<() => void>()

/** Wakes the export job of this process: an export was just asked for. */
export function announceExportQueued(): void {
  for (const listener of queued) listener()
}

/** The period's instants: from the first day's midnight to the midnight after the last day, Central time. */
export function periodOf(row: Pick<BrokerageExportRow, 'brokerId' | 'fromDate' | 'toDate'>): ExportPeriod {
  const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
  return {
    brokerId: row.brokerId,
    from: row.fromDate ? instantOfWallText(row.fromDate, '00:00', CENTRAL_TIME) : null,
    until: row.toDate ? instantOfWallText(nextDay(row.toDate), '00:00', CENTRAL_TIME) : null,
  }
}

export type ExportOutcome = { id: string; offers: number; files: number; size: number; sha256: string }

class ExportStopped extends Error {}

/** The folder of the nth offer: its number, its address and its id, so it sorts and reads alike. */
function folderOf(index: number, offer: ExportOfferRow): string {
  const address = safeName(offer.address ?? 'no-address')
    .replace(/\s+/g, '-')
    .slice(0, 60)
  return `${BROKERAGE_EXPORT_LAYOUT.offersFolder}/${String(index + 1).padStart(4, '0')}-${address}-${offer.id}`
}

const INDEX_HEADER: CsvValue[] = ['folder', 'offer_id', 'address', 'status', 'became_contract', 'binding_agreement_at', 'created_at', 'brokerage_sides', 'buyer_agent', 'listing_agent', 'files']

/** The documents of the brokerage's file of each side that is the brokerage's, and what is known of each. */
function brokerageFileSources(storage: FileStorage, documents: readonly ExportFileDocument[], sides: readonly string[]): FileSource[] {
  return sides.flatMap((side) => {
    const filed = documents.filter((document) => document.side === side)
    if (filed.length === 0) return []
    const folder = `brokerage-file/${side}`
    const named = filed.map((document, index) => ({ document, path: `${folder}/${String(index + 1).padStart(2, '0')}-${document.slotKey.replace(/[^A-Za-z0-9._-]+/g, '-')}-${safeName(document.filename)}` }))
    return [
      ...named.map(({ document, path }) => ({ path, open: async () => (await storage.get(document.storageKey))?.body ?? null })),
      {
        path: `${folder}/documents.json`,
        open: json(named.map(({ document, path }) => {
          const { storageKey: _key, ...shown } = document
          return { file: path.slice(folder.length + 1), ...shown }
        })),
      },
    ]
  })
}

/** Writes one export's ZIP into the storage; returns what it holds. */
export async function writeExport(db: Db, storage: FileStorage, row: BrokerageExportRow, { now = () => new Date(), stopping = () => false }: { now?: () => Date; stopping?: () => boolean } = {}): Promise<ExportOutcome> {
  const period = periodOf(row)
  const mtime = now()
  const [total, agents] = await Promise.all([countBrokerageOffers(db, period), brokerageAgentNames(db, row.brokerId)])
  const names = new Map(agents.map((agent) => [agent.id, agent.name]))
  const ours = (id: string | null) => id !== null && (id === row.brokerId || names.has(id))
  await recordProgress(db, row.id, { filesDone: 0, filesTotal: total, at: now() })

  const zip = new ZipFile()
  const files: ManifestEntry[] = []
  const index: CsvValue[][] = [INDEX_HEADER]
  const whole = createHash('sha256')
  let size = 0
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      whole.update(chunk)
      size += chunk.length
      done(null, chunk)
    },
  })
  const key = exportFileKey(row.id)
  const output = zip.outputStream as unknown as Readable
  output.on('error', (error) => counted.destroy(error))
  output.pipe(counted)
  const putting = storage.put(key, counted, { contentType: 'application/zip' })
  // A failure of the archive or of the storage ends the wait for the files in flight.
  const broken = new Promise<never>((_resolve, reject) => {
    zip.on('error', (error: Error) => {
      counted.destroy(error)
      reject(error)
    })
    putting.catch(reject)
  })
  broken.catch(() => {})

  const heartbeat = setInterval(() => void recordProgress(db, row.id, { at: now() }).catch(() => {}), EXPORT_HEARTBEAT_MS)
  heartbeat.unref()
  let done = 0
  let told = Date.now()
  try {
    let after: string | null = null
    for (;;) {
      const page = await brokerageOfferPage(db, { ...period, after, limit: PAGE_SIZE })
      for (const item of page) {
        if (stopping()) throw new ExportStopped('the process is stopping')
        const found = await loadOfferForFile(db, item.id)
        if (!found) continue
        const folder = folderOf(done, item)
        const sides = [ours(item.buyerId) ? 'buyer' : null, ours(item.listAgentUserId) || ours(item.ownerId) ? 'listing' : null].filter((side) => side !== null)
        const [record, documents] = await Promise.all([offerFileSources(db, storage, found), listFileDocumentsForExport(db, item.id)])
        const sources = [...record, ...brokerageFileSources(storage, documents, sides)]
        await Promise.race([addHashedEntries(zip, sources, { mtime, prefix: `${folder}/`, files }), broken])
        const listingAgentId = ours(item.listAgentUserId) ? item.listAgentUserId : ours(item.ownerId) ? item.ownerId : null
        index.push([
          folder,
          item.id,
          item.address,
          item.status,
          item.bindingAgreementAt ? 'yes' : 'no',
          item.bindingAgreementAt?.toISOString() ?? null,
          item.createdAt.toISOString(),
          sides.join(' '),
          ours(item.buyerId) ? (names.get(item.buyerId) ?? null) : null,
          listingAgentId ? (names.get(listingAgentId) ?? null) : null,
          sources.length,
        ])
        done += 1
        if (Date.now() - told >= PROGRESS_EVERY_MS) {
          told = Date.now()
          await recordProgress(db, row.id, { filesDone: done, at: now() })
        }
      }
      if (page.length < PAGE_SIZE) break
      after = page.at(-1)!.id
    }
    const indexCsv = csvFile(index)
    await Promise.race([addHashedEntries(zip, [{ path: BROKERAGE_EXPORT_LAYOUT.index, open: async () => Buffer.from(indexCsv) }], { mtime, files }), broken])
    // The manifest's turn comes after every file above was read: their hashes are known by then.
    const manifest = () => ({ brokerId: row.brokerId, exportId: row.id, from: row.fromDate, to: row.toDate, generatedAt: mtime.toISOString(), offers: done, files })
    zip.addReadStreamLazy(BROKERAGE_EXPORT_LAYOUT.manifest, { mtime }, (callback) => callback(null, bufferStream(`${JSON.stringify(manifest(), null, 2)}\n`)))
    zip.addReadStreamLazy(BROKERAGE_EXPORT_LAYOUT.sums, { mtime }, (callback) => callback(null, bufferStream(sha256Sums(files))))
    zip.end()
    await Promise.race([putting, broken])
  } catch (error) {
    counted.destroy()
    await putting.catch(() => {})
    await storage.delete(key).catch(() => {})
    throw error
  } finally {
    clearInterval(heartbeat)
  }
  const sha256 = whole.digest('hex')
  await finishExport(db, row.id, { fileKey: key, size, sha256, filesDone: done, at: now() })
  return { id: row.id, offers: done, files: files.length, size, sha256 }
}

/** Runs every queued export (and any a dead process left running), one after another. */
export async function runBrokerageExports(db: Db, storage: FileStorage, { log, now = () => new Date(), stopping = () => false }: { log: JobLog; now?: () => Date; stopping?: () => boolean }): Promise<ExportOutcome[]> {
  const outcomes: ExportOutcome[] = []
  while (!stopping()) {
    const at = now()
    const row = await claimExport(db, { now: at, staleBefore: new Date(at.getTime() - EXPORT_STALE_MS) })
    if (!row) break
    try {
      outcomes.push(await writeExport(db, storage, row, { now, stopping }))
    } catch (error) {
      if (error instanceof ExportStopped) {
        await requeueExport(db, row.id)
        break
      }
      const text = error instanceof Error ? error.message || error.name : String(error)
      log.error({ exportId: row.id, err: error }, `brokerage export ${row.id} failed: ${text}`)
      await failExport(db, row.id, { error: text.slice(0, 1000), at: now() })
    }
  }
  return outcomes
}

/** The job of the one runner (decision 045): a queue every process drains, woken when an export is asked for. */
export function brokerageExportJob({ db, storage, log, everyMs = 60_000 }: { db: Db; storage: FileStorage; log: JobLog; everyMs?: number }): JobDefinition<ExportOutcome[]> {
  return {
    name: 'brokerage-export',
    kind: 'queue',
    everyMs,
    runAtStart: true,
    run: (context: JobContext) => runBrokerageExports(db, storage, { log, stopping: context.stopping }),
    attach(nudge) {
      queued.add(nudge)
      return () => queued.delete(nudge)
    },
  }
}
