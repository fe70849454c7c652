import type { FastifyBaseLogger } from 'fastify'
import { LISTING_IMPORT_LIMITS } from '@offerbook/domain/listing-import'
import { messageText } from '@offerbook/domain/messages'
import type { MlsGridStatus, MlsReplicaPage, MlsReplicaQuery, MlsRun, MlsRunError } from '@offerbook/domain/mls-replication'
import { MLS_REPLICATION_LIMITS } from '@offerbook/domain/mls-replication'
import type { User } from '@offerbook/domain/user'
import { AppError } from '../../app-error'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import type { JobDefinition } from '../jobs/job-runner'
import { safeGet } from '../../http/safe-get'
import type { FileStorage } from '../../storage/storage'
import { readSetting, recordAudit, writeSetting } from '../admin/admin-audit'
import type { ImportContext } from '../listing-import/import-context'
import { createMlsGridClient, DEFAULT_USER_AGENT, FeedError, odataString, spacerFor } from '../listing-import/mls-grid-client'
import { cleanupLog, failureOf, preparePhotos, RecordFailure, writeRecord } from '../listing-import/record-writer'
import type { MappedListing } from '../listing-import/reso-record'
import { checkResoRecord, listingAddress } from '../listing-import/reso-record'
import { deleteListingWithPhotos } from '../listings/listings.service'
import { getUser } from '../users/users.service'
import type { RunRow } from './mls-replication.queries'
import {
  deleteReplica,
  failStaleRuns,
  findAgentIdByMlsId,
  findListingByKey,
  findReplica,
  findRunningRun,
  insertRunningRun,
  lastRunStart,
  listRecentRuns,
  selectHighWater,
  selectReplicas,
  takeRunLock,
  updateRun,
  upsertReplica,
} from './mls-replication.queries'

/**
 * The MLS Grid feed replication (issue #15): every Property record of the configured system, kept in
 * mls_replica; a record whose ListAgentMlsId is an Offerbook agent's MLS ID is also written, through
 * the agent import's record writer, as that agent's listing. One run at a time across processes: the
 * 'running' row is inserted only under a transaction-level advisory lock, when no other is running.
 */

export type ReplicationDeps = { db: Db; storage: FileStorage; mlsGrid: Config['mlsGrid']; log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> }

export const SCHEDULE_SETTING = 'mlsGrid.scheduleMinutes'
const LOCK_KEY = 'offerbook:mls-replication'
const AGENT_ROLES = ['SELLER_AGENT', 'BUYER_AGENT']
const MAX_ERRORS_KEPT = 200

// ---------------------------------------------------------------------------------------------
// The feed: the whole system's Property records, page by page

/** The replication $filter for the whole system: first run everything viewable, later only what changed since. */
export function replicationFilter(originatingSystem: string | null | undefined, since: Date | null): string {
  const parts: string[] = []
  if (originatingSystem) parts.push(`OriginatingSystemName eq ${odataString(originatingSystem)}`)
  parts.push(since ? `ModificationTimestamp gt ${since.toISOString()}` : 'MlgCanView eq true')
  return parts.join(' and ')
}

/**
 * Each page of the replication query, following @odata.nextLink; the requests share the host's rate
 * limit with the agent import (spacerFor). Errors are FeedErrors, as the agent import's client gives.
 */
