import type { ListingVisibility } from '@offerbook/domain/listing'
import type { ImportJob, ImportPreview, ImportProblem, ImportSkip, ImportSource, ImportSources, StartImport } from '@offerbook/domain/listing-import'
import { importProblem, importSkip, LISTING_IMPORT_LIMITS, nextHighWater } from '@offerbook/domain/listing-import'
import type { MessageKey } from '@offerbook/domain/messages'
import { CATALOGUE, isMessageKey, messageText } from '@offerbook/domain/messages'
import type { User } from '@offerbook/domain/user'
import { cleanFileName, holdsUnstorableText, isUuid } from '@offerbook/domain/validation'
import { AppError, fieldError } from '../../app-error'
import type { Db } from '../../db/client'
import { deleteListingWithPhotos, refuseUnlessAddListingEnabled } from '../listings/listings.service'

export { refuseUnlessAddListingEnabled }
import type { PlannedRecord, StoredRecord } from './import-plan'
import { keyOf, listingOf, planRecords, previewsOf, timestampOf } from './import-plan'
import type { ImportJobRow } from './listing-import.queries'
import { deleteCursor, deletePendingJobs, findCursor, findJob, findListingsByKeys, findRunningJobs, finishJob, insertJob, markJobRunning, saveCursor, updateJobProgress } from './listing-import.queries'
import type { ImportContext } from './import-context'
import { FeedError } from './mls-grid-client'
import { parseResoFile } from './reso-file'
import type { PreparedPhotos } from './record-writer'
import { cleanupLog, failureOf, preparePhotos, RecordFailure, writeRecord } from './record-writer'

/**
 * Importing an agent's listings (issue 5 item 2). Checking the feed or uploading a file makes a
 * pending job holding the records as they came; the agent picks and confirms; the job then runs in
 * the background of this process, writing its progress to its row for the browser to poll. Each
 * record is written in one transaction with its photos (record-writer.ts).
 *
 * A job's problems are kept with their catalogue keys: a skipped record's reasonKey beside its English
 * reason, and the key of a failed job's message in its error column.
 */


/** What a job's request column holds. */
type JobRequest = {
  records?: StoredRecord[]
  fileName?: string | null
  /** Feed: the high-water mark the feed was asked from. */
  since?: string | null
  listingKeys?: string[]
  visibility?: ListingVisibility
  /** While running: when the runner last wrote its progress (ISO). */
  heartbeatAt?: string
}

/**
 * A running job whose runner has not written for this long belongs to a process that stopped: it is
 * shown as interrupted and no longer blocks the next import. A runner writes at least this often.
 */
const HEARTBEAT_TIMEOUT_MS = 10 * 60 * 1000
const HEARTBEAT_INTERVAL_MS = 30 * 1000
const PROGRESS_WRITE_INTERVAL_MS = 250

const jobNotFound = () => new AppError('NOT_FOUND', 'listingImport.jobNotFound')
const requestOf = (row: ImportJobRow): JobRequest => row.request as JobRequest

/** A running job nobody runs any more: its process stopped before it finished. */
function abandoned(row: ImportJobRow, now = Date.now()): boolean {
  if (row.status !== 'running') return false
  const heartbeat = Date.parse(requestOf(row).heartbeatAt ?? '') || row.createdAt.getTime()
  return now - heartbeat > HEARTBEAT_TIMEOUT_MS
}

// ---------------------------------------------------------------------------------------------
// Sources and the pending job

export async function getImportSources(ctx: ImportContext, { actor }: { actor: User }): Promise<ImportSources> {
  const cursor = await findCursor(ctx.db, actor.uid)
  return {
    feed: { configured: ctx.feed !== null, originatingSystem: ctx.feed?.originatingSystem ?? null },
    mlsId: actor.sellerAgentId,
    lastFeedTimestamp: cursor ? cursor.toISOString() : null,
    fileMaxBytes: LISTING_IMPORT_LIMITS.fileMaxBytes,
  }
}

/**
 * Forgets the feed's high-water mark of a user, so the next feed check loads their listings whole.
 * The profile calls it when the agent's MLS ID changes, inside the transaction of that change.
 */
export async function forgetFeedCursor(db: Db, { userId }: { userId: string }): Promise<void> {
  await deleteCursor(db, userId)
}

/** What the agent is told when the feed cannot be read. */
const FEED_MESSAGES: Record<FeedError['kind'], MessageKey> = {
  unauthorized: 'listingImport.feedUnauthorized',
  'rate-limited': 'listingImport.feedRateLimited',
  malformed: 'listingImport.feedMalformed',
  'too-many': 'listingImport.feedTooMany',
  http: 'listingImport.feedError',
  unavailable: 'listingImport.feedUnavailable',
}

