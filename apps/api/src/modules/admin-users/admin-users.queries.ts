import { and, asc, count, desc, eq, exists, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import type { AdminUserRow, AdminUserSort, AdminUserStatus, AuditRowView, SignInEventView } from '@offerbook/domain/admin-users'
import type { Role } from '@offerbook/domain/roles'
import type { Db } from '../../db/client'
import { rolesOfUsers } from '../../db/user-roles'
import { adminAudit, signInEvent } from '../../db/schema/admin'
import { session } from '../../db/schema/auth'
import { listing } from '../../db/schema/listings'
import { user, userRole } from '../../db/schema/users'
import { toUser } from '../users/users.service'
import { ownerListingsChanged } from '../listings/listing-changes'
import { announceAuthChange } from '../../auth/session-cache'
import { revokeLiveStreams } from '../events/events.publish'
import { onPage } from '../../db/paging'

export type UserRecord = typeof user.$inferSelect

export function toAdminRow(row: UserRecord, roles: readonly string[]): AdminUserRow {
  return {
    ...toUser(row, roles),
    emailVerified: row.emailVerified,
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}


/** `%`, `_` and `\` in a search are literal characters, not patterns. */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

function statusCondition(status: AdminUserStatus): SQL {
  switch (status) {
    case 'active':
      return isNull(user.deactivatedAt)
    case 'deactivated':
      return isNotNull(user.deactivatedAt)
    case 'unverified':
      return eq(user.emailVerified, false)
    case 'pendingPrincipalBroker':
      return eq(user.principalBrokerStatus, 'pending')
  }
}

const SORT_COLUMNS = { name: user.name, email: user.email, createdAt: user.createdAt, lastSignInAt: user.lastSignInAt } as const

export type UserSearch = {
  search?: string | undefined
  role?: Role | undefined
  status?: AdminUserStatus | undefined
  sort: AdminUserSort
  order: 'asc' | 'desc'
  page: number
  pageSize: number
}

export async function searchAdminUsers(db: Db, query: UserSearch): Promise<{ items: AdminUserRow[]; total: number }> {
  const pattern = query.search ? containsPattern(query.search) : null
  const where = and(
    pattern ? or(ilike(user.name, pattern), ilike(user.email, pattern), ilike(user.phone, pattern)) : undefined,
    query.role ? exists(db.select({ one: sql`1` }).from(userRole).where(and(eq(userRole.userId, user.id), eq(userRole.role, query.role)))) : undefined,
    query.status ? statusCondition(query.status) : undefined,
  )
  const column = SORT_COLUMNS[query.sort]
  // Never signed in sorts last either way; the id keeps pages stable among equal values.
  const order =
    query.order === 'asc' ? [sql`${column} asc nulls last`, asc(user.id)] : [sql`${column} desc nulls last`, desc(user.id)]
  const [rows, totals] = await Promise.all([
    onPage(db.select().from(user).where(where).orderBy(...order).$dynamic(), query.page, query.pageSize),
    db.select({ total: count() }).from(user).where(where),
  ])
  const roles = await rolesOfUsers(
    db,
    rows.map((row) => row.id),
  )
  return { items: rows.map((row) => toAdminRow(row, roles.get(row.id) ?? [])), total: totals[0]?.total ?? 0 }
}

/** `forUpdate` locks the row until the transaction ends. */
export async function findUserRecord(db: Db, userId: string, { forUpdate = false } = {}): Promise<UserRecord | null> {
  const query = db.select().from(user).where(eq(user.id, userId)).limit(1)
  const [row] = await (forUpdate ? query.for('update') : query)
  return row ?? null
}

/** The user's row, locked until the transaction ends, so two admins' changes do not interleave. */
export const lockUserRecord = (db: Db, userId: string): Promise<UserRecord | null> => findUserRecord(db, userId, { forUpdate: true })

export async function adminRowOf(db: Db, userId: string): Promise<AdminUserRow | null> {
  const row = await findUserRecord(db, userId)
  if (!row) return null
  const roles = await rolesOfUsers(db, [row.id])
  return toAdminRow(row, roles.get(row.id) ?? [])
}

export async function replaceRoles(db: Db, userId: string, roles: readonly Role[]): Promise<void> {
  await db.delete(userRole).where(eq(userRole.userId, userId))
  if (roles.length > 0) await db.insert(userRole).values(roles.map((role) => ({ userId, role })))
  await announceAuthChange(db, [userId])
  // What the user may see changed: their open streams close and reconnect under the new roles.
  await revokeLiveStreams(db, { users: [userId] })
}

export async function addRole(db: Db, userId: string, role: Role): Promise<void> {
  await db.insert(userRole).values({ userId, role }).onConflictDoNothing()
  await announceAuthChange(db, [userId])
  await revokeLiveStreams(db, { users: [userId] })
}

/** Any change to the user; updatedAt moves on, so an admin holding the old one is told of it (409). */
export async function updateUserRecord(db: Db, userId: string, changes: Partial<Pick<UserRecord, 'deactivatedAt' | 'principalBrokerStatus' | 'isPrincipalBroker' | 'isAddListingEnabled'>>): Promise<void> {
  await db
    .update(user)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(user.id, userId))
  await announceAuthChange(db, [userId])
  if (changes.deactivatedAt) await revokeLiveStreams(db, { users: [userId] })
  // A deactivated owner's listings leave the search; they come back on reactivation.
  if ('deactivatedAt' in changes) await ownerListingsChanged(db, userId)
}

export async function countUsersWithRole(db: Db, role: Role): Promise<number> {
  const [row] = await db.select({ total: count() }).from(userRole).where(eq(userRole.role, role))
  return row?.total ?? 0
}

export async function deleteSessionsOf(db: Db, userId: string): Promise<number> {
  const rows = await db.delete(session).where(eq(session.userId, userId)).returning({ id: session.id })
  await announceAuthChange(db, [userId])
  await revokeLiveStreams(db, { users: [userId] })
  return rows.length
}

/**
 * The phones the user's listing cards dial (ListAgentDirectPhone): of the listings they are the agent
 * of, or own with no agent named. Often the only phone an agent has, when their profile has none.
 */
export async function listingPhonesOf(db: Db, userId: string, limit = 5): Promise<string[]> {
  const rows = await db
    .selectDistinct({ phone: listing.listAgentDirectPhone })
    .from(listing)
    .where(and(isNotNull(listing.listAgentDirectPhone), or(eq(listing.listAgentUserId, userId), and(eq(listing.ownerId, userId), isNull(listing.listAgentUserId)))))
    .orderBy(asc(listing.listAgentDirectPhone))
    .limit(limit)
  return rows.flatMap((row) => (row.phone ? [row.phone] : []))
}

export async function latestSignIns(db: Db, userId: string, limit = 50): Promise<SignInEventView[]> {
  const rows = await db
    .select({ at: signInEvent.at, ipAddress: signInEvent.ipAddress, userAgent: signInEvent.userAgent })
    .from(signInEvent)
    .where(eq(signInEvent.userId, userId))
    .orderBy(desc(signInEvent.at), desc(signInEvent.id))
    .limit(limit)
  return rows.map((row) => ({ at: row.at.toISOString(), ipAddress: row.ipAddress, userAgent: row.userAgent }))
}

const actor = { id: user.id, name: user.name }

export async function auditWithActors(db: Db, targetUserId: string, limit = 200): Promise<AuditRowView[]> {
  const rows = await db
    .select({ row: adminAudit, actor })
    .from(adminAudit)
    .leftJoin(user, eq(user.id, adminAudit.actorId))
    .where(eq(adminAudit.targetUserId, targetUserId))
    .orderBy(desc(adminAudit.at), desc(adminAudit.id))
    .limit(limit)
  return rows.map(({ row, actor: who }) => ({
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    actor: who ? { id: who.id, name: who.name } : null,
    before: row.before ?? null,
    after: row.after ?? null,
    reason: row.reason,
  }))
}

/** Inserts one row of a user's sign-in history. */
export async function insertSignInEvent(db: Db, values: { userId: string; at: Date; ipAddress: string | null; userAgent: string | null }): Promise<void> {
  await db.insert(signInEvent).values(values)
}

/** Sets the user's latest sign-in, leaving updatedAt as it was. */
export async function stampLastSignIn(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .update(user)
    .set({ lastSignInAt: at, updatedAt: sql`${user.updatedAt}` })
    .where(eq(user.id, userId))
}
