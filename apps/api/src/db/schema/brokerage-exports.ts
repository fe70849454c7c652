import { BROKERAGE_EXPORT_STATES } from '@offerbook/domain/brokerage-export'
import { sql } from 'drizzle-orm'
import { bigint, check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { counter, createdAt, isOneOf, timestamptz, uuidPrimaryKey } from './columns'
import { user } from './users'

/**
 * The brokerage's exports for TREC (issue #35 item 5, decision 071): one row per export a principal
 * broker asked for, the job's state and progress, and once done the key of its ZIP in the file storage.
 * At most one export of a broker is queued or running at a time (the partial unique index); the job
 * takes a queued row, or a running one whose heartbeat stopped (a process that died), with SKIP LOCKED.
 */
export const brokerageExport = pgTable(
  'brokerage_export',
  {
    id: uuidPrimaryKey(),
    /** The principal broker who asked: his brokerage is exported, and only he reads it. */
    brokerId: text('broker_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The period's first and last days (Central time), or null for every file. */
    fromDate: date('from_date', { mode: 'string' }),
    toDate: date('to_date', { mode: 'string' }),
    state: text('state').notNull().default('queued'),
    filesDone: counter('files_done'),
    filesTotal: integer('files_total'),
    fileKey: text('file_key'),
    size: bigint('size', { mode: 'number' }),
    sha256: text('sha256'),
    error: text('error'),
    attempts: counter('attempts'),
    createdAt: createdAt(),
    startedAt: timestamptz('started_at'),
    /** Renewed while a process writes the ZIP; a running row whose heartbeat is old is taken again. */
    heartbeatAt: timestamptz('heartbeat_at'),
    finishedAt: timestamptz('finished_at'),
  },
  (table) => [
    check('brokerage_export_state_check', isOneOf(table.state, BROKERAGE_EXPORT_STATES)),
    uniqueIndex('brokerage_export_one_open').on(table.brokerId).where(sql`${table.state} in ('queued', 'running')`),
    index('brokerage_export_broker_idx').on(table.brokerId, table.createdAt),
  ],
)
