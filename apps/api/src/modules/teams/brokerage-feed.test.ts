import { describe, expect, it } from 'vitest'
import type { CreatedApiKey } from '@offerbook/domain/api-keys'
import type { FeedEntry, FeedPage } from '@offerbook/domain/integrations'
import { bearer, createTestListing, createTestOffer } from '../../../test/factories'
import type { CreatedUser } from '../../../test/factories'
import { publishListingsChanged, publishOfferChanged } from '../events/events.service'
import { offersTestApp } from '../offers/offers.test-helpers'
import { brokerageOfTwo, joinByInvitation, person } from './teams.test-helpers'

/**
 * Issue #37 item 3 (decision 080): the feed covers what a key's owner may see through the pages,
 * which for a brokerage's staff and an agent's team (decision 072) is more than their own
 * transactions. Every entry given opens at its URL with the same key; nothing else is given.
 */
const app = offersTestApp()
const { call } = app

async function keyOf(who: CreatedUser): Promise<{ authorization: string }> {
  const response = await call(who, 'POST', '/api/me/api-keys', { name: 'Back office', scopes: ['offers:read', 'listings:read'] })
  expect(response.statusCode, response.body).toBe(201)
  return bearer(response.json<CreatedApiKey>().secret)
}

async function feedOf(who: CreatedUser): Promise<FeedEntry[]> {
  const headers = await keyOf(who)
  const response = await app.t.app.inject({ method: 'GET', url: '/api/feed?since=0&limit=100', headers })
  expect(response.statusCode, response.body).toBe(200)
  const entries = response.json<FeedPage>().value
  for (const entry of entries) {
    const opened = await app.t.app.inject({ method: 'GET', url: entry.ResourceRecordURL, headers })
    expect(opened.statusCode, `${entry.ResourceRecordURL}: ${opened.body}`).toBe(200)
  }
  return entries
}

const keys = (entries: FeedEntry[]) => entries.map((entry) => `${entry.ResourceName} ${entry.ResourceRecordKey} ${entry.EventType}`)

describe('the feed of a team or a brokerage', () => {
  it("gives a broker's staff the brokerage's offers and listings, an agent's team the agent's offers, and nobody else anything", async () => {
    const { t } = app
    const { pat, lena, alex } = await brokerageOfTwo(call, t)
    // Sue is the brokerage's support staff; Tom is on Alex's own team; Otto is another brokerage's staff.
    const sue = await person(t, ['SELLER_AGENT'], 'Sue Staff')
    await joinByInvitation(call, t, pat, sue, { kind: 'staff', access: 'all' })
    const tom = await person(t, ['BUYER_AGENT'], 'Tom Teammate')
    await joinByInvitation(call, t, alex, tom, { access: 'all' })
    const olga = await person(t, ['PRINCIPAL_BROKER'], 'Olga Otherbroker')
    const otto = await person(t, ['SELLER_AGENT'], 'Otto Outsider')
    await joinByInvitation(call, t, olga, otto, { kind: 'staff', access: 'all' })

    const home = await createTestListing(t, { ownerId: lena.id, listAgentUserId: lena.id })
    const received = (await createTestOffer(t, { listing: home, status: 'active' })).offer
    const made = (await createTestOffer(t, { buyer: alex, status: 'active' })).offer
    const elsewhere = (await createTestOffer(t, { status: 'active' })).offer
    // A key that reads listings exists (Sue's, made in feedOf): listing events are written only then.
    await keyOf(sue)
    await publishOfferChanged(t.db, received, 'countered')
    await publishOfferChanged(t.db, made, 'withdrawn')
    await publishOfferChanged(t.db, elsewhere, 'declined')
    await publishListingsChanged(t.db, [home.id], 'changed')

    expect(keys(await feedOf(sue))).toEqual([`Offer ${received.id} countered`, `Offer ${made.id} withdrawn`, `Property ${home.id} changed`])
    expect(keys(await feedOf(tom))).toEqual([`Offer ${made.id} withdrawn`])
    expect(await feedOf(otto)).toEqual([])
    // The principal broker himself reads his agents' offers only through /review (decision 072): not in his feed.
    expect(await feedOf(pat)).toEqual([])
    // The agents keep their own.
    expect(keys(await feedOf(lena))).toEqual([`Offer ${received.id} countered`, `Property ${home.id} changed`])
    expect(keys(await feedOf(alex))).toEqual([`Offer ${made.id} withdrawn`])
  })

  it('stops at a departure: once Sue leaves the brokerage, a new event of it is not in her feed', async () => {
    const { t } = app
    const pat = await person(t, ['PRINCIPAL_BROKER'], 'Pat Broker')
    const lena = await person(t, ['SELLER_AGENT'], 'Lena Listing')
    await joinByInvitation(call, t, pat, lena, { kind: 'agent', access: 'all' })
    const sue = await person(t, ['SELLER_AGENT'], 'Sue Staff')
    await joinByInvitation(call, t, pat, sue, { kind: 'staff', access: 'all' })
    const home = await createTestListing(t, { ownerId: lena.id, listAgentUserId: lena.id })
    const received = (await createTestOffer(t, { listing: home, status: 'active' })).offer
    await publishOfferChanged(t.db, received, 'countered')
    const offers = (entries: FeedEntry[]) => keys(entries.filter((entry) => entry.ResourceName === 'Offer'))
    expect(offers(await feedOf(sue))).toEqual([`Offer ${received.id} countered`])

    expect((await call(sue, 'DELETE', `/api/team/memberships/${pat.id}`)).statusCode).toBe(204)
    await publishOfferChanged(t.db, received, 'declined')
    const response = await app.t.app.inject({ method: 'GET', url: '/api/feed?since=0', headers: await keyOf(sue) })
    expect(offers(response.json<FeedPage>().value)).toEqual([`Offer ${received.id} countered`])
  })
})
