import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import type { InactiveReason, InactiveUser, InactiveUsersPage, InactiveUsersQuery } from '@offerbook/domain/inactive-users'
import { DEFAULT_INACTIVITY_DAYS } from '@offerbook/domain/inactive-users'
import type { Role } from '@offerbook/domain/roles'
import { RoleSchema } from '@offerbook/domain/roles'
import { DEFAULT_LANGUAGE, LanguageSchema } from '@offerbook/domain/user'
import type { User } from '@offerbook/domain/user'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import { account, session } from '../../db/schema/auth'
import { listing } from '../../db/schema/listings'
import { offer, offerEvent } from '../../db/schema/offers'
import { signingPacket, signingSigner } from '../../db/schema/signing'
import { user, userRole } from '../../db/schema/users'
import { readSetting, recordAudit, writeSetting } from '../admin/admin-audit'
import { enqueueEmail } from '../messaging/messaging.service'
import { renderReminder, reminderKind } from './inactive-users-email'
import { ownerListingsChanged } from '../listings/listing-changes'
import { announceAuthChange } from '../../auth/session-cache'
import { revokeLiveStreams } from '../events/events.publish'

export const INACTIVITY_SETTING = 'inactivity.days'
const DAY_MS = 24 * 60 * 60 * 1000
const ADMIN_ROLES: readonly Role[] = ['ADMIN', 'SUPER_ADMIN']

type UserRow = typeof user.$inferSelect

/** The threshold in force: an admin's setting, or 180 days; a stored value that is not a sane number counts as unset. */
export async function inactivityDays(db: Db): Promise<number> {
  const stored = await readSetting<unknown>(db, INACTIVITY_SETTING, DEFAULT_INACTIVITY_DAYS)
  return typeof stored === 'number' && Number.isInteger(stored) && stored >= 1 ? stored : DEFAULT_INACTIVITY_DAYS
}

export async function setInactivityDays(db: Db, actor: User, days: number): Promise<number> {
  await db.transaction(async (tx) => {
    const before = await inactivityDays(tx)
    await writeSetting(tx, INACTIVITY_SETTING, days, actor.uid)
    await recordAudit(tx, { actorId: actor.uid, targetUserId: null, action: 'settings.inactivity', before: { days: before }, after: { days } })
  })
  return days
}

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

export function reasonsOf(row: Pick<UserRow, 'deactivatedAt' | 'lastSignInAt' | 'createdAt' | 'emailVerified' | 'onboarded'>, cutoff: Date): InactiveReason[] {
  const reasons: InactiveReason[] = []
  if (row.deactivatedAt) reasons.push('deactivated')
  if ((row.lastSignInAt ?? row.createdAt) < cutoff) reasons.push('dormant')
  if (!row.emailVerified) reasons.push('unverified')
  if (!row.onboarded) reasons.push('notOnboarded')
  return reasons
}

/** `%`, `_` and `\` in a search are literal characters, not patterns. */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

async function rolesOf(db: Db, ids: readonly string[]): Promise<Map<string, Role[]>> {
  const byUser = new Map<string, Role[]>()
  if (ids.length === 0) return byUser
  const rows = await db.select({ userId: userRole.userId, role: userRole.role }).from(userRole).where(inArray(userRole.userId, [...ids]))
  for (const row of rows) {
    const parsed = RoleSchema.safeParse(row.role)
    if (parsed.success) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), parsed.data])
  }
  return byUser
}

function toInactiveUser(row: UserRow, roles: Role[], cutoff: Date): InactiveUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    roles,
    reasons: reasonsOf(row, cutoff),
    emailVerified: row.emailVerified,
    onboarded: row.onboarded,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
  }
}