async function* feedPages(mlsGrid: NonNullable<Config['mlsGrid']>, since: Date | null): AsyncGenerator<unknown[]> {
  const base = new URL(mlsGrid.url.replace(/\/+$/, '') + '/')
  const spacer = spacerFor(base.host, LISTING_IMPORT_LIMITS.feedRequestsPerSecond)
  const filter = replicationFilter(mlsGrid.originatingSystem, since)
  let url: URL | null = new URL(`Property?$filter=${encodeURIComponent(filter)}&$expand=Media&$top=${LISTING_IMPORT_LIMITS.feedPageSize}`, base)
  for (let number = 1; url; number++) {
    const sent = (await spacer?.take()) ?? (() => {})
    let response
    try {
      response = await safeGet(url, {
        headers: { Authorization: `Bearer ${mlsGrid.token}`, Accept: 'application/json', 'Accept-Encoding': 'gzip', 'User-Agent': DEFAULT_USER_AGENT },
        timeoutMs: 30_000,
        maxBytes: 200 * 1024 * 1024,
        onSent: sent,
      })
    } catch (error) {
      throw new FeedError('unavailable', `page ${number} failed: ${(error as Error).message}`, { cause: error })
    } finally {
      sent()
    }
    if (response.status < 200 || response.status >= 300) throw new FeedError('http', `the feed answered HTTP ${response.status} for page ${number}`, { status: response.status })
    let page: unknown
    try {
      page = JSON.parse(response.body.toString('utf8'))
    } catch (error) {
      throw new FeedError('malformed', `page ${number} is not JSON`, { cause: error })
    }
    const { value, '@odata.nextLink': nextLink } = (typeof page === 'object' && page !== null ? page : {}) as { value?: unknown; '@odata.nextLink'?: unknown }
    if (!Array.isArray(value)) throw new FeedError('malformed', `page ${number} has no "value" array`)
    yield value
    if (nextLink === undefined || nextLink === null) url = null
    else if (typeof nextLink !== 'string' || !URL.canParse(nextLink) || new URL(nextLink).origin !== base.origin) throw new FeedError('malformed', `page ${number} has an @odata.nextLink that is not on the feed's host`)
    else url = new URL(nextLink)
  }
}

// ---------------------------------------------------------------------------------------------
// Starting a run

const toRun = (row: RunRow): MlsRun => ({
  id: row.id,
  trigger: row.trigger as MlsRun['trigger'],
  status: row.status as MlsRun['status'],
  startedAt: row.startedAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  created: row.created,
  updated: row.updated,
  deleted: row.deleted,
  photos: row.photos,
  errors: row.errors as MlsRunError[],
})

export type StartedRun = { run: MlsRun; done: Promise<void> }

/** Inserts the 'running' row (409 when one is running), then replicates in the background. */
export async function startRun(deps: ReplicationDeps, { trigger, actorId, shouldStop = () => false }: { trigger: 'manual' | 'schedule'; actorId: string | null; shouldStop?: () => boolean }): Promise<StartedRun> {
  const mlsGrid = deps.mlsGrid
  if (!mlsGrid) throw new AppError('CONFLICT', 'mlsReplication.notConfigured')
  const row = await deps.db.transaction(async (tx) => {
    await takeRunLock(tx, LOCK_KEY)
    // A run left 'running' for over an hour was a process that stopped.
    await failStaleRuns(tx, new Date(Date.now() - MLS_REPLICATION_LIMITS.staleRunMs))
    const running = await findRunningRun(tx)
    if (running) throw new AppError('CONFLICT', 'mlsReplication.alreadyRunning')
    const inserted = await insertRunningRun(tx, { trigger, triggeredBy: actorId })
    if (trigger === 'manual') await recordAudit(tx, { actorId, targetUserId: null, action: 'mlsGrid.run', after: { runId: inserted.id } })
    return inserted
  })
  const done = executeRun(deps, mlsGrid, row, shouldStop)
  return { run: toRun(row), done }
}

// ---------------------------------------------------------------------------------------------
// A run

type Counts = { created: number; updated: number; deleted: number; photos: number; errors: MlsRunError[] }

async function executeRun(deps: ReplicationDeps, mlsGrid: NonNullable<Config['mlsGrid']>, row: RunRow, shouldStop: () => boolean): Promise<void> {
  const { db } = deps
  const counts: Counts = { created: 0, updated: 0, deleted: 0, photos: 0, errors: [] }
  const since = await selectHighWater(db).catch(() => null)
  let highWater = since
  let status: 'done' | 'failed' = 'done'
  const client = createMlsGridClient({ url: mlsGrid.url, token: mlsGrid.token, originatingSystem: mlsGrid.originatingSystem })
  const ctx: ImportContext = { db, storage: deps.storage, feed: { client, originatingSystem: mlsGrid.originatingSystem ?? null }, log: deps.log }
  const agents = new Map<string, User | null>()
  try {
    for await (const records of feedPages(mlsGrid, since)) {
      for (const raw of records) {
        if (shouldStop()) throw new Error('the server is shutting down')
        const stamp = await replicateRecord(ctx, raw, counts, agents)
        if (stamp && (!highWater || stamp > highWater)) highWater = stamp
      }
      await updateRun(db, row.id, progressOf(counts))
    }
  } catch (error) {
    status = 'failed'
    deps.log.error({ err: error, runId: row.id }, 'the MLS Grid replication failed')
    counts.errors.push({ listingKey: null, message: messageText('mlsReplication.feedFailed') })
  }
  await updateRun(db, row.id, { ...progressOf(counts), status, finishedAt: new Date(), highWater }).catch((error: unknown) => deps.log.error({ err: error, runId: row.id }, 'could not record the end of an MLS Grid replication'))
}

