import { describe, expect, it } from 'vitest'
import type { ListingSearchPage } from '@offerbook/domain/listing'
import { createTestListing } from '../../../test/factories'
import type { EventServer } from '../events/events.test-helpers'
import { eventually, signedInUser, twoServersOnOneDatabase } from '../events/events.test-helpers'

/**
 * Two server processes, each with its own search index, on one database (PostgreSQL's LISTEN/NOTIFY
 * with TEST_DATABASE_URL, else one PGlite): an edit made through one is in the other's search
 * within a second (decision 027).
 */

const servers = twoServersOnOneDatabase()

const search = async (server: EventServer, query: string) => {
  const response = await fetch(`${server.base}/api/properties?${query}`)
  expect(response.status).toBe(200)
  return (await response.json()) as ListingSearchPage
}

describe('search across server processes', () => {
  it('shows an edit made through one server in the other server’s search within a second', async () => {
    const { one, two } = servers
    const seller = await signedInUser(one.db, ['SELLER_AGENT'], 'Lena Listing')
    const listing = await createTestListing(one, { ownerId: seller.id, listAgentUserId: seller.id, listAgentFullName: 'Lena Listing', listAgentEmail: seller.email, streetName: 'Larkspur' })
    await eventually('the new listing in server two’s search', async () => (await search(two, 'q=larkspur')).total === 1)

    const edited = await fetch(`${one.base}/api/listings/${listing.id}`, {
      method: 'PATCH',
      headers: { ...seller.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ StreetName: 'Thistledown', ListPrice: 512_000 }),
    })
    expect(edited.status).toBe(200)
    const seen = await eventually('the edit in server two’s search', async () => (await search(two, 'q=thistledown')).items[0], 1000)
    expect(seen).toMatchObject({ id: listing.id, ListPrice: 512_000, UnparsedAddress: expect.stringContaining('Thistledown') as string })
    expect((await search(two, 'q=larkspur')).total).toBe(0)
    // And the other way round: a status change made through server two leaves server one's search.
    const withdrawn = await fetch(`${two.base}/api/listings/${listing.id}/settings`, {
      method: 'PATCH',
      headers: { ...seller.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ StandardStatus: 'Withdrawn' }),
    })
    expect(withdrawn.status).toBe(200)
    await eventually('the withdrawal in server one’s search', async () => (await search(one, 'q=thistledown')).total === 0, 1000)
  })
})
