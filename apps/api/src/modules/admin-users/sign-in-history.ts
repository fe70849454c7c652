import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { signInEvent } from '../../db/schema/admin'
import { user } from '../../db/schema/users'

/*
 * Told by auth.ts of every session better-auth makes (issue #15). Kept apart from the service, which
 * needs the Auth type, so auth.ts and this module do not import each other.
 */

/** A successful sign-in, by any means: the history row and the user's latest sign-in, leaving updatedAt as it was. */
export async function recordSignIn(db: Db, { userId, ipAddress, userAgent, at }: { userId: string; ipAddress: string | null; userAgent: string | null; at: Date }): Promise<void> {
  await db.insert(signInEvent).values({ userId, at, ipAddress, userAgent })
  await db
    .update(user)
    .set({ lastSignInAt: at, updatedAt: sql`${user.updatedAt}` })
    .where(eq(user.id, userId))
}