const progressOf = (counts: Counts) => ({ created: counts.created, updated: counts.updated, deleted: counts.deleted, photos: counts.photos, errors: counts.errors.slice(0, MAX_ERRORS_KEPT) })

const keyOfRaw = (raw: unknown): string | null => {
  const key = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>).ListingKey : null
  return typeof key === 'string' ? key.slice(0, 255) : null
}

/** The Offerbook agent whose MLS ID the record names, if any (cached for the run). */
async function agentFor(db: Db, mlsId: string, agents: Map<string, User | null>): Promise<User | null> {
  if (agents.has(mlsId)) return agents.get(mlsId)!
  const agentId = await findAgentIdByMlsId(db, mlsId, AGENT_ROLES)
  const agent = agentId ? await getUser(db, agentId) : null
  agents.set(mlsId, agent)
  return agent
}

/** One record: a deletion, or an upsert of the replica (and of the linked agent's listing). Its errors are the run's list, never a thrown error. */
async function replicateRecord(ctx: ImportContext, raw: unknown, counts: Counts, agents: Map<string, User | null>): Promise<Date | null> {
  const { db } = ctx
  const check = checkResoRecord(raw)
  if (!check.ok) {
    counts.errors.push({ listingKey: check.ListingKey ?? keyOfRaw(raw), message: check.problems.map((problem) => (problem.field ? `${problem.field}: ${problem.message}` : problem.message)).join('; ') })
    return check.ModificationTimestamp
  }
  const record = check.record
  const existing = await findReplica(db, record.ListingKey)

  if (record.kind === 'delete') {
    let removed = false
    if (existing) {
      await deleteReplica(db, record.ListingKey)
      removed = true
      const here = await findListingByKey(db, record.ListingKey)
      if (here && existing.linkedUserId && here.ownerId === existing.linkedUserId) await deleteListingWithPhotos(db, ctx.storage, { listingId: here.id, onCleanupError: cleanupLog(ctx) })
    }
    if (removed) counts.deleted++
    return record.ModificationTimestamp
  }

  const rawObject = raw as Record<string, unknown>
  const listAgentMlsId = typeof rawObject.ListAgentMlsId === 'string' ? rawObject.ListAgentMlsId.slice(0, 255) : null
  let linkedUserId: string | null = null
  const agent = listAgentMlsId ? await agentFor(db, listAgentMlsId, agents) : null
  if (agent) {
    try {
      linkedUserId = await writeLinkedListing(ctx, agent, record, counts)
    } catch (error) {
      const failure = failureOf(ctx, error)
      counts.errors.push({ listingKey: record.ListingKey, message: failure.problem.message })
    }
  }
  const values = {
    listingId: record.ListingId ?? null,
    originatingSystemName: record.OriginatingSystemName ?? null,
    standardStatus: record.StandardStatus,
    listAgentMlsId,
    unparsedAddress: listingAddress(record) || null,
    listPrice: typeof record.fields.ListPrice === 'number' ? Math.round(record.fields.ListPrice) : null,
    photoCount: record.media?.length ?? 0,
    modificationTimestamp: record.ModificationTimestamp,
    record: rawObject,
    linkedUserId,
    replicatedAt: new Date(),
  }
  await upsertReplica(db, record.ListingKey, values)
  if (existing) counts.updated++
  else counts.created++
  return record.ModificationTimestamp
}

/** Writes the record as the agent's listing with its photos, as the agent import does. */
async function writeLinkedListing(ctx: ImportContext, agent: User, record: MappedListing, counts: Counts): Promise<string> {
  const here = await findListingByKey(ctx.db, record.ListingKey)
  const photos = await preparePhotos(ctx, 'mls-grid', { record, listingId: here && here.ownerId === agent.uid ? here.id : null })
  if (photos instanceof RecordFailure) throw photos
  await writeRecord(ctx, { actor: agent, source: 'mls-grid', record, photos, visibility: 'public' })
  counts.photos += photos.size
  return agent.uid
}

