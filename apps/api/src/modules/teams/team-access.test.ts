import { describe, expect, it } from 'vitest'
import type { ListingSummary, Page } from '@offerbook/domain/listing-views'
import type { MyOffersPage, OfferSummary, OfferView } from '@offerbook/domain/offer'
import type { MyTeam, TeamMemberView } from '@offerbook/domain/teams'
import type { User } from '@offerbook/domain/user'
import { eq } from 'drizzle-orm'
import { createTestListing, createTestOffer } from '../../../test/factories'
import { user as userTable } from '../../db/schema/users'
import type { CreatedUser } from '../../../test/factories'
import { said } from '../listings/listings.test-helpers'
import { expectRefusal, offersTestApp } from '../offers/offers.test-helpers'
import { joinByInvitation, person } from './teams.test-helpers'

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
  return response.json<MyOffersPage>()
}

describe('what a team member reaches', () => {
  it('gives designated access to the chosen listing only, all access to every listing, and nothing from the request after a removal', async () => {
    const { t } = app
    const lena = await person(t, ['SELLER_AGENT'], 'Lena Listing')
    const sam = await person(t, ['SELLER_AGENT'])
    const first = await createTestListing(t, { ownerId: lena.id, listAgentUserId: lena.id })
    const second = await createTestListing(t, { ownerId: lena.id, listAgentUserId: lena.id })
    const own = await createTestListing(t, { ownerId: sam.id, listAgentUserId: sam.id })
    await joinByInvitation(call, t, lena, sam, { access: 'designated', listingIds: [first.id] })

    const rows = await myListings(sam)
    expect(rows.map((row) => row.id).sort()).toEqual([first.id, own.id].sort())
    expect(rows.find((row) => row.id === first.id)?.team).toEqual({ leaderName: 'Lena Listing' })
    expect(rows.find((row) => row.id === own.id)?.team).toBeNull()
    expect((await call(sam, 'GET', `/api/listings/${first.id}`)).statusCode).toBe(200)
    expect((await call(sam, 'GET', `/api/listings/${second.id}`)).statusCode).toBe(403)
    // The leader's own list is not marked.
    expect((await myListings(lena)).every((row) => row.team === null)).toBe(true)

    // All transactions.
    const changed = await call(lena, 'PUT', `/api/team/members/${sam.id}`, { access: 'all' })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json<TeamMemberView>()).toMatchObject({ access: 'all', listingIds: [] })
    expect((await myListings(sam)).map((row) => row.id).sort()).toEqual([first.id, second.id, own.id].sort())
    expect((await call(sam, 'PATCH', `/api/listings/${second.id}`, { PublicRemarks: 'Updated by the team' })).statusCode).toBe(200)

    // Removed: the very next request is refused.
    expect((await call(lena, 'DELETE', `/api/team/members/${sam.id}`)).statusCode).toBe(204)
    expect((await call(sam, 'GET', `/api/listings/${first.id}`)).statusCode).toBe(403)
    expect((await myListings(sam)).map((row) => row.id)).toEqual([own.id])
    expectRefusal(await call(lena, 'DELETE', `/api/team/members/${sam.id}`), 404, said('team.memberNotFound'))
  })

  it("lets an account onboarded as 'I assist an agent' work through the team it joins, and add no listing of its own", async () => {
    const { t } = app
    const lena = await person(t, ['SELLER_AGENT'], 'Lena Listing')
    const listing = await createTestListing(t, { ownerId: lena.id, listAgentUserId: lena.id })
    const amy = await person(t, [], 'Amy Assistant')
    await t.db.update(userTable).set({ onboarded: false }).where(eq(userTable.id, amy.id))
    const onboarded = await call(amy, 'PUT', '/api/me/onboarding', { kind: 'ASSISTANT' })
    expect(onboarded.statusCode, onboarded.body).toBe(200)
    expect(onboarded.json<{ user: User }>().user.roles).toEqual(['SELLER_SIMPLE'])

    expect(await myListings(amy)).toEqual([])
    await joinByInvitation(call, t, lena, amy, { kind: 'staff', access: 'all' })
    expect((await myListings(amy)).map((row) => [row.id, row.team])).toEqual([[listing.id, { leaderName: 'Lena Listing' }]])
    expect((await call(amy, 'PATCH', `/api/listings/${listing.id}`, { PublicRemarks: 'Updated by the assistant' })).statusCode).toBe(200)
    expect((await call(amy, 'POST', '/api/listings', {})).statusCode).toBe(403)
  })

  it('lets the seller side’s team read and answer offers and see their signing through the listing (managesListing)', async () => {
    const { t } = app
    const lena = await person(t, ['SELLER_AGENT'], 'Lena Listing')
    const sam = await person(t, ['SELLER_AGENT'])
    const home = await createTestListing(t, { ownerId: lena.id, listAgentUserId: lena.id })
    const other = await createTestListing(t, { ownerId: lena.id, listAgentUserId: lena.id })
    const shared = await createTestOffer(t, { listing: home, status: 'active' })
    const elsewhere = await createTestOffer(t, { listing: other, status: 'active' })
    const accepted = await createTestOffer(t, { listing: home, status: 'accepted', bindingAgreementAt: new Date() })
    await joinByInvitation(call, t, lena, sam, { access: 'designated', listingIds: [home.id] })

    expect((await call(sam, 'GET', `/api/listings/${home.id}/offers`)).json<{ items: OfferSummary[] }>().items.map((row) => row.id).sort()).toEqual([shared.offer.id, accepted.offer.id].sort())
    expect((await call(sam, 'GET', `/api/offers/${shared.offer.id}`)).json<{ offer: OfferView }>().offer.viewer).toBe('seller')
    expect((await call(sam, 'GET', `/api/offers/${accepted.offer.id}/signing`)).statusCode).toBe(200)
    expect((await call(sam, 'GET', `/api/listings/${other.id}/offers`)).statusCode).toBe(403)
    expect((await call(sam, 'GET', `/api/offers/${elsewhere.offer.id}`)).statusCode).toBe(404)
    expect((await call(sam, 'POST', `/api/offers/${shared.offer.id}/decline`, { version: 1 })).statusCode).toBe(200)

    expect((await call(lena, 'DELETE', `/api/team/members/${sam.id}`)).statusCode).toBe(204)
    expect((await call(sam, 'GET', `/api/offers/${accepted.offer.id}`)).statusCode).toBe(404)
    expect((await call(sam, 'GET', `/api/offers/${accepted.offer.id}/signing`)).statusCode).toBe(404)
    expect((await call(sam, 'GET', `/api/listings/${home.id}/offers`)).statusCode).toBe(403)
  })

  it('shows a buyer-side leader’s offers to the team, marked Team and read-only: designated ones, or all', async () => {
    const { t } = app
    const alex = await person(t, ['BUYER_AGENT'], 'Alex Agent')
    const bea = await person(t, ['BUYER_AGENT'])
    const first = await createTestOffer(t, { buyer: alex, status: 'active' })
    const second = await createTestOffer(t, { buyer: alex })
    await joinByInvitation(call, t, alex, bea, { access: 'designated', offerIds: [first.offer.id] })

    const page = await myOffers(bea)
    expect(page.items.map((row) => row.id)).toEqual([first.offer.id])
    expect(page.items[0]).toMatchObject({ team: { leaderName: 'Alex Agent' }, actions: [] })
    expect(page.counts.all).toBe(1)
    const view = (await call(bea, 'GET', `/api/offers/${first.offer.id}`)).json<{ offer: OfferView }>().offer
    expect(view).toMatchObject({ viewer: 'link', actions: [], shareUrl: null })
    expect((await call(bea, 'GET', `/api/offers/${second.offer.id}`)).statusCode).toBe(404)
    // The changes stay the leader's.
    expect((await call(bea, 'POST', `/api/offers/${first.offer.id}/withdraw`)).statusCode).toBe(404)
    // The leader's own list is unchanged and unmarked.
    expect((await myOffers(alex)).items.every((row) => row.team === null && row.buyerNames.length > 0)).toBe(true)

    expect((await call(alex, 'PUT', `/api/team/members/${bea.id}`, { access: 'all' })).statusCode).toBe(200)
    expect((await myOffers(bea)).items.map((row) => row.id).sort()).toEqual([first.offer.id, second.offer.id].sort())
    expect((await call(bea, 'GET', `/api/offers/${second.offer.id}`)).statusCode).toBe(200)

    // Leaving the team ends it at once.
    expect((await call(bea, 'DELETE', `/api/team/memberships/${alex.id}`)).statusCode).toBe(204)
    expect((await myOffers(bea)).items).toEqual([])
    expect((await call(bea, 'GET', `/api/offers/${first.offer.id}`)).statusCode).toBe(404)
    expectRefusal(await call(bea, 'DELETE', `/api/team/memberships/${alex.id}`), 404, said('team.membershipNotFound'))
  })

  it('refuses a change of access to designations that are not the leader’s, and to someone not on the team', async () => {
    const { t } = app
    const lena = await person(t, ['SELLER_AGENT'])
    const sam = await person(t, ['SELLER_AGENT'])
    const stranger = await person(t, ['SELLER_AGENT'])
    const theirs = await createTestListing(t, { ownerId: stranger.id })
    await joinByInvitation(call, t, lena, sam)
    expectRefusal(await call(lena, 'PUT', `/api/team/members/${sam.id}`, { access: 'designated', listingIds: [theirs.id] }), 400, said('team.listingNotYours'))
    expectRefusal(await call(lena, 'PUT', `/api/team/members/${sam.id}`, { access: 'designated' }), 400, said('team.designateSomething'))
    expectRefusal(await call(stranger, 'PUT', `/api/team/members/${sam.id}`, { access: 'all' }), 404, said('team.memberNotFound'))
    expectRefusal(await call(stranger, 'DELETE', `/api/team/members/${sam.id}`), 404, said('team.memberNotFound'))
    // A listing the leader only reaches as someone else's member cannot be passed on.
    const boss = await person(t, ['SELLER_AGENT'])
    const bossListing = await createTestListing(t, { ownerId: boss.id, listAgentUserId: boss.id })
    await joinByInvitation(call, t, boss, lena)
    expectRefusal(await call(lena, 'PUT', `/api/team/members/${sam.id}`, { access: 'designated', listingIds: [bossListing.id] }), 400, said('team.listingNotYours'))
    const team = (await call(lena, 'GET', '/api/team')).json<MyTeam>()
    expect(team.memberships).toEqual([expect.objectContaining({ leaderId: boss.id, access: 'all' })])
    expect(team.members).toEqual([expect.objectContaining({ userId: sam.id, access: 'all' })])
  })
})
