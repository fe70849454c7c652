import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'

/** NOTIFYs the listings channel; given a transaction, PostgreSQL delivers it at commit. */
export async function notifyListingsChannel(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`)
}
