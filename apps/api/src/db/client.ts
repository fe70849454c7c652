import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { migratePglite, migratePostgres } from './migrate'
import * as authTables from './schema/auth'
import * as conversationTables from './schema/conversations'
import * as fileTables from './schema/files'
import * as listingTables from './schema/listings'
import * as offerTables from './schema/offers'
import * as outboxTables from './schema/outbox'
import * as requestCounterTables from './schema/request-counters'
import * as signingTables from './schema/signing'
import * as userTables from './schema/users'

export const schema = { ...userTables, ...authTables, ...requestCounterTables, ...outboxTables, ...fileTables, ...listingTables, ...offerTables, ...signingTables, ...conversationTables }
export type Schema = typeof schema

/** What every query takes first; both the PGlite and the node-postgres database satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  migrate: () => Promise<void>
  close: () => Promise<void>
}

/** `dataDir` null keeps PGlite in memory (tests); otherwise it lives in DATA_DIR/pglite. */
export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string | null }): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl)
  return openPglite(options.dataDir)
}

async function openPglite(dataDir: string | null): Promise<Database> {
  let client: PGlite
  if (dataDir === null) {
    client = new PGlite()
  } else {
    const directory = join(dataDir, 'pglite')
    mkdirSync(directory, { recursive: true })
    client = new PGlite(directory)
  }
  await client.waitReady
  const db = drizzlePglite({ client, schema })
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db),
    close: () => client.close(),
  }
}

async function openPostgres(databaseUrl: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {})
  const db = drizzleNodePg({ client: pool, schema })
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePostgres(db),
    close: () => pool.end(),
  }
}
