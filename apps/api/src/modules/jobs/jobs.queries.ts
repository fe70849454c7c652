import { and, asc, eq, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { jobRun } from '../../db/schema/jobs'

export type JobRunRow = typeof jobRun.$inferSelect
export type JobKind = NonNullable<JobRunRow['kind']>

const later = (ms: number) => sql`now() + ${Math.max(0, Math.round(ms))} * interval '1 millisecond'`

/** Adds the rows of the jobs not seen before and keeps each row's kind and interval current. */
export async function upsertJobs(db: Db, jobs: readonly { name: string; kind: JobKind; everyMs: number }[]): Promise<void> {
  if (jobs.length === 0) return
  await db
    .insert(jobRun)
    .values(jobs.map((job) => ({ name: job.name, kind: job.kind, everyMs: job.everyMs })))
    .onConflictDoUpdate({ target: jobRun.name, set: { kind: sql`excluded.kind`, everyMs: sql`excluded.every_ms` } })
}

/**
 * Takes a scheduled job's lease when it is free or has run out (or is this owner's already), the job
 * is not dead-lettered and, unless nudged, it is due. Two processes running this at once: the second
 * UPDATE waits for the first's row lock, sees the lease taken and changes nothing.
 */
export async function claimLease(db: Db, { name, owner, leaseMs, ignoreDue }: { name: string; owner: string; leaseMs: number; ignoreDue: boolean }): Promise<JobRunRow | null> {
  const [row] = await db
    .update(jobRun)
    .set({ leaseOwner: owner, leaseUntil: later(leaseMs), lastStartedAt: sql`now()` })
    .where(
      and(
        eq(jobRun.name, name),
        isNull(jobRun.deadLetteredAt),
        or(isNull(jobRun.leaseUntil), lt(jobRun.leaseUntil, sql`now()`), eq(jobRun.leaseOwner, owner)),
        ignoreDue ? undefined : or(isNull(jobRun.nextRunAt), lte(jobRun.nextRunAt, sql`now()`)),
      ),
    )
    .returning()
  return row ?? null
}

/** A queue's run starting in one of the processes that drain it: no lease, only not dead-lettered. */
export async function markQueueStarted(db: Db, name: string): Promise<JobRunRow | null> {
  const [row] = await db
    .update(jobRun)
    .set({ lastStartedAt: sql`now()` })
    .where(and(eq(jobRun.name, name), isNull(jobRun.deadLetteredAt)))
    .returning()
  return row ?? null
}

/** Keeps a lease this owner holds for another `leaseMs`; false when it is no longer this owner's. */
export async function renewLease(db: Db, { name, owner, leaseMs }: { name: string; owner: string; leaseMs: number }): Promise<boolean> {
  const rows = await db
    .update(jobRun)
    .set({ leaseUntil: later(leaseMs) })
    .where(and(eq(jobRun.name, name), eq(jobRun.leaseOwner, owner)))
    .returning({ name: jobRun.name })
  return rows.length > 0
}

export type RunEnd =
  | { outcome: 'ok'; nextInMs: number }
  /** Counts one more failure in a row; the `maxFailures`th dead-letters the job. */
  | { outcome: 'failed'; error: string; nextInMs: number; maxFailures: number }

/**
 * Writes how a run ended and gives back the lease (when `owner` is given, only if it still holds it).
 * Returns the row, or null when the lease had passed to another process meanwhile.
 */
export async function finishRun(db: Db, { name, owner, end }: { name: string; owner: string | null; end: RunEnd }): Promise<JobRunRow | null> {
  const common = { lastFinishedAt: sql`now()`, nextRunAt: later(end.nextInMs), ...(owner ? { leaseOwner: null, leaseUntil: null } : {}) }
  const changes =
    end.outcome === 'ok'
      ? { ...common, lastOutcome: 'ok' as const, lastError: null, consecutiveFailures: 0 }
      : {
          ...common,
          lastOutcome: 'failed' as const,
          lastError: end.error,
          consecutiveFailures: sql`${jobRun.consecutiveFailures} + 1`,
          deadLetteredAt: sql`case when ${jobRun.consecutiveFailures} + 1 >= ${end.maxFailures} then now() end`,
        }
  const [row] = await db
    .update(jobRun)
    .set(changes)
    .where(and(eq(jobRun.name, name), owner ? eq(jobRun.leaseOwner, owner) : undefined))
    .returning()
  return row ?? null
}

/** Frees every lease at once: only for the embedded PGlite, whose leases at start were left by a process that died. */
export async function releaseAllLeases(db: Db): Promise<string[]> {
  const rows = await db
    .update(jobRun)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(isNotNull(jobRun.leaseOwner))
    .returning({ name: jobRun.name })
  return rows.map((row) => row.name)
}

export async function selectJobs(db: Db): Promise<JobRunRow[]> {
  return db.select().from(jobRun).orderBy(asc(jobRun.name))
}

export async function selectJob(db: Db, name: string): Promise<JobRunRow | null> {
  const [row] = await db.select().from(jobRun).where(eq(jobRun.name, name)).for('update')
  return row ?? null
}

/** Takes a dead-lettered job out of the dead letters: no failures counted, due now. */
export async function reviveJob(db: Db, name: string): Promise<JobRunRow | null> {
  const [row] = await db
    .update(jobRun)
    .set({ deadLetteredAt: null, consecutiveFailures: 0, nextRunAt: sql`now()` })
    .where(and(eq(jobRun.name, name), isNotNull(jobRun.deadLetteredAt)))
    .returning()
  return row ?? null
}
