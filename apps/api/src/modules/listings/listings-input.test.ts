import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import { DEFAULT_LISTING_WEIGHTING } from '@offerbook/domain/listing'
import { listing as listingTable } from '../../db/schema/listings'
import type { Signed } from './listings.test-helpers'
import { call, useListingsTestApp, newListing, said, signedInUser } from './listings.test-helpers'

/** Odd input to the listing endpoints, and their OpenAPI document. */

const t = useListingsTestApp()

describe('odd input never answers 500', () => {
  let who: Signed
  let draftId: string
  beforeAll(async () => {
    who = await signedInUser(t, ['SELLER_OWNER'])
    draftId = (await newListing(t, who)).id
  })

  it('refuses huge numbers, arrays for strings, objects for numbers with 400', async () => {
    const payloads: Record<string, unknown>[] = [
      { ListPrice: 1e308 },
      { ListPrice: Number.MAX_SAFE_INTEGER },
      { BedroomsTotal: 1e20 },
      { LotSizeAcres: 1e300 },
      { StreetName: ['Main'] },
      { City: { $ne: 1 } },
      { ListPrice: [1000] },
      { offerPreferences: 'proofOfFunds' },
      { offerPreferences: ['proofOfFunds', 'nothing'] },
      { offerDeadline: 'tomorrow' },
      { draftStep: 'elsewhere' },
    ]
    for (const payload of payloads) {
      const response = await call(t, who, { method: 'PATCH', url: `/api/listings/${draftId}`, payload })
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
    }
    const raw = await call(t, who, { method: 'PATCH', url: `/api/listings/${draftId}`, payload: '{"ListPrice": 1e400}', headers: { 'content-type': 'application/json' } })
    expect(raw.statusCode).toBe(400)
  })

  it('refuses text with NUL characters or lone surrogates on its field (400), keeping the listing as it was', async () => {
    const [before] = await t.db.select().from(listingTable).where(eq(listingTable.id, draftId))
    const response = await call(t, who, { method: 'PATCH', url: `/api/listings/${draftId}`, payload: { StreetName: 'Ma\u0000in', PublicRemarks: 'a\uD800b' } })
    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>().errors).toEqual([
      { path: 'StreetName', ...said('common.unstorableText') },
      { path: 'PublicRemarks', ...said('common.unstorableText') },
    ])
    const [after] = await t.db.select().from(listingTable).where(eq(listingTable.id, draftId))
    expect(after).toEqual(before)
    const search = await call(t, who, { method: 'GET', url: `/api/listings/mine?q=${encodeURIComponent('ma\u0000in')}` })
    expect(search.statusCode).toBe(400)
  })

  it('answers 404, never 500, for malformed ids on every listing endpoint', async () => {
    for (const id of ['nope', '00000000-0000-0000-0000-00000000000g', '%00']) {
      for (const options of [
        { method: 'PATCH' as const, url: `/api/listings/${id}`, payload: {} },
        { method: 'POST' as const, url: `/api/listings/${id}/publish`, payload: {} },
        { method: 'PATCH' as const, url: `/api/listings/${id}/settings`, payload: {} },
        { method: 'PUT' as const, url: `/api/listings/${id}/weighting`, payload: DEFAULT_LISTING_WEIGHTING },
        { method: 'PUT' as const, url: `/api/listings/${id}/photos/order`, payload: { mediaIds: [] } },
        { method: 'DELETE' as const, url: `/api/listings/${id}/photos/${id}` },
        { method: 'DELETE' as const, url: `/api/listings/${id}` },
        { method: 'GET' as const, url: `/api/properties/${id}` },
      ]) {
        const response = await call(t, who, options)
        expect(response.statusCode, `${options.method} ${options.url}`).toBe(404)
      }
    }
  })

  it('refuses bad query strings of the lists with 400', async () => {
    for (const url of ['/api/listings/mine?page=0', '/api/listings/mine?pageSize=1000', '/api/listings/mine?status=Sold', '/api/listings/mine?q=a&q=b', `/api/listings/mine?q=${'x'.repeat(101)}`]) {
      const response = await call(t, who, { method: 'GET', url })
      expect(response.statusCode, url).toBe(400)
    }
  })
})

describe("the listing agent's phone", () => {
  let who: Signed
  let draftId: string
  beforeAll(async () => {
    who = await signedInUser(t, ['SELLER_AGENT'])
    draftId = (await newListing(t, who)).id
  })
  const stored = async () => (await t.db.select({ phone: listingTable.listAgentDirectPhone }).from(listingTable).where(eq(listingTable.id, draftId)))[0]?.phone

  it("takes spec section 5's (615) 555-0123 and keeps it in E.164", async () => {
    const response = await call(t, who, { method: 'PATCH', url: `/api/listings/${draftId}`, payload: { ListAgentDirectPhone: '(615) 555-0123' } })
    expect(response.statusCode).toBe(200)
    expect(response.json<{ listing: { ListAgentDirectPhone: string } }>().listing.ListAgentDirectPhone).toBe('+16155550123')
    expect(await stored()).toBe('+16155550123')
  })

  it("refuses a number that is not valid with 'common.invalidPhone' on its field, keeping the one stored", async () => {
    for (const phone of ['(555) 555-0123', '555', 'call me']) {
      const response = await call(t, who, { method: 'PATCH', url: `/api/listings/${draftId}`, payload: { ListAgentDirectPhone: phone } })
      expect(response.statusCode, phone).toBe(400)
      expect(response.json<ApiError>().errors, phone).toEqual([{ path: 'ListAgentDirectPhone', ...said('common.invalidPhone') }])
    }
    expect(await stored()).toBe('+16155550123')
  })

  it('clears the phone when it is emptied', async () => {
    const response = await call(t, who, { method: 'PATCH', url: `/api/listings/${draftId}`, payload: { ListAgentDirectPhone: '' } })
    expect(response.statusCode).toBe(200)
    expect(await stored()).toBeNull()
  })
})

describe('OpenAPI', () => {
  it('documents the listing endpoints with their response shapes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(response.statusCode).toBe(200)
    const document = response.json<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>>; components: { schemas: Record<string, unknown> } }>()
    for (const [path, method, status] of [
      ['/api/listings', 'post', '201'],
      ['/api/listings/mine', 'get', '200'],
      ['/api/listings/{id}', 'get', '200'],
      ['/api/listings/{id}', 'patch', '200'],
      ['/api/listings/{id}/publish', 'post', '200'],
      ['/api/listings/{id}/photos', 'post', '201'],
      ['/api/listings/{id}/photos/order', 'put', '200'],
      ['/api/listings/{id}/photos/{mediaId}', 'delete', '200'],
      ['/api/listings/{id}/photos/{mediaId}', 'delete', '400'],
      ['/api/listings/{id}/settings', 'patch', '200'],
      ['/api/listings/{id}/weighting', 'put', '200'],
      ['/api/listings/{id}', 'delete', '204'],
      ['/api/properties', 'get', '200'],
      ['/api/properties/{id}', 'get', '200'],
    ] as const) {
      expect(document.paths[path]?.[method]?.responses[status], `${method} ${path}`).toBeDefined()
    }
    // The listing a manager reads is written once and referred to by every operation that answers it.
    expect(JSON.stringify(document.paths['/api/listings/{id}']?.get?.responses['200'])).toContain('"#/components/schemas/ManagedListing"')
    expect(JSON.stringify(document.components.schemas.ManagedListing)).toContain('ListAgentFullName')
  })
})
