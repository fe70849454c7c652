import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import * as adminTables from './schema/admin'
import * as amendmentTables from './schema/amendments'
import * as authTables from './schema/auth'
import * as conversationTables from './schema/conversations'
import * as earnestMoneyTables from './schema/earnest-money'
import * as fileTables from './schema/files'
import * as jobTables from './schema/jobs'
import * as listingTables from './schema/listings'
import * as offerTables from './schema/offers'
import * as outboxTables from './schema/outbox'
import * as requestCounterTables from './schema/request-counters'
import * as signingTables from './schema/signing'
import * as noticeTables from './schema/notices'
import * as teamTables from './schema/teams'
import * as transactionFileTables from './schema/transaction-files'
import * as userTables from './schema/users'

// The tables and the types every query and both drivers share; client.ts opens one of the drivers.

export const schema = { ...userTables, ...authTables, ...requestCounterTables, ...outboxTables, ...fileTables, ...listingTables, ...offerTables, ...signingTables, ...noticeTables, ...conversationTables, ...adminTables, ...teamTables, ...jobTables, ...amendmentTables, ...transactionFileTables, ...earnestMoneyTables }
export type Schema = typeof schema

/** What every query takes first; both the PGlite and the node-postgres database satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  migrate: () => Promise<void>
  close: () => Promise<void>
  /**
   * LISTENs on a channel: onPayload gets each NOTIFY's payload (after its transaction committed).
   * On PostgreSQL a dedicated connection, re-established with backoff after a loss; onResubscribed
   * is called after each such re-LISTEN, as notifications sent meanwhile were missed. Returns unlisten.
   */
  listen: Listen
  /** An in-memory PGlite's whole data directory, which openDatabase's `image` opens again (tests). */
  dumpImage?: () => Promise<Blob>
}

export type Listen = (channel: string, onPayload: (payload: string) => void, onResubscribed?: () => void) => Promise<() => Promise<void>>
