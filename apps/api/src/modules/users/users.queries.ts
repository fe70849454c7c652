import { eq, getTableColumns } from 'drizzle-orm'
import { RoleSchema } from '@offerbook/domain/roles'
import { DEFAULT_UI_MODE, UiModeSchema } from '@offerbook/domain/ui-mode'
import type { UiMode } from '@offerbook/domain/ui-mode'
import type { Language, User } from '@offerbook/domain/user'
import { CurrencySchema, DEFAULT_CURRENCY, LanguageSchema, DEFAULT_LANGUAGE, PrincipalBrokerStatusSchema } from '@offerbook/domain/user'
import type { Db } from '../../db/client'
import { rolesOfUserColumn } from '../../db/user-roles'
import { user } from '../../db/schema/users'
import { announceAuthChange } from '../../auth/session-cache'

type UserRow = typeof user.$inferSelect

/** The one place a database row becomes the domain User (spec section 3). */
export function toUser(row: UserRow, roles: readonly string[]): User {
  const language = LanguageSchema.safeParse(row.language)
  return {
    uid: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    photoURL: row.image,
    roles: roles.flatMap((role) => {
      const parsed = RoleSchema.safeParse(role)
      return parsed.success ? [parsed.data] : []
    }),
    key: row.key,
    onboarded: row.onboarded,
    zipcode: row.zipcode,
    sellerAgentId: row.sellerAgentId,
    nrds: row.nrds,
    isAddListingEnabled: row.isAddListingEnabled,
    isPrincipalBroker: row.isPrincipalBroker,
    principalBrokerStatus: PrincipalBrokerStatusSchema.catch('none').parse(row.principalBrokerStatus),
    language: language.success ? language.data : DEFAULT_LANGUAGE,
    uiMode: UiModeSchema.catch(DEFAULT_UI_MODE).parse(row.uiMode),
    website: row.website,
    currency: CurrencySchema.catch(DEFAULT_CURRENCY).parse(row.currency),
  }
}


/**
 * The user with their roles, and when an admin deactivated the account (null when not): one query,
 * read for each signed-in request whose session is not kept (the roles in name order, as rolesOfUsers
 * reads them; the deactivation from the same row rather than a second read of it).
 */
export async function findUserWithDeactivation(db: Db, userId: string): Promise<{ user: User; deactivatedAt: Date | null } | null> {
  const [found] = await db
    .select({
      row: getTableColumns(user),
      roles: rolesOfUserColumn(user.id),
    })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1)
  if (!found) return null
  return { user: toUser(found.row, found.roles ?? []), deactivatedAt: found.row.deactivatedAt }
}

export async function findUserById(db: Db, userId: string): Promise<User | null> {
  return (await findUserWithDeactivation(db, userId))?.user ?? null
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase())).limit(1)
  return row?.id ?? null
}

export async function updateUserLanguage(db: Db, userId: string, language: Language): Promise<boolean> {
  const rows = await db.update(user).set({ language }).where(eq(user.id, userId)).returning({ id: user.id })
  if (rows.length > 0) await announceAuthChange(db, [userId])
  return rows.length > 0
}

export async function updateUserUiMode(db: Db, userId: string, uiMode: UiMode): Promise<boolean> {
  const rows = await db.update(user).set({ uiMode }).where(eq(user.id, userId)).returning({ id: user.id })
  if (rows.length > 0) await announceAuthChange(db, [userId])
  return rows.length > 0
}

/** When an admin deactivated the account, or null; undefined when there is no such user. */
export async function findDeactivatedAt(db: Db, userId: string): Promise<{ deactivatedAt: Date | null } | undefined> {
  const [row] = await db.select({ deactivatedAt: user.deactivatedAt }).from(user).where(eq(user.id, userId)).limit(1)
  return row
}
