import { beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '@offerbook/domain/api-error'
import type { ListingSearchPage } from '@offerbook/domain/listing'
import { useTestApp } from '../../../test/per-file'
import { createTestListing, createUser } from '../../../test/factories'
import { said } from './listings.test-helpers'

/** Numbers kept in integer columns are whole and in range before they reach the database (decision 017). */

const t = useTestApp()

beforeAll(async () => {
  const owner = await createUser(t, { roles: ['SELLER_AGENT'] })
  await createTestListing(t, { ownerId: owner.id, streetName: 'Main', city: 'Nashville', listPrice: 300_000, publishedAt: new Date() })
})

const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/properties${query}` })

describe('GET /api/properties takes whole numbers only', () => {
  it.each([
    ['?minPrice=1.5', 'minPrice', said('listing.minPriceWhole')],
    ['?maxPrice=300000.5', 'maxPrice', said('listing.maxPriceWhole')],
    ['?minPrice=99999999999', 'minPrice', said('listing.priceRange')],
    ['?maxPrice=2147483648', 'maxPrice', said('listing.priceRange')],
    ['?minBeds=2.5', 'minBeds', said('listing.roomsRange')],
    ['?page=1.5', 'page', said('listing.pageRange')],
    ['?page=99999999999', 'page', said('listing.pageRange')],
    ['?pageSize=2147483648', 'pageSize', said('listing.pageSizeRange')],
  ])('answers %s with 400 and a clear message on the field', async (query, field, refusal) => {
    const response = await get(query)
    expect(response.statusCode, response.body).toBe(400)
    const body = ApiErrorSchema.parse(response.json())
    expect(body).toMatchObject({ code: 'BAD_REQUEST', ...refusal })
    expect(body.errors).toContainEqual(expect.objectContaining({ path: field, ...refusal }))
  })

  it('still finds listings by whole prices', async () => {
    const response = await get('?minPrice=299999&maxPrice=300000')
    expect(response.statusCode).toBe(200)
    expect(response.json<ListingSearchPage>().items.map((item) => item.ListPrice)).toEqual([300_000])
  })

  it('refuses a NUL in the search text with the free-text message', async () => {
    const response = await get(`?q=${encodeURIComponent('ma\u0000in')}`)
    expect(response.statusCode).toBe(400)
    expect(ApiErrorSchema.parse(response.json()).errors).toEqual([{ path: 'q', key: 'common.unstorableText', message: 'This text contains characters that cannot be saved' }])
  })
})
