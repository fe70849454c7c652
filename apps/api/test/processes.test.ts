import { describe, expect, it } from 'vitest'
import type { OptimizeResult } from '@offerbook/domain/offer-scoring'
import { createTestListing, createTestOffer, shareableTerms } from './factories'
import type { EventServer, SignedInUser } from '../src/modules/events/events.test-helpers'
import { eventually, signedInUser, twoServersOnOneDatabase } from '../src/modules/events/events.test-helpers'

/**
 * Two server processes on one database (docs/decisions/028-runtime.md): two apps with their own
 * hubs and caches on the scratch PostgreSQL of TEST_DATABASE_URL (else on one PGlite). Whatever
 * either keeps in memory, both answer alike, and a change made through one shows through the other.
 */

const servers = twoServersOnOneDatabase()

async function read(server: EventServer, user: SignedInUser, path: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`${server.base}${path}`, { headers: user.headers })
  return { status: response.status, body: await response.text() }
}

describe('two server processes on one database', () => {
  it('give the same answers, and an edit through one is seen through the other within a second', async () => {
    const { one, two } = servers
    const seller = await signedInUser(one.db, ['SELLER_AGENT'], 'Lena Listing')
    const buyer = await signedInUser(one.db, ['BUYER_SIMPLE'], 'Ben Buyer')
    const listing = await createTestListing(one, { ownerId: seller.id, listAgentUserId: seller.id, listAgentFullName: 'Lena Listing', listAgentEmail: seller.email })
    const maker = { db: one.db, hashPassword: async () => 'x' }
    const low = await createTestOffer(maker, { status: 'active', listing, buyer, terms: { purchasePrice: 280_000 } })
    const high = await createTestOffer(maker, { status: 'active', listing, terms: { purchasePrice: 300_000 } })
    const optimize = `/api/listings/${listing.id}/optimize`

    // Both rank (and keep) the same offers the same way, and show the same listing and session.
    for (const path of [optimize, `/api/listings/${listing.id}/offers`, '/api/me']) {
      const [first, second] = [await read(one, seller, path), await read(two, seller, path)]
      expect(first.status, first.body).toBe(200)
      expect(second).toEqual(first)
    }
    const ranked = (body: string) => (JSON.parse(body) as OptimizeResult).offers.map((entry) => [entry.id, entry.purchasePrice])
    expect(ranked((await read(two, seller, optimize)).body)).toEqual([
      [high.offer.id, 300_000],
      [low.offer.id, 280_000],
    ])

    // The buyer raises the low offer through server one; server two, which keeps the ranking, shows it.
    const saved = await fetch(`${one.base}/api/offers/${low.offer.id}`, {
      method: 'PATCH',
      headers: { ...buyer.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ terms: shareableTerms({ purchasePrice: 320_000 }) }),
    })
    expect(saved.status, await saved.text()).toBe(200)
    const seen = await eventually('the raised offer ranked first through server two', async () => {
      const answer = ranked((await read(two, seller, optimize)).body)
      return answer[0]?.[0] === low.offer.id ? answer : null
    }, 1_000)
    expect(seen).toEqual([
      [low.offer.id, 320_000],
      [high.offer.id, 300_000],
    ])
    expect((await read(one, seller, optimize)).body).toEqual((await read(two, seller, optimize)).body)
  })
})
