import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Role } from '@offerbook/domain/roles'
import type { Db } from '../../db/client'
import { user, userRole } from '../../db/schema/users'
import { announceAuthChange } from '../../auth/session-cache'

type UserRow = typeof user.$inferSelect

/** Keeps phoneVerified only when the phone stays what it was: a new number has not been proven. */
function phoneChange(phone: string | null) {
  return {
    phone,
    phoneVerified: sql<boolean>`case when ${user.phone} is not distinct from ${phone} then ${user.phoneVerified} else false end`,
  }
}

export type OnboardingFields = {
  nrds: string | null
  sellerAgentId: string | null
  /** undefined leaves the stored value as it is. */
  phone: string | undefined
  zipcode: string | undefined
  isAddListingEnabled: boolean
  uiMode: string
}

/** Marks the user onboarded unless already so; false when nothing changed. */
export async function markOnboarded(db: Db, userId: string, fields: OnboardingFields): Promise<boolean> {
  const rows = await db
    .update(user)
    .set({
      onboarded: true,
      nrds: fields.nrds,
      sellerAgentId: fields.sellerAgentId,
      isAddListingEnabled: fields.isAddListingEnabled,
      uiMode: fields.uiMode,
      ...(fields.phone === undefined ? {} : phoneChange(fields.phone)),
      ...(fields.zipcode === undefined ? {} : { zipcode: fields.zipcode }),
    })
    .where(and(eq(user.id, userId), eq(user.onboarded, false)))
    .returning({ id: user.id })
  if (rows.length > 0) await announceAuthChange(db, [userId])
  return rows.length > 0
}

export async function replaceRoles(db: Db, userId: string, roles: readonly Role[]): Promise<void> {
  await db.delete(userRole).where(eq(userRole.userId, userId))
  if (roles.length > 0) await db.insert(userRole).values(roles.map((role) => ({ userId, role })))
  await announceAuthChange(db, [userId])
}

export type ProfileChanges = { name?: string; phone?: string | null; zipcode?: string | null; language?: string; uiMode?: string; currency?: string; nrds?: string; website?: string | null }

export async function updateProfileFields(db: Db, userId: string, changes: ProfileChanges): Promise<boolean> {
  const { phone, ...rest } = changes
  const set = { ...rest, ...(phone === undefined ? {} : phoneChange(phone)) }
  if (Object.keys(set).length === 0) {
    const [row] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId)).limit(1)
    return row !== undefined
  }
  const rows = await db.update(user).set(set).where(eq(user.id, userId)).returning({ id: user.id })
  if (rows.length > 0) await announceAuthChange(db, [userId])
  return rows.length > 0
}

/** Changes the MLS ID; true when it differs from the stored one (the row stays locked until the transaction ends). */
export async function setSellerAgentId(db: Db, userId: string, sellerAgentId: string): Promise<boolean> {
  const [current] = await db.select({ sellerAgentId: user.sellerAgentId }).from(user).where(eq(user.id, userId)).for('update').limit(1)
  if (!current || current.sellerAgentId === sellerAgentId) return false
  await db.update(user).set({ sellerAgentId }).where(eq(user.id, userId))
  await announceAuthChange(db, [userId])
  return true
}

/** Sets the photo URL; the row lock it takes queues a second upload of the same user behind this one. */
export async function setUserImage(db: Db, userId: string, image: string): Promise<boolean> {
  const rows = await db.update(user).set({ image }).where(eq(user.id, userId)).returning({ id: user.id })
  if (rows.length > 0) await announceAuthChange(db, [userId])
  return rows.length > 0
}

export type PrincipalBrokerRequester = Pick<UserRow, 'name' | 'email' | 'phone' | 'nrds'>

/** Marks a request pending when the user has none and is not a principal broker; null otherwise. */
export async function markPrincipalBrokerPending(db: Db, userId: string): Promise<PrincipalBrokerRequester | null> {
  const [row] = await db
    .update(user)
    .set({ principalBrokerStatus: 'pending' })
    .where(and(eq(user.id, userId), eq(user.principalBrokerStatus, 'none'), eq(user.isPrincipalBroker, false)))
    .returning({ name: user.name, email: user.email, phone: user.phone, nrds: user.nrds })
  if (row) await announceAuthChange(db, [userId])
  return row ?? null
}

export async function findPrincipalBrokerState(db: Db, userId: string): Promise<Pick<UserRow, 'isPrincipalBroker' | 'principalBrokerStatus'> | null> {
  const [row] = await db
    .select({ isPrincipalBroker: user.isPrincipalBroker, principalBrokerStatus: user.principalBrokerStatus })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1)
  return row ?? null
}

/** Every user holding one of the roles, once each, by e-mail. */
export async function listUsersWithRoles(db: Db, roles: readonly Role[]): Promise<Pick<UserRow, 'email' | 'language'>[]> {
  return db
    .selectDistinct({ email: user.email, language: user.language })
    .from(user)
    .innerJoin(userRole, eq(userRole.userId, user.id))
    .where(inArray(userRole.role, [...roles]))
    .orderBy(asc(user.email))
}

const UNIQUE_VIOLATION = '23505'

/** The database refused a phone that another user has (the user_phone_unique index); drizzle wraps the driver's error. */
export function isPhoneTaken(error: unknown): boolean {
  let cause: unknown = error
  for (let depth = 0; depth < 5 && typeof cause === 'object' && cause !== null; depth++) {
    const { code, constraint, message, cause: next } = cause as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown }
    if (code === UNIQUE_VIOLATION && (constraint === 'user_phone_unique' || (typeof message === 'string' && message.includes('user_phone_unique')))) return true
    cause = next
  }
  return false
}
