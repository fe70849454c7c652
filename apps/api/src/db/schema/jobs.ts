import { sql } from 'drizzle-orm'
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * One row per background job of the job runner (decision 045): its lease, its last run and its
 * failures. A scheduled job runs in the process holding the lease (taken by an UPDATE only when it has
 * run out); a job that failed `consecutive_failures` times in a row past the runner's limit is
 * dead-lettered and waits for a super admin's "Run again".
 */
export const jobRun = pgTable(
  'job_run',
  {
    name: text('name').primaryKey(),
    kind: text('kind', { enum: ['schedule', 'queue'] }),
    everyMs: integer('every_ms'),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
    lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
    lastOutcome: text('last_outcome', { enum: ['ok', 'failed'] }),
    lastError: text('last_error'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    deadLetteredAt: timestamp('dead_lettered_at', { withTimezone: true }),
  },
  (table) => [
    check('job_run_kind_check', sql`${table.kind} in ('schedule', 'queue')`),
    check('job_run_last_outcome_check', sql`${table.lastOutcome} in ('ok', 'failed')`),
  ],
)
