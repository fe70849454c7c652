import { describe, expect, it } from 'vitest'
import type { ListingSummary, ManagedListing, Page } from '@offerbook/domain/listing-views'
import type { MyOffersPage, OfferSummary, OfferView } from '@offerbook/domain/offer'
import type { MyTeam, TeamMemberships } from '@offerbook/domain/teams'
import { createTestListing, createTestOffer } from '../../../test/factories'
import type { CreatedUser } from '../../../test/factories'
import { said } from '../listings/listings.test-helpers'
import { expectRefusal, offersTestApp } from '../offers/offers.test-helpers'
import { brokerageOfTwo, invite, joinByInvitation, person } from './teams.test-helpers'

/**
 * Issue #35 item 6 (decision 072): a principal broker's staff read the brokerage's transactions,
 * 'Designated transactions' offers the brokerage's, and a person may be in a brokerage and on an
 * agent's team at once.
 */
const app = offersTestApp()
const { call } = app

const myListings = async (who: CreatedUser) => {
  const response = await call(who, 'GET', '/api/listings/mine')
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Page<ListingSummary>>().items
}
const myOffers = async (who: CreatedUser) => {
  const response = await call(who, 'GET', '/api/offers/mine')
  expect(response.statusCode, response.body).toBe(200)
  return response.json<MyOffersPage>().items
}
const ids = (rows: { id: string }[]) => rows.map((row) => row.id).sort()

/** Pat leads a brokerage of Lena (listing agent) and Alex (buyer agent), each with a transaction. */
async function brokerage() {
  const { t } = app
  const { pat, lena, alex } = await brokerageOfTwo(call, t)
  const home = await createTestListing(t, { ownerId: lena.id, listAgentUserId: lena.id })
  const received = await createTestOffer(t, { listing: home, status: 'active' })
  const made = await createTestOffer(t, { buyer: alex, status: 'active' })
  const draft = await createTestOffer(t, { buyer: alex })
  return { pat, lena, alex, home, received: received.offer, made: made.offer, draft: draft.offer }
}

