import type { Db } from '../../db/client'
import { insertSignInEvent, stampLastSignIn } from './admin-users.queries'

/*
 * Told by auth.ts of every session better-auth makes (issue #15). Kept apart from the service, which
 * needs the Auth type, so auth.ts and this module do not import each other.
 */

/** A successful sign-in, by any means: the history row and the user's latest sign-in, leaving updatedAt as it was. */
export async function recordSignIn(db: Db, { userId, ipAddress, userAgent, at }: { userId: string; ipAddress: string | null; userAgent: string | null; at: Date }): Promise<void> {
  await insertSignInEvent(db, { userId, at, ipAddress, userAgent })
  await stampLastSignIn(db, userId, at)
}
