// `npx tsx apps/api/bench/import-throughput.ts`: how many listings a second the MLS import takes in,
// from a recorded-style feed of ~1,000 listings with a few small photos each, served by the local
// MLS Grid server of the tests, into a fresh PGlite (and a fresh database on BENCH_DATABASE_URL's
// PostgreSQL when it is set). Prints ONE line of JSON.
//
// The client's 2 requests/second limit is lifted here ("rateLimit": "off"): against a real feed the
// limit, not this code, sets the pace (1,000 listings of 3 photos is about 30 minutes at 2/s).
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Database } from '../src/db/client'
import { openDatabase } from '../src/db/client'
import { checkFeed, getImportJob, startImport } from '../src/modules/listing-import/listing-import.service'
import { createMlsGridClient } from '../src/modules/listing-import/mls-grid-client'
import { getUser } from '../src/modules/users/users.service'
import { createDiskStorage } from '../src/storage/disk-storage'
import { createScratchDatabase } from '../test/build-test-app'
import { startMlsGridServer } from '../test/mls-grid-server'
import { insertBenchUser } from './bench-users'

const LISTINGS = Number(process.env.BENCH_IMPORT_LISTINGS ?? 1000)
const PHOTOS = Number(process.env.BENCH_IMPORT_PHOTOS ?? 3)
const PAGE_SIZE = 250
const SYSTEM = 'benchmls'
const AGENT_MLS_ID = 'TN-900001'
const CITIES = [
  ['Nashville', '37206'],
  ['Knoxville', '37917'],
  ['Memphis', '38104'],
  ['Chattanooga', '37405'],
  ['Franklin', '37064'],
] as const
const STREETS = ['Main', 'Church', 'Broadway', 'Elm', 'Magnolia', 'Cedar', 'Hillsboro', 'Belmont']
const STATUSES = ['Active', 'Active Under Contract', 'Pending', 'Coming Soon', 'Closed']

/** The feed as MLS Grid would page it: $top records a page, @odata.nextLink to the next. */
function feedPages(): string[] {
  const pages: string[] = []
  const stamp = Date.parse('2024-01-01T00:00:00Z')
  for (let start = 0; start < LISTINGS; start += PAGE_SIZE) {
    const value = []
    for (let index = start; index < Math.min(start + PAGE_SIZE, LISTINGS); index++) {
      const [city, zip] = CITIES[index % CITIES.length]!
      const modified = new Date(stamp + index * 60_000).toISOString()
      value.push({
        ListingKey: `${SYSTEM}-${100000 + index}`,
        ListingId: String(100000 + index),
        OriginatingSystemName: SYSTEM,
        MlgCanView: true,
        StandardStatus: STATUSES[index % STATUSES.length],
        ListPrice: 150_000 + (index % 400) * 2_500,
        StreetNumber: String(100 + (index % 9000)),
        StreetName: STREETS[index % STREETS.length],
        StreetSuffix: 'St',
        City: city,
        StateOrProvince: 'TN',
        PostalCode: zip,
        PropertyType: 'Residential',
        BedroomsTotal: 1 + (index % 5),
        BathroomsTotalInteger: 1 + (index % 3),
        LivingArea: 900 + (index % 30) * 100,
        YearBuilt: 1920 + (index % 100),
        PublicRemarks: 'A generated listing of the import bench.',
        ListAgentMlsId: AGENT_MLS_ID,
        ListAgentFullName: 'Bench Agent',
        ListAgentEmail: 'bench.agent@example.com',
        ModificationTimestamp: modified,
        Media: Array.from({ length: PHOTOS }, (_, order) => ({
          MediaKey: `${SYSTEM}-${100000 + index}-m${order}`,
          MediaURL: `https://media.mlsgrid.com/${SYSTEM}/${100000 + index}/${order}.png`,
          Order: order,
          MediaCategory: 'Photo',
          ModificationTimestamp: modified,
        })),
      })
    }
    const next = start + PAGE_SIZE < LISTINGS ? `https://api.mlsgrid.com/v2/Property?$expand=Media&$top=${PAGE_SIZE}&$skiptoken=page-${pages.length + 2}` : undefined
    pages.push(JSON.stringify({ '@odata.context': 'https://api.mlsgrid.com/v2/$metadata#Property(Media())', value, ...(next ? { '@odata.nextLink': next } : {}) }))
  }
  return pages
}

type Run = { importListingsPerSecond: number; listings: number; seconds: number }

async function importInto(database: Database, feedUrl: string, token: string): Promise<Run> {
  await database.migrate()
  const { db } = database
  const files = await mkdtemp(join(tmpdir(), 'offerbook-import-bench-'))
  try {
    const id = randomUUID()
    await insertBenchUser(db, 'SELLER_AGENT', { id, name: 'Bench Agent', email: `bench-${id}@example.com`, sellerAgentId: AGENT_MLS_ID })
    const actor = (await getUser(db, id))!
    const quiet = { error: () => {}, warn: () => {} }
    const ctx = {
      db,
      storage: createDiskStorage(files),
      feed: { client: createMlsGridClient({ url: feedUrl, token, originatingSystem: SYSTEM, requestsPerSecond: 0 }), originatingSystem: SYSTEM },
      log: quiet,
    }

    const started = performance.now()
    const preview = await checkFeed(ctx, { actor })
    const listingKeys = preview.records.filter((record) => record.action === 'create').map((record) => record.ListingKey!)
    const { job, done } = await startImport(ctx, { actor, id: preview.job.id, input: { listingKeys, visibility: 'public' } })
    await done
    const seconds = (performance.now() - started) / 1000

    const finished = await getImportJob(ctx, { actor, id: job.id })
    if (finished.status !== 'done' || finished.imported !== LISTINGS) throw new Error(`the import did not take every listing: ${JSON.stringify({ ...finished, listings: finished.listings.length })}`)
    return { importListingsPerSecond: Math.round((LISTINGS / seconds) * 10) / 10, listings: LISTINGS, seconds: Math.round(seconds * 100) / 100 }
  } finally {
    await rm(files, { recursive: true, force: true })
  }
}

const server = await startMlsGridServer({ token: 'bench-token' })
try {
  await server.addRecording('bench', feedPages())
  await server.play('bench')

  const pglite = await openDatabase({ dataDir: null })
  let result: Run
  try {
    result = await importInto(pglite, server.url, server.token)
  } finally {
    await pglite.close()
  }

  let postgres: Run | undefined
  if (process.env.BENCH_DATABASE_URL) {
    // A database of its own on BENCH_DATABASE_URL's server, dropped afterwards.
    const fresh = await createScratchDatabase(process.env.BENCH_DATABASE_URL, 'offerbook_import_bench')
    const database = await openDatabase({ databaseUrl: fresh.url, dataDir: null })
    try {
      postgres = await importInto(database, server.url, server.token)
    } finally {
      await database.close()
      await fresh.drop()
    }
  }

  console.log(JSON.stringify({ ...result, photosPerListing: PHOTOS, database: 'pglite', rateLimit: 'off', ...(postgres ? { postgres } : {}) }))
} finally {
  await server.close()
}