describe("a principal broker's staff", () => {
  it("with 'All transactions' read every listing and offer of the brokerage's agents, and change none of them", async () => {
    const { t } = app
    const { pat, lena, alex, home, received, made, draft } = await brokerage()
    // Support staff, then given the listing agent role by an admin.
    const sue = await person(t, ['SELLER_AGENT'], 'Sue Staff')
    await joinByInvitation(call, t, pat, sue, { kind: 'staff', access: 'all' })
    // A draft is no transaction yet: it stays the agent's.
    const sketch = await createTestListing(t, { ownerId: lena.id, listAgentUserId: lena.id, standardStatus: 'Incomplete' })

    const listings = await myListings(sue)
    expect(ids(listings)).toEqual([home.id])
    expectRefusal(await call(sue, 'GET', `/api/listings/${sketch.id}`), 403, said('listing.notYours'))
    expect(listings[0]?.team).toEqual({ leaderName: 'Pat Broker', readOnly: true })
    const opened = await call(sue, 'GET', `/api/listings/${home.id}`)
    expect(opened.statusCode, opened.body).toBe(200)
    expect(opened.json<{ listing: ManagedListing }>().listing.readOnly).toBe(true)
    const offersOfHome = await call(sue, 'GET', `/api/listings/${home.id}/offers`)
    expect(offersOfHome.statusCode, offersOfHome.body).toBe(200)
    expect(offersOfHome.json<{ items: OfferSummary[] }>().items.map((row) => [row.id, row.actions])).toEqual([[received.id, []]])

    // The buyer agent's offers (never a draft), marked as the brokerage's and without actions.
    const offers = await myOffers(sue)
    expect(ids(offers)).toEqual([made.id])
    expect(offers[0]).toMatchObject({ team: { leaderName: 'Pat Broker' }, actions: [] })
    for (const offer of [received, made]) {
      const view = await call(sue, 'GET', `/api/offers/${offer.id}`)
      expect(view.statusCode, view.body).toBe(200)
      expect(view.json<{ offer: OfferView }>().offer).toMatchObject({ viewer: 'link', actions: [] })
    }
    expect((await call(sue, 'GET', `/api/offers/${draft.id}`)).statusCode).toBe(404)

    // Read-only: no edit, no answer to an offer, no withdrawing the agent's offer.
    expectRefusal(await call(sue, 'PATCH', `/api/listings/${home.id}`, { PublicRemarks: 'Changed by staff' }), 403, said('listing.notYours'))
    expect((await call(sue, 'POST', `/api/offers/${received.id}/decline`, { version: received.version })).statusCode).toBe(404)
    expect((await call(sue, 'POST', `/api/offers/${received.id}/accept`, { version: received.version })).statusCode).toBe(404)
    expect((await call(sue, 'POST', `/api/offers/${made.id}/withdraw`)).statusCode).toBe(404)
    expect((await call(lena, 'GET', `/api/offers/${received.id}`)).json<{ offer: OfferView }>().offer.status).toBe('active')

    // The agents' own lists are unchanged; an agent of the brokerage with 'all' does not read a colleague's.
    expect((await myListings(lena)).every((row) => row.team === null)).toBe(true)
    expect(await myOffers(alex)).toEqual(expect.arrayContaining([expect.objectContaining({ id: made.id, team: null })]))
    expect((await call(alex, 'GET', `/api/offers/${received.id}`)).statusCode).toBe(404)

    // Removed from the broker's team: nothing from the next request.
    expect((await call(pat, 'DELETE', `/api/team/members/${sue.id}`)).statusCode).toBe(204)
    expect(await myListings(sue)).toEqual([])
    expect(await myOffers(sue)).toEqual([])
    expectRefusal(await call(sue, 'GET', `/api/listings/${home.id}`), 403, said('listing.notYours'))
    expect((await call(sue, 'GET', `/api/offers/${made.id}`)).statusCode).toBe(404)
  })

  it("stop at the brokerage: another broker's staff, and an agent who leaves the brokerage, are out of reach", async () => {
    const { t } = app
    const { pat, lena, home } = await brokerage()
    const other = await person(t, ['PRINCIPAL_BROKER'], 'Olga Otherbroker')
    const otto = await person(t, ['SELLER_AGENT'])
    await joinByInvitation(call, t, other, otto, { kind: 'staff', access: 'all' })
    expect(await myListings(otto)).toEqual([])
    expectRefusal(await call(otto, 'GET', `/api/listings/${home.id}`), 403, said('listing.notYours'))

    const sue = await person(t, ['SELLER_AGENT'])
    await joinByInvitation(call, t, pat, sue, { kind: 'staff', access: 'all' })
    expect(ids(await myListings(sue))).toEqual([home.id])
    expect((await call(lena, 'DELETE', `/api/team/memberships/${pat.id}`)).statusCode).toBe(204)
    expect(await myListings(sue)).toEqual([])
  })
})

describe("'Designated transactions' of a principal broker", () => {
  it("lists the brokerage's listings and offers, and gives the staff member only the chosen ones, read-only", async () => {
    const { t } = app
    const { pat, lena, home, made, draft } = await brokerage()
    const second = await createTestListing(t, { ownerId: lena.id, listAgentUserId: lena.id })
    const outsider = await createTestListing(t, { ownerId: (await person(t, ['SELLER_AGENT'])).id })

    const team = (await call(pat, 'GET', '/api/team')).json<MyTeam>()
    expect(ids(team.listings)).toEqual([home.id, second.id].sort())
    expect(ids(team.offers)).toEqual([made.id])
    expect(team.offers.some((row) => row.id === draft.id)).toBe(false)

    const sue = await person(t, ['SELLER_AGENT'])
    await joinByInvitation(call, t, pat, sue, { kind: 'staff', access: 'designated', listingIds: [second.id], offerIds: [made.id] })
    const listings = await myListings(sue)
    expect(ids(listings)).toEqual([second.id])
    expect(listings[0]?.team).toEqual({ leaderName: 'Pat Broker', readOnly: true })
    expect(ids(await myOffers(sue))).toEqual([made.id])
    expectRefusal(await call(sue, 'GET', `/api/listings/${home.id}`), 403, said('listing.notYours'))
    expectRefusal(await call(sue, 'PATCH', `/api/listings/${second.id}`, { PublicRemarks: 'Changed by staff' }), 403, said('listing.notYours'))

    // A transaction outside the brokerage cannot be designated.
    expectRefusal(await call(pat, 'PUT', `/api/team/members/${sue.id}`, { access: 'designated', listingIds: [outsider.id] }), 400, said('team.listingNotYours'))
    expectRefusal(await call(pat, 'PUT', `/api/team/members/${sue.id}`, { access: 'designated', offerIds: [draft.id] }), 400, said('team.offerNotYours'))
    const changed = await call(pat, 'PUT', `/api/team/members/${sue.id}`, { access: 'designated', listingIds: [home.id] })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(ids(await myListings(sue))).toEqual([home.id])
    expect(await myOffers(sue)).toEqual([])
  })
})

