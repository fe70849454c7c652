import type { ListingVisibility } from '@offerbook/domain/listing'
import { isPublishedStatus, LISTING_LIMITS, LISTING_MESSAGES, unparsedAddress } from '@offerbook/domain/listing'
import type { ImportJob, ImportPreview, ImportProblem, ImportRecordPreview, ImportSkip, ImportSource, ImportSources, StartImport } from '@offerbook/domain/listing-import'
import { LISTING_IMPORT_LIMITS, LISTING_IMPORT_MESSAGES, nextHighWater } from '@offerbook/domain/listing-import'
import type { User } from '@offerbook/domain/user'
import { cleanFileName, holdsUnstorableText, MESSAGES } from '@offerbook/domain/validation'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import type { FileStorage } from '../../storage/storage'
import { removeStoredObjects, sniffImageType } from '../files/files.service'
import { attachListingPhoto, deleteListingWithPhotos, listAgentFieldsOf, listingFieldColumns, removeListingPhotos } from '../listings/listings.service'
import type { ImportJobRow, ImportListingChanges, ImportListingRow, NewImportListing } from './listing-import.queries'
import {
  deleteCursor,
  deletePendingJobs,
  findCursor,
  findJob,
  findListingsByKeys,
  findRunningJobs,
  finishJob,
  insertImportedListing,
  insertJob,
  listListingMedia,
  lockListingByKey,
  markJobRunning,
  saveCursor,
  setMediaOrder,
  updateImportedListing,
  updateJobProgress,
} from './listing-import.queries'
import type { MlsGridClient } from './mls-grid-client'
import { downloadPhoto, FeedError, RefusedHostError, TooLargeError } from './mls-grid-client'
import { parseResoFile } from './reso-file'
import type { MappedListing, RecordCheck, ResoMedia } from './reso-record'
import { checkResoRecord } from './reso-record'

/**
 * Importing an agent's listings (issue 5 item 2). Checking the feed or uploading a file makes a
 * pending job holding the records as they came; the agent picks and confirms; the job then runs in
 * the background of this process, writing its progress to its row for the browser to poll.
 *
 * Each record is written in one transaction with its photos. Photos are downloaded and checked
 * before the transaction starts (a bad record writes nothing); the stored bytes follow the
 * transaction: those it added are removed if it rolls back, those it replaced only once it commits.
 */

export type ImportLog = { error: (object: object, message: string) => void; warn: (object: object, message: string) => void }

export type ImportContext = {
  db: Db
  storage: FileStorage
  /** The MLS Grid feed; null when MLS_GRID_URL / MLS_GRID_TOKEN are not set. */
  feed: { client: MlsGridClient; originatingSystem: string | null } | null
  log: ImportLog
  /** Photos named by an uploaded file are only fetched from public addresses; tests against a local server lift it. */
  filePhotosFromPrivateHosts?: boolean
  /** Records whose photos are downloaded ahead of the one being written. */
  lookahead?: number
}

type StoredRecord = { raw: unknown; line: number | null }

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
const PHOTO_DOWNLOADS_AT_ONCE = 6
const PROGRESS_WRITE_INTERVAL_MS = 250
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const jobNotFound = () => new AppError('NOT_FOUND', LISTING_IMPORT_MESSAGES.jobNotFound)
const requestOf = (row: ImportJobRow): JobRequest => row.request as JobRequest

/** A running job nobody runs any more: its process stopped before it finished. */
function abandoned(row: ImportJobRow, now = Date.now()): boolean {
  if (row.status !== 'running') return false
  const heartbeat = Date.parse(requestOf(row).heartbeatAt ?? '') || row.createdAt.getTime()
  return now - heartbeat > HEARTBEAT_TIMEOUT_MS
}

