import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { cascadeUuid, counter, createdAt, isOneOf, timestamptz, updatedAt, uuidPrimaryKey } from './columns'
import { cascadeUser, setNullUser, userIdPrimaryKey } from './users'

/**
 * The admin area (issue #15): sign-in history, the audit of admin actions, admin settings, legacy
 * password hashes waiting for a first sign-in, user-import jobs, and the MLS Grid feed replication.
 */

/** One successful sign-in, by any means: when, from where, with what. */
export const signInEvent = pgTable(
  'sign_in_event',
  {
    id: uuidPrimaryKey(),
    userId: cascadeUser('user_id'),
    at: timestamptz('at').notNull().defaultNow(),
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
    id: uuidPrimaryKey(),
    actorId: setNullUser('actor_id'),
    targetUserId: text('target_user_id'),
    action: text('action').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    reason: text('reason'),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (table) => [index('admin_audit_target_idx').on(table.targetUserId, table.at), index('admin_audit_at_idx').on(table.at)],
)

/** Settings the admins change at run time (the inactivity threshold, the feed schedule), by key. */
export const adminSetting = pgTable('admin_setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedBy: setNullUser('updated_by'),
  updatedAt: updatedAt(),
})

/**
 * A password hash imported from a legacy identity export (Firebase's modified scrypt), with the
 * project parameters it needs. It is checked at the first sign-in, rehashed with ours, and deleted.
 */
export const legacyPassword = pgTable(
  'legacy_password',
  {
    userId: userIdPrimaryKey(),
    algorithm: text('algorithm').notNull(),
    passwordHash: text('password_hash').notNull(),
    salt: text('salt').notNull(),
    /** { signerKey, saltSeparator, rounds, memCost }: base64 strings and numbers as the export gives them. */
    parameters: jsonb('parameters').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [check('legacy_password_algorithm_check', isOneOf(table.algorithm, ['firebase-scrypt']))],
)

/** One CSV user import: what was asked, its progress, and each row's outcome for the report. */
export const userImportJob = pgTable(
  'user_import_job',
  {
    id: uuidPrimaryKey(),
    createdBy: setNullUser('created_by'),
    status: text('status').notNull().default('preview'),
    /** What a row whose email exists does: update that user, or skip the row. */
    onExisting: text('on_existing').notNull().default('skip'),
    filename: text('filename').notNull(),
    /** The file's columns (by USER_IMPORT_COLUMNS position) that the file has; its rows are user_import_row. */
    columns: jsonb('columns').$type<boolean[]>().notNull().default([]),
    total: counter('total'),
    /** The rows the check refused, counted at the preview. */
    invalid: counter('invalid'),
    processed: counter('processed'),
    created: counter('created'),
    updated: counter('updated'),
    skipped: counter('skipped'),
    failed: counter('failed'),
    error: text('error'),
    /** While running: the run holding the job, until when (renewed while it works); an expired lease is taken over. */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamptz('lease_until'),
    /** The rows (1-based, among those imported) a run resumed at after another run stopped. */
    resumedAt: jsonb('resumed_at').$type<number[]>().notNull().default([]),
    createdAt: createdAt(),
    finishedAt: timestamptz('finished_at'),
  },
  (table) => [
    index('user_import_job_created_idx').on(table.createdAt),
    check('user_import_job_status_check', isOneOf(table.status, ['preview', 'running', 'done', 'failed'])),
    check('user_import_job_on_existing_check', isOneOf(table.onExisting, ['update', 'skip'])),
  ],
)

/**
 * A job's parsed rows and their problems, kept from the preview to the import and the report: one row
 * each, so a run reads one batch at a time (a 50,000-row file read at once held PGlite for a second).
 */
export const userImportRow = pgTable(
  'user_import_row',
  {
    jobId: cascadeUuid('job_id', () => userImportJob.id),
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
    jobId: cascadeUuid('job_id', () => userImportJob.id),
    /** The row's line in the file. */
    line: integer('line').notNull(),
    outcome: text('outcome').notNull(),
    key: text('key'),
    params: jsonb('params').$type<Record<string, string | number>>(),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.line] }), check('user_import_outcome_check', isOneOf(table.outcome, ['created', 'updated', 'skipped', 'failed']))],
)

/** One replication run of the whole MLS Grid feed. */
export const mlsReplicationRun = pgTable(
  'mls_replication_run',
  {
    id: uuidPrimaryKey(),
    trigger: text('trigger').notNull(),
    triggeredBy: setNullUser('triggered_by'),
    status: text('status').notNull().default('running'),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
    created: counter('created'),
    updated: counter('updated'),
    deleted: counter('deleted'),
    photos: counter('photos'),
    /** [{ listingKey, message }] */
    errors: jsonb('errors').$type<unknown[]>().notNull().default([]),
    /** The newest ModificationTimestamp this run took. */
    highWater: timestamptz('high_water'),
  },
  (table) => [
    index('mls_replication_run_started_idx').on(table.startedAt),
    check('mls_replication_run_trigger_check', isOneOf(table.trigger, ['manual', 'schedule'])),
    check('mls_replication_run_status_check', isOneOf(table.status, ['running', 'done', 'failed'])),
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
    photoCount: counter('photo_count'),
    modificationTimestamp: timestamptz('modification_timestamp').notNull(),
    /** The feed's record as it came. */
    record: jsonb('record').$type<Record<string, unknown>>().notNull(),
    /** The Offerbook agent it is linked to through ListAgentMlsId, when there is one. */
    linkedUserId: setNullUser('linked_user_id'),
    replicatedAt: timestamptz('replicated_at').notNull().defaultNow(),
  },
  (table) => [index('mls_replica_agent_idx').on(table.listAgentMlsId), index('mls_replica_listing_id_idx').on(table.listingId)],
)
