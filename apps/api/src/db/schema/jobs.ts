import { check, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { counter, isOneOf, timestamptz } from './columns'

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
    leaseUntil: timestamptz('lease_until'),
    lastStartedAt: timestamptz('last_started_at'),
    lastFinishedAt: timestamptz('last_finished_at'),
    lastOutcome: text('last_outcome', { enum: ['ok', 'failed'] }),
    lastError: text('last_error'),
    consecutiveFailures: counter('consecutive_failures'),
    nextRunAt: timestamptz('next_run_at'),
    deadLetteredAt: timestamptz('dead_lettered_at'),
  },
  (table) => [
    check('job_run_kind_check', isOneOf(table.kind, ['schedule', 'queue'])),
    check('job_run_last_outcome_check', isOneOf(table.lastOutcome, ['ok', 'failed'])),
  ],
)
