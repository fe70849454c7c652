import { beforeAll, describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import type { ListingSearchPage, ListingSummary, Page } from '@offerbook/domain/listing'
import { SEARCH_TOTAL_CAP } from '@offerbook/domain/listing'
import { listing } from '../../db/schema/listings'
import { listingsChanged } from './listing-changes'
import { buildTestApp } from '../../../test/build-test-app'
import { useTestApp } from '../../../test/per-file'
import { createTestListing, createUser } from '../../../test/factories'
import { said } from './listings.test-helpers'

const t = useTestApp()
const ids: Record<string, string> = {}

const DAY = 86_400_000
const daysAgo = (days: number) => new Date(Date.now() - days * DAY)

beforeAll(async () => {
  const owner = await createUser(t, { roles: ['SELLER_AGENT'] })
  const listings = {
    main: { streetNumber: '123', streetName: 'Main', streetSuffix: 'St', city: 'Nashville', postalCode: '37201', listPrice: 300_000, bedroomsTotal: 3, bathroomsTotalInteger: 2, livingArea: 1800, listingId: 'MLS-778899', publishedAt: daysAgo(3) },
    maple: { streetNumber: '45', streetName: 'Maple', streetSuffix: 'Ave', city: 'Franklin', postalCode: '37064', listPrice: 650_000, bedroomsTotal: 5, bathroomsTotalInteger: 4, livingArea: 4000, publishedAt: daysAgo(2) },
    cedar: { streetNumber: '9', streetName: 'Cedar', streetSuffix: 'Ln', city: 'Memphis', postalCode: '38103', listPrice: 150_000, bedroomsTotal: 2, bathroomsTotalInteger: 1, livingArea: null, propertyType: 'Land', standardStatus: 'ComingSoon', publishedAt: daysAgo(1) },
    pending: { streetName: 'Pending', city: 'Nashville', standardStatus: 'Pending', publishedAt: daysAgo(4) },
    closed: { streetName: 'Closed', city: 'Nashville', standardStatus: 'Closed', publishedAt: daysAgo(5) },
    withdrawn: { streetName: 'Withdrawn', city: 'Nashville', standardStatus: 'Withdrawn', publishedAt: daysAgo(6) },
    private: { streetName: 'Main', city: 'Nashville', visibility: 'private', publishedAt: daysAgo(7) },
    unlisted: { streetName: 'Main', city: 'Nashville', visibility: 'unlisted', publishedAt: daysAgo(8) },
    draft: { streetName: 'Main', city: 'Nashville', standardStatus: 'Incomplete' },
  } as const
  for (const [name, columns] of Object.entries(listings)) {
    ids[name] = (await createTestListing(t, { ownerId: owner.id, ...columns })).id
  }
})

async function search(query: string): Promise<Page<ListingSummary>> {
  const response = await t.app.inject({ method: 'GET', url: `/api/properties${query}` })
  if (response.statusCode !== 200) throw new Error(`${query}: ${response.statusCode} ${response.body}`)
  return response.json<Page<ListingSummary>>()
}

const names = (page: Page<ListingSummary>) => page.items.map((item) => Object.keys(ids).find((name) => ids[name] === item.id) ?? item.id)

describe('GET /api/properties', () => {
  it('shows public listings that can still be bought, newest first, to anyone; never private, unlisted or draft ones', async () => {
    const page = await search('')
    expect(names(page)).toEqual(['cedar', 'maple', 'main'])
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 12 })
    expect(page.items[2]).toMatchObject({ UnparsedAddress: '123 Main St, Nashville, TN 37201', ListingId: 'MLS-778899', ListPrice: 300_000, City: 'Nashville', primaryPhotoURL: null, visibility: 'public' })
  })

  it.each([
    ['a street word as a prefix', 'Mai', ['main']],
    ['the number and the street', '123 Main', ['main']],
    ['a city', 'frankl', ['maple']],
    ['a ZIP code prefix', '3706', ['maple']],
    ['a whole ZIP code', '38103', ['cedar']],
    ['an MLS number', 'MLS-778899', ['main']],
    ['the digits of an MLS number as a prefix', '7788', ['main']],
    ['words that are not all in one listing', '45 Main', []],
    ['punctuation only', '!!!', ['cedar', 'maple', 'main']],
  ])('finds by %s', async (_case, q, expected) => {
    expect(names(await search(`?q=${encodeURIComponent(q)}`))).toEqual(expected)
  })

  it('never finds private, unlisted or draft listings by their words', async () => {
    const page = await search('?q=main&status=Active,ComingSoon,ActiveUnderContract,Pending,Closed')
    expect(names(page)).toEqual(['main'])
  })

  it('filters by price, bedrooms, bathrooms and property type', async () => {
    expect(names(await search('?minPrice=200000'))).toEqual(['maple', 'main'])
    expect(names(await search('?maxPrice=300000'))).toEqual(['cedar', 'main'])
    expect(names(await search('?minPrice=200000&maxPrice=400000'))).toEqual(['main'])
    expect(names(await search('?minBeds=4'))).toEqual(['maple'])
    expect(names(await search('?minBaths=2'))).toEqual(['maple', 'main'])
    expect(names(await search('?type=Land'))).toEqual(['cedar'])
    expect(names(await search('?type=Residential,Land'))).toEqual(['cedar', 'maple', 'main'])
    expect(names(await search('?type=Residential&type=Land'))).toEqual(['cedar', 'maple', 'main'])
  })

  it('shows the statuses asked for, among those a visitor may find', async () => {
    expect(names(await search('?status=Pending'))).toEqual(['pending'])
    expect(names(await search('?status=Closed,Active'))).toEqual(['maple', 'main', 'closed'])
    for (const status of ['Withdrawn', 'Incomplete', 'Delete']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/properties?status=${status}` })
      expect(response.statusCode, status).toBe(400)
    }
  })

  it('sorts by price, bedrooms and living area', async () => {
    expect(names(await search('?sort=price-asc'))).toEqual(['cedar', 'main', 'maple'])
    expect(names(await search('?sort=price-desc'))).toEqual(['maple', 'main', 'cedar'])
    expect(names(await search('?sort=beds-desc'))).toEqual(['maple', 'main', 'cedar'])
    expect(names(await search('?sort=area-desc'))).toEqual(['maple', 'main', 'cedar'])
    expect(names(await search('?sort=newest'))).toEqual(['cedar', 'maple', 'main'])
  })

  it('pages through the results with the total', async () => {
    const first = await search('?pageSize=2&page=1')
    const second = await search('?pageSize=2&page=2')
    const beyond = await search('?pageSize=2&page=3')
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 })
    expect(names(first)).toEqual(['cedar', 'maple'])
    expect(names(second)).toEqual(['main'])
    expect(beyond).toMatchObject({ items: [], total: 3, page: 3 })
  })

  it('breaks ties of the same published date by id, so pages neither repeat nor skip', async () => {
    const app = await buildTestApp()
    try {
      const owner = await createUser(app)
      const publishedAt = new Date('2025-01-01T00:00:00Z')
      const created = []
      for (let index = 0; index < 5; index++) created.push((await createTestListing(app, { ownerId: owner.id, publishedAt })).id)
      const seen: string[] = []
      for (let page = 1; page <= 3; page++) {
        const response = await app.app.inject({ method: 'GET', url: `/api/properties?pageSize=2&page=${page}` })
        seen.push(...response.json<Page<ListingSummary>>().items.map((item) => item.id))
      }
      expect(seen).toEqual([...created].sort().reverse())
    } finally {
      await app.close()
    }
  })

  it.each([
    ['a maximum below the minimum', '?minPrice=500000&maxPrice=100000', said('listing.maxBelowMin')],
    ['a price that is not a number', '?minPrice=cheap', said('listing.priceRange')],
    ['a huge price', '?maxPrice=1e400', said('listing.priceRange')],
    ['a negative price', '?minPrice=-5', said('listing.priceRange')],
    ['100 bedrooms', '?minBeds=100', said('listing.roomsRange')],
    ['an unknown property type', '?type=Castle', said('listing.propertyType')],
    ['too many words', `?q=${'a'.repeat(101)}`, said('common.tooLong', { maximum: 100 })],
  ])('refuses %s with its message (400)', async (_case, query, refusal) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/properties${query}` })
    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toMatchObject(refusal)
  })

  it('refuses odd query strings with 400, never 500', async () => {
    for (const query of ['?sort=random', '?page=0', '?page=abc', '?pageSize=49', '?q=a&q=b', '?minPrice=1&minPrice=2', `?q=${encodeURIComponent('\u0000')}`, '?q=%E0%A4%A']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/properties${query}` })
      expect(response.statusCode, query).toBeLessThan(500)
    }
    // A NUL is refused like in any free text (decision 017), not dropped.
    const nul = await t.app.inject({ method: 'GET', url: `/api/properties?q=${encodeURIComponent('ma\u0000in')}` })
    expect(nul.statusCode).toBe(400)
  })
})

describe('GET /api/properties counts up to a cap', () => {
  it('says "1,000+" instead of counting every match of a broad search, and still pages through them', async () => {
    const capped = await buildTestApp()
    try {
      const owner = await createUser(capped, { roles: ['SELLER_OWNER'] })
      const rows = Array.from({ length: SEARCH_TOTAL_CAP + 5 }, (_, index) => ({
        listingKey: `CAP-${index}`,
        ownerId: owner.id,
        standardStatus: 'Active',
        visibility: 'public',
        listPrice: 200_000 + index,
        city: 'Knoxville',
        unparsedAddress: `${index} Oak St, Knoxville, TN 37902`,
        publishedAt: new Date(Date.now() - index * 1000),
      }))
      const inserted = await capped.db.insert(listing).values(rows).returning({ id: listing.id })
      // Every write of listings tells the search index (decision 027).
      await listingsChanged(
        capped.db,
        inserted.map((row) => row.id),
      )
      const broad = await capped.app.inject({ method: 'GET', url: '/api/properties?pageSize=48&page=3' })
      expect(broad.statusCode).toBe(200)
      const body = broad.json<ListingSearchPage>()
      expect(body).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: true, page: 3 })
      expect(body.items).toHaveLength(48)
      expect(body.items[0]?.UnparsedAddress).toBe('96 Oak St, Knoxville, TN 37902')

      const narrow = await capped.app.inject({ method: 'GET', url: '/api/properties?minPrice=201000' })
      expect(narrow.json<ListingSearchPage>()).toMatchObject({ total: 5, totalCapped: false })
    } finally {
      await capped.close()
    }
  })
})
