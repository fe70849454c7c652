import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { DemoAccount } from '@offerbook/domain/demo-accounts'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@offerbook/domain/demo-accounts'
import type { Role } from '@offerbook/domain/roles'
import { hasAnyRole } from '@offerbook/domain/roles'
import type { FileStorage } from '../storage/storage'
import type { Db } from '../db/client'
import { seedDemoBrokerage, seedDemoHistory } from './seed-history'
import { seedDemoListings } from './seed-listings'
import { seedDemoOffers } from './seed-offers'
import { account } from '../db/schema/auth'
import { user, userRole } from '../db/schema/users'

const AGENTS: readonly Role[] = ['SELLER_AGENT', 'BUYER_AGENT', 'PRINCIPAL_BROKER']
const LISTERS: readonly Role[] = ['SELLER_OWNER', 'SELLER_AGENT', 'BUYER_AGENT']

export type PasswordHasher = (password: string) => Promise<string>

/**
 * The demo data: one account per role, then a few hundred Tennessee listings owned by the demo
 * sellers (seed-listings.ts). What exists already is left alone, so it runs at every start.
 */
export async function seedDemoData(db: Db, { hashPassword, storage, now }: { hashPassword: PasswordHasher; storage: FileStorage; now?: Date }): Promise<{ accounts: number; listings: number }> {
  const accounts = await seedDemoAccounts(db, hashPassword)
  const listings = await seedDemoListings(db, storage, { now })
  // A few shared offers on two of Lena Listing's listings, so a fresh start has offers to rank.
  await seedDemoOffers(db, { now })
  // Pat Broker's brokerage (Lena and Alex) and a few months of Lena's past sales, for the dashboards and /analytics.
  await seedDemoBrokerage(db)
  await seedDemoHistory(db, storage, { now })
  return { accounts: accounts.created, listings: listings.created }
}

/**
 * Creates the demo accounts that do not exist yet (one per role); existing ones are left alone, so
 * it runs at every start. Passwords are hashed by better-auth's hasher and stored as its
 * credential account, exactly as its sign-up would.
 */
export async function seedDemoAccounts(db: Db, hashPassword: PasswordHasher): Promise<{ created: number }> {
  let created = 0
  // One hash for every account made: they share DEMO_PASSWORD, and scrypt was most of a new directory's seed.
  let hash: Promise<string> | null = null
  const hashOnce: PasswordHasher = () => (hash ??= hashPassword(DEMO_PASSWORD))
  for (const [index, demo] of DEMO_ACCOUNTS.entries()) {
    if (await createDemoAccount(db, demo, index, hashOnce)) created++
  }
  return { created }
}

async function createDemoAccount(db: Db, demo: DemoAccount, index: number, hashPassword: PasswordHasher): Promise<boolean> {
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, demo.email)).limit(1)
  if (existing) return false
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const isAgent = hasAnyRole(demo.roles, AGENTS)
  const number = 100001 + index
  return db.transaction(async (tx) => {
    const id = randomUUID()
    const inserted = await tx
      .insert(user)
      .values({
        id,
        name: demo.name,
        email: demo.email,
        emailVerified: true,
        onboarded: true,
        zipcode: '37203',
        sellerAgentId: isAgent ? `TN-${number}` : null,
        nrds: isAgent ? String(500000000 + number) : null,
        isAddListingEnabled: hasAnyRole(demo.roles, LISTERS),
        isPrincipalBroker: demo.roles.includes('PRINCIPAL_BROKER'),
      })
      .onConflictDoNothing({ target: user.email })
      .returning({ id: user.id })
    // Another process seeding at the same moment got there first.
    if (inserted.length === 0) return false
    await tx.insert(account).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: passwordHash })
    await tx.insert(userRole).values(demo.roles.map((role) => ({ userId: id, role })))
    return true
  })
}
