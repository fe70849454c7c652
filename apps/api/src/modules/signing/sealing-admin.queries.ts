import { and, count, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { signingPacket, signingTsaStatus } from '../../db/schema/signing'
import type { TsaAnswer } from './signing-tsa'

export type TsaStatusRow = typeof signingTsaStatus.$inferSelect

/** Keeps a TSA's answer as its last one, unless another server already recorded a later one. */
export async function recordTsaAnswer(db: Db, answer: TsaAnswer): Promise<void> {
  const row = answer.ok
    ? { url: answer.url, lastAt: answer.at, ok: true, tsaName: answer.tsaName, tsaExpiresAt: answer.tsaExpiresAt, error: null }
    : { url: answer.url, lastAt: answer.at, ok: false, tsaName: null, tsaExpiresAt: null, error: answer.error }
  await db
    .insert(signingTsaStatus)
    .values(row)
    .onConflictDoUpdate({
      target: signingTsaStatus.url,
      set: { lastAt: sql`excluded.last_at`, ok: sql`excluded.ok`, tsaName: sql`excluded.tsa_name`, tsaExpiresAt: sql`excluded.tsa_expires_at`, error: sql`excluded.error` },
      setWhere: lte(signingTsaStatus.lastAt, sql`excluded.last_at`),
    })
}

export async function listTsaStatuses(db: Db, urls: readonly string[]): Promise<TsaStatusRow[]> {
  if (urls.length === 0) return []
  return db.select().from(signingTsaStatus).where(inArray(signingTsaStatus.url, [...urls]))
}

/** Completed packets per seal level (null: sealed before decision 052). */
export async function countSealedByLevel(db: Db): Promise<{ level: string | null; count: number }[]> {
  return db.select({ level: signingPacket.sealLevel, count: count() }).from(signingPacket).where(eq(signingPacket.status, 'completed')).groupBy(signingPacket.sealLevel)
}

/** Completed packets whose archive step (DSS and document timestamp) is due at `now`. */
export async function countArchiveDue(db: Db, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(signingPacket)
    .where(and(eq(signingPacket.status, 'completed'), lte(signingPacket.sealArchiveDueAt, now)))
  return row?.count ?? 0
}