export async function listInactiveUsers(db: Db, query: InactiveUsersQuery, now = new Date()): Promise<InactiveUsersPage> {
  const days = await inactivityDays(db)
  const cutoff = new Date(now.getTime() - days * DAY_MS)
  const inactive = query.reason ? reasonCondition(query.reason, cutoff) : or(...(['deactivated', 'dormant', 'unverified', 'notOnboarded'] as const).map((reason) => reasonCondition(reason, cutoff)))
  const search = query.search?.trim()
  const matches = search ? or(ilike(user.name, containsPattern(search)), ilike(user.email, containsPattern(search))) : undefined
  const where = and(inactive, matches)
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(user)
      .where(where)
      .orderBy(desc(user.createdAt), asc(user.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(user).where(where),
  ])
  const roles = await rolesOf(
    db,
    rows.map((row) => row.id),
  )
  return { items: rows.map((row) => toInactiveUser(row, roles.get(row.id) ?? [], cutoff)), total: totalRow?.total ?? 0, page: query.page, pageSize: query.pageSize, days }
}

async function findTarget(db: Db, id: string): Promise<UserRow> {
  const [row] = await db.select().from(user).where(eq(user.id, id))
  if (!row) throw new AppError('NOT_FOUND', 'inactiveUsers.notFound')
  return row
}

/** Queues a reminder in the user's language that fits why the account is inactive. */
export async function sendReminder(db: Db, actor: User, id: string, publicUrl: string, now = new Date()): Promise<void> {
  const target = await findTarget(db, id)
  if (target.deactivatedAt) throw new AppError('CONFLICT', 'inactiveUsers.deactivatedNoReminder')
  const cutoff = new Date(now.getTime() - (await inactivityDays(db)) * DAY_MS)
  const reasons = reasonsOf(target, cutoff)
  const kind = reminderKind(reasons)
  const parsed = LanguageSchema.safeParse(target.language)
  const locale = parsed.success ? parsed.data : DEFAULT_LANGUAGE
  await db.transaction(async (tx) => {
    await enqueueEmail(tx, { to: target.email, ...renderReminder(kind, locale, target.name, publicUrl), kind: `admin.reminder.${kind}`, locale })
    await recordAudit(tx, { actorId: actor.uid, targetUserId: target.id, action: 'user.reminder', after: { kind, reasons } })
  })
}

/** Whether offers, listings or signing records name the user: those are kept (TREC: three years). */
async function hasKeptRecords(db: Db, id: string): Promise<boolean> {
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

/**
 * Erases an account that never verified its email. Without offers, listings or signing records the
 * user row goes (its sessions, accounts and roles with it); with them, the row stays so the records
 * keep their references, but nothing personal is left in it and nobody can sign in to it.
 */
export async function eraseUser(db: Db, actor: User, id: string, now = new Date()): Promise<'deleted' | 'scrubbed'> {
  const target = await findTarget(db, id)
  if (target.id === actor.uid) throw new AppError('CONFLICT', 'inactiveUsers.notYourself')
  const roles = (await rolesOf(db, [target.id])).get(target.id) ?? []
  if (roles.some((role) => ADMIN_ROLES.includes(role))) throw new AppError('CONFLICT', 'inactiveUsers.notAnAdmin')
  if (target.emailVerified) throw new AppError('CONFLICT', 'inactiveUsers.onlyUnverified')
  return db.transaction(async (tx) => {
    const outcome = (await hasKeptRecords(tx, target.id)) ? 'scrubbed' : 'deleted'
    if (outcome === 'deleted') {
      await tx.delete(user).where(eq(user.id, target.id))
    } else {
      await tx.delete(session).where(eq(session.userId, target.id))
      await tx.delete(account).where(eq(account.userId, target.id))
      await tx
        .update(user)
        .set({ name: 'Erased user', email: `erased-${target.id}@invalid`, phone: null, phoneVerified: false, image: null, zipcode: null, nrds: null, deactivatedAt: target.deactivatedAt ?? now })
        .where(eq(user.id, target.id))
    }
    await ownerListingsChanged(tx, target.id)
    await announceAuthChange(tx, [target.id])
    await revokeLiveStreams(tx, { users: [target.id] })
    await recordAudit(tx, { actorId: actor.uid, targetUserId: target.id, action: 'user.erase', before: { email: target.email, name: target.name }, after: { outcome } })
    return outcome
  })
}
