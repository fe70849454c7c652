// The offers bench's data (issue #6, Measure), added to the database of DATA_DIR (PGlite) or
// DATABASE_URL before the server starts: a seller agent with two listings of its own, one with
// BENCH_OFFERS (200) shared offers from as many buyers for GET optimize, one for the create+share
// load; and BENCH_BUYERS (50) buyers who sign in, one a connection. A second run on the same database
// adds nothing. Prints ONE line of JSON with the ids and the accounts; scripts/bench-offers.mjs reads it.
//   DATA_DIR=... npx tsx apps/api/bench/offers-data.ts
import { randomUUID } from 'node:crypto'
import { eq, inArray, like } from 'drizzle-orm'
import type { FinancingType } from '@offerbook/domain/offer'
import { FINANCING_TYPES } from '@offerbook/domain/offer'
import { createAuth } from '../src/modules/session/session.auth'
import { parseConfig } from '../src/config'
import type { Db } from '../src/db/client'
import { openDatabase } from '../src/db/client'
import { account } from '../src/db/schema/auth'
import { listing } from '../src/db/schema/listings'
import { offer } from '../src/db/schema/offers'
import { user, userRole } from '../src/db/schema/users'
import { createTestListing, shareableTerms } from '../test/factories'

const OFFERS = Number(process.env.BENCH_OFFERS ?? 200)
const BUYERS = Number(process.env.BENCH_BUYERS ?? 50)
const PASSWORD = 'offerbook-bench'
const SELLER = { email: 'bench-offers-seller@example.com', name: 'Bench Seller' }
const KEYS = { optimize: 'BENCH-OFFERS-OPTIMIZE', share: 'BENCH-OFFERS-SHARE' }
const DAY = 86_400_000

const config = parseConfig(process.env)
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })

/** Users by email, made when missing (with the bench password when `withPassword`); their ids in the order given. */
async function ensureUsers(db: Db, people: { email: string; name: string; role: 'SELLER_AGENT' | 'BUYER_SIMPLE' }[], passwordHash: string | null): Promise<string[]> {
  const emails = people.map((person) => person.email)
  const existing = new Map((await db.select({ id: user.id, email: user.email }).from(user).where(inArray(user.email, emails))).map((row) => [row.email, row.id]))
  const missing = people.filter((person) => !existing.has(person.email))
  for (let start = 0; start < missing.length; start += 200) {
    const batch = missing.slice(start, start + 200).map((person) => ({ ...person, id: randomUUID() }))
    await db.insert(user).values(batch.map(({ id, email, name }) => ({ id, email, name, emailVerified: true, onboarded: true })))
    await db.insert(userRole).values(batch.map(({ id, role }) => ({ userId: id, role })))
    if (passwordHash) await db.insert(account).values(batch.map(({ id }) => ({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: passwordHash })))
    for (const person of batch) existing.set(person.email, person.id)
  }
  return emails.map((email) => existing.get(email) ?? '')
}

async function ensureListing(db: Db, key: string, sellerId: string, price: number): Promise<string> {
  const [found] = await db.select({ id: listing.id }).from(listing).where(eq(listing.listingKey, key))
  if (found) return found.id
  const row = await createTestListing({ db }, { ownerId: sellerId, listAgentUserId: sellerId, listAgentFullName: SELLER.name, listAgentEmail: SELLER.email, listingKey: key, listPrice: price })
  return row.id
}

try {
  await database.migrate()
  const { db } = database
  const auth = createAuth({ db, secret: config.authSecret ?? randomUUID(), publicUrl: config.publicUrl, production: false })
  const passwordHash = await (await auth.$context).password.hash(PASSWORD)

  const [sellerId = ''] = await ensureUsers(db, [{ ...SELLER, role: 'SELLER_AGENT' }], passwordHash)
  const buyers = Array.from({ length: BUYERS }, (_, index) => ({ email: `bench-offers-buyer-${index + 1}@example.com`, name: `Bench Buyer ${index + 1}`, role: 'BUYER_SIMPLE' as const }))
  await ensureUsers(db, buyers, passwordHash)
  const optimizeListingId = await ensureListing(db, KEYS.optimize, sellerId, 400_000)
  const shareListingId = await ensureListing(db, KEYS.share, sellerId, 350_000)

  const started = performance.now()
  const present = (await db.select({ id: offer.id }).from(offer).where(eq(offer.listingId, optimizeListingId))).length
  let created = 0
  if (present < OFFERS) {
    const makers = Array.from({ length: OFFERS }, (_, index) => ({ email: `bench-offers-maker-${index + 1}@example.com`, name: `Bench Maker ${index + 1}`, role: 'BUYER_SIMPLE' as const }))
    const makerIds = await ensureUsers(db, makers, null)
    const now = new Date()
    const rows = makerIds.slice(present).map((buyerId, offset) => {
      const index = present + offset
      const price = 360_000 + ((index * 7919) % 80_000)
      const type: FinancingType = FINANCING_TYPES[index % FINANCING_TYPES.length] ?? 'cash'
      const terms = shareableTerms(
        {
          purchasePrice: price,
          earnestMoney: { amount: 2_000 + (index % 15) * 1_000, holder: 'title-company', dueDays: 3 },
          financing: type === 'cash' ? { type } : { type, loanAmount: Math.round(price * (0.8 + (index % 15) / 100)), lenderName: 'Bench Bank' },
          inspectionPeriodDays: index % 4 === 0 ? 0 : 5 + (index % 16),
          saleOfBuyersPropertyContingency: index % 9 === 0,
          closingDate: new Date(now.getTime() + (25 + (index % 60)) * DAY).toISOString().slice(0, 10),
          expiresAt: new Date(now.getTime() + 60 * DAY).toISOString(),
          sellerConcessions: index % 2 === 0 ? { unit: 'percent', amount: index % 6 } : { unit: 'dollars', amount: (index % 10) * 1_000 },
          buyers: [{ fullName: `Bench Maker ${index + 1}`, email: `bench-offers-maker-${index + 1}@example.com`, phone: '' }],
          listingAgent: { fullName: SELLER.name, email: SELLER.email },
        },
        now,
      )
      const sharedAt = new Date(now.getTime() - index * 60_000)
      return { listingId: optimizeListingId, buyerId, status: 'active', terms, purchasePrice: price, expiresAt: terms.expiresAt ? new Date(terms.expiresAt) : null, sharedAt, createdAt: sharedAt, updatedAt: sharedAt }
    })
    for (let start = 0; start < rows.length; start += 100) await db.insert(offer).values(rows.slice(start, start + 100))
    created = rows.length
  }
  const offers = (await db.select({ id: offer.id }).from(offer).where(eq(offer.listingId, optimizeListingId))).length
  const makersPresent = (await db.select({ id: user.id }).from(user).where(like(user.email, 'bench-offers-maker-%'))).length
  console.log(
    JSON.stringify({
      optimizeListingId,
      shareListingId,
      seller: { email: SELLER.email, name: SELLER.name },
      buyers: buyers.map((buyer) => buyer.email),
      password: PASSWORD,
      offers,
      makers: makersPresent,
      created,
      seconds: (performance.now() - started) / 1000,
    }),
  )
} finally {
  await database.close()
}
