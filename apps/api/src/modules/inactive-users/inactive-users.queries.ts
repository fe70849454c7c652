import { and, asc, count, desc, eq, ilike, isNotNull, isNull, lt, or } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import type { InactiveReason } from '@offerbook/domain/inactive-users'
import type { Db } from '../../db/client'
import { account, session } from '../../db/schema/auth'
import { listing } from '../../db/schema/listings'
import { offer, offerEvent } from '../../db/schema/offers'
import { signingPacket, signingSigner } from '../../db/schema/signing'
import { user } from '../../db/schema/users'
import { onPage } from '../../db/paging'

export type UserRow = typeof user.$inferSelect

const REASONS: readonly InactiveReason[] = ['deactivated', 'dormant', 'unverified', 'notOnboarded']

function reasonCondition(reason: InactiveReason, cutoff: Date): SQL {
  switch (reason) {
    case 'deactivated':
      return isNotNull(user.deactivatedAt)
    case 'dormant':
      return or(lt(user.lastSignInAt, cutoff), and(isNull(user.lastSignInAt), lt(user.createdAt, cutoff))) as SQL
    case 'unverified':
      return eq(user.emailVerified, false)
    case 'notOnboarded':
      return eq(user.onboarded, false)
  }
}

/** `%`, `_` and `\` in a search are literal characters, not patterns. */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/** One page of the users inactive for `reason` (any reason when absent), newest first, whose name or email contains `search`; with the total. */
export async function selectInactiveUsers(db: Db, { reason, cutoff, search, page, pageSize }: { reason?: InactiveReason | undefined; cutoff: Date; search?: string | undefined; page: number; pageSize: number }): Promise<{ rows: UserRow[]; total: number }> {
  const inactive = reason ? reasonCondition(reason, cutoff) : or(...REASONS.map((each) => reasonCondition(each, cutoff)))
  const matches = search ? or(ilike(user.name, containsPattern(search)), ilike(user.email, containsPattern(search))) : undefined
  const where = and(inactive, matches)
  const [rows, [totalRow]] = await Promise.all([
    onPage(db.select().from(user).where(where).orderBy(desc(user.createdAt), asc(user.id)).$dynamic(), page, pageSize),
    db.select({ total: count() }).from(user).where(where),
  ])
  return { rows, total: totalRow?.total ?? 0 }
}


/** The user row, if any. */
export async function findUserRow(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(user).where(eq(user.id, id))
  return row
}

/** Whether offers, listings or signing records name the user: those are kept (TREC: three years). */
export async function hasKeptRecords(db: Db, id: string): Promise<boolean> {
  const checks = await Promise.all([
    db.select({ id: offer.id }).from(offer).where(eq(offer.buyerId, id)).limit(1),
    db.select({ id: offerEvent.id }).from(offerEvent).where(eq(offerEvent.actorId, id)).limit(1),
    db
      .select({ id: listing.id })
      .from(listing)
      .where(or(eq(listing.ownerId, id), eq(listing.listAgentUserId, id)))
      .limit(1),
    db.select({ id: signingPacket.id }).from(signingPacket).where(eq(signingPacket.createdBy, id)).limit(1),
    db.select({ id: signingSigner.id }).from(signingSigner).where(eq(signingSigner.userId, id)).limit(1),
  ])
  return checks.some((rows) => rows.length > 0)
}

/** Deletes the user row (its sessions, accounts and roles go with it). */
export async function deleteUserRow(db: Db, id: string): Promise<void> {
  await db.delete(user).where(eq(user.id, id))
}

/** Deletes the user's sessions and accounts and blanks everything personal in the row, deactivated from `deactivatedAt`. */
export async function scrubUserRow(db: Db, id: string, deactivatedAt: Date): Promise<void> {
  await db.delete(session).where(eq(session.userId, id))
  await db.delete(account).where(eq(account.userId, id))
  await db
    .update(user)
    .set({ name: 'Erased user', email: `erased-${id}@invalid`, phone: null, phoneVerified: false, image: null, zipcode: null, nrds: null, deactivatedAt })
    .where(eq(user.id, id))
}
