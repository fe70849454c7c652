import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { user } from './users'

/**
 * The admin area (issue #15): sign-in history, the audit of admin actions, admin settings, legacy
 * password hashes waiting for a first sign-in, user-import jobs, and the MLS Grid feed replication.
 */

/** One successful sign-in, by any means: when, from where, with what. */
export const signInEvent = pgTable(
  'sign_in_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (table) => [index('sign_in_event_user_idx').on(table.userId, table.at)],
)

/**
 * One admin action on a user: who, what, the state before and after, when. The target's id is kept
 * as text without a foreign key so the row outlives an erased account.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    targetUserId: text('target_user_id'),
    action: text('action').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('admin_audit_target_idx').on(table.targetUserId, table.at), index('admin_audit_at_idx').on(table.at)],
)

/** Settings the admins change at run time (the inactivity threshold, the feed schedule), by key. */
export const adminSetting = pgTable('admin_setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * A password hash imported from a legacy identity export (Firebase's modified scrypt), with the
 * project parameters it needs. It is checked at the first sign-in, rehashed with ours, and deleted.
 */
export const legacyPassword = pgTable(
  'legacy_password',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    algorithm: text('algorithm').notNull(),
    passwordHash: text('password_hash').notNull(),
    salt: text('salt').notNull(),
    /** { signerKey, saltSeparator, rounds, memCost }: base64 strings and numbers as the export gives them. */
    parameters: jsonb('parameters').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('legacy_password_algorithm_check', sql`${table.algorithm} in ('firebase-scrypt')`)],
)

/** One CSV user import: what was asked, its progress, and each row's outcome for the report. */
export const userImportJob = pgTable(
  'user_import_job',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('preview'),
    /** What a row whose email exists does: update that user, or skip the row. */
    onExisting: text('on_existing').notNull().default('skip'),
    filename: text('filename').notNull(),
    /** The file's columns (by USER_IMPORT_COLUMNS position) that the file has; its rows are user_import_row. */
    columns: jsonb('columns').$type<boolean[]>().notNull().default([]),
    total: integer('total').notNull().default(0),
    /** The rows the check refused, counted at the preview. */
    invalid: integer('invalid').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    error: text('error'),
    /** While running: the run holding the job, until when (renewed while it works); an expired lease is taken over. */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** The rows (1-based, among those imported) a run resumed at after another run stopped. */
    resumedAt: jsonb('resumed_at').$type<number[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('user_import_job_created_idx').on(table.createdAt),
    check('user_import_job_status_check', sql`${table.status} in ('preview', 'running', 'done', 'failed')`),
    check('user_import_job_on_existing_check', sql`${table.onExisting} in ('update', 'skip')`),
  ],
)

/**
 * A job's parsed rows and their problems, kept from the preview to the import and the report: one row
 * each, so a run reads one batch at a time (a 50,000-row file read at once held PGlite for a second).
 */
export const userImportRow = pgTable(
  'user_import_row',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => userImportJob.id, { onDelete: 'cascade' }),
    /** The row's line in the file. */
    line: integer('line').notNull(),
    /** False when the check found a problem: the run leaves it out. */
    valid: boolean('valid').notNull(),
    data: jsonb('data').$type<unknown>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.line] })],
)

/**
 * Each imported row's outcome, written in the transaction that imported it: a row has one outcome at
 * most, and a resumed run takes the rows that have none.
 */
export const userImportOutcome = pgTable(
  'user_import_outcome',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => userImportJob.id, { onDelete: 'cascade' }),
    /** The row's line in the file. */
    line: integer('line').notNull(),
    outcome: text('outcome').notNull(),
    key: text('key'),
    params: jsonb('params').$type<Record<string, string | number>>(),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.line] }), check('user_import_outcome_check', sql`${table.outcome} in ('created', 'updated', 'skipped', 'failed')`)],
)

/** One replication run of the whole MLS Grid feed. */
export const mlsReplicationRun = pgTable(
  'mls_replication_run',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trigger: text('trigger').notNull(),
    triggeredBy: text('triggered_by').references(() => user.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('running'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    deleted: integer('deleted').notNull().default(0),
    photos: integer('photos').notNull().default(0),
    /** [{ listingKey, message }] */
    errors: jsonb('errors').$type<unknown[]>().notNull().default([]),
    /** The newest ModificationTimestamp this run took. */
    highWater: timestamp('high_water', { withTimezone: true }),
  },
  (table) => [
    index('mls_replication_run_started_idx').on(table.startedAt),
    check('mls_replication_run_trigger_check', sql`${table.trigger} in ('manual', 'schedule')`),
    check('mls_replication_run_status_check', sql`${table.status} in ('running', 'done', 'failed')`),
  ],
)

/**
 * A record of the replicated feed, every agent's. One whose ListAgentMlsId is an Offerbook agent's
 * is also written as that agent's listing (listing.listingKey = listingKey).
 */
export const mlsReplica = pgTable(
  'mls_replica',
  {
    listingKey: text('listing_key').primaryKey(),
    /** RESO ListingId: the MLS number. */
    listingId: text('listing_id'),
    originatingSystemName: text('originating_system_name'),
    standardStatus: text('standard_status'),
    listAgentMlsId: text('list_agent_mls_id'),
    unparsedAddress: text('unparsed_address'),
    listPrice: integer('list_price'),
    photoCount: integer('photo_count').notNull().default(0),
    modificationTimestamp: timestamp('modification_timestamp', { withTimezone: true }).notNull(),
    /** The feed's record as it came. */
    record: jsonb('record').$type<Record<string, unknown>>().notNull(),
    /** The Offerbook agent it is linked to through ListAgentMlsId, when there is one. */
    linkedUserId: text('linked_user_id').references(() => user.id, { onDelete: 'set null' }),
    replicatedAt: timestamp('replicated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mls_replica_agent_idx').on(table.listAgentMlsId), index('mls_replica_listing_id_idx').on(table.listingId)],
)
