import type { AdminUserChange, AdminUserDetail, AdminUserPage, DeactivateUser, PrincipalBrokerDecision, ReactivateUser, SetAddListing, SetUserRoles } from '@offerbook/domain/admin-users'
import { roleCombinationProblem } from '@offerbook/domain/admin-users'
import type { Role } from '@offerbook/domain/roles'
import type { User } from '@offerbook/domain/user'
import { DEFAULT_LANGUAGE, LanguageSchema } from '@offerbook/domain/user'
import { hasUnstorableCharacters } from '@offerbook/domain/validation'
import { AppError, fieldError } from '../../app-error'
import type { Auth } from '../session/session.auth'
import type { Db } from '../../db/client'
import { rolesOfUsers } from '../../db/user-roles'
import { recordAudit } from '../admin/admin-audit'
import { enqueueEmail } from '../messaging/messaging.service'
import type { UserRecord, UserSearch } from './admin-users.queries'
import {
  addRole,
  adminRowOf,
  auditWithActors,
  countUsersWithRole,
  deleteSessionsOf,
  findUserRecord,
  latestSignIns,
  listingPhonesOf,
  lockUserRecord,
  replaceRoles,
  searchAdminUsers,
  updateUserRecord,
} from './admin-users.queries'

const ADMIN_ROLES: readonly Role[] = ['ADMIN', 'SUPER_ADMIN']
const isSuperAdmin = (actor: User) => actor.roles.includes('SUPER_ADMIN')
const holdsAdminRole = (roles: readonly Role[]) => roles.some((role) => ADMIN_ROLES.includes(role))
/** Ids are text (better-auth's): one longer than this, or with a character PostgreSQL cannot take, is no user's and is not sent to the database. */
const MAX_ID_LENGTH = 200
const isNoUsersId = (userId: string) => userId.length > MAX_ID_LENGTH || hasUnstorableCharacters(userId)

const notFound = () => new AppError('NOT_FOUND', 'adminUsers.notFound')

export async function listAdminUsers(db: Db, query: UserSearch): Promise<AdminUserPage> {
  const { items, total } = await searchAdminUsers(db, { ...query, search: query.search?.trim() || undefined })
  return { items, total, page: query.page, pageSize: query.pageSize }
}

export async function getAdminUser(db: Db, userId: string): Promise<AdminUserDetail> {
  if (isNoUsersId(userId)) throw notFound()
  const row = await adminRowOf(db, userId)
  if (!row) throw notFound()
  const [signIns, audit, listingPhones] = await Promise.all([latestSignIns(db, userId), auditWithActors(db, userId), listingPhonesOf(db, userId)])
  return { user: row, signIns, audit, listingPhones }
}

type Change<T> = { actor: User; userId: string; input: T }

/**
 * One change to a user: locks the user's row, refuses a change made on an older copy (409), runs
 * `apply` and answers the user as it now is, all in one transaction with the audit row `apply` writes.
 */
async function changeUser(
  db: Db,
  { userId, expectedUpdatedAt }: { userId: string; expectedUpdatedAt: string },
  apply: (tx: Db, target: UserRecord, roles: Role[]) => Promise<void>,
): Promise<AdminUserChange> {
  if (isNoUsersId(userId)) throw notFound()
  return db.transaction(async (tx) => {
    const target = await lockUserRecord(tx, userId)
    if (!target) throw notFound()
    if (target.updatedAt.toISOString() !== expectedUpdatedAt) throw new AppError('CONFLICT', 'adminUsers.changedMeanwhile')
    const roles = (await rolesOfUsers(tx, [userId])).get(userId) ?? []
    await apply(tx, target, roles)
    const user = await adminRowOf(tx, userId)
    if (!user) throw notFound()
    return { user }
  })
}

