import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { mlsReplica, mlsReplicationRun } from '../../db/schema/admin'
import { listing } from '../../db/schema/listings'
import { user, userRole } from '../../db/schema/users'
import { onPage } from '../../db/paging'

export type RunRow = typeof mlsReplicationRun.$inferSelect
export type RunProgress = Pick<typeof mlsReplicationRun.$inferInsert, 'created' | 'updated' | 'deleted' | 'photos' | 'errors'>
export type ReplicaValues = Omit<typeof mlsReplica.$inferInsert, 'listingKey'>
export type ReplicaRow = typeof mlsReplica.$inferSelect

/** The Offerbook listing written for a feed record, if any: the agent import keys listings by ListingKey. */
export async function findListingByKey(db: Db, listingKey: string): Promise<{ id: string; ownerId: string } | null> {
  const [row] = await db.select({ id: listing.id, ownerId: listing.ownerId }).from(listing).where(eq(listing.listingKey, listingKey)).limit(1)
  return row ?? null
}

// ---------------------------------------------------------------------------------------------
// Runs

/** Takes the transaction-level advisory lock of this key: one holder at a time across processes, released at commit. */
export async function takeRunLock(db: Db, key: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`)
}

/** Marks failed, finished now, every run still 'running' that started before `startedBefore`. */
export async function failStaleRuns(db: Db, startedBefore: Date): Promise<void> {
  await db
    .update(mlsReplicationRun)
    .set({ status: 'failed', finishedAt: new Date() })
    .where(and(eq(mlsReplicationRun.status, 'running'), lt(mlsReplicationRun.startedAt, startedBefore)))
}

/** A run still 'running', if any. */
export async function findRunningRun(db: Db): Promise<{ id: string } | undefined> {
  const [running] = await db.select({ id: mlsReplicationRun.id }).from(mlsReplicationRun).where(eq(mlsReplicationRun.status, 'running')).limit(1)
  return running
}

/** Inserts a 'running' run. */
export async function insertRunningRun(db: Db, { trigger, triggeredBy }: { trigger: 'manual' | 'schedule'; triggeredBy: string | null }): Promise<RunRow> {
  const [inserted] = await db.insert(mlsReplicationRun).values({ trigger, triggeredBy, status: 'running' }).returning()
  return inserted!
}

/** The high-water mark: the newest ModificationTimestamp of the last successful run. */
export async function selectHighWater(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ highWater: mlsReplicationRun.highWater })
    .from(mlsReplicationRun)
    .where(and(eq(mlsReplicationRun.status, 'done'), isNotNull(mlsReplicationRun.highWater)))
    .orderBy(desc(mlsReplicationRun.highWater))
    .limit(1)
  return row?.highWater ?? null
}

/** Writes a run's counts, and its end when given (status, finishedAt, highWater). */
export async function updateRun(db: Db, id: string, changes: RunProgress & Partial<Pick<RunRow, 'status' | 'finishedAt' | 'highWater'>>): Promise<void> {
  await db.update(mlsReplicationRun).set(changes).where(eq(mlsReplicationRun.id, id))
}

/** The latest runs, newest first. */
export async function listRecentRuns(db: Db, limit: number): Promise<RunRow[]> {
  return db.select().from(mlsReplicationRun).orderBy(desc(mlsReplicationRun.startedAt)).limit(limit)
}

/** When the latest run started, if there was one. */
export async function lastRunStart(db: Db): Promise<Date | null> {
  const [last] = await db.select({ startedAt: mlsReplicationRun.startedAt }).from(mlsReplicationRun).orderBy(desc(mlsReplicationRun.startedAt)).limit(1)
  return last?.startedAt ?? null
}

// ---------------------------------------------------------------------------------------------
// The replica

/** The oldest active user with one of `roles` whose MLS ID is `mlsId`, if any. */
export async function findAgentIdByMlsId(db: Db, mlsId: string, roles: string[]): Promise<string | null> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .innerJoin(userRole, eq(userRole.userId, user.id))
    .where(and(eq(user.sellerAgentId, mlsId), inArray(userRole.role, roles), isNull(user.deactivatedAt)))
    .orderBy(asc(user.createdAt))
    .limit(1)
  return row?.id ?? null
}

/** The replica of a record, if kept: the agent it is linked to. */
export async function findReplica(db: Db, listingKey: string): Promise<{ linkedUserId: string | null } | undefined> {
  const [existing] = await db.select({ linkedUserId: mlsReplica.linkedUserId }).from(mlsReplica).where(eq(mlsReplica.listingKey, listingKey))
  return existing
}

/** Deletes the replica of a record. */
export async function deleteReplica(db: Db, listingKey: string): Promise<void> {
  await db.delete(mlsReplica).where(eq(mlsReplica.listingKey, listingKey))
}

/** Inserts the replica of a record, or replaces the kept one. */
export async function upsertReplica(db: Db, listingKey: string, values: ReplicaValues): Promise<void> {
  await db
    .insert(mlsReplica)
    .values({ listingKey, ...values })
    .onConflictDoUpdate({ target: mlsReplica.listingKey, set: values })
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/** One page of the replica, newest change first, matching `search` and the linked filter; each with its linked agent's name; with the total. */
export async function selectReplicas(db: Db, { search, linked, page, pageSize }: { search?: string | undefined; linked?: 'true' | 'false' | undefined; page: number; pageSize: number }): Promise<{ rows: { replica: ReplicaRow; agentName: string | null }[]; total: number }> {
  const conditions = []
  if (search) {
    const pattern = likePattern(search)
    conditions.push(or(ilike(mlsReplica.listingId, pattern), ilike(mlsReplica.listingKey, pattern), ilike(mlsReplica.unparsedAddress, pattern), ilike(mlsReplica.listAgentMlsId, pattern)))
  }
  if (linked === 'true') conditions.push(isNotNull(mlsReplica.linkedUserId))
  if (linked === 'false') conditions.push(isNull(mlsReplica.linkedUserId))
  const where = conditions.length > 0 ? and(...conditions) : undefined
  const [total] = await db.select({ value: count() }).from(mlsReplica).where(where)
  const rows = await onPage(
    db
      .select({ replica: mlsReplica, agentName: user.name })
      .from(mlsReplica)
      .leftJoin(user, eq(user.id, mlsReplica.linkedUserId))
      .where(where)
      .orderBy(desc(mlsReplica.modificationTimestamp), asc(mlsReplica.listingKey))
      .$dynamic(),
    page,
    pageSize,
  )
  return { rows, total: total?.value ?? 0 }
}
