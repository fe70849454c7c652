import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { legacyPassword } from '../../db/schema/admin'
import { account } from '../../db/schema/auth'
import { user } from '../../db/schema/users'
import { onPage } from '../../db/paging'

export type LegacyPasswordRow = typeof legacyPassword.$inferSelect

/** The imported Firebase hash kept for a user, if any. */
export async function findLegacyPassword(db: Db, userId: string): Promise<LegacyPasswordRow | undefined> {
  const [row] = await db.select().from(legacyPassword).where(eq(legacyPassword.userId, userId))
  return row
}

/** Replaces the credential account's password, only while it still holds `from` (the legacy marker). */
export async function replaceCredentialPassword(db: Db, { userId, from, to }: { userId: string; from: string; to: string }): Promise<void> {
  await db
    .update(account)
    .set({ password: to, updatedAt: new Date() })
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential'), eq(account.password, from)))
}

/** Deletes the user's imported Firebase hash. */
export async function deleteLegacyPassword(db: Db, userId: string): Promise<void> {
  await db.delete(legacyPassword).where(eq(legacyPassword.userId, userId))
}

function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

export type LinkedAccountRow = { id: string; userId: string; email: string; name: string; subject: string; linkedAt: Date; lastSignInAt: Date | null }

/** One page of the accounts linked through `providerId`, newest first, matching `search` on email, name or subject; with the total. */
export async function selectLinkedAccounts(db: Db, { providerId, page, pageSize, search }: { providerId: string; page: number; pageSize: number; search?: string | undefined }): Promise<{ rows: LinkedAccountRow[]; total: number }> {
  const linked = eq(account.providerId, providerId)
  const where = search ? and(linked, or(ilike(user.email, containsPattern(search)), ilike(user.name, containsPattern(search)), ilike(account.accountId, containsPattern(search)))) : linked
  const [rows, [totalRow]] = await Promise.all([
    onPage(
      db
        .select({ id: account.id, userId: account.userId, email: user.email, name: user.name, subject: account.accountId, linkedAt: account.createdAt, lastSignInAt: user.lastSignInAt })
        .from(account)
        .innerJoin(user, eq(user.id, account.userId))
        .where(where)
        .orderBy(desc(account.createdAt), account.id)
        .$dynamic(),
      page,
      pageSize,
    ),
    db.select({ total: count() }).from(account).innerJoin(user, eq(user.id, account.userId)).where(where),
  ])
  return { rows, total: totalRow?.total ?? 0 }
}

/** Deletes a linked account of `providerId`; its user and subject, or undefined when there was none. */
export async function deleteLinkedAccount(db: Db, { id, providerId }: { id: string; providerId: string }): Promise<{ userId: string; subject: string } | undefined> {
  const [row] = await db
    .delete(account)
    .where(and(eq(account.id, id), eq(account.providerId, providerId)))
    .returning({ userId: account.userId, subject: account.accountId })
  return row
}

/** The emails among these (lower-cased) that a user already has, as stored. */
export async function selectExistingEmails(db: Db, emails: string[]): Promise<string[]> {
  const rows = await db.select({ email: user.email }).from(user).where(inArray(sql`lower(${user.email})`, emails))
  return rows.map((row) => row.email)
}

/** Inserts a user of a Firebase export (no roles). */
export async function insertImportedUser(db: Db, values: { id: string; name: string; email: string; emailVerified: boolean; phone: string | null }): Promise<void> {
  await db.insert(user).values({ ...values, onboarded: false })
}

/** Inserts the user's credential account holding `password` (the legacy marker). */
export async function insertCredentialAccount(db: Db, { id, userId, password }: { id: string; userId: string; password: string }): Promise<void> {
  await db.insert(account).values({ id, accountId: userId, providerId: 'credential', userId, password })
}

/** Keeps a user's Firebase scrypt hash and its parameters. */
export async function insertLegacyPassword(db: Db, values: { userId: string; passwordHash: string; salt: string; parameters: Record<string, unknown> }): Promise<void> {
  await db.insert(legacyPassword).values({ ...values, algorithm: 'firebase-scrypt' })
}
