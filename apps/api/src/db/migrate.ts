import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import type { PgliteDatabase } from 'drizzle-orm/pglite'

/** drizzle-kit's output, committed; `npm run db:generate` adds a migration after a schema change. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url))

// Generic over the schema: migrations are SQL files and need no tables' types (nor client.ts, which
// imports this file).
export async function migratePglite<S extends Record<string, unknown>>(db: PgliteDatabase<S>): Promise<void> {
  if (await upToDate(db)) return
  // Each driver's migrator loads with the driver in use only (decision 035).
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER })
}

export async function migratePostgres<S extends Record<string, unknown>>(db: NodePgDatabase<S>): Promise<void> {
  if (await upToDate(db)) return
  const { migrate } = await import('drizzle-orm/node-postgres/migrator')
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER })
}

/**
 * Whether the database has every migration of the journal already: as many applied as the journal
 * lists, the last one the journal's last (drizzle keeps each one's `when` as created_at). One query
 * at start instead of drizzle reading and hashing every file (decision 028); anything else, a missing
 * table included, runs drizzle's migrate, which decides as before.
 */
async function upToDate(db: { execute: (query: ReturnType<typeof sql>) => Promise<unknown> }): Promise<boolean> {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] }
  const last = journal.entries.at(-1)
  if (!last) return false
  try {
    const result = (await db.execute(sql`select count(*)::int as applied, max(created_at)::text as latest from drizzle.__drizzle_migrations`)) as { rows: { applied: number; latest: string | null }[] }
    const row = result.rows[0]
    return row !== undefined && row.applied === journal.entries.length && row.latest === String(last.when)
  } catch {
    return false
  }
}
