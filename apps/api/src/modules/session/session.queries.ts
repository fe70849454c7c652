import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { session } from '../../db/schema/auth'

export async function findSessionExpiry(db: Db, token: string): Promise<Date | null> {
  const [row] = await db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.token, token)).limit(1)
  return row?.expiresAt ?? null
}