/** The rules of issue #15: not one's own roles, a valid combination, admin roles by a super admin only, never the last super admin. */
export async function setUserRoles(db: Db, { actor, userId, input }: Change<SetUserRoles>): Promise<AdminUserChange> {
  if (userId === actor.uid) throw new AppError('FORBIDDEN', 'adminUsers.ownRoles')
  const problem = roleCombinationProblem(input.roles)
  if (problem) throw fieldError('roles', problem)
  return changeUser(db, { userId, expectedUpdatedAt: input.expectedUpdatedAt }, async (tx, target, before) => {
    const after = [...input.roles].sort()
    const adminRolesChange = ADMIN_ROLES.some((role) => before.includes(role) !== after.includes(role))
    if (before.includes('SUPER_ADMIN') && !after.includes('SUPER_ADMIN') && (await countUsersWithRole(tx, 'SUPER_ADMIN')) <= 1) {
      throw new AppError('CONFLICT', 'adminUsers.lastSuperAdmin')
    }
    if (adminRolesChange && !isSuperAdmin(actor)) throw new AppError('FORBIDDEN', 'adminUsers.onlySuperAdminGrantsAdmin')
    await replaceRoles(tx, target.id, after)
    await updateUserRecord(tx, target.id, {})
    await recordAudit(tx, { actorId: actor.uid, targetUserId: target.id, action: 'user.roles', before: { roles: before }, after: { roles: after } })
  })
}

export async function decidePrincipalBroker(db: Db, { actor, userId, input, publicUrl }: Change<PrincipalBrokerDecision> & { publicUrl: string }): Promise<AdminUserChange> {
  const reason = input.reason?.trim() ?? ''
  if (input.decision === 'deny' && !reason) throw fieldError('reason', 'adminUsers.denyReasonRequired')
  return changeUser(db, { userId, expectedUpdatedAt: input.expectedUpdatedAt }, async (tx, target) => {
    if (target.principalBrokerStatus !== 'pending') throw new AppError('CONFLICT', 'adminUsers.notPending')
    const before = { principalBrokerStatus: target.principalBrokerStatus, isPrincipalBroker: target.isPrincipalBroker }
    if (input.decision === 'approve') {
      await updateUserRecord(tx, target.id, { principalBrokerStatus: 'approved', isPrincipalBroker: true })
      await addRole(tx, target.id, 'PRINCIPAL_BROKER')
    } else {
      await updateUserRecord(tx, target.id, { principalBrokerStatus: 'none' })
    }
    const after = input.decision === 'approve' ? { principalBrokerStatus: 'approved', isPrincipalBroker: true } : { principalBrokerStatus: 'none', isPrincipalBroker: target.isPrincipalBroker }
    await recordAudit(tx, {
      actorId: actor.uid,
      targetUserId: target.id,
      action: input.decision === 'approve' ? 'principalBroker.approve' : 'principalBroker.deny',
      before,
      after,
      reason: reason || null,
    })
    const locale = LanguageSchema.catch(DEFAULT_LANGUAGE).parse(target.language)
    await enqueueEmail(tx, 'principal-broker-decision', { decision: input.decision, name: target.name, reason }, { to: target.email, locale, publicUrl })
  })
}

/**
 * Turns adding listings on or off for a user (spec section 3, isAddListingEnabled). Any admin may, for
 * anyone but an admin when they are not a super admin, as for the other changes; never on themselves.
 */
export async function setAddListing(db: Db, { actor, userId, input }: Change<SetAddListing>): Promise<AdminUserChange> {
  if (userId === actor.uid) throw new AppError('FORBIDDEN', 'adminUsers.ownAddListing')
  return changeUser(db, { userId, expectedUpdatedAt: input.expectedUpdatedAt }, async (tx, target, roles) => {
    if (holdsAdminRole(roles) && !isSuperAdmin(actor)) throw new AppError('FORBIDDEN', 'adminUsers.onlySuperAdminChangesAdmin')
    if (target.isAddListingEnabled === input.enabled) return
    await updateUserRecord(tx, target.id, { isAddListingEnabled: input.enabled })
    await recordAudit(tx, {
      actorId: actor.uid,
      targetUserId: target.id,
      action: 'user.addListing',
      before: { isAddListingEnabled: target.isAddListingEnabled },
      after: { isAddListingEnabled: input.enabled },
    })
  })
}

