import type { Device, Devices, SignedOutDevices } from '@offerbook/domain/devices'
import { parseUserAgent } from '@offerbook/domain/user-agent'
import type { User } from '@offerbook/domain/user'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import { deleteOtherUserSessions, deleteUserSession, listUserSessions, touchSession } from './devices.queries'

/**
 * better-auth refreshes a session's updatedAt once a day; the auth hook moves it on a request at
 * most this often, so "last seen" is accurate to a few minutes for one UPDATE per device per interval.
 */
export const LAST_SEEN_INTERVAL_MS = 5 * 60 * 1000

/** The access hook has refused anonymous calls; a signed-in request always has its session. */
function currentSession(sessionId: string | null): string {
  if (!sessionId) throw new AppError('UNAUTHORIZED', 'request.signInRequired')
  return sessionId
}

export async function listDevices(db: Db, { actor, sessionId, now = new Date() }: { actor: User; sessionId: string | null; now?: Date }): Promise<Devices> {
  const current = currentSession(sessionId)
  const rows = await listUserSessions(db, { userId: actor.uid, now })
  const items = rows.map(
    (row): Device => ({
      id: row.id,
      ...parseUserAgent(row.userAgent),
      signedInAt: row.createdAt.toISOString(),
      lastSeenAt: row.updatedAt.toISOString(),
      ipAddress: row.ipAddress || null,
      current: row.id === current,
    }),
  )
  return { items }
}

/** Signs one of the caller's devices out (this one too, which is a sign-out); someone else's is not found. */
export async function signOutDevice(db: Db, { actor, sessionId, id }: { actor: User; sessionId: string | null; id: string }): Promise<void> {
  currentSession(sessionId)
  const deleted = await deleteUserSession(db, { userId: actor.uid, id })
  if (!deleted) throw new AppError('NOT_FOUND', 'session.deviceNotFound')
}

/** "Sign out everywhere else": every session of the caller but the one making this request. */
export async function signOutOtherDevices(db: Db, { actor, sessionId }: { actor: User; sessionId: string | null }): Promise<SignedOutDevices> {
  const signedOut = await deleteOtherUserSessions(db, { userId: actor.uid, keepId: currentSession(sessionId) })
  return { signedOut }
}

/**
 * Records that a session was used: nothing when it was already seen within the interval, else one
 * UPDATE. The auth hook does not await it, so a slow write never holds up the request.
 */
export function recordSessionSeen(db: Db, session: { id: string; updatedAt: Date | string }, now = new Date()): Promise<void> | undefined {
  const before = new Date(now.getTime() - LAST_SEEN_INTERVAL_MS)
  if (new Date(session.updatedAt) >= before) return undefined
  return touchSession(db, { id: session.id, now, before })
}
