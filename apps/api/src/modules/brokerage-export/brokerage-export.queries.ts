import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { brokerageExport } from '../../db/schema/brokerage-exports'

/** The brokerage's exports (decision 071): their rows and the job's claim. The offers an export holds are the broker module's (broker.queries.ts). */

export type BrokerageExportRow = typeof brokerageExport.$inferSelect

/** A new queued export; null when the broker already has one queued or running (the partial unique index). */
export async function insertExport(db: Db, values: { brokerId: string; fromDate: string | null; toDate: string | null }): Promise<BrokerageExportRow | null> {
  const [row] = await db.insert(brokerageExport).values(values).onConflictDoNothing().returning()
  return row ?? null
}

/** The broker's export that is queued or running, if any. */
export async function findOpenExport(db: Db, brokerId: string): Promise<BrokerageExportRow | null> {
  const [row] = await db
    .select()
    .from(brokerageExport)
    .where(and(eq(brokerageExport.brokerId, brokerId), inArray(brokerageExport.state, ['queued', 'running'])))
    .limit(1)
  return row ?? null
}

/** The export, only if it is this broker's. */
export async function findBrokerExport(db: Db, { id, brokerId }: { id: string; brokerId: string }): Promise<BrokerageExportRow | null> {
  const [row] = await db
    .select()
    .from(brokerageExport)
    .where(and(eq(brokerageExport.id, id), eq(brokerageExport.brokerId, brokerId)))
    .limit(1)
  return row ?? null
}

/** The broker's newest exports. */
export function listBrokerExports(db: Db, { brokerId, limit }: { brokerId: string; limit: number }): Promise<BrokerageExportRow[]> {
  return db.select().from(brokerageExport).where(eq(brokerageExport.brokerId, brokerId)).orderBy(desc(brokerageExport.createdAt), desc(brokerageExport.id)).limit(limit)
}

/**
 * Takes the oldest export to run: a queued one, or a running one whose heartbeat is older than
 * `staleBefore` (its process died). SKIP LOCKED, so two processes never take the same.
 */
export function claimExport(db: Db, { now, staleBefore }: { now: Date; staleBefore: Date }): Promise<BrokerageExportRow | null> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: brokerageExport.id })
      .from(brokerageExport)
      .where(or(eq(brokerageExport.state, 'queued'), and(eq(brokerageExport.state, 'running'), lt(brokerageExport.heartbeatAt, staleBefore))))
      .orderBy(asc(brokerageExport.createdAt), asc(brokerageExport.id))
      .limit(1)
      .for('update', { skipLocked: true })
    if (!found) return null
    const [row] = await tx
      .update(brokerageExport)
      .set({ state: 'running', startedAt: now, heartbeatAt: now, filesDone: 0, filesTotal: null, attempts: sql`${brokerageExport.attempts} + 1` })
      .where(eq(brokerageExport.id, found.id))
      .returning()
    return row ?? null
  })
}

/** The run's progress, and its heartbeat. */
export async function recordProgress(db: Db, id: string, values: { filesDone?: number; filesTotal?: number; at: Date }): Promise<void> {
  await db
    .update(brokerageExport)
    .set({ ...(values.filesDone === undefined ? {} : { filesDone: values.filesDone }), ...(values.filesTotal === undefined ? {} : { filesTotal: values.filesTotal }), heartbeatAt: values.at })
    .where(and(eq(brokerageExport.id, id), eq(brokerageExport.state, 'running')))
}

export async function finishExport(db: Db, id: string, values: { fileKey: string; size: number; sha256: string; filesDone: number; at: Date }): Promise<void> {
  await db
    .update(brokerageExport)
    .set({ state: 'done', fileKey: values.fileKey, size: values.size, sha256: values.sha256, filesDone: values.filesDone, finishedAt: values.at, heartbeatAt: values.at, error: null })
    .where(eq(brokerageExport.id, id))
}

export async function failExport(db: Db, id: string, values: { error: string; at: Date }): Promise<void> {
  await db.update(brokerageExport).set({ state: 'failed', error: values.error, finishedAt: values.at }).where(eq(brokerageExport.id, id))
}

/** Puts a run back in the queue (its process is stopping). */
export async function requeueExport(db: Db, id: string): Promise<void> {
  await db.update(brokerageExport).set({ state: 'queued', heartbeatAt: null, filesDone: 0 }).where(eq(brokerageExport.id, id))
}
