import type { SQL } from 'drizzle-orm'
import { asc, inArray, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Role } from '@offerbook/domain/roles'
import { RoleSchema } from '@offerbook/domain/roles'
import type { Db } from './client'
import { userRole } from './schema/users'

// Read by the account, the admin users and the inactive users modules alike: one reading of user_role.

/** The roles of each of these users, in name order; a role name the domain no longer knows is left out. */
export async function rolesOfUsers(db: Db, userIds: readonly string[]): Promise<Map<string, Role[]>> {
  const byUser = new Map<string, Role[]>()
  if (userIds.length === 0) return byUser
  const rows = await db
    .select({ userId: userRole.userId, role: userRole.role })
    .from(userRole)
    .where(inArray(userRole.userId, [...userIds]))
    .orderBy(asc(userRole.role))
  for (const row of rows) {
    const parsed = RoleSchema.safeParse(row.role)
    if (parsed.success) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), parsed.data])
  }
  return byUser
}

/**
 * The roles of the user whose id is `userId` (a column of the select's own row), as a JSON array in
 * name order, or null when they have none: for a select that reads the user too, in one query. The
 * caller leaves out the names the domain no longer knows, as toUser does.
 */
export function rolesOfUserColumn(userId: AnyPgColumn): SQL<string[] | null> {
  return sql<string[] | null>`(select json_agg(${userRole.role} order by ${userRole.role}) from ${userRole} where ${userRole.userId} = ${userId})`
}
