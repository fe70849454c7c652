import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import type { ApiKeyScope, CreatedApiKey } from '@offerbook/domain/api-keys'
import type { ResoPropertyPage } from '@offerbook/domain/integrations'
import { RESO_EXPORT_FIELDS } from '@offerbook/domain/integrations'
import { RESO_FIELD_MAP } from '@offerbook/domain/listing-import'
import { useTestApp } from '../../../test/per-file'
import type { CreatedUser } from '../../../test/factories'
import { bearer, createTestListing, createUser, signIn } from '../../../test/factories'
import { storedFile } from '../../db/schema/files'
import { listingMedia } from '../../db/schema/listings'

const t = useTestApp()

async function sessionOf(owner: CreatedUser): Promise<{ authorization: string }> {
  return bearer((await signIn(t.app, owner.email, owner.password)).accessToken)
}

async function keyOf(owner: CreatedUser, scopes: ApiKeyScope[] = ['listings:read']): Promise<{ authorization: string }> {
  const response = await t.app.inject({ method: 'POST', url: '/api/me/api-keys', headers: await sessionOf(owner), payload: { name: 'MLS sync', scopes } })
  expect(response.statusCode, response.body).toBe(201)
  return bearer(response.json<CreatedApiKey>().secret)
}

const property = (headers: { authorization: string }, query = '') => t.app.inject({ method: 'GET', url: `/api/reso/Property${query}`, headers })
const q = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`
/** Buyer-agency and other compensation fields of the Data Dictionary: never in the export. */
const COMPENSATION = ['BuyerAgencyCompensation', 'BuyerAgencyCompensationType', 'SubAgencyCompensation', 'TransactionBrokerCompensation', 'DualVariableCompensationYN']

describe('GET /api/reso/Property', () => {
  it("gives the key owner's listings by Data Dictionary names with Media expanded, filtered, paged and selected, and never compensation", async () => {
    const agent = await createUser(t, { roles: ['SELLER_AGENT'] })
    const stranger = await createUser(t, { roles: ['SELLER_AGENT'] })
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 12, minutes))
    const active = await createTestListing(t, { ownerId: agent.id, modificationTimestamp: at(0), yearBuilt: 1998, livingArea: 2100 })
    const pending = await createTestListing(t, { ownerId: agent.id, standardStatus: 'Pending', modificationTimestamp: at(10) })
    const closed = await createTestListing(t, { ownerId: agent.id, standardStatus: 'Closed', modificationTimestamp: at(20) })
    await createTestListing(t, { ownerId: stranger.id, modificationTimestamp: at(5) })
    const fileId = randomUUID()
    await t.db.insert(storedFile).values({ id: fileId, ownerId: agent.id, key: `listings/${fileId}.png`, purpose: 'listing-photo', filename: 'front.png', contentType: 'image/png', size: 1 })
    await t.db.insert(listingMedia).values({ listingId: active.id, fileId, mediaKey: 'front', order: 0 })
    const key = await keyOf(agent)

    const all = await property(key)
    expect(all.statusCode, all.body).toBe(200)
    const page = all.json<ResoPropertyPage>()
    expect(page['@odata.context']).toMatch(/\/api\/reso\/\$metadata#Property$/)
    expect(page.value.map((record) => record.ListingKey)).toEqual([active.listingKey, pending.listingKey, closed.listingKey])
    const first = page.value[0]!
    // The import's own map names every field.
    expect(Object.keys(first).sort()).toEqual([...RESO_EXPORT_FIELDS].sort())
    expect(RESO_EXPORT_FIELDS.every((field) => RESO_FIELD_MAP.some((entry) => entry.source === field))).toBe(true)
    expect(first).toMatchObject({ StandardStatus: 'Active', ListPrice: active.listPrice, City: 'Nashville', StateOrProvince: 'TN', PostalCode: '37201', BedroomsTotal: 3, BathroomsTotalInteger: 2, LivingArea: 2100, YearBuilt: 1998, PropertyType: 'Residential', ModificationTimestamp: at(0).toISOString(), UnparsedAddress: active.unparsedAddress })
    expect(first.Media).toEqual([expect.objectContaining({ MediaKey: 'front', ResourceRecordKey: active.listingKey, Order: 0, MediaCategory: 'Photo', MediaURL: expect.stringMatching(new RegExp(`/api/files/${fileId}$`)) })])
    for (const field of COMPENSATION) expect(all.body).not.toContain(field)

    const filtered = await property(key, q({ $filter: `StandardStatus eq 'Pending' and ModificationTimestamp ge ${at(10).toISOString()}` }))
    expect(filtered.json<ResoPropertyPage>().value.map((record) => record.ListingKey)).toEqual([pending.listingKey])
    const since = await property(key, q({ $filter: `ModificationTimestamp gt ${at(0).toISOString()} and ModificationTimestamp lt 2026-11-01T12:20:00Z` }))
    expect(since.json<ResoPropertyPage>().value.map((record) => record.ListingKey)).toEqual([pending.listingKey])

    // $top and the next link ($skip), as a replication follows it; $select keeps only what it names.
    const one = await property(key, q({ $top: '2', $select: 'ListingKey,ListPrice' }))
    const firstPage = one.json<ResoPropertyPage>()
    expect(firstPage.value).toEqual([
      { ListingKey: active.listingKey, ListPrice: active.listPrice },
      { ListingKey: pending.listingKey, ListPrice: pending.listPrice },
    ])
    const next = new URL(firstPage['@odata.nextLink']!)
    const rest = (await property(key, `${next.pathname}${next.search}`.replace('/api/reso/Property', ''))).json<ResoPropertyPage>()
    expect(rest.value).toEqual([{ ListingKey: closed.listingKey, ListPrice: closed.listPrice }])
    expect(rest['@odata.nextLink']).toBeUndefined()
  })

  it('refuses a compensation field, an unsupported $filter and a session token clearly', async () => {
    const agent = await createUser(t, { roles: ['SELLER_AGENT'] })
    const key = await keyOf(agent)
    for (const field of COMPENSATION) {
      const asked = await property(key, q({ $select: `ListingKey,${field}` }))
      expect(asked.statusCode).toBe(400)
      expect(asked.json<ApiError>()).toMatchObject({ key: 'reso.selectUnknown', params: { fields: field } })
    }
    for (const filter of ["City eq 'Nashville'", "StandardStatus eq 'Sold'", 'ModificationTimestamp gt yesterday', 'ModificationTimestamp gt 0000-01-01T00:00Z', "StandardStatus eq 'Active' or StandardStatus eq 'Pending'"]) {
      const refused = await property(key, q({ $filter: filter }))
      expect(refused.statusCode, filter).toBe(400)
      expect(refused.json<ApiError>().key).toBe('reso.filterUnsupported')
      expect(refused.json<ApiError>().message).toContain('Supported: ModificationTimestamp gt, ge, lt or le')
    }
    expect((await property(key, q({ $top: '201' }))).json<ApiError>().key).toBe('reso.topRange')
    expect((await property(key, q({ $skip: '-1' }))).statusCode).toBe(400)

    const bySession = await property(await sessionOf(agent))
    expect(bySession.statusCode).toBe(401)
    expect(bySession.json<ApiError>().key).toBe('apiKey.required')
    expect((await property(await keyOf(agent, ['offers:read']))).json<ApiError>().key).toBe('apiKey.scopeMissing')
    const buyer = await createUser(t, { roles: ['BUYER_SIMPLE'] })
    expect((await property(await keyOf(buyer))).statusCode).toBe(403)
  })
})
