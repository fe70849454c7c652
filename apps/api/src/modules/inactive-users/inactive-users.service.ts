import type { InactiveReason, InactiveUser, InactiveUsersPage, InactiveUsersQuery } from '@offerbook/domain/inactive-users'
import { DEFAULT_INACTIVITY_DAYS } from '@offerbook/domain/inactive-users'
import type { Role } from '@offerbook/domain/roles'
import { DEFAULT_LANGUAGE, LanguageSchema } from '@offerbook/domain/user'
import type { User } from '@offerbook/domain/user'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import { rolesOfUsers } from '../../db/user-roles'
import { readSetting, recordAudit, writeSetting } from '../admin/admin-audit'
import { enqueueEmail } from '../messaging/messaging.service'
import { reminderKind } from './inactive-users-email'
import { ownerListingsChanged } from '../listings/listing-changes'
import { announceAuthChange } from '../../auth/session-cache'
import { revokeLiveStreams } from '../events/events.publish'
import type { UserRow } from './inactive-users.queries'
import { deleteUserRow, findUserRow, hasKeptRecords, scrubUserRow, selectInactiveUsers } from './inactive-users.queries'

export const INACTIVITY_SETTING = 'inactivity.days'
const DAY_MS = 24 * 60 * 60 * 1000
const ADMIN_ROLES: readonly Role[] = ['ADMIN', 'SUPER_ADMIN']

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

export function reasonsOf(row: Pick<UserRow, 'deactivatedAt' | 'lastSignInAt' | 'createdAt' | 'emailVerified' | 'onboarded'>, cutoff: Date): InactiveReason[] {
  const reasons: InactiveReason[] = []
  if (row.deactivatedAt) reasons.push('deactivated')
  if ((row.lastSignInAt ?? row.createdAt) < cutoff) reasons.push('dormant')
  if (!row.emailVerified) reasons.push('unverified')
  if (!row.onboarded) reasons.push('notOnboarded')
  return reasons
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
  const { rows, total } = await selectInactiveUsers(db, { reason: query.reason, cutoff, search: query.search?.trim(), page: query.page, pageSize: query.pageSize })
  const roles = await rolesOfUsers(
    db,
    rows.map((row) => row.id),
  )
  return { items: rows.map((row) => toInactiveUser(row, roles.get(row.id) ?? [], cutoff)), total, page: query.page, pageSize: query.pageSize, days }
}

async function findTarget(db: Db, id: string): Promise<UserRow> {
  const row = await findUserRow(db, id)
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
    await enqueueEmail(tx, 'inactive-reminder', { reminder: kind, name: target.name }, { to: target.email, locale, publicUrl })
    await recordAudit(tx, { actorId: actor.uid, targetUserId: target.id, action: 'user.reminder', after: { kind, reasons } })
  })
}

/**
 * Erases an account that never verified its email. Without offers, listings or signing records the
 * user row goes (its sessions, accounts and roles with it); with them, the row stays so the records
 * keep their references, but nothing personal is left in it and nobody can sign in to it.
 */
export async function eraseUser(db: Db, actor: User, id: string, now = new Date()): Promise<'deleted' | 'scrubbed'> {
  const target = await findTarget(db, id)
  if (target.id === actor.uid) throw new AppError('CONFLICT', 'inactiveUsers.notYourself')
  const roles = (await rolesOfUsers(db, [target.id])).get(target.id) ?? []
  if (roles.some((role) => ADMIN_ROLES.includes(role))) throw new AppError('CONFLICT', 'inactiveUsers.notAnAdmin')
  if (target.emailVerified) throw new AppError('CONFLICT', 'inactiveUsers.onlyUnverified')
  return db.transaction(async (tx) => {
    const outcome = (await hasKeptRecords(tx, target.id)) ? 'scrubbed' : 'deleted'
    if (outcome === 'deleted') {
      await deleteUserRow(tx, target.id)
    } else {
      await scrubUserRow(tx, target.id, target.deactivatedAt ?? now)
    }
    await ownerListingsChanged(tx, target.id)
    await announceAuthChange(tx, [target.id])
    await revokeLiveStreams(tx, { users: [target.id] })
    await recordAudit(tx, { actorId: actor.uid, targetUserId: target.id, action: 'user.erase', before: { email: target.email, name: target.name }, after: { outcome } })
    return outcome
  })
}
