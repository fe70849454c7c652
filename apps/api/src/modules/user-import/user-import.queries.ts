import type { MessageKey, MessageParams } from '@offerbook/domain/messages'
import type { UserImportOutcome } from '@offerbook/domain/user-import'
import { and, asc, count, eq, gt, inArray, isNull, lt, ne, notExists, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { userImportJob, userImportOutcome, userImportRow } from '../../db/schema/admin'
import { outboxMessage } from '../../db/schema/outbox'
import { user, userRole } from '../../db/schema/users'

/** One line's outcome of an import, as stored (one row per line of the file). */
export type StoredOutcome = { line: number; outcome: Exclude<UserImportOutcome, 'invalid'>; key: MessageKey | null; params?: MessageParams }

export type JobRow = typeof userImportJob.$inferSelect

const leaseEnd = (leaseMs: number) => sql`now() + ${leaseMs} * interval '1 millisecond'`

/** Moves a previewed job to running, held by `owner` for `leaseMs`; null when it was started already. */
export async function startJob(db: Db, { id, owner, leaseMs, onExisting, invalid }: { id: string; owner: string; leaseMs: number; onExisting: string; invalid: number }): Promise<JobRow | null> {
  const [row] = await db
    .update(userImportJob)
    .set({ status: 'running', onExisting, processed: invalid, leaseOwner: owner, leaseUntil: leaseEnd(leaseMs) })
    .where(and(eq(userImportJob.id, id), eq(userImportJob.status, 'preview')))
    .returning()
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

/** How many rows have an outcome already: a resumed run goes on after them. */
export async function countDone(db: Db, jobId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userImportOutcome).where(eq(userImportOutcome.jobId, jobId))
  return row?.n ?? 0
}

/** The next valid rows after `after` (a line) that have no outcome yet, in the file's order: a run's next batch. */
export async function nextRowsToImport(db: Db, { jobId, after, limit }: { jobId: string; after: number; limit: number }): Promise<unknown[]> {
  const rows = await db
    .select({ data: userImportRow.data })
    .from(userImportRow)
    .where(
      and(
        eq(userImportRow.jobId, jobId),
        eq(userImportRow.valid, true),
        gt(userImportRow.line, after),
        notExists(
          db
            .select({ line: userImportOutcome.line })
            .from(userImportOutcome)
            .where(and(eq(userImportOutcome.jobId, userImportRow.jobId), eq(userImportOutcome.line, userImportRow.line))),
        ),
      ),
    )
    .orderBy(asc(userImportRow.line))
    .limit(limit)
  return rows.map((row) => row.data)
}

/** A page of a job's rows, valid or not, after `after` (a line), in the file's order: the report reads them so. */
export async function rowsPage(db: Db, { jobId, after, limit }: { jobId: string; after: number; limit: number }): Promise<unknown[]> {
  const rows = await db
    .select({ data: userImportRow.data })
    .from(userImportRow)
    .where(and(eq(userImportRow.jobId, jobId), gt(userImportRow.line, after)))
    .orderBy(asc(userImportRow.line))
    .limit(limit)
  return rows.map((row) => row.data)
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

/** Keeps a checked file as a job in 'preview' (its rows follow, insertJobRows); its id. */
export async function insertPreviewJob(db: Db, values: { createdBy: string; filename: string; columns: boolean[]; total: number; invalid: number }): Promise<{ id: string } | undefined> {
  const [job] = await db.insert(userImportJob).values(values).returning({ id: userImportJob.id })
  return job
}

/** Keeps some of a previewed job's rows, one statement. */
export async function insertJobRows(db: Db, jobId: string, rows: readonly { line: number; valid: boolean; data: unknown }[]): Promise<void> {
  if (rows.length > 0) await db.insert(userImportRow).values(rows.map((row) => ({ jobId, ...row })))
}

/** Takes back a preview whose rows could not all be kept. */
export async function deleteJob(db: Db, id: string): Promise<void> {
  await db.delete(userImportJob).where(eq(userImportJob.id, id))
}

/** The job (its counts; its rows are read a batch at a time), if any. */
export async function findJob(db: Db, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(userImportJob).where(eq(userImportJob.id, id))
  return row
}

// ---------------------------------------------------------------------------------------------
// The users a file names

/** The emails, as stored, of the users among these (lower-cased) who are principal brokers, by flag or by role. */
export async function selectPrincipalBrokerEmails(db: Db, emails: string[]): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: user.email })
    .from(user)
    .leftJoin(userRole, and(eq(userRole.userId, user.id), eq(userRole.role, 'PRINCIPAL_BROKER')))
    .where(and(inArray(sql<string>`lower(${user.email})`, emails), or(eq(user.isPrincipalBroker, true), eq(userRole.role, 'PRINCIPAL_BROKER'))))
  return rows.map((row) => row.email)
}

export type ExistingUserRow = { id: string; email: string; name: string; phone: string | null; language: string; isAddListingEnabled: boolean }

/** The users with these (lower-cased) emails, and every role row of theirs. */
export async function selectUsersByEmail(db: Db, emails: string[]): Promise<{ rows: ExistingUserRow[]; roles: (typeof userRole.$inferSelect)[] }> {
  const rows = await db
    .select({ id: user.id, email: user.email, name: user.name, phone: user.phone, language: user.language, isAddListingEnabled: user.isAddListingEnabled })
    .from(user)
    .where(inArray(sql<string>`lower(${user.email})`, emails))
  const roles = rows.length ? await db.select().from(userRole).where(inArray(userRole.userId, rows.map((row) => row.id))) : []
  return { rows, roles }
}

/** The users holding these phones: id and phone. */
export async function selectPhoneHolders(db: Db, phones: string[]): Promise<{ id: string; phone: string | null }[]> {
  return db.select({ id: user.id, phone: user.phone }).from(user).where(inArray(user.phone, phones))
}

// ---------------------------------------------------------------------------------------------
// Writing a batch (in its transaction and savepoints)

/** Changes an existing user's columns the file gives. */
export async function updateImportedUser(db: Db, id: string, changes: Partial<typeof user.$inferInsert>): Promise<void> {
  await db.update(user).set(changes).where(eq(user.id, id))
}

/** Replaces the user's roles with these. */
export async function replaceUserRoles(db: Db, userId: string, roles: readonly string[]): Promise<void> {
  await db.delete(userRole).where(eq(userRole.userId, userId))
  if (roles.length) await db.insert(userRole).values(roles.map((role) => ({ userId, role })))
}

/** Inserts new users, one statement. */
export async function insertUsers(db: Db, rows: (typeof user.$inferInsert)[]): Promise<void> {
  await db.insert(user).values(rows)
}

/** Inserts role rows, one statement; none when empty. */
export async function insertUserRoles(db: Db, roles: { userId: string; role: string }[]): Promise<void> {
  if (roles.length) await db.insert(userRole).values(roles)
}

/** Inserts outbox rows as enqueueEmail writes them, one statement; the worker finds them at its next poll. */
export async function insertOutboxEmails(db: Db, rows: (typeof outboxMessage.$inferInsert)[]): Promise<void> {
  await db.insert(outboxMessage).values(rows)
}
