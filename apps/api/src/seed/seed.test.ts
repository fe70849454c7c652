import { beforeAll, describe, expect, it } from 'vitest'
import { asc, count, eq, inArray, like } from 'drizzle-orm'
import type { Pipeline } from '@offerbook/domain/dashboard'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@offerbook/domain/demo-accounts'
import { DEFAULT_SEARCH_STATUSES, ListingFieldsSchema, listingPublishProblems, unparsedAddress } from '@offerbook/domain/listing'
import { buildTestApp, testConfig } from '../../test/build-test-app'
import { useTestApp } from '../../test/per-file'
import { signIn } from '../../test/factories'
import { listingFieldsOf } from '../modules/listings/listings-reso'
import { createFileStorage } from '../storage/create-file-storage'
import { storedFile } from '../db/schema/files'
import { account } from '../db/schema/auth'
import { listing, listingMedia, teamMember } from '../db/schema/listings'
import { offer, offerEvent } from '../db/schema/offers'
import { user, userRole } from '../db/schema/users'
import { seedDemoAccounts, seedDemoData } from './seed'
import { HISTORY_PLAN } from './seed-history'
import { demoPhotoKind } from './demo-photos'
import { DEMO_LISTING_COUNT, DEMO_PHOTO_COUNT, findDemoSellers, generateListing, TN_CITIES } from './seed-listings'

const t = useTestApp()

describe('seedDemoAccounts', () => {
  it('creates one verified, onboarded account per demo role, and nothing more when run again', async () => {
    expect(await seedDemoAccounts(t.db, t.hashPassword)).toEqual({ created: DEMO_ACCOUNTS.length })
    expect(await seedDemoAccounts(t.db, t.hashPassword)).toEqual({ created: 0 })

    const [users] = await t.db.select({ n: count() }).from(user)
    const [roles] = await t.db.select({ n: count() }).from(userRole)
    const [accounts] = await t.db.select({ n: count() }).from(account)
    expect([users?.n, roles?.n, accounts?.n]).toEqual([8, 8, 8])

    const [broker] = await t.db.select().from(user).where(eq(user.email, 'principal-broker@example.com'))
    expect(broker).toMatchObject({ emailVerified: true, onboarded: true, isPrincipalBroker: true })
    expect(broker?.sellerAgentId).toMatch(/^TN-1\d{5}$/)
    expect(broker?.nrds).toEqual(expect.any(String))
  })

  it('stores passwords that better-auth accepts', async () => {
    for (const demo of DEMO_ACCOUNTS) {
      const session = await signIn(t.app, demo.email, DEMO_PASSWORD)
      expect(session.user.roles).toEqual(demo.roles)
    }
  })
})

type ListingRow = typeof listing.$inferSelect

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  expect(bytes.toString('ascii', 12, 16)).toBe('IHDR')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

