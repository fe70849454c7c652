import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { adminAudit, adminSetting } from '../../db/schema/admin'
import { user } from '../../db/schema/users'

export type AuditRow = typeof adminAudit.$inferSelect
export type AuditValues = Pick<typeof adminAudit.$inferInsert, 'actorId' | 'targetUserId' | 'action' | 'before' | 'after' | 'reason'>

/** Inserts one audit row, in the caller's transaction. */
export async function insertAudit(db: Db, values: AuditValues): Promise<void> {
  await db.insert(adminAudit).values(values)
}

/** A user's audit rows, newest first, at most `limit`. */
export async function selectAuditOf(db: Db, targetUserId: string, limit: number): Promise<AuditRow[]> {
  return db.select().from(adminAudit).where(eq(adminAudit.targetUserId, targetUserId)).orderBy(desc(adminAudit.at), desc(adminAudit.id)).limit(limit)
}

/** The stored value of an admin setting, or undefined when it was never set. */
export async function selectSetting(db: Db, key: string): Promise<{ value: unknown } | undefined> {
  const [row] = await db.select({ value: adminSetting.value }).from(adminSetting).where(eq(adminSetting.key, key))
  return row
}

/** An admin setting with who last changed it (their name, null once that account is gone) and when. */
export async function selectSettingWithAuthor(db: Db, key: string): Promise<{ value: unknown; updatedAt: Date; updatedByName: string | null } | undefined> {
  const [row] = await db
    .select({ value: adminSetting.value, updatedAt: adminSetting.updatedAt, updatedByName: user.name })
    .from(adminSetting)
    .leftJoin(user, eq(user.id, adminSetting.updatedBy))
    .where(eq(adminSetting.key, key))
  return row
}

/** Inserts or replaces an admin setting, stamping who changed it and when. */
export async function upsertSetting(db: Db, key: string, value: unknown, updatedBy: string | null): Promise<void> {
  await db
    .insert(adminSetting)
    .values({ key, value, updatedBy })
    .onConflictDoUpdate({ target: adminSetting.key, set: { value, updatedBy, updatedAt: new Date() } })
}