/**
 * Asks the feed for the agent's listings (ListAgentMlsId = their profile's MLS ID) modified since the
 * last import, or all viewable ones the first time, and keeps them in a new pending job.
 */
export async function checkFeed(ctx: ImportContext, { actor }: { actor: User }): Promise<ImportPreview> {
  refuseUnlessAddListingEnabled(actor)
  if (!ctx.feed) throw new AppError('CONFLICT', 'listingImport.feedNotConfigured')
  const agentMlsId = actor.sellerAgentId?.trim()
  if (!agentMlsId) throw new AppError('CONFLICT', 'listingImport.noMlsId')
  const since = await findCursor(ctx.db, actor.uid)
  let records: unknown[]
  try {
    records = (await ctx.feed.client.fetchAgentProperties({ agentMlsId, since })).records
  } catch (error) {
    if (!(error instanceof FeedError)) throw error
    ctx.log.warn({ err: error, kind: error.kind }, 'the MLS feed could not be read')
    throw new AppError('UNAVAILABLE', FEED_MESSAGES[error.kind], { cause: error })
  }
  // The records are kept as they came (jsonb), which cannot hold NUL or a lone surrogate (decision 017).
  if (holdsUnstorableText(records)) throw new AppError('UNAVAILABLE', 'listingImport.feedMalformed')
  const request: JobRequest = { records: records.map((raw) => ({ raw, line: null })), since: since ? since.toISOString() : null, fileName: null }
  return createPendingJob(ctx, actor, 'mls-grid', request)
}

