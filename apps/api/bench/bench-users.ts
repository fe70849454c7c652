import { randomUUID } from 'node:crypto'
import type { Role } from '@offerbook/domain/roles'
import type { Db } from '../src/db/client'
import { user, userRole } from '../src/db/schema/users'

/** A signed-up, onboarded account with one role, for a bench to act as; returns its id (a new uuid unless given). */
export async function insertBenchUser(db: Db, role: Role, fields: { name: string; email: string; id?: string; sellerAgentId?: string }): Promise<string> {
  const id = fields.id ?? randomUUID()
  await db.insert(user).values({ ...fields, id, emailVerified: true, onboarded: true })
  await db.insert(userRole).values({ userId: id, role })
  return id
}

/** The SUPER_ADMIN the user-import benches act as. */
export const insertBenchAdmin = (db: Db) => insertBenchUser(db, 'SUPER_ADMIN', { name: 'Bench Admin', email: 'bench-admin@example.com' })
