import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import type { Database, Listen } from './database'
import { schema } from './database'
import { migratePglite } from './migrate'

// The embedded database, loaded by client.ts only when no DATABASE_URL is set.

/**
 * PostgreSQL settings of the embedded database, as start parameters (decision 028, where each was
 * measured). PGlite runs one backend in this process, so its buffers are this process's memory:
 * initdb's 128 MB of shared_buffers filled with the listings and stayed resident.
 * PGLITE_SETTINGS ("name=value,name=value") replaces them, to measure others.
 */
export const PGLITE_SETTINGS: readonly string[] = ['shared_buffers=4MB', 'work_mem=4MB', 'maintenance_work_mem=16MB', 'temp_buffers=4MB', 'wal_buffers=1MB']

function pgliteSettings(): string[] {
  const given = process.env.PGLITE_SETTINGS
  const settings = given === undefined ? PGLITE_SETTINGS : given.split(',').map((entry) => entry.trim()).filter(Boolean)
  return settings.flatMap((setting) => ['-c', setting])
}

/**
 * For a directory with no database yet, the initialised and migrated one that `npm run build:server`
 * dumps beside the bundle (decision 028): a new directory then skips initdb and the migrations. Not
 * there (the server run from its sources by `npm run dev`): PGlite runs initdb as before. An image
 * given by the caller (the tests' migrated one) comes first.
 */
function newDataImage(directory: string, given: Blob | undefined): Blob | undefined {
  if (existsSync(join(directory, 'PG_VERSION'))) return undefined
  if (given) return given
  const image = fileURLToPath(new URL('./new-data-directory.tar', import.meta.url))
  return existsSync(image) ? new Blob([readFileSync(image)]) : undefined
}

export async function openPglite(dataDir: string | null, image: Blob | undefined): Promise<Database> {
  let client: PGlite
  if (dataDir === null) {
    client = image ? new PGlite({ loadDataDir: image }) : new PGlite()
  } else {
    const directory = join(dataDir, 'pglite')
    mkdirSync(directory, { recursive: true })
    client = new PGlite(directory, { startParams: [...PGlite.defaultStartParams, ...pgliteSettings()], loadDataDir: newDataImage(directory, image) })
  }
  await client.waitReady
  const db = drizzlePglite({ client, schema })
  // PGlite delivers a NOTIFY to its own listeners, after the transaction that sent it commits.
  const listen: Listen = async (channel, onPayload) => client.listen(channel, onPayload)
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db),
    close: () => client.close(),
    listen,
    dumpImage: () => client.dumpDataDir('none'),
  }
}
