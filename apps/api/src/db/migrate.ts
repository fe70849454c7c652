import { fileURLToPath } from 'node:url'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePgliteDb } from 'drizzle-orm/pglite/migrator'

/** drizzle-kit's output, committed; `npm run db:generate` adds a migration after a schema change. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url))

// Generic over the schema: migrations are SQL files and need no tables' types (nor client.ts, which
// imports this file).
export async function migratePglite<S extends Record<string, unknown>>(db: PgliteDatabase<S>): Promise<void> {
  await migratePgliteDb(db, { migrationsFolder: MIGRATIONS_FOLDER })
}

export async function migratePostgres<S extends Record<string, unknown>>(db: NodePgDatabase<S>): Promise<void> {
  await migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER })
}
