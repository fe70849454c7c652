import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import type { ApiKeyScope, CreatedApiKey } from '@offerbook/domain/api-keys'
import type { FeedEntry, FeedPage } from '@offerbook/domain/integrations'
import { FEED_EVENT_TYPES } from '@offerbook/domain/integrations'
import { useTestApp } from '../../../test/per-file'
import type { CreatedUser } from '../../../test/factories'
import { bearer, createTestListing, createTestOffer, createUser, signIn } from '../../../test/factories'
import { apiKey } from '../../db/schema/api-keys'
import { appEvent } from '../../db/schema/conversations'
import { publishOfferChanged } from '../events/events.service'

const t = useTestApp()

async function sessionOf(owner: CreatedUser): Promise<{ authorization: string }> {
  return bearer((await signIn(t.app, owner.email, owner.password)).accessToken)
}

async function keyOf(owner: CreatedUser, scopes: ApiKeyScope[] = ['offers:read', 'records:read']): Promise<{ authorization: string }> {
  const response = await t.app.inject({ method: 'POST', url: '/api/me/api-keys', headers: await sessionOf(owner), payload: { name: 'Back office', scopes } })
  expect(response.statusCode, response.body).toBe(201)
  return bearer(response.json<CreatedApiKey>().secret)
}

const read = (headers: { authorization: string }, query: string) => t.app.inject({ method: 'GET', url: `/api/feed?${query}`, headers })

/** Every entry from `since`, page by page of `limit`, as a consumer that follows `next` reads them. */
async function readAll(headers: { authorization: string }, since: number, limit: number): Promise<FeedEntry[]> {
  const entries: FeedEntry[] = []
  for (let cursor = since, pages = 0; pages < 50; pages++) {
    const response = await read(headers, `since=${cursor}&limit=${limit}`)
    expect(response.statusCode, response.body).toBe(200)
    const page = response.json<FeedPage>()
    entries.push(...page.value)
    cursor = page.next
    if (!page.more) return entries
  }
  throw new Error('the feed never ended')
}