/** Reads an uploaded RESO JSON file; a file that is not JSON or not RESO records is refused whole. */
export async function uploadResoFile(ctx: ImportContext, { actor, file }: { actor: User; file: { bytes: Buffer; filename: string } }): Promise<ImportPreview> {
  refuseUnlessAddListingEnabled(actor)
  if (file.bytes.length > LISTING_IMPORT_LIMITS.fileMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', 'listingImport.fileTooLarge')
  const parsed = parseResoFile(file.bytes.toString('utf8'))
  if (!parsed.ok) throw fieldError('file', parsed.message.key, parsed.message.params)
  // The records are kept as they came (jsonb), which cannot hold NUL or a lone surrogate: the file is refused whole (decision 017).
  if (holdsUnstorableText(parsed.records)) throw fieldError('file', 'common.unstorableText')
  const fileName = cleanFileName(file.filename, 'listings.json')
  return createPendingJob(ctx, actor, 'reso-file', { records: parsed.records, fileName })
}

async function createPendingJob(ctx: ImportContext, actor: User, source: ImportSource, request: JobRequest): Promise<ImportPreview> {
  const row = await ctx.db.transaction(async (tx) => {
    await deletePendingJobs(tx, actor.uid)
    return insertJob(tx, { userId: actor.uid, source, request, total: request.records?.length ?? 0 })
  })
  const plan = await planRecords(ctx.db, actor.uid, request.records ?? [])
  return { job: await toJob(ctx.db, row), since: request.since ?? null, records: previewsOf(plan) }
}

async function loadJob(db: Db, actor: User, id: string): Promise<ImportJobRow> {
  if (!isUuid(id)) throw jobNotFound()
  const row = await findJob(db, { id: id.toLowerCase(), userId: actor.uid })
  if (!row) throw jobNotFound()
  return row
}

export async function getImportJob(ctx: ImportContext, { actor, id }: { actor: User; id: string }): Promise<ImportJob> {
  return toJob(ctx.db, await loadJob(ctx.db, actor, id))
}

/** The pick and map steps: the records of a pending job as they would be imported now. */
export async function getImportPreview(ctx: ImportContext, { actor, id }: { actor: User; id: string }): Promise<ImportPreview> {
  const row = await loadJob(ctx.db, actor, id)
  const request = requestOf(row)
  const plan = row.status === 'pending' ? await planRecords(ctx.db, actor.uid, request.records ?? []) : []
  return { job: await toJob(ctx.db, row), since: request.since ?? null, records: previewsOf(plan) }
}

async function toJob(db: Db, row: ImportJobRow): Promise<ImportJob> {
  const request = requestOf(row)
  const interrupted = abandoned(row)
  let listings: ImportJob['listings'] = []
  if (row.status === 'done' || row.status === 'running') {
    const skippedKeys = new Set(row.skipped.map((skip) => skip.key))
    const found = await findListingsByKeys(db, (request.listingKeys ?? []).filter((key) => !skippedKeys.has(key)))
    listings = found.filter((item) => item.ownerId === row.userId).map((item) => ({ id: item.id, ListingKey: item.listingKey, UnparsedAddress: item.unparsedAddress }))
  }
  return {
    id: row.id,
    source: row.source as ImportSource,
    status: interrupted ? 'failed' : (row.status as ImportJob['status']),
    fileName: request.fileName ?? null,
    total: row.total,
    processed: row.processed,
    imported: row.imported,
    updated: row.updated,
    deleted: row.deleted,
    skipped: row.skipped.map(withReasonKey),
    ...jobError(interrupted ? 'listingImport.jobInterrupted' : row.error),
    listings,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  }
}

/** A message kept as English text, before messages had keys, is known by that text when it is a fixed one. */
function keyOfText(text: string): MessageKey | null {
  return (Object.keys(CATALOGUE) as MessageKey[]).find((key) => CATALOGUE[key] === text) ?? null
}

function withReasonKey(skip: ImportSkip): ImportSkip {
  if (skip.reasonKey !== undefined) return skip
  const reasonKey = keyOfText(skip.reason)
  return reasonKey ? { ...skip, reasonKey } : skip
}

/** The error column holds the key of the job's message (older rows its English text). */
function jobError(stored: string | null): Pick<ImportJob, 'error' | 'errorKey'> {
  if (stored === null) return { error: null, errorKey: null }
  if (isMessageKey(stored)) return { error: messageText(stored), errorKey: stored }
  return { error: stored, errorKey: keyOfText(stored) }
}

// ---------------------------------------------------------------------------------------------
// Starting and running a job

export type StartedImport = { job: ImportJob; done: Promise<void> }

/** Starts a pending job with the picked records; it runs in the background and `done` settles when it ends. */
export async function startImport(ctx: ImportContext, { actor, id, input }: { actor: User; id: string; input: StartImport }): Promise<StartedImport> {
  refuseUnlessAddListingEnabled(actor)
  const row = await loadJob(ctx.db, actor, id)
  if (row.status !== 'pending') throw new AppError('CONFLICT', 'listingImport.jobStarted')
  if ((await findRunningJobs(ctx.db, actor.uid)).some((job) => !abandoned(job))) throw new AppError('CONFLICT', 'listingImport.jobRunning')

  const request = requestOf(row)
  const plan = await planRecords(ctx.db, actor.uid, request.records ?? [])
  const pickable = new Map(plan.filter((entry) => entry.action === 'create' || entry.action === 'update').map((entry) => [keyOf(entry.check)!, entry]))
  const chosen = [...new Set(input.listingKeys)]
  if (chosen.some((key) => !pickable.has(key))) throw fieldError('listingKeys', 'listingImport.notInImport')
  const deletions = plan.filter((entry) => entry.action === 'delete' && !entry.ignored)
  if (chosen.length === 0 && deletions.length === 0) throw fieldError('listingKeys', 'listingImport.nothingChosen')

  const skips = plan.filter((entry) => entry.action === 'skip')
  const total = chosen.length + deletions.length + skips.length
  // The records stay with the plan in this process; the row keeps what the report needs.
  const { records: _records, ...kept } = request
  const running = await markJobRunning(ctx.db, { id: row.id, userId: actor.uid, request: { ...kept, listingKeys: chosen, visibility: input.visibility, heartbeatAt: new Date().toISOString() } satisfies JobRequest, total })
  if (!running) throw new AppError('CONFLICT', 'listingImport.jobStarted')

  const chosenSet = new Set(chosen)
  const done = runJob(ctx, running, { actor, plan, chosen: plan.filter((entry) => pickable.get(keyOf(entry.check)!) === entry && chosenSet.has(keyOf(entry.check)!)), visibility: input.visibility })
  return { job: await toJob(ctx.db, running), done }
}

type RunInput = { actor: User; plan: PlannedRecord[]; chosen: PlannedRecord[]; visibility: ListingVisibility }

async function runJob(ctx: ImportContext, row: ImportJobRow, input: RunInput): Promise<void> {
  const { heartbeatAt: _heartbeat, ...kept } = requestOf(row)
  const progress = { total: row.total, processed: 0, imported: 0, updated: 0, deleted: 0, skipped: [] as ImportSkip[] }
  try {
    await runRecords(ctx, row, input, progress)
    await finishJob(ctx.db, row.id, { status: 'done', error: null, request: kept, ...progress })
  } catch (error) {
    ctx.log.error({ err: error, jobId: row.id }, 'a listing import failed')
    // The error column keeps the message's key; jobError gives its text when the job is read.
    await finishJob(ctx.db, row.id, { status: 'failed', error: 'listingImport.jobFailed', request: kept, ...progress }).catch((finishError: unknown) =>
      ctx.log.error({ err: finishError, jobId: row.id }, 'could not record that a listing import failed'),
    )
  }
}

type Progress = { total: number; processed: number; imported: number; updated: number; deleted: number; skipped: ImportSkip[] }

type Report = (force?: boolean) => Promise<void>

/** Runs the records, writing the progress as it goes (at most every 250 ms) and a heartbeat every 30 s. */
async function runRecords(ctx: ImportContext, row: ImportJobRow, input: RunInput, progress: Progress): Promise<void> {
  let lastWrite = 0
  const report = async (force = false) => {
    if (!force && Date.now() - lastWrite < PROGRESS_WRITE_INTERVAL_MS) return
    lastWrite = Date.now()
    await updateJobProgress(ctx.db, row.id, { ...progress, request: { ...requestOf(row), heartbeatAt: new Date().toISOString() } })
  }
  // A record with many photos can take a while: the heartbeat goes on meanwhile.
  const heartbeat = setInterval(() => void report(true).catch(() => {}), HEARTBEAT_INTERVAL_MS)
  try {
    await importRecords(ctx, row, input, progress, report)
  } finally {
    clearInterval(heartbeat)
  }
}

async function importRecords(ctx: ImportContext, row: ImportJobRow, { actor, plan, chosen, visibility }: RunInput, progress: Progress, report: Report): Promise<void> {
  const source = row.source as ImportSource
  const settled = new Map<PlannedRecord, boolean>()
  const skip = (entry: PlannedRecord, problems: readonly ImportProblem[]) => {
    const key = keyOf(entry.check) ?? `#${entry.index + 1}`
    for (const problem of problems) progress.skipped.push(importSkip(key, entry.line, problem))
  }

  // Records that cannot be imported are reported first; they come back only once the source changes them.
  for (const entry of plan) {
    if (entry.ignored) settled.set(entry, true)
    if (entry.action !== 'skip') continue
    skip(entry, entry.problems)
    settled.set(entry, true)
    progress.processed++
  }
  await report(true)

  // MlgCanView=false: the MLS no longer lets the listing be shown.
  for (const entry of plan) {
    if (entry.action !== 'delete' || entry.ignored || !entry.listingId) continue
    const [here] = await findListingsByKeys(ctx.db, [keyOf(entry.check)!])
    const removed = here && here.ownerId === actor.uid ? await deleteListingWithPhotos(ctx.db, ctx.storage, { listingId: here.id, onCleanupError: cleanupLog(ctx) }) : false
    if (removed) progress.deleted++
    settled.set(entry, true)
    progress.processed++
    await report()
  }

  // The picked records: photos of the next few download while one is written.
  const lookahead = Math.max(1, ctx.lookahead ?? 4)
  const prepared: Promise<PreparedPhotos | RecordFailure>[] = []
  const prepare = (index: number) => {
    const entry = chosen[index]!
    prepared[index] = preparePhotos(ctx, source, { record: listingOf(entry), listingId: entry.listingId }).catch((error: unknown) => failureOf(ctx, error))
  }
  for (let index = 0; index < Math.min(lookahead, chosen.length); index++) prepare(index)
  for (const [index, entry] of chosen.entries()) {
    const photos = await prepared[index]!
    if (index + lookahead < chosen.length) prepare(index + lookahead)
    const record = listingOf(entry)
    try {
      if (!record) throw new RecordFailure(importProblem(null, 'listingImport.recordNotObject'), true)
      if (photos instanceof RecordFailure) throw photos
      const outcome = await writeRecord(ctx, { actor, source, record, photos, visibility })
      if (outcome === 'imported') progress.imported++
      else progress.updated++
      settled.set(entry, true)
    } catch (error) {
      const failure = failureOf(ctx, error)
      skip(entry, [failure.problem])
      settled.set(entry, failure.settled)
    }
    progress.processed++
    await report()
  }
  await report(true)

  if (source === 'mls-grid') {
    const since = requestOf(row).since ? new Date(requestOf(row).since!) : null
    const highWater = nextHighWater(
      plan.map((entry) => ({ timestamp: timestampOf(entry.check), settled: settled.get(entry) ?? false })),
      since,
    )
    const current = await findCursor(ctx.db, actor.uid)
    if (highWater && (!current || highWater > current)) await saveCursor(ctx.db, { userId: actor.uid, highWater })
  }
}
