// Fills a database with generated Tennessee listings for `npm run bench` (the seed's generator, with
// BENCH- keys): `node scripts/bench-listings-data.mjs 50000` with DATA_DIR (PGlite) or DATABASE_URL set.
// Migrates first; listings already there are kept, so a second run on the same database adds nothing.
// Prints one JSON line: {"listings": <how many BENCH- listings>, "created": <added now>, "seconds": <insert time>}.
import { randomUUID } from 'node:crypto'

const count = Number(process.argv[2] ?? 50_000)
const { register } = await import('tsx/esm/api')
register()
const { eq, like } = await import('drizzle-orm')
const { parseConfig } = await import('../apps/api/src/config.ts')
const { openDatabase } = await import('../apps/api/src/db/client.ts')
const { listing } = await import('../apps/api/src/db/schema/listings.ts')
const { user } = await import('../apps/api/src/db/schema/users.ts')
const { ensureDemoPhotos, generateListing, insertGeneratedListings } = await import('../apps/api/src/seed/seed-listings.ts')
const { createFileStorage } = await import('../apps/api/src/storage/create-file-storage.ts')

const KEY_PREFIX = 'BENCH-'
const config = parseConfig(process.env)
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
try {
  await database.migrate()
  const { db } = database

  // Two sellers of the bench's own, so the bench needs no demo accounts (PostgreSQL runs without them).
  const sellerIds = {}
  for (const [role, name] of [
    ['owner', 'Bench Owner'],
    ['agent', 'Bench Agent'],
  ]) {
    const email = `bench-${role}@example.com`
    await db.insert(user).values({ id: randomUUID(), name, email, emailVerified: true, onboarded: true }).onConflictDoNothing({ target: user.email })
    const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email))
    sellerIds[role] = row.id
  }
  const sellers = {
    ownerId: sellerIds.owner,
    agentId: sellerIds.agent,
    agent: { fullName: 'Bench Agent', email: 'bench-agent@example.com', phone: '+16155550199', mlsId: 'TN-999001', office: 'Bench Realty', firmLicenseNumber: '299001' },
    simpleId: null,
  }

  const present = new Set((await db.select({ key: listing.listingKey }).from(listing).where(like(listing.listingKey, `${KEY_PREFIX}%`))).map((row) => row.key))
  const started = performance.now()
  let created = 0
  if (present.size < count) {
    const photoFileIds = await ensureDemoPhotos(db, createFileStorage(config.storage), sellers.agentId)
    const now = new Date()
    const wanted = []
    for (let index = 0; index < count; index++) {
      const generated = generateListing(index, { now, sellers, keyPrefix: KEY_PREFIX, seed: 7, demoExtras: false })
      // Search reads only the primary photo; two per listing keep the fill quick.
      if (!present.has(generated.values.listingKey)) wanted.push({ ...generated, photos: generated.photos.slice(0, 2) })
    }
    created = await insertGeneratedListings(db, wanted, photoFileIds, 500)
  }
  console.log(JSON.stringify({ listings: present.size + created, created, seconds: (performance.now() - started) / 1000 }))
} finally {
  await database.close()
}
