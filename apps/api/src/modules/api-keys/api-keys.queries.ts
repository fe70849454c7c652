import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { apiKey } from '../../db/schema/api-keys'

/** A user's API keys (decision 078): their rows, the lookup of a key by its hash, and its last use. */

export type ApiKeyRow = typeof apiKey.$inferSelect

export async function insertApiKey(db: Db, values: { userId: string; name: string; keyHash: string; start: string; scopes: string[]; expiresAt: Date | null }): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKey).values(values).returning()
  if (!row) throw new Error('api key insert returned no row')
  return row
}

/** The user's keys that are not revoked (expired ones too, so the owner sees them go), newest first. */
export function listUserApiKeys(db: Db, userId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKey)
    .where(and(eq(apiKey.userId, userId), isNull(apiKey.revokedAt)))
    .orderBy(desc(apiKey.createdAt), desc(apiKey.id))
}

export async function countUserApiKeys(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKey)
    .where(and(eq(apiKey.userId, userId), isNull(apiKey.revokedAt)))
  return row?.n ?? 0
}

/** Revokes one of the user's keys; false when the user has no such key that is not revoked yet. */
export async function revokeUserApiKey(db: Db, { userId, id, now }: { userId: string; id: string; now: Date }): Promise<boolean> {
  const rows = await db
    .update(apiKey)
    .set({ revokedAt: now })
    .where(and(eq(apiKey.id, id), eq(apiKey.userId, userId), isNull(apiKey.revokedAt)))
    .returning({ id: apiKey.id })
  return rows.length > 0
}

/** The key whose hash this is, revoked or not (the caller decides). */
export async function findApiKeyByHash(db: Db, keyHash: string): Promise<ApiKeyRow | null> {
  const [row] = await db.select().from(apiKey).where(eq(apiKey.keyHash, keyHash)).limit(1)
  return row ?? null
}

/** Records a use of the key, unless one since `before` was recorded already (one write a minute at most). */
export async function touchApiKey(db: Db, { id, now, before }: { id: string; now: Date; before: Date }): Promise<void> {
  await db
    .update(apiKey)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKey.id, id), or(isNull(apiKey.lastUsedAt), lt(apiKey.lastUsedAt, before))))
}
