import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { migratePglite, migratePostgres } from './migrate'
import * as adminTables from './schema/admin'
import * as authTables from './schema/auth'
import * as conversationTables from './schema/conversations'
import * as fileTables from './schema/files'
import * as listingTables from './schema/listings'
import * as offerTables from './schema/offers'
import * as outboxTables from './schema/outbox'
import * as requestCounterTables from './schema/request-counters'
import * as signingTables from './schema/signing'
import * as teamTables from './schema/teams'
import * as userTables from './schema/users'

export const schema = { ...userTables, ...authTables, ...requestCounterTables, ...outboxTables, ...fileTables, ...listingTables, ...offerTables, ...signingTables, ...conversationTables, ...adminTables, ...teamTables }
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

/** The listen of the database a Db came from (buildApp is given the Db alone). */
const listeners = new WeakMap<Db, Listen>()
export const listenOf = (db: Db): Listen | undefined => listeners.get(db)

/**
 * `dataDir` null keeps PGlite in memory (tests); otherwise it lives in DATA_DIR/pglite. An in-memory
 * PGlite may start from `image`, a data directory dumped before (dumpImage): the tests open a migrated
 * one that way in a second instead of running initdb and the migrations for every file.
 */
export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string | null; image?: Blob | undefined }): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl)
  return openPglite(options.dataDir, options.image)
}

/**
 * PostgreSQL settings of the embedded database, as start parameters (decision 028, where each was
 * measured). PGlite runs one backend in this process, so its buffers are this process's memory:
 * initdb's 128 MB of shared_buffers filled with the listings and stayed resident.
 * PGLITE_SETTINGS ("name=value,name=value") replaces them, to measure others.
 */
export const PGLITE_SETTINGS: readonly string[] = ['shared_buffers=16MB', 'work_mem=4MB', 'maintenance_work_mem=16MB', 'temp_buffers=4MB', 'wal_buffers=1MB']

function pgliteSettings(): string[] {
  const given = process.env.PGLITE_SETTINGS
  const settings = given === undefined ? PGLITE_SETTINGS : given.split(',').map((entry) => entry.trim()).filter(Boolean)
  return settings.flatMap((setting) => ['-c', setting])
}

/**
 * For a directory with no database yet, the initialised and migrated one that `npm run build:server`
 * dumps beside the bundle (decision 028): a new directory then skips initdb and the migrations. Not
 * there (the server run from its sources by `npm run dev`): PGlite runs initdb as before.
 */
function newDataImage(directory: string): Blob | undefined {
  if (existsSync(join(directory, 'PG_VERSION'))) return undefined
  const image = fileURLToPath(new URL('./new-data-directory.tar', import.meta.url))
  return existsSync(image) ? new Blob([readFileSync(image)]) : undefined
}

async function openPglite(dataDir: string | null, image: Blob | undefined): Promise<Database> {
  let client: PGlite
  if (dataDir === null) {
    client = image ? new PGlite({ loadDataDir: image }) : new PGlite()
  } else {
    const directory = join(dataDir, 'pglite')
    mkdirSync(directory, { recursive: true })
    client = new PGlite(directory, { startParams: [...PGlite.defaultStartParams, ...pgliteSettings()], loadDataDir: newDataImage(directory) })
  }
  await client.waitReady
  const db = drizzlePglite({ client, schema })
  // PGlite delivers a NOTIFY to its own listeners, after the transaction that sent it commits.
  const listen: Listen = async (channel, onPayload) => client.listen(channel, onPayload)
  listeners.set(db, listen)
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db),
    close: () => client.close(),
    listen,
    dumpImage: () => client.dumpDataDir('none'),
  }
}

async function openPostgres(databaseUrl: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {})
  const db = drizzleNodePg({ client: pool, schema })
  const listen: Listen = (channel, onPayload, onResubscribed) => listenPostgres(databaseUrl, channel, onPayload, onResubscribed)
  listeners.set(db, listen)
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePostgres(db),
    close: () => pool.end(),
    listen,
  }
}

const LISTEN_RETRY_FIRST_MS = 250
const LISTEN_RETRY_MAX_MS = 10_000

/**
 * A connection of its own (a pooled one would be handed to queries and lose the LISTEN): connects,
 * LISTENs, and after an error or a lost connection tries again with backoff and LISTENs again.
 * Resolves once the first LISTEN is in place.
 */
async function listenPostgres(databaseUrl: string, channel: string, onPayload: (payload: string) => void, onResubscribed?: () => void): Promise<() => Promise<void>> {
  let stopped = false
  let client: pg.Client | null = null
  let timer: NodeJS.Timeout | null = null
  let retryMs = LISTEN_RETRY_FIRST_MS

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl })
    const lost = () => {
      if (client !== next) return
      client = null
      next.end().catch(() => {})
      if (stopped) return
      timer = setTimeout(() => {
        timer = null
        retry(true)
      }, retryMs)
      timer.unref()
      retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MAX_MS)
    }
    next.on('error', lost)
    next.on('end', lost)
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload)
    })
    client = next
    try {
      await next.connect()
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
    } catch (error) {
      lost()
      throw error
    }
    retryMs = LISTEN_RETRY_FIRST_MS
    if (stopped) await next.end().catch(() => {})
  }
  const retry = (again: boolean) => {
    if (stopped) return
    connect().then(
      () => {
        if (again && !stopped) onResubscribed?.()
      },
      () => {},
    )
  }

  try {
    await connect()
  } catch (error) {
    stopped = true
    if (timer) clearTimeout(timer)
    throw error
  }
  return async () => {
    stopped = true
    if (timer) clearTimeout(timer)
    const current = client
    client = null
    await current?.end().catch(() => {})
  }
}
