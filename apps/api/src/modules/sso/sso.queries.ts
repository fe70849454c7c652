import { and, eq, gt } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { account, session, verification } from '../../db/schema/auth'
import { user } from '../../db/schema/users'

/** Rows of our own in better-auth's `verification` table, told apart by the identifier's prefix. */
const PENDING_PREFIX = 'sso-pending:'
const SESSION_PREFIX = 'sso-session:'

export type PendingRow = { rowId: string; value: string; expiresAt: Date }

export async function insertPendingSso(db: Db, { pendingId, value, expiresAt }: { pendingId: string; value: string; expiresAt: Date }): Promise<void> {
  await db.insert(verification).values({ id: crypto.randomUUID(), identifier: `${PENDING_PREFIX}${pendingId}`, value, expiresAt })
}

export async function findPendingSso(db: Db, pendingId: string): Promise<PendingRow | null> {
  const [row] = await db
    .select({ rowId: verification.id, value: verification.value, expiresAt: verification.expiresAt })
    .from(verification)
    .where(and(eq(verification.identifier, `${PENDING_PREFIX}${pendingId}`), gt(verification.expiresAt, new Date())))
    .limit(1)
  return row ?? null
}

/** Replaces the value only if nobody changed it since it was read: two guesses at once count twice. */
export async function updatePendingSso(db: Db, row: PendingRow, value: string): Promise<boolean> {
  const updated = await db
    .update(verification)
    .set({ value })
    .where(and(eq(verification.id, row.rowId), eq(verification.value, row.value)))
    .returning({ id: verification.id })
  return updated.length === 1
}

/** Deletes the pending sign-in if it is still as read; true for the one caller that consumed it. */
export async function consumePendingSso(db: Db, row: PendingRow): Promise<boolean> {
  const deleted = await db
    .delete(verification)
    .where(and(eq(verification.id, row.rowId), eq(verification.value, row.value)))
    .returning({ id: verification.id })
  return deleted.length === 1
}

export async function findSsoAccountOwner(db: Db, { providerId, accountId }: { providerId: string; accountId: string }): Promise<string | null> {
  const [row] = await db
    .select({ userId: account.userId })
    .from(account)
    .where(and(eq(account.providerId, providerId), eq(account.accountId, accountId)))
    .limit(1)
  return row?.userId ?? null
}

export async function findUserByEmail(db: Db, email: string): Promise<{ id: string; emailVerified: boolean } | null> {
  const [row] = await db.select({ id: user.id, emailVerified: user.emailVerified }).from(user).where(eq(user.email, email)).limit(1)
  return row ?? null
}

export async function insertSsoUser(db: Db, input: { id: string; name: string; email: string; language: string }): Promise<void> {
  await db.insert(user).values({ ...input, emailVerified: true })
}

export async function insertSsoAccount(db: Db, { userId, providerId, accountId }: { userId: string; providerId: string; accountId: string }): Promise<void> {
  await db.insert(account).values({ id: crypto.randomUUID(), userId, providerId, accountId })
}

export async function findSessionByToken(db: Db, token: string): Promise<{ id: string; userId: string; expiresAt: Date } | null> {
  const [row] = await db
    .select({ id: session.id, userId: session.userId, expiresAt: session.expiresAt })
    .from(session)
    .where(and(eq(session.token, token), gt(session.expiresAt, new Date())))
    .limit(1)
  return row ?? null
}

/** Notes that a session began through the provider, so signing out of it can end the provider's too. */
export async function markSsoSession(db: Db, { sessionId, expiresAt }: { sessionId: string; expiresAt: Date }): Promise<void> {
  await db.insert(verification).values({ id: crypto.randomUUID(), identifier: `${SESSION_PREFIX}${sessionId}`, value: '1', expiresAt })
}

export async function isSsoSession(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: verification.id })
    .from(verification)
    .where(and(eq(verification.identifier, `${SESSION_PREFIX}${sessionId}`), gt(verification.expiresAt, new Date())))
    .limit(1)
  return row !== undefined
}

export async function findSsoIdToken(db: Db, { userId, providerId }: { userId: string; providerId: string }): Promise<string | null> {
  const [row] = await db
    .select({ idToken: account.idToken })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, providerId)))
    .limit(1)
  return row?.idToken ?? null
}
