import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { unparsedAddress } from '@offerbook/domain/listing'
import type { OfferTerms, OfferTermsInput } from '@offerbook/domain/offer'
import { OfferTermsSchema } from '@offerbook/domain/offer'
import type { OfferStatus } from '@offerbook/domain/offer-status'
import type { Role } from '@offerbook/domain/roles'
import { LISTING_KINDS } from '@offerbook/domain/profile'
import type { Session } from '@offerbook/domain/session'
import { account } from '../src/db/schema/auth'
import { listing } from '../src/db/schema/listings'
import { offer, offerShareLink } from '../src/db/schema/offers'
import { insertOfferEvent } from '../src/modules/offers/offer-rows.service'
import { user, userRole } from '../src/db/schema/users'
import { listingsChanged } from '../src/modules/listings/listing-changes'
import type { TestApp } from './build-test-app'

export type CreatedUser = { id: string; email: string; password: string; roles: Role[] }

let sequence = 0
let listingSequence = 0

/**
 * Starts the numbering of users and listings again: each test file does (test/each-file.ts), as its
 * database is new, so a file sees the same names, addresses and prices whichever files ran before it
 * in its worker.
 */
export function restartSequences(): void {
  sequence = 0
  listingSequence = 0
}

/** A verified user with a password, stored the way better-auth's sign-up stores one. */
export async function createUser(
  { db, hashPassword }: Pick<TestApp, 'db' | 'hashPassword'>,
  {
    roles = [],
    email,
    name,
    password = 'correct-horse-battery',
    addListing,
  }: { roles?: Role[]; email?: string; name?: string; password?: string; /** isAddListingEnabled; by default as onboarding sets it for the roles. */ addListing?: boolean } = {},
): Promise<CreatedUser> {
  sequence++
  const id = randomUUID()
  const address = email ?? `user-${sequence}-${id.slice(0, 8)}@example.com`
  const isAddListingEnabled = addListing ?? roles.some((role) => (LISTING_KINDS as readonly Role[]).includes(role))
  await db.insert(user).values({ id, name: name ?? `Test User ${sequence}`, email: address, emailVerified: true, onboarded: true, isAddListingEnabled })
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
  await listingsChanged(db, [row.id])
  return row
}

const DAY = 86_400_000

/**
 * Terms that pass the share check: a listing agent, a price, one buyer, earnest money with its holder
 * and due days, conventional financing, the appraisal choice, inspection and resolution periods, a
 * closing date and an expiration ahead.
 */
export function shareableTerms(overrides: OfferTermsInput = {}, now: Date = new Date()): OfferTerms {
  return OfferTermsSchema.parse({
    purchasePrice: 300_000,
    earnestMoney: { amount: 5_000, holder: 'title-company', holderName: 'Volunteer Title', dueDays: 3 },
    financing: { type: 'conventional', loanAmount: 240_000, downPayment: 60_000, lenderName: 'First Bank' },
    appraisalContingency: true,
    inspectionPeriodDays: 10,
    resolutionPeriodDays: 3,
    saleOfBuyersPropertyContingency: false,
    closingDate: new Date(now.getTime() + 45 * DAY).toISOString().slice(0, 10),
    expiresAt: new Date(now.getTime() + 3 * DAY).toISOString(),
    buyers: [{ fullName: 'Ben Buyer', email: 'ben.buyer@example.com', phone: '' }],
    listingAgent: { fullName: 'Pat Agent', email: 'pat.agent@example.com' },
    ...overrides,
  })
}

const DECIDED: readonly OfferStatus[] = ['accepted', 'declined', 'withdrawn', 'expired', 'closed', 'terminated']

export type CreatedOffer = {
  offer: typeof offer.$inferSelect
  listing: typeof listing.$inferSelect
  /** The listing's owner (a SELLER_AGENT who is also its listing agent) unless a listing was given. */
  seller: CreatedUser | null
  buyer: CreatedUser
  /** A share link token for a shared offer (valid for a day unless told otherwise); null for a draft. */
  token: string | null
}

/**
 * An offer stored directly in the given status (draft by default) with shareable terms: on a new
 * listing of a new seller agent unless `listing` is given, by a new BUYER_SIMPLE unless `buyer` is
 * given. A shared status gets sharedAt, a 'shared' event and a share link; a decided one decidedAt.
 */
export async function createTestOffer(
  testApp: Pick<TestApp, 'db' | 'hashPassword'>,
  {
    status = 'draft',
    listing: givenListing,
    buyer: givenBuyer,
    terms: termOverrides = {},
    sharedAt,
    bindingAgreementAt = null,
    tokenExpiresAt,
  }: {
    status?: OfferStatus
    listing?: typeof listing.$inferSelect
    buyer?: CreatedUser
    terms?: OfferTermsInput
    sharedAt?: Date
    bindingAgreementAt?: Date | null
    tokenExpiresAt?: Date
  } = {},
): Promise<CreatedOffer> {
  const { db } = testApp
  const now = new Date()
  let seller: CreatedUser | null = null
  let row = givenListing
  if (!row) {
    seller = await createUser(testApp, { roles: ['SELLER_AGENT'], name: 'Lena Seller' })
    row = await createTestListing(testApp, { ownerId: seller.id, listAgentUserId: seller.id, listAgentFullName: 'Lena Seller', listAgentEmail: seller.email })
  }
  const buyer = givenBuyer ?? (await createUser(testApp, { roles: ['BUYER_SIMPLE'], name: 'Ben Buyer' }))
  const terms = shareableTerms({ listingAgent: { fullName: row.listAgentFullName ?? 'Pat Agent', email: row.listAgentEmail ?? 'pat.agent@example.com' }, ...termOverrides }, now)
  const shared = status !== 'draft'
  const sharedTime = shared ? (sharedAt ?? now) : null
  const [created] = await db
    .insert(offer)
    .values({
      listingId: row.id,
      buyerId: buyer.id,
      status,
      terms,
      purchasePrice: terms.purchasePrice,
      expiresAt: terms.expiresAt ? new Date(terms.expiresAt) : null,
      sharedAt: sharedTime,
      decidedAt: DECIDED.includes(status) ? now : null,
      bindingAgreementAt,
      // A second before it was shared, so its events read in order.
      createdAt: new Date(Math.min(now.getTime(), sharedTime?.getTime() ?? now.getTime()) - 1000),
      updatedAt: now,
    })
    .returning()
  if (!created) throw new Error('offer insert returned no row')
  await insertOfferEvent(db, { offerId: created.id, type: 'created', actorId: buyer.id, toStatus: 'draft', at: created.createdAt })
  let token: string | null = null
  if (shared) {
    await insertOfferEvent(db, { offerId: created.id, type: 'shared', actorId: buyer.id, fromStatus: 'draft', toStatus: 'active', at: sharedTime ?? now })
    token = randomBytes(32).toString('base64url')
    await db.insert(offerShareLink).values({
      offerId: created.id,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      recipient: terms.listingAgent.email,
      expiresAt: tokenExpiresAt ?? new Date(now.getTime() + DAY),
    })
  }
  return { offer: created, listing: row, seller, buyer, token }
}
