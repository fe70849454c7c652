import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { unparsedAddress } from '@offerbook/domain/listing'
import type { Role } from '@offerbook/domain/roles'
import type { Session } from '@offerbook/domain/session'
import { account } from '../src/db/schema/auth'
import { listing } from '../src/db/schema/listings'
import { user, userRole } from '../src/db/schema/users'
import type { TestApp } from './build-test-app'

export type CreatedUser = { id: string; email: string; password: string; roles: Role[] }

let sequence = 0

/** A verified user with a password, stored the way better-auth's sign-up stores one. */
export async function createUser(
  { db, hashPassword }: Pick<TestApp, 'db' | 'hashPassword'>,
  { roles = [], email, name, password = 'correct-horse-battery' }: { roles?: Role[]; email?: string; name?: string; password?: string } = {},
): Promise<CreatedUser> {
  sequence++
  const id = randomUUID()
  const address = email ?? `user-${sequence}-${id.slice(0, 8)}@example.com`
  await db.insert(user).values({ id, name: name ?? `Test User ${sequence}`, email: address, emailVerified: true, onboarded: true })
  await db.insert(account).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: await hashPassword(password) })
  if (roles.length > 0) await db.insert(userRole).values(roles.map((role) => ({ userId: id, role })))
  return { id, email: address, password, roles }
}

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<Session> {
  const response = await app.inject({ method: 'POST', url: '/api/session', payload: { email, password } })
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`)
  return response.json<Session>()
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` }
}

let listingSequence = 0

/**
 * A listing stored directly (column names), published and public unless told otherwise: an address
 * of its own on "Main St" in Nashville, a price, a house with 3 bedrooms and 2 bathrooms.
 */
export async function createTestListing(
  { db }: Pick<TestApp, 'db'>,
  { ownerId, ...columns }: { ownerId: string } & Partial<Omit<typeof listing.$inferInsert, 'ownerId' | 'searchVector'>>,
): Promise<typeof listing.$inferSelect> {
  listingSequence++
  const id = columns.id ?? randomUUID()
  const values = {
    listPrice: 300_000 + listingSequence * 1_000,
    streetNumber: String(100 + listingSequence),
    streetName: 'Main',
    streetSuffix: 'St',
    city: 'Nashville',
    stateOrProvince: 'TN',
    postalCode: '37201',
    propertyType: 'Residential',
    bedroomsTotal: 3,
    bathroomsTotalInteger: 2,
    listAgentFullName: 'Pat Agent',
    listAgentEmail: 'pat.agent@example.com',
    standardStatus: 'Active',
    visibility: 'public',
    ...columns,
  }
  const address = unparsedAddress({
    StreetNumber: values.streetNumber ?? null,
    StreetName: values.streetName ?? null,
    StreetSuffix: values.streetSuffix ?? null,
    UnitNumber: values.unitNumber ?? null,
    City: values.city ?? null,
    StateOrProvince: values.stateOrProvince ?? null,
    PostalCode: values.postalCode ?? null,
  })
  const [row] = await db
    .insert(listing)
    .values({
      unparsedAddress: address,
      listingKey: `OB-${id}`,
      publishedAt: values.standardStatus === 'Incomplete' ? null : new Date(),
      ...values,
      id,
      ownerId,
    })
    .returning()
  if (!row) throw new Error('listing insert returned no row')
  return row
}