// ---------------------------------------------------------------------------------------------
// Reading and the schedule

export async function readSchedule(db: Db): Promise<number | null> {
  // Kept as { minutes }: a setting's value cannot be null.
  const value = await readSetting<unknown>(db, SCHEDULE_SETTING, null)
  const minutes = typeof value === 'object' && value !== null ? (value as { minutes?: unknown }).minutes : null
  return typeof minutes === 'number' && Number.isInteger(minutes) ? minutes : null
}

export async function getStatus(deps: ReplicationDeps): Promise<MlsGridStatus> {
  const { db, mlsGrid } = deps
  const runs = await listRecentRuns(db, MLS_REPLICATION_LIMITS.runsShown)
  const highWater = await selectHighWater(db)
  return {
    configured: mlsGrid !== null,
    url: mlsGrid?.url ?? null,
    systemName: mlsGrid?.originatingSystem ?? null,
    highWater: highWater?.toISOString() ?? null,
    schedule: { minutes: await readSchedule(db) },
    running: runs.some((run) => run.status === 'running' && Date.now() - run.startedAt.getTime() < MLS_REPLICATION_LIMITS.staleRunMs),
    runs: runs.map(toRun),
  }
}

export async function setSchedule(db: Db, { minutes, actorId }: { minutes: number | null; actorId: string }): Promise<{ minutes: number | null }> {
  await db.transaction(async (tx) => {
    const before = await readSchedule(tx)
    await writeSetting(tx, SCHEDULE_SETTING, { minutes }, actorId)
    await recordAudit(tx, { actorId, targetUserId: null, action: 'mlsGrid.schedule', before: { minutes: before }, after: { minutes } })
  })
  return { minutes }
}

export async function listReplicas(db: Db, query: MlsReplicaQuery): Promise<MlsReplicaPage> {
  const { rows, total } = await selectReplicas(db, { search: query.search?.trim(), linked: query.linked, page: query.page, pageSize: query.pageSize })
  return {
    items: rows.map(({ replica, agentName }) => ({
      listingKey: replica.listingKey,
      listingId: replica.listingId,
      address: replica.unparsedAddress,
      price: replica.listPrice,
      status: replica.standardStatus,
      listAgentMlsId: replica.listAgentMlsId,
      linkedAgent: replica.linkedUserId && agentName !== null ? { id: replica.linkedUserId, name: agentName } : null,
      photoCount: replica.photoCount,
      modificationTimestamp: replica.modificationTimestamp.toISOString(),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  }
}

// ---------------------------------------------------------------------------------------------
// The scheduler

/** Runs now and then: the runs this process started, so shutdown can stop them between records. */
export function createRunKeeper(deps: ReplicationDeps) {
  let stopping = false
  const active = new Set<Promise<void>>()
  return {
    async start(input: { trigger: 'manual' | 'schedule'; actorId: string | null }): Promise<StartedRun> {
      const started = await startRun(deps, { ...input, shouldStop: () => stopping })
      active.add(started.done)
      void started.done.finally(() => active.delete(started.done))
      return started
    },
    async stop(): Promise<void> {
      stopping = true
      await Promise.allSettled([...active])
    },
  }
}

/** Whether a scheduled run is due: a schedule is set and the last run started more than its minutes ago. */
export async function scheduledRunDue(db: Db, now = new Date()): Promise<boolean> {
  const minutes = await readSchedule(db)
  if (minutes === null) return false
  const last = await lastRunStart(db)
  return !last || now.getTime() - last.getTime() > minutes * 60_000
}

/**
 * The replication's schedule as an entry of the job runner (decision 045): every minute, starts a run
 * when one is due (the run's own lock keeps it single across processes); stop waits for the run.
 */
export function mlsReplicationJob(deps: ReplicationDeps, { everyMs = 60_000 }: { everyMs?: number } = {}): JobDefinition<void> {
  const keeper = createRunKeeper(deps)
  return {
    name: 'mls-replication',
    kind: 'schedule',
    everyMs,
    async run() {
      if (!deps.mlsGrid || !(await scheduledRunDue(deps.db))) return
      try {
        await keeper.start({ trigger: 'schedule', actorId: null })
      } catch (error) {
        if (error instanceof AppError && error.key === 'mlsReplication.alreadyRunning') return
        throw error
      }
    },
    stop: () => keeper.stop(),
  }
}