describe('seedDemoData: the demo listings', () => {
  const storage = createFileStorage(testConfig().storage)
  const now = new Date('2026-03-02T15:00:00.000Z')
  let rows: ListingRow[] = []
  let photoCounts = new Map<string, number>()

  beforeAll(async () => {
    const first = await seedDemoData(t.db, { hashPassword: t.hashPassword, storage, now })
    expect(first.listings).toBe(DEMO_LISTING_COUNT)
    rows = await t.db.select().from(listing).where(like(listing.listingKey, 'DEMO-%')).orderBy(asc(listing.listingKey))
    const counts = await t.db.select({ listingId: listingMedia.listingId, n: count() }).from(listingMedia).groupBy(listingMedia.listingId)
    photoCounts = new Map(counts.map((row) => [row.listingId, row.n]))
  })

  it('adds about 300 listings once; a second start adds nothing', async () => {
    expect(rows).toHaveLength(300)
    expect(rows[0]?.listingKey).toBe('DEMO-0001')
    expect(rows[299]?.listingKey).toBe('DEMO-0300')
    expect(await seedDemoData(t.db, { hashPassword: t.hashPassword, storage, now })).toEqual({ accounts: 0, listings: 0 })
    const [listings] = await t.db.select({ n: count() }).from(listing)
    const [media] = await t.db.select({ n: count() }).from(listingMedia)
    const [files] = await t.db.select({ n: count() }).from(storedFile)
    // The demo listings and Lena's past sales (seed-history.ts).
    expect(listings?.n).toBe(300 + HISTORY_PLAN.length)
    expect(media?.n).toBe([...photoCounts.values()].reduce((sum, n) => sum + n, 0))
    expect(files?.n).toBe(DEMO_PHOTO_COUNT)
  })

  it('puts them at made-up addresses in real Tennessee cities, with their ZIP codes and counties', () => {
    const counties = new Map<string, Set<string>>()
    for (const row of rows) {
      expect(row.stateOrProvince).toBe('TN')
      // Tennessee's ZIP codes run from 370 to 385.
      expect(row.postalCode).toMatch(/^3(7\d|8[0-5])\d\d$/)
      expect(row.streetNumber).toMatch(/^[1-9]\d{0,4}$/)
      expect(row.streetName).toMatch(/^[A-Z]/)
      expect(row.unparsedAddress).toBe(unparsedAddress(listingFieldsOf(row)))
      // The public record the purchase agreement prints, in the listing's county.
      expect(row.parcelNumber).toMatch(/^\d{3} \d{2} 0A? \d+\.00$/)
      expect(row.deedReference).toMatch(new RegExp(`^Instrument No\\. \\d{8}-\\d{7}, Register's Office of ${row.countyOrParish} County$`))
      expect(row.taxLegalDescription).toMatch(new RegExp(`^(Lot|Unit) \\d+, .*, Register's Office of ${row.countyOrParish} County, Tennessee`))
      counties.set(row.city ?? '', (counties.get(row.city ?? '') ?? new Set()).add(row.countyOrParish ?? ''))
    }
    const expected = { Nashville: 'Davidson', Franklin: 'Williamson', Murfreesboro: 'Rutherford', Knoxville: 'Knox', Chattanooga: 'Hamilton', Memphis: 'Shelby', Clarksville: 'Montgomery' }
    for (const [city, county] of Object.entries(expected)) expect([...(counties.get(city) ?? [])]).toEqual([county])
    expect(counties.size).toBeGreaterThanOrEqual(20)
    for (const row of rows.filter((r) => r.city === 'Franklin')) expect(['37064', '37067', '37069']).toContain(row.postalCode)
    for (const row of rows.filter((r) => r.city === 'Nashville')) expect(row.postalCode).toMatch(/^372\d\d$/)
    for (const row of rows.filter((r) => r.city === 'Memphis')) expect(row.postalCode).toMatch(/^381\d\d$/)
    expect(new Set(rows.map((row) => row.unparsedAddress)).size).toBeGreaterThan(295)
  })

  it('gives every listing fields the domain rules accept, and published ones all that publishing needs', () => {
    for (const row of rows) {
      const parsed = ListingFieldsSchema.safeParse(listingFieldsOf(row))
      expect(parsed.error?.issues ?? [], row.listingKey).toEqual([])
      if (row.standardStatus === 'Incomplete') continue
      expect(listingPublishProblems({ ...listingFieldsOf(row), photoCount: photoCounts.get(row.id) ?? 0 }), row.listingKey).toEqual([])
      expect(row.publishedAt, row.listingKey).not.toBeNull()
      expect(row.draftStep).toBeNull()
      expect(row.publicRemarks?.length).toBeGreaterThan(60)
    }
  })

  it('is mostly active residential listings, with the other statuses, drafts, visibilities and offer deadlines to come', () => {
    const byStatus = (status: string) => rows.filter((row) => row.standardStatus === status)
    expect(byStatus('Active').length).toBeGreaterThan(150)
    for (const status of ['ComingSoon', 'ActiveUnderContract', 'Pending', 'Closed']) expect(byStatus(status).length, status).toBeGreaterThanOrEqual(5)
    const drafts = byStatus('Incomplete')
    expect(drafts.length).toBeGreaterThanOrEqual(2)
    for (const draft of drafts) expect(draft.draftStep).not.toBeNull()
    expect(drafts.some((draft) => (photoCounts.get(draft.id) ?? 0) === 0)).toBe(true)

    expect(rows.filter((row) => row.propertyType === 'Residential').length).toBeGreaterThan(200)
    expect(new Set(rows.map((row) => row.propertyType)).size).toBeGreaterThanOrEqual(4)
    expect(rows.filter((row) => row.visibility === 'public').length).toBeGreaterThan(240)
    expect(rows.some((row) => row.visibility === 'unlisted')).toBe(true)
    expect(rows.some((row) => row.visibility === 'private')).toBe(true)
    const future = rows.filter((row) => row.offerDeadline && row.offerDeadline > now)
    expect(future.length).toBeGreaterThan(30)
    for (const row of future) expect(['Active', 'ComingSoon']).toContain(row.standardStatus)
    expect(rows.filter((row) => row.listingId !== null).length).toBeGreaterThan(100)
    for (const row of rows) if (row.listingId) expect(row.listingId).toMatch(/^\d{7}$/)
    // Plausible prices: a Brentwood house costs more than a Jackson one, on average.
    const average = (city: string) => {
      const homes = rows.filter((row) => row.city === city && row.propertyType === 'Residential')
      return homes.reduce((sum, row) => sum + (row.listPrice ?? 0), 0) / homes.length
    }
    expect(average('Franklin')).toBeGreaterThan(average('Memphis'))
  })

  it('belongs to the demo sellers; the seller agent\'s own listings carry their details', async () => {
    const sellers = await findDemoSellers(t.db)
    if (!sellers) throw new Error('the demo sellers are missing')
    const owned = (id: string | null) => rows.filter((row) => row.ownerId === id)
    expect(owned(sellers.ownerId).length).toBeGreaterThan(80)
    expect(owned(sellers.agentId).length).toBeGreaterThan(80)
    expect(owned(sellers.simpleId).length).toBeGreaterThanOrEqual(1)
    expect(owned(sellers.ownerId).length + owned(sellers.agentId).length + owned(sellers.simpleId).length).toBe(300)
    for (const row of owned(sellers.agentId)) {
      expect(row.listAgentUserId).toBe(sellers.agentId)
      if (row.draftStep === 'agent' || row.draftStep === 'photos') continue
      expect(row).toMatchObject({ listAgentFullName: 'Lena Listing', listAgentEmail: 'seller-agent@example.com', listAgentMlsId: expect.stringMatching(/^TN-\d{6}$/) })
    }
    for (const row of owned(sellers.ownerId)) {
      expect(row.listAgentUserId).toBeNull()
      if (row.standardStatus === 'Incomplete') continue
      expect(row.listAgentFullName).not.toBe('Lena Listing')
      expect(row.listAgentMlsId).toMatch(/^TN-\d{6}$/)
    }
  })

  it('shows 2 to 5 generated photos per published listing, stored and served by the files route as PNG', async () => {
    for (const row of rows.filter((r) => r.standardStatus !== 'Incomplete')) {
      expect(photoCounts.get(row.id), row.listingKey).toBeGreaterThanOrEqual(2)
      expect(photoCounts.get(row.id), row.listingKey).toBeLessThanOrEqual(5)
    }
    // The first photo shows the outside, never a room; the homes' others show rooms too.
    const media = await t.db.select({ listingId: listingMedia.listingId, order: listingMedia.order, key: storedFile.key }).from(listingMedia).innerJoin(storedFile, eq(storedFile.id, listingMedia.fileId))
    const kindOf = (key: string) => demoPhotoKind(Number(/(\d+)\.png$/.exec(key)?.[1]) - 1)
    const primaries = media.filter((row) => row.order === 0)
    for (const row of primaries) expect(['kitchen', 'living-room'], row.key).not.toContain(kindOf(row.key))
    expect(new Set(primaries.map((row) => row.key)).size).toBeGreaterThanOrEqual(30)
    expect(new Set(media.map((row) => kindOf(row.key)))).toEqual(new Set(['house', 'townhouse', 'condo', 'farm', 'land', 'kitchen', 'living-room']))
    const typeOf = new Map(rows.map((row) => [row.id, row.propertyType]))
    for (const row of primaries) {
      if (typeOf.get(row.listingId) === 'Land') expect(kindOf(row.key)).toBe('land')
      if (typeOf.get(row.listingId) === 'Farm') expect(kindOf(row.key)).toBe('farm')
    }

    const files = await t.db.select().from(storedFile).orderBy(asc(storedFile.key))
    expect(files[6]).toMatchObject({ key: 'demo/listing-photo-07.png', purpose: 'listing-photo', contentType: 'image/png' })
    const bodies = new Set<string>()
    for (const file of files) {
      const content = await storage.get(file.key)
      if (!content) throw new Error(`${file.key} is not in the storage`)
      content.body.destroy()
      expect(content.size).toBe(file.size)
      const response = await t.app.inject({ method: 'GET', url: `/api/files/${file.id}` })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('image/png')
      expect(pngSize(response.rawPayload)).toEqual({ width: 640, height: 427 })
      bodies.add(response.rawPayload.toString('base64'))
    }
    expect(bodies.size).toBe(DEMO_PHOTO_COUNT)
  })

  it('gives homes rooms, areas and prices that fit their type and their city', () => {
    const published = rows.filter((row) => row.standardStatus !== 'Incomplete')
    expect(published.filter((row) => row.propertyType === 'ResidentialLease')).toEqual([])
    for (const row of published) {
      // No house without a bedroom: only land and commercial buildings have none, and they say what they are.
      if (row.bedroomsTotal === 0) expect(['Land', 'CommercialSale'], row.listingKey).toContain(row.propertyType)
      if (row.propertyType === 'Residential') expect(row.bedroomsTotal, row.listingKey).toBeGreaterThanOrEqual(1)
      expect(row.listPrice, row.listingKey).toBeGreaterThanOrEqual(25_000)
    }
    const perSquareFoot = new Map(TN_CITIES.map((city) => [city.name, city.perSquareFoot]))
    const homes = published.filter((row) => row.propertyType === 'Residential')
    for (const row of homes) {
      const band = perSquareFoot.get(row.city ?? '') ?? 0
      const price = (row.listPrice ?? 0) / (row.livingArea ?? 1)
      expect(price, `${row.listingKey} in ${row.city}`).toBeGreaterThanOrEqual(band * 0.75)
      expect(price, `${row.listingKey} in ${row.city}`).toBeLessThanOrEqual(band * 1.45)
    }
    expect(perSquareFoot.get('Nashville')).toBeGreaterThan(perSquareFoot.get('Memphis') ?? 0)
    const average = (list: ListingRow[], pick: (row: ListingRow) => number | null) => list.reduce((sum, row) => sum + (pick(row) ?? 0), 0) / list.length
    const condos = homes.filter((row) => row.unitNumber !== null)
    const houses = homes.filter((row) => row.unitNumber === null)
    expect(condos.length).toBeGreaterThan(5)
    expect(average(condos, (row) => row.livingArea)).toBeLessThan(average(houses, (row) => row.livingArea))
    const farms = published.filter((row) => row.propertyType === 'Farm')
    expect(farms.length).toBeGreaterThan(0)
    expect(Math.min(...farms.map((row) => row.lotSizeAcres ?? 0))).toBeGreaterThan(Math.max(...houses.map((row) => row.lotSizeAcres ?? 0)))
  })

  it('is mostly homes that take offers, first among the newest', () => {
    const published = rows.filter((row) => row.standardStatus !== 'Incomplete')
    expect(published.filter((row) => row.standardStatus === 'Active').length / published.length).toBeGreaterThan(0.7)
    const newest = published
      .filter((row) => row.visibility === 'public' && (DEFAULT_SEARCH_STATUSES as readonly string[]).includes(row.standardStatus))
      .sort((a, b) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0))
      .slice(0, 6)
    expect(newest.filter((row) => row.standardStatus === 'Active').length).toBeGreaterThanOrEqual(5)
  })

  it('makes the same listings every time', async () => {
    const sellers = await findDemoSellers(t.db)
    if (!sellers) throw new Error('the demo sellers are missing')
    expect(generateListing(41, { now, sellers })).toEqual(generateListing(41, { now, sellers }))
    const stored = rows[41]
    const again = generateListing(41, { now, sellers }).values
    expect({ ...stored, id: undefined, searchVector: undefined }).toMatchObject({ ...again, notify: expect.anything() })
  })
})

