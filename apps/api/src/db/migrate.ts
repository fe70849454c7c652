import { fileURLToPath } from 'node:url'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePgliteDb } from 'drizzle-orm/pglite/migrator'
import type { Schema } from './client'

/** drizzle-kit's output, committed; `npm run db:generate` adds a migration after a schema change. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url))

export async function migratePglite(db: PgliteDatabase<Schema>): Promise<void> {
  await migratePgliteDb(db, { migrationsFolder: MIGRATIONS_FOLDER })
}

export async function migratePostgres(db: NodePgDatabase<Schema>): Promise<void> {
  await migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER })
}