describe('the event feed', () => {
  it("replays the owner's offer events, the same from any sequence and any page size, never another agent's", async () => {
    const first = await createTestOffer(t, { status: 'active' })
    const seller = first.seller!
    const second = await createTestOffer(t, { status: 'active', listing: first.listing })
    const other = await createTestOffer(t, { status: 'active' })
    await publishOfferChanged(t.db, first.offer, 'active')
    await publishOfferChanged(t.db, other.offer, 'active')
    await publishOfferChanged(t.db, second.offer, 'active')
    await publishOfferChanged(t.db, first.offer, 'countered')
    await publishOfferChanged(t.db, second.offer, 'declined')

    const key = await keyOf(seller)
    const all = await readAll(key, 0, 100)
    expect(all.map((entry) => [entry.ResourceName, entry.ResourceRecordKey, entry.EventType])).toEqual([
      ['Offer', first.offer.id, 'active'],
      ['Offer', second.offer.id, 'active'],
      ['Offer', first.offer.id, 'countered'],
      ['Offer', second.offer.id, 'declined'],
    ])
    expect(all[0]).toMatchObject({ ResourceRecordURL: `/api/offers/${first.offer.id}` })
    const sequences = all.map((entry) => entry.EntityEventSequence)
    expect([...sequences].sort((a, b) => a - b)).toEqual(sequences)
    // Page by page, and from the middle: the same entries in the same order.
    expect(await readAll(key, 0, 1)).toEqual(all)
    expect(await readAll(key, sequences[1]!, 2)).toEqual(all.slice(2))
    // The other agent's key sees only their own offer; the buyer's only theirs.
    expect((await readAll(await keyOf(other.seller!), 0, 100)).map((entry) => entry.ResourceRecordKey)).toEqual([other.offer.id])
    expect((await readAll(await keyOf(first.buyer), 0, 100)).map((entry) => entry.EventType)).toEqual(['active', 'countered'])
  })

  it('puts an event committed late after what was already read: a consumer that goes on from next misses nothing', async () => {
    const { offer, seller } = await createTestOffer(t, { status: 'active' })
    const key = await keyOf(seller!)
    await publishOfferChanged(t.db, offer, 'active')
    const before = (await read(key, 'since=0')).json<FeedPage>()
    expect(before.value).toHaveLength(1)
    // A transaction that took a smaller id commits now, after the read.
    await t.db.insert(appEvent).values({ id: -1, recipient: seller!.id, type: 'offer.changed', data: { offerId: offer.id, listingId: offer.listingId, status: 'withdrawn' } })
    const after = (await read(key, `since=${before.next}`)).json<FeedPage>()
    expect(after.value.map((entry) => entry.EventType)).toEqual(['withdrawn'])
    expect(after.value[0]!.EntityEventSequence).toBeGreaterThan(before.next)
    expect((await readAll(key, 0, 100)).map((entry) => entry.EventType)).toEqual(['active', 'withdrawn'])
  })

  it('takes API keys only, refuses a bad since clearly, and leaves signing out of a key without records:read', async () => {
    const agent = await createUser(t, { roles: ['SELLER_AGENT'] })
    const bySession = await read(await sessionOf(agent), 'since=0')
    expect(bySession.statusCode).toBe(401)
    expect(bySession.json<ApiError>().key).toBe('apiKey.required')
    expect((await t.app.inject({ method: 'GET', url: '/api/feed' })).statusCode).toBe(401)

    const key = await keyOf(agent, ['offers:read'])
    for (const since of ['-1', 'abc', '1.5']) {
      const bad = await read(key, `since=${since}`)
      expect(bad.statusCode).toBe(400)
      expect(bad.body).toContain('feed.sinceInvalid')
    }
    expect((await read(key, 'limit=0')).statusCode).toBe(400)
    expect((await read(await keyOf(agent, ['listings:read']), 'since=0')).json<ApiError>()).toMatchObject({ key: 'apiKey.scopeMissing' })

    await t.db.insert(appEvent).values({ recipient: agent.id, type: 'signing.changed', data: { packetId: '00000000-0000-4000-8000-000000000001', offerId: 'x', status: 'sent' } })
    expect((await read(key, 'since=0')).json<FeedPage>().value).toEqual([])
    const withRecords = (await read(await keyOf(agent), 'since=0')).json<FeedPage>().value
    expect(withRecords.map((entry) => [entry.ResourceName, entry.EventType, entry.ResourceRecordURL])).toEqual([
      ['SigningPacket', 'sent', '/api/signing/packets/00000000-0000-4000-8000-000000000001'],
    ])
  })

  it("tells a listing's managers of its changes as Property entries, readable at the URL given, to keys with listings:read only", async () => {
    const agent = await createUser(t, { roles: ['SELLER_AGENT'] })
    const stranger = await createUser(t, { roles: ['SELLER_AGENT'] })
    // Written only once some key in force may read listings: an MLS import's thousands of changes cost nothing before.
    await t.db.update(apiKey).set({ revokedAt: new Date() })
    const before = await createTestListing(t, { ownerId: agent.id })
    const key = await keyOf(agent, ['offers:read', 'listings:read'])
    const offersOnly = await keyOf(agent, ['offers:read'])
    const strangers = await keyOf(stranger, ['offers:read', 'listings:read'])

    const home = await createTestListing(t, { ownerId: agent.id })
    // As the agent changes them on their pages: the status in the listing's settings, the price in its form.
    const session = await sessionOf(agent)
    const edit = async (url: string, payload: object) => {
      const response = await t.app.inject({ method: 'PATCH', url, headers: session, payload })
      expect(response.statusCode, response.body).toBe(200)
    }
    await edit(`/api/listings/${home.id}/settings`, { StandardStatus: 'Pending' })
    await edit(`/api/listings/${home.id}`, { ListPrice: 455_000 })
    await edit(`/api/listings/${before.id}`, { ListPrice: 301_000 })

    const entries = await readAll(key, 0, 100)
    expect(entries.map((entry) => [entry.ResourceName, entry.ResourceRecordKey, entry.EventType])).toEqual([
      ['Property', home.id, 'changed'],
      ['Property', home.id, 'status'],
      ['Property', home.id, 'changed'],
      ['Property', before.id, 'changed'],
    ])
    const url = entries[0]!.ResourceRecordURL
    expect(url).toBe(`/api/listings/${home.id}`)
    const entity = await t.app.inject({ method: 'GET', url, headers: key })
    expect(entity.statusCode, entity.body).toBe(200)
    expect(entity.json<{ listing: { StandardStatus: string; ListPrice: number } }>().listing).toMatchObject({ StandardStatus: 'Pending', ListPrice: 455_000 })
    // Replayed from the middle: the same entries after it.
    expect(await readAll(key, entries[1]!.EntityEventSequence, 1)).toEqual(entries.slice(2))
    expect(await readAll(offersOnly, 0, 100)).toEqual([])
    expect(await readAll(strangers, 0, 100)).toEqual([])
  })

  it("keeps the sequencer's look at waiting rows on its partial index: the index names every type the feed serves", async () => {
    const result = await t.db.execute(sql`select indexdef from pg_indexes where indexname = 'app_event_unsequenced_idx'`)
    const [index] = (result as unknown as { rows: { indexdef: string }[] }).rows
    for (const type of FEED_EVENT_TYPES) expect(index?.indexdef, type).toContain(`'${type}'`)
  })
})
