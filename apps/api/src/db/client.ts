import type { Database, Db, Listen } from './database'

export type { Database, Db, Listen, Schema } from './database'
export { schema } from './database'

/** The database each opened Db came from (buildApp is given the Db alone). */
const opened = new WeakMap<Db, Database>()

/** The listen of the database a Db came from. */
export const listenOf = (db: Db): Listen | undefined => opened.get(db)?.listen

/** Which database a Db came from: PGlite runs in this process, and hears its own NOTIFY before a write's caller goes on. */
export const kindOf = (db: Db): Database['kind'] | undefined => opened.get(db)?.kind

/**
 * `dataDir` null keeps PGlite in memory (tests); otherwise it lives in DATA_DIR/pglite. An in-memory
 * PGlite may start from `image`, a data directory dumped before (dumpImage): the tests open a migrated
 * one that way in a second instead of running initdb and the migrations for every file.
 */
export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string | null; image?: Blob | undefined }): Promise<Database> {
  // Only the driver in use is loaded (decision 035): each brings megabytes the other does not need.
  const database = options.databaseUrl
    ? await (await import('./postgres')).openPostgres(options.databaseUrl)
    : await (await import('./pglite')).openPglite(options.dataDir, options.image)
  opened.set(database.db, database)
  return database
}