/** A record that could not be written, and whether the next run should leave it (settled) or try it again. */
class RecordFailure extends Error {
  override name = 'RecordFailure'
  constructor(
    readonly problems: ImportProblem[],
    readonly settled: boolean,
  ) {
    super(problems[0]?.message ?? LISTING_IMPORT_MESSAGES.recordFailed)
  }
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

function feedMessage(error: FeedError): string {
  switch (error.kind) {
    case 'unauthorized':
      return LISTING_IMPORT_MESSAGES.feedUnauthorized
    case 'rate-limited':
      return LISTING_IMPORT_MESSAGES.feedRateLimited
    case 'malformed':
      return LISTING_IMPORT_MESSAGES.feedMalformed
    case 'too-many':
      return LISTING_IMPORT_MESSAGES.feedTooMany
    case 'http':
      return LISTING_IMPORT_MESSAGES.feedError
    default:
      return LISTING_IMPORT_MESSAGES.feedUnavailable
  }
}

/**
 * Asks the feed for the agent's listings (ListAgentMlsId = their profile's MLS ID) modified since the
 * last import, or all viewable ones the first time, and keeps them in a new pending job.
 */
export async function checkFeed(ctx: ImportContext, { actor }: { actor: User }): Promise<ImportPreview> {
  if (!ctx.feed) throw new AppError('CONFLICT', LISTING_IMPORT_MESSAGES.feedNotConfigured)
  const agentMlsId = actor.sellerAgentId?.trim()
  if (!agentMlsId) throw new AppError('CONFLICT', LISTING_IMPORT_MESSAGES.noMlsId)
  const since = await findCursor(ctx.db, actor.uid)
  let records: unknown[]
  try {
    records = (await ctx.feed.client.fetchAgentProperties({ agentMlsId, since })).records
  } catch (error) {
    if (!(error instanceof FeedError)) throw error
    ctx.log.warn({ err: error, kind: error.kind }, 'the MLS feed could not be read')
    throw new AppError('UNAVAILABLE', feedMessage(error), { cause: error })
  }
  // The records are kept as they came (jsonb), which cannot hold NUL or a lone surrogate (decision 017).
  if (holdsUnstorableText(records)) throw new AppError('UNAVAILABLE', LISTING_IMPORT_MESSAGES.feedMalformed)
  const request: JobRequest = { records: records.map((raw) => ({ raw, line: null })), since: since ? since.toISOString() : null, fileName: null }
  return createPendingJob(ctx, actor, 'mls-grid', request)
}

/** Reads an uploaded RESO JSON file; a file that is not JSON or not RESO records is refused whole. */
export async function uploadResoFile(ctx: ImportContext, { actor, file }: { actor: User; file: { bytes: Buffer; filename: string } }): Promise<ImportPreview> {
  if (file.bytes.length > LISTING_IMPORT_LIMITS.fileMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', LISTING_IMPORT_MESSAGES.fileTooLarge)
  const parsed = parseResoFile(file.bytes.toString('utf8'))
  if (!parsed.ok) throw new AppError('BAD_REQUEST', parsed.message, { errors: [{ path: 'file', message: parsed.message }] })
  // The records are kept as they came (jsonb), which cannot hold NUL or a lone surrogate: the file is refused whole (decision 017).
  if (holdsUnstorableText(parsed.records)) throw new AppError('BAD_REQUEST', MESSAGES.unstorableText, { errors: [{ path: 'file', message: MESSAGES.unstorableText }] })
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
  if (!UUID_PATTERN.test(id)) throw jobNotFound()
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
    skipped: row.skipped,
    error: interrupted ? LISTING_IMPORT_MESSAGES.jobInterrupted : row.error,
    listings,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  }
}

// ---------------------------------------------------------------------------------------------
// The plan: each record checked, mapped and matched with what is here

type PlannedRecord = {
  index: number
  line: number | null
  check: RecordCheck
  action: ImportRecordPreview['action']
  problems: ImportProblem[]
  /** The listing here the record updates or deletes. */
  listingId: string | null
  /** A MlgCanView=false record for a listing that is not here: nothing to do. */
  ignored: boolean
}

const keyOf = (check: RecordCheck) => (check.ok ? check.record.ListingKey : check.ListingKey)
const timestampOf = (check: RecordCheck) => (check.ok ? check.record.ModificationTimestamp : check.ModificationTimestamp)

async function planRecords(db: Db, userId: string, records: readonly StoredRecord[]): Promise<PlannedRecord[]> {
  const checks = records.map((record) => checkResoRecord(record.raw))
  // A key given twice (a feed modified while it was paged, a file with a repeat): the newest wins.
  const newest = new Map<string, number>()
  for (const [index, check] of checks.entries()) {
    const key = keyOf(check)
    if (!check.ok || key === null) continue
    const best = newest.get(key)
    const time = timestampOf(check)?.getTime() ?? 0
    if (best === undefined || time > (timestampOf(checks[best]!)?.getTime() ?? 0)) newest.set(key, index)
  }
  const existing = new Map((await findListingsByKeys(db, [...newest.keys()])).map((row) => [row.listingKey, row]))

  return checks.map((check, index): PlannedRecord => {
    const line = records[index]!.line
    const base = { index, line, check, listingId: null, ignored: false }
    if (!check.ok) return { ...base, action: 'skip', problems: check.problems }
    const key = check.record.ListingKey
    if (newest.get(key) !== index) return { ...base, action: 'skip', problems: [{ field: 'ListingKey', message: LISTING_IMPORT_MESSAGES.duplicateKey }] }
    const here = existing.get(key)
    if (check.record.kind === 'delete') {
      if (!here || here.ownerId !== userId) return { ...base, action: 'delete', problems: [], ignored: true }
      return { ...base, action: 'delete', problems: [], listingId: here.id }
    }
    if (here && here.ownerId !== userId) return { ...base, action: 'skip', problems: [{ field: 'ListingKey', message: LISTING_IMPORT_MESSAGES.ownedByOther }] }
    return { ...base, action: here ? 'update' : 'create', problems: [], listingId: here?.id ?? null }
  })
}

function previewsOf(plan: readonly PlannedRecord[]): ImportRecordPreview[] {
  return plan
    .filter((entry) => !entry.ignored)
    .map((entry) => {
      const { check } = entry
      const listing = check.ok && check.record.kind === 'listing' ? check.record : null
      const number = (source: string) => {
        const value = check.mapping.find((row) => row.source === source)?.value
        return typeof value === 'number' ? value : null
      }
      const text = (source: string) => {
        const value = check.mapping.find((row) => row.source === source)?.value
        return value === null || value === undefined ? null : String(value)
      }
      return {
        ref: `#${entry.index + 1}`,
        ListingKey: keyOf(check),
        ListingId: text('ListingId'),
        UnparsedAddress: listing ? addressOf(listing) : (text('UnparsedAddress') ?? ''),
        ListPrice: number('ListPrice'),
        StandardStatus: text('StandardStatus'),
        photoCount: listing?.media?.length ?? number('Media') ?? 0,
        line: entry.line,
        action: entry.action,
        problems: entry.problems,
        listingId: entry.listingId,
        mapping: check.mapping,
      }
    })
}

/** The record's one-line address, or the one its parts make. */
function addressOf(record: MappedListing): string {
  return record.UnparsedAddress || unparsedAddress(record.fields)
}

// ---------------------------------------------------------------------------------------------
// Starting and running a job

export type StartedImport = { job: ImportJob; done: Promise<void> }

/** Starts a pending job with the picked records; it runs in the background and `done` settles when it ends. */
export async function startImport(ctx: ImportContext, { actor, id, input }: { actor: User; id: string; input: StartImport }): Promise<StartedImport> {
  const row = await loadJob(ctx.db, actor, id)
  if (row.status !== 'pending') throw new AppError('CONFLICT', LISTING_IMPORT_MESSAGES.jobStarted)
  if ((await findRunningJobs(ctx.db, actor.uid)).some((job) => !abandoned(job))) throw new AppError('CONFLICT', LISTING_IMPORT_MESSAGES.jobRunning)

  const request = requestOf(row)
  const plan = await planRecords(ctx.db, actor.uid, request.records ?? [])
  const pickable = new Map(plan.filter((entry) => entry.action === 'create' || entry.action === 'update').map((entry) => [keyOf(entry.check)!, entry]))
  const chosen = [...new Set(input.listingKeys)]
  if (chosen.some((key) => !pickable.has(key))) throw new AppError('BAD_REQUEST', LISTING_IMPORT_MESSAGES.notInImport, { errors: [{ path: 'listingKeys', message: LISTING_IMPORT_MESSAGES.notInImport }] })
  const deletions = plan.filter((entry) => entry.action === 'delete' && !entry.ignored)
  if (chosen.length === 0 && deletions.length === 0) throw new AppError('BAD_REQUEST', LISTING_IMPORT_MESSAGES.nothingChosen, { errors: [{ path: 'listingKeys', message: LISTING_IMPORT_MESSAGES.nothingChosen }] })

  const skips = plan.filter((entry) => entry.action === 'skip')
  const total = chosen.length + deletions.length + skips.length
  // The records stay with the plan in this process; the row keeps what the report needs.
  const { records: _records, ...kept } = request
  const running = await markJobRunning(ctx.db, { id: row.id, userId: actor.uid, request: { ...kept, listingKeys: chosen, visibility: input.visibility, heartbeatAt: new Date().toISOString() } satisfies JobRequest, total })
  if (!running) throw new AppError('CONFLICT', LISTING_IMPORT_MESSAGES.jobStarted)

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
    await finishJob(ctx.db, row.id, { status: 'failed', error: LISTING_IMPORT_MESSAGES.jobFailed, request: kept, ...progress }).catch((finishError: unknown) =>
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
    for (const problem of problems) progress.skipped.push({ key, reason: problem.message, line: entry.line, field: problem.field })
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
    prepared[index] = preparePhotos(ctx, source, entry).catch((error: unknown) => failureOf(ctx, error))
  }
  for (let index = 0; index < Math.min(lookahead, chosen.length); index++) prepare(index)
  for (const [index, entry] of chosen.entries()) {
    const photos = await prepared[index]!
    if (index + lookahead < chosen.length) prepare(index + lookahead)
    const record = entry.check.ok && entry.check.record.kind === 'listing' ? entry.check.record : null
    try {
      if (!record) throw new RecordFailure([{ field: null, message: LISTING_IMPORT_MESSAGES.recordNotObject }], true)
      if (photos instanceof RecordFailure) throw photos
      const outcome = await writeRecord(ctx, { actor, source, record, photos, visibility })
      if (outcome === 'imported') progress.imported++
      else progress.updated++
      settled.set(entry, true)
    } catch (error) {
      const failure = failureOf(ctx, error)
      skip(entry, failure.problems)
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

function cleanupLog(ctx: ImportContext) {
  return (error: unknown, key: string) => ctx.log.warn({ err: error, key }, 'could not remove a stored listing photo')
}

function failureOf(ctx: ImportContext, error: unknown): RecordFailure {
  if (error instanceof RecordFailure) return error
  if (error instanceof AppError && error.statusCode < 500) return new RecordFailure([{ field: 'Media', message: error.message }], true)
  ctx.log.error({ err: error }, 'a listing could not be imported')
  return new RecordFailure([{ field: null, message: LISTING_IMPORT_MESSAGES.recordFailed }], false)
}

// ---------------------------------------------------------------------------------------------
// Photos

type PreparedPhotos = Map<string, Buffer>

/** Same photo as stored: the same MediaKey and ModificationTimestamp (the URL when the record gives no timestamp). */
function unchanged(stored: { sourceModificationTimestamp: Date | null; sourceUrl: string | null }, photo: ResoMedia): boolean {
  if (photo.ModificationTimestamp && stored.sourceModificationTimestamp) return photo.ModificationTimestamp.getTime() === stored.sourceModificationTimestamp.getTime()
  if (!photo.ModificationTimestamp && !stored.sourceModificationTimestamp) return photo.MediaURL === stored.sourceUrl
  return false
}

/** Downloads the record's new and changed photos and checks each is an image within the limit. */
async function preparePhotos(ctx: ImportContext, source: ImportSource, entry: PlannedRecord): Promise<PreparedPhotos> {
  const record = entry.check.ok && entry.check.record.kind === 'listing' ? entry.check.record : null
  const photos: PreparedPhotos = new Map()
  if (!record?.media || record.media.length === 0) return photos
  const stored = entry.listingId ? new Map((await listListingMedia(ctx.db, entry.listingId)).map((item) => [item.mediaKey, item])) : new Map()
  const wanted = record.media.filter((photo) => {
    const here = stored.get(photo.MediaKey)
    return !here || !unchanged(here, photo)
  })
  let next = 0
  const worker = async () => {
    while (next < wanted.length) {
      const photo = wanted[next++]!
      photos.set(photo.MediaKey, await download(ctx, source, photo))
    }
  }
  await Promise.all(Array.from({ length: Math.min(PHOTO_DOWNLOADS_AT_ONCE, wanted.length) }, worker))
  return photos
}

async function download(ctx: ImportContext, source: ImportSource, photo: ResoMedia): Promise<Buffer> {
  let bytes: Buffer
  try {
    bytes =
      source === 'mls-grid' && ctx.feed
        ? await ctx.feed.client.downloadMedia(photo.MediaURL)
        : await downloadPhoto(photo.MediaURL, { publicOnly: !ctx.filePhotosFromPrivateHosts })
  } catch (error) {
    if (error instanceof TooLargeError) throw new RecordFailure([{ field: 'Media', message: LISTING_MESSAGES.photoTooLarge }], true)
    if (error instanceof RefusedHostError) throw new RecordFailure([{ field: 'Media', message: LISTING_IMPORT_MESSAGES.photoHostRefused }], true)
    if (error instanceof FeedError) {
      ctx.log.warn({ err: error, url: photo.MediaURL }, 'a listing photo could not be downloaded')
      throw new RecordFailure([{ field: 'Media', message: LISTING_IMPORT_MESSAGES.photoDownload }], false)
    }
    throw error
  }
  if (bytes.length > LISTING_LIMITS.photoMaxBytes) throw new RecordFailure([{ field: 'Media', message: LISTING_MESSAGES.photoTooLarge }], true)
  if (!sniffImageType(bytes)) throw new RecordFailure([{ field: 'Media', message: LISTING_MESSAGES.photoType }], true)
  return bytes
}

/** Storage whose changes follow a transaction: added bytes go on rollback, removed bytes only after commit. */
function stagedStorage(storage: FileStorage, onError: (error: unknown, key: string) => void) {
  const added: string[] = []
  const removed: string[] = []
  const staged: FileStorage = {
    put: async (key, body, options) => {
      added.push(key)
      return storage.put(key, body, options)
    },
    get: (key) => storage.get(key),
    exists: (key) => storage.exists(key),
    delete: async (key) => {
      removed.push(key)
    },
  }
  return {
    storage: staged,
    commit: () => removeStoredObjects(storage, removed, onError),
    rollback: () => removeStoredObjects(storage, added, onError),
  }
}

// ---------------------------------------------------------------------------------------------
// Writing one record

type WriteInput = { actor: User; source: ImportSource; record: MappedListing; photos: PreparedPhotos; visibility: ListingVisibility }

function newListing({ actor, source, record, visibility }: WriteInput, now: Date): NewImportListing {
  // The importing agent is the listing agent: their details fill what the record leaves out.
  const columns = listingFieldColumns(null, { ...listAgentFieldsOf(actor), ...record.fields })
  return {
    ...columns,
    listingKey: record.ListingKey,
    listingId: record.ListingId ?? null,
    standardStatus: record.StandardStatus,
    ownerId: actor.uid,
    listAgentUserId: actor.uid,
    source,
    originatingSystemName: record.OriginatingSystemName ?? null,
    unparsedAddress: addressOf(record),
    visibility,
    publishedAt: isPublishedStatus(record.StandardStatus) ? now : null,
    draftStep: record.StandardStatus === 'Incomplete' ? 'review' : null,
    modificationTimestamp: record.ModificationTimestamp,
  }
}

/** An update: the fields the record has; what it leaves out, and our own fields (visibility, offers...), stay. */
function listingChanges({ actor, source, record }: WriteInput, existing: ImportListingRow, now: Date): ImportListingChanges {
  // A record that says it has no one-line address gets the one its parts make.
  const columns = listingFieldColumns(existing, record.fields, { rebuildAddress: record.UnparsedAddress === null })
  const changes: ImportListingChanges = { ...columns, standardStatus: record.StandardStatus, source, listAgentUserId: actor.uid }
  if (record.ListingId !== undefined) changes.listingId = record.ListingId
  if (record.OriginatingSystemName !== undefined) changes.originatingSystemName = record.OriginatingSystemName
  if (record.UnparsedAddress) changes.unparsedAddress = record.UnparsedAddress
  if (isPublishedStatus(record.StandardStatus)) {
    if (!existing.publishedAt) changes.publishedAt = now
    changes.draftStep = null
  } else if (record.StandardStatus === 'Incomplete' && !existing.draftStep) {
    changes.draftStep = 'review'
  }
  return changes
}

async function writeRecord(ctx: ImportContext, input: WriteInput): Promise<'imported' | 'updated'> {
  const { actor, record, photos } = input
  const staged = stagedStorage(ctx.storage, cleanupLog(ctx))
  let outcome: 'imported' | 'updated'
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      const now = new Date()
      const existing = await lockListingByKey(tx, record.ListingKey)
      if (existing && existing.ownerId !== actor.uid) throw new RecordFailure([{ field: 'ListingKey', message: LISTING_IMPORT_MESSAGES.ownedByOther }], true)
      let listingId: string
      if (existing) {
        listingId = existing.id
        await updateImportedListing(tx, listingId, listingChanges(input, existing, now))
      } else {
        listingId = (await insertImportedListing(tx, newListing(input, now))).id
      }
      if (record.media) await syncPhotos(tx, staged.storage, { listingId, ownerId: actor.uid, media: record.media, photos })
      // Attaching photos stamps the listing with now; an imported listing keeps the source's timestamp.
      await updateImportedListing(tx, listingId, { modificationTimestamp: record.ModificationTimestamp })
      return existing ? 'updated' : 'imported'
    })
  } catch (error) {
    await staged.rollback()
    throw error
  }
  await staged.commit()
  return outcome
}

function photoFilename(photo: ResoMedia): string {
  const path = URL.canParse(photo.MediaURL) ? new URL(photo.MediaURL).pathname : ''
  const name = decodeURIComponent(path.split('/').pop() ?? '').replace(/[^\w.-]+/g, '-')
  return name || `${photo.MediaKey}.jpg`
}

/** Makes the listing's photos those of the record: removes the gone and changed, adds the new, orders all. */
async function syncPhotos(tx: Db, storage: FileStorage, { listingId, ownerId, media, photos }: { listingId: string; ownerId: string; media: ResoMedia[]; photos: PreparedPhotos }): Promise<void> {
  const stored = await listListingMedia(tx, listingId)
  const storedByKey = new Map(stored.map((item) => [item.mediaKey, item]))
  const wanted = new Map(media.map((photo) => [photo.MediaKey, photo]))
  const fresh = media.filter((photo) => {
    const here = storedByKey.get(photo.MediaKey)
    return !here || !unchanged(here, photo)
  })
  const freshKeys = new Set(fresh.map((photo) => photo.MediaKey))
  const gone = stored.filter((item) => !wanted.has(item.mediaKey) || freshKeys.has(item.mediaKey)).map((item) => item.mediaKey)
  if (gone.length > 0) await removeListingPhotos(tx, storage, { listingId, mediaKeys: gone })
  for (const photo of fresh) {
    const bytes = photos.get(photo.MediaKey)
    // Downloaded for another state of the listing (it changed since): the next run takes it.
    if (!bytes) throw new RecordFailure([{ field: 'Media', message: LISTING_IMPORT_MESSAGES.photoDownload }], false)
    await attachListingPhoto(tx, storage, {
      listingId,
      ownerId,
      bytes,
      filename: photoFilename(photo),
      mediaKey: photo.MediaKey,
      order: photo.Order,
      sourceUrl: photo.MediaURL,
      sourceModificationTimestamp: photo.ModificationTimestamp,
    })
  }
  for (const item of await listListingMedia(tx, listingId)) {
    const order = wanted.get(item.mediaKey)?.Order
    if (order !== undefined && order !== item.order) await setMediaOrder(tx, { listingId, mediaId: item.id, order })
  }
}
