import type { MessageKey, MessageParams } from '@offerbook/domain/messages'
import type { UserImportOutcome } from '@offerbook/domain/user-import'
import { and, asc, eq, getTableColumns, isNull, lt, ne, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { userImportJob, userImportOutcome } from '../../db/schema/admin'

/** One line's outcome of an import, as stored (one row per line of the file). */
export type StoredOutcome = { line: number; outcome: Exclude<UserImportOutcome, 'invalid'>; key: MessageKey | null; params?: MessageParams }

type JobRow = typeof userImportJob.$inferSelect

const leaseEnd = (leaseMs: number) => sql`now() + ${leaseMs} * interval '1 millisecond'`

/**
 * Moves a previewed job to running, held by `owner` for `leaseMs`; null when it was started already.
 * The answer leaves out the rows: the caller has them, and 50,000 of them read again would hold PGlite.
 */
export async function startJob(db: Db, { id, owner, leaseMs, onExisting, invalid }: { id: string; owner: string; leaseMs: number; onExisting: string; invalid: number }): Promise<Omit<JobRow, 'rows'> | null> {
  const { rows: _rows, ...columns } = getTableColumns(userImportJob)
  const [row] = await db
    .update(userImportJob)
    .set({ status: 'running', onExisting, processed: invalid, leaseOwner: owner, leaseUntil: leaseEnd(leaseMs) })
    .where(and(eq(userImportJob.id, id), eq(userImportJob.status, 'preview')))
    .returning(columns)
  return row ?? null
}

/**
 * Takes over the running jobs no live run holds: their lease expired (a process died, or stopped
 * renewing), or, with `orphansOf` (PGlite: one process owns the database), every lease but this
 * process's own, since the process that held it is gone.
 */
export async function claimInterruptedJobs(db: Db, { owner, leaseMs, ownedHere }: { owner: string; leaseMs: number; ownedHere: boolean }): Promise<JobRow[]> {
  const free = or(isNull(userImportJob.leaseUntil), lt(userImportJob.leaseUntil, sql`now()`), isNull(userImportJob.leaseOwner), ownedHere ? ne(userImportJob.leaseOwner, owner) : undefined)
  return db
    .update(userImportJob)
    .set({ leaseOwner: owner, leaseUntil: leaseEnd(leaseMs) })
    .where(and(eq(userImportJob.status, 'running'), free))
    .returning()
}

/** Notes where a resumed run went on: the first row (1-based, among the rows to import) it takes. */
export async function noteResumed(db: Db, { id, owner, row }: { id: string; owner: string; row: number }): Promise<void> {
  await db
    .update(userImportJob)
    .set({ resumedAt: sql`${userImportJob.resumedAt} || ${JSON.stringify([row])}::jsonb` })
    .where(and(eq(userImportJob.id, id), eq(userImportJob.leaseOwner, owner)))
}

/** The lines that have an outcome already: a resumed run skips them. */
export async function doneLines(db: Db, jobId: string): Promise<Set<number>> {
  const rows = await db.select({ line: userImportOutcome.line }).from(userImportOutcome).where(eq(userImportOutcome.jobId, jobId))
  return new Set(rows.map((row) => row.line))
}

export type OutcomeCounts = { created: number; updated: number; skipped: number; failed: number }

/**
 * A batch's outcomes and counts, in the batch's transaction, while `owner` still holds the job (the
 * lease renewed); false when another run took it over, and the batch must roll back.
 */
export async function commitBatch(db: Db, { id, owner, leaseMs, outcomes, counts }: { id: string; owner: string; leaseMs: number; outcomes: StoredOutcome[]; counts: OutcomeCounts }): Promise<boolean> {
  const [held] = await db
    .update(userImportJob)
    .set({
      processed: sql`${userImportJob.processed} + ${outcomes.length}`,
      created: sql`${userImportJob.created} + ${counts.created}`,
      updated: sql`${userImportJob.updated} + ${counts.updated}`,
      skipped: sql`${userImportJob.skipped} + ${counts.skipped}`,
      failed: sql`${userImportJob.failed} + ${counts.failed}`,
      leaseUntil: leaseEnd(leaseMs),
    })
    .where(and(eq(userImportJob.id, id), eq(userImportJob.status, 'running'), eq(userImportJob.leaseOwner, owner)))
    .returning({ id: userImportJob.id })
  if (!held) return false
  if (outcomes.length > 0) {
    await db.insert(userImportOutcome).values(outcomes.map((outcome) => ({ jobId: id, line: outcome.line, outcome: outcome.outcome, key: outcome.key, params: (outcome.params as Record<string, string | number> | undefined) ?? null })))
  }
  return true
}

/** Gives the job back (the process is closing): the next start, or another process, goes on with it. */
export async function releaseJob(db: Db, { id, owner }: { id: string; owner: string }): Promise<void> {
  await db
    .update(userImportJob)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(userImportJob.id, id), eq(userImportJob.leaseOwner, owner)))
}

/** Ends the job (done or failed), if `owner` still holds it; the row as it ends, or null. */
export async function finishJob(db: Db, { id, owner, status, error }: { id: string; owner: string; status: 'done' | 'failed'; error?: string }): Promise<JobRow | null> {
  const [row] = await db
    .update(userImportJob)
    .set({ status, finishedAt: new Date(), leaseOwner: null, leaseUntil: null, ...(error === undefined ? {} : { error }) })
    .where(and(eq(userImportJob.id, id), eq(userImportJob.status, 'running'), eq(userImportJob.leaseOwner, owner)))
    .returning()
  return row ?? null
}

/** Each imported row's outcome, by line. */
export async function jobOutcomes(db: Db, jobId: string): Promise<StoredOutcome[]> {
  const rows = await db.select().from(userImportOutcome).where(eq(userImportOutcome.jobId, jobId)).orderBy(asc(userImportOutcome.line))
  return rows.map((row) => ({ line: row.line, outcome: row.outcome as StoredOutcome['outcome'], key: row.key as StoredOutcome['key'], ...(row.params ? { params: row.params } : {}) }))
}