describe('seedDemoData: the demo brokerage and its history', () => {
  const storage = createFileStorage(testConfig().storage)
  const now = new Date('2026-03-02T15:00:00.000Z')

  beforeAll(async () => {
    // Seeded already when the listings block above ran; alone (a filtered run) it seeds here.
    await seedDemoData(t.db, { hashPassword: t.hashPassword, storage, now })
  })

  const idOf = async (email: string) => {
    const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email))
    if (!row) throw new Error(`no ${email}`)
    return row.id
  }

  it("makes Lena Listing and Alex Agent Pat Broker's brokerage, seeing all of its transactions", async () => {
    const rows = await t.db.select().from(teamMember).where(eq(teamMember.leaderId, await idOf('principal-broker@example.com')))
    const members = new Set(rows.map((row) => row.memberId))
    expect(members).toEqual(new Set([await idOf('seller-agent@example.com'), await idOf('buyer-agent@example.com')]))
    expect(rows.every((row) => row.brokerage && row.access === 'all' && row.kind === 'agent')).toBe(true)
  })

  it("gives Lena six months of past listings in several statuses, with offers shared, decided and signed in the past", async () => {
    const lena = await idOf('seller-agent@example.com')
    const past = await t.db.select().from(listing).where(like(listing.listingKey, 'HIST-%')).orderBy(asc(listing.listingKey))
    expect(past).toHaveLength(HISTORY_PLAN.length)
    expect(past.map((row) => row.standardStatus)).toEqual(HISTORY_PLAN.map((plan) => plan.status))
    for (const row of past) {
      expect(row).toMatchObject({ ownerId: lena, listAgentUserId: lena, listAgentFullName: 'Lena Listing', visibility: 'public' })
      expect(row.publishedAt!.getTime()).toBeGreaterThan(now.getTime() - 181 * 86_400_000)
      expect(row.publishedAt!.getTime()).toBeLessThan(now.getTime())
    }
    const offers = await t.db.select().from(offer).where(inArray(offer.listingId, past.map((row) => row.id)))
    const byStatus = (status: string) => offers.filter((row) => row.status === status)
    for (const status of ['closed', 'accepted', 'declined', 'expired']) expect(byStatus(status).length, status).toBeGreaterThanOrEqual(1)
    expect(byStatus('closed')).toHaveLength(5)
    const makers = new Set(offers.map((row) => row.buyerId))
    expect(makers).toEqual(new Set([await idOf('buyer-simple@example.com'), await idOf('buyer-agent@example.com')]))
    for (const row of offers) {
      const home = past.find((candidate) => candidate.id === row.listingId)!
      expect(row.sharedAt!.getTime()).toBeGreaterThan(home.publishedAt!.getTime())
      expect(row.sharedAt!.getTime()).toBeLessThan(now.getTime())
      expect(row.decidedAt!.getTime()).toBeLessThan(now.getTime())
      expect(row.purchasePrice! / home.listPrice!).toBeGreaterThan(0.9)
      expect(row.purchasePrice! / home.listPrice!).toBeLessThan(1.1)
      if (['accepted', 'closed'].includes(row.status)) expect(row.bindingAgreementAt!.getTime()).toBeLessThan(now.getTime())
    }
    const events = await t.db.select().from(offerEvent).where(inArray(offerEvent.offerId, offers.map((row) => row.id)))
    expect(events.filter((event) => event.type === 'shared')).toHaveLength(offers.length)
    expect(events.filter((event) => event.type === 'closed')).toHaveLength(5)
  })

  it("fills Lena's pipeline in every stage but signing, and names Pat Broker as her principal broker", async () => {
    const { accessToken } = await signIn(t.app, 'seller-agent@example.com', DEMO_PASSWORD)
    const response = await t.app.inject({ method: 'GET', url: '/api/dashboard/pipeline', headers: { authorization: `Bearer ${accessToken}` } })
    expect(response.statusCode).toBe(200)
    const pipeline = response.json<Pipeline>()
    expect(pipeline.counts.closed).toBeGreaterThanOrEqual(5)
    for (const stage of ['listed', 'offersIn', 'accepted', 'signed'] as const) expect(pipeline.counts[stage], stage).toBeGreaterThanOrEqual(1)
    expect(pipeline.brokerage).toMatchObject({ principalBroker: { name: 'Pat Broker', email: 'principal-broker@example.com' }, brokerageAgents: [{ name: 'Alex Agent' }] })
  })

  it('makes the same history every time', async () => {
    const other = await buildTestApp()
    try {
      await seedDemoData(other.db, { hashPassword: other.hashPassword, storage, now })
      const shape = async (db: typeof t.db) =>
        (await db.select({ key: listing.listingKey, price: listing.listPrice, address: listing.unparsedAddress, offer: offer.purchasePrice, status: offer.status, sharedAt: offer.sharedAt }).from(offer).innerJoin(listing, eq(listing.id, offer.listingId)).where(like(listing.listingKey, 'HIST-%')))
          .map((row) => JSON.stringify(row))
          .sort()
      expect(await shape(other.db)).toEqual(await shape(t.db))
    } finally {
      await other.close()
    }
  })
})