describe('a person in a brokerage and on an agent’s team', () => {
  it("joins both, holds the union of what each gives, and keeps one when leaving the other", async () => {
    const { t } = app
    const { pat, lena, home } = await brokerage()
    const sue = await person(t, ['SELLER_AGENT'], 'Sue Staff')
    await joinByInvitation(call, t, pat, sue, { kind: 'staff', access: 'designated', listingIds: [home.id] })
    expect(ids(await myListings(sue))).toEqual([home.id])
    expectRefusal(await call(sue, 'PATCH', `/api/listings/${home.id}`, { PublicRemarks: 'Not yet' }), 403, said('listing.notYours'))

    // Lena invites the same person onto her own team, with the same listing designated.
    const { token } = await invite(call, t, lena, { email: sue.email, kind: 'staff', access: 'designated', listingIds: [home.id] })
    const accepted = await call(sue, 'POST', '/api/team/invitations/accept', { token })
    expect(accepted.statusCode, accepted.body).toBe(200)
    const memberships = (await call(sue, 'GET', '/api/team/memberships')).json<TeamMemberships>().items
    expect(memberships.map((row) => [row.leaderName, row.brokerage, row.leadsBrokerage]).sort()).toEqual([
      ['Lena Listing', false, false],
      ['Pat Broker', false, true],
    ])
    // Through Lena's team she manages the listing (and answers its offers); the mark names Lena.
    expect((await myListings(sue))[0]?.team).toEqual({ leaderName: 'Lena Listing' })
    expect((await call(sue, 'PATCH', `/api/listings/${home.id}`, { PublicRemarks: 'Through Lena' })).statusCode).toBe(200)

    // Leaving the brokerage keeps Lena's team and its designation.
    expect((await call(sue, 'DELETE', `/api/team/memberships/${pat.id}`)).statusCode).toBe(204)
    expect((await call(sue, 'GET', '/api/team/memberships')).json<TeamMemberships>().items.map((row) => row.leaderName)).toEqual(['Lena Listing'])
    expect((await call(sue, 'PATCH', `/api/listings/${home.id}`, { PublicRemarks: 'Still through Lena' })).statusCode).toBe(200)

    // Back in the brokerage, then off Lena's team: the brokerage's read-only access stays.
    await joinByInvitation(call, t, pat, sue, { kind: 'staff', access: 'all' })
    expect((await call(lena, 'DELETE', `/api/team/members/${sue.id}`)).statusCode).toBe(204)
    const left = await myListings(sue)
    expect(left.map((row) => [row.id, row.team])).toEqual([[home.id, { leaderName: 'Pat Broker', readOnly: true }]])
    expectRefusal(await call(sue, 'PATCH', `/api/listings/${home.id}`, { PublicRemarks: 'No longer' }), 403, said('listing.notYours'))
  })

  it("still refuses a second agent's team, and a second brokerage", async () => {
    const { t } = app
    const { pat, lena } = await brokerage()
    const sue = await person(t, ['SELLER_AGENT'])
    await joinByInvitation(call, t, lena, sue, { kind: 'staff' })
    await joinByInvitation(call, t, pat, sue, { kind: 'staff' })
    const ann = await person(t, ['SELLER_AGENT'])
    expectRefusal(await call(ann, 'POST', '/api/team/invitations', { email: sue.email, kind: 'staff', access: 'all' }), 409, said('team.onAnotherTeam', { email: sue.email }))
    const olga = await person(t, ['PRINCIPAL_BROKER'])
    expectRefusal(await call(olga, 'POST', '/api/team/invitations', { email: sue.email, kind: 'staff', access: 'all' }), 409, said('team.inAnotherBrokerage', { email: sue.email }))
  })
})
