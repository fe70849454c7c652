import { and, desc, eq, gt, lt, ne } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { session } from '../../db/schema/auth'
import { announceAuthChange } from '../../auth/session-cache'
import { revokeLiveStreams } from '../events/events.publish'

/** What a device list shows of a session; the token is left out on purpose. */
export type SessionRow = Pick<typeof session.$inferSelect, 'id' | 'createdAt' | 'updatedAt' | 'ipAddress' | 'userAgent'>

/** The user's sessions that have not expired, the most recently active first. */
export async function listUserSessions(db: Db, { userId, now }: { userId: string; now: Date }): Promise<SessionRow[]> {
  return db
    .select({ id: session.id, createdAt: session.createdAt, updatedAt: session.updatedAt, ipAddress: session.ipAddress, userAgent: session.userAgent })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, now)))
    .orderBy(desc(session.updatedAt), desc(session.createdAt), desc(session.id))
}

/** Tells every process that these sessions of the user are gone, and closes their live event streams. */
async function sessionsEnded(db: Db, userId: string, rows: { id: string }[]): Promise<void> {
  if (rows.length > 0) await announceAuthChange(db, [userId])
  await revokeLiveStreams(db, { sessions: rows.map((row) => row.id) })
}

/** Deletes one of the user's sessions; false when the user has no session with that id. */
export async function deleteUserSession(db: Db, { userId, id }: { userId: string; id: string }): Promise<boolean> {
  const rows = await db
    .delete(session)
    .where(and(eq(session.id, id), eq(session.userId, userId)))
    .returning({ id: session.id })
  await sessionsEnded(db, userId, rows)
  return rows.length > 0
}

/** Deletes every session of the user but the one kept; answers how many went. */
export async function deleteOtherUserSessions(db: Db, { userId, keepId }: { userId: string; keepId: string }): Promise<number> {
  const rows = await db
    .delete(session)
    .where(and(eq(session.userId, userId), ne(session.id, keepId)))
    .returning({ id: session.id })
  await sessionsEnded(db, userId, rows)
  return rows.length
}

/** Moves the session's last activity to now, unless another request already did since `before`. */
export async function touchSession(db: Db, { id, now, before }: { id: string; now: Date; before: Date }): Promise<void> {
  await db
    .update(session)
    .set({ updatedAt: now })
    .where(and(eq(session.id, id), lt(session.updatedAt, before)))
}