/** Who may deactivate or reactivate whom: never oneself, an admin only by a super admin. */
function checkMayToggle(actor: User, userId: string, roles: readonly Role[]): void {
  if (userId === actor.uid) throw new AppError('FORBIDDEN', 'adminUsers.ownDeactivation')
  if (holdsAdminRole(roles) && !isSuperAdmin(actor)) throw new AppError('FORBIDDEN', 'adminUsers.onlySuperAdminDeactivatesAdmin')
}

/** From now on no sign-in by any means (auth.ts refuses the session), every session ends at once. */
export async function deactivateUser(db: Db, { actor, userId, input }: Change<DeactivateUser>): Promise<AdminUserChange> {
  if (userId === actor.uid) throw new AppError('FORBIDDEN', 'adminUsers.ownDeactivation')
  return changeUser(db, { userId, expectedUpdatedAt: input.expectedUpdatedAt }, async (tx, target, roles) => {
    checkMayToggle(actor, target.id, roles)
    if (target.deactivatedAt) throw new AppError('CONFLICT', 'adminUsers.alreadyDeactivated')
    const at = new Date()
    await updateUserRecord(tx, target.id, { deactivatedAt: at })
    const sessions = await deleteSessionsOf(tx, target.id)
    await recordAudit(tx, {
      actorId: actor.uid,
      targetUserId: target.id,
      action: 'user.deactivate',
      before: { deactivatedAt: null },
      after: { deactivatedAt: at.toISOString(), sessionsEnded: sessions },
      reason: input.reason?.trim() || null,
    })
  })
}

export async function reactivateUser(db: Db, { actor, userId, input }: Change<ReactivateUser>): Promise<AdminUserChange> {
  if (userId === actor.uid) throw new AppError('FORBIDDEN', 'adminUsers.ownDeactivation')
  return changeUser(db, { userId, expectedUpdatedAt: input.expectedUpdatedAt }, async (tx, target, roles) => {
    checkMayToggle(actor, target.id, roles)
    if (!target.deactivatedAt) throw new AppError('CONFLICT', 'adminUsers.notDeactivated')
    await updateUserRecord(tx, target.id, { deactivatedAt: null })
    await recordAudit(tx, { actorId: actor.uid, targetUserId: target.id, action: 'user.reactivate', before: { deactivatedAt: target.deactivatedAt.toISOString() }, after: { deactivatedAt: null } })
  })
}

async function existingUser(db: Db, userId: string): Promise<UserRecord> {
  if (isNoUsersId(userId)) throw notFound()
  const target = await findUserRecord(db, userId)
  if (!target) throw notFound()
  return target
}

/** The same reset code the recovery flow e-mails (accounts' requestRecovery), in the user's language. */
export async function sendPasswordReset(db: Db, auth: Auth, { actor, userId }: { actor: User; userId: string }): Promise<{ sent: true }> {
  const target = await existingUser(db, userId)
  await auth.api.requestPasswordResetEmailOTP({ body: { email: target.email }, headers: new Headers() })
  await recordAudit(db, { actorId: actor.uid, targetUserId: target.id, action: 'user.passwordReset' })
  return { sent: true }
}

/** The same verification code sign-up and "resend the code" e-mail; none for a verified address. */
export async function sendVerificationCode(db: Db, auth: Auth, { actor, userId }: { actor: User; userId: string }): Promise<{ sent: true }> {
  const target = await existingUser(db, userId)
  if (target.emailVerified) throw new AppError('CONFLICT', 'adminUsers.alreadyVerified')
  await auth.api.sendVerificationOTP({ body: { email: target.email, type: 'email-verification' }, headers: new Headers() })
  await recordAudit(db, { actorId: actor.uid, targetUserId: target.id, action: 'user.verificationCode' })
  return { sent: true }
}
