import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Dashboard, Pipeline } from '@offerbook/domain/dashboard'
import { OfferTermsSchema } from '@offerbook/domain/offer-terms'
import { teamMember, teamMemberListing } from '../../db/schema/listings'
import { offer } from '../../db/schema/offers'
import { signingPacket, signingSigner } from '../../db/schema/signing'
import { useTestApp } from '../../../test/per-file'
import { upcomingDeadlines } from './dashboard.service'
import type { CreatedUser } from '../../../test/factories'
import { bearer, createTestListing, createTestOffer, createUser, signIn } from '../../../test/factories'

const t = useTestApp()
const DAY = 86_400_000
const HOUR = 3_600_000

async function get<T>(who: CreatedUser, url: string): Promise<{ status: number; body: T }> {
  const { accessToken } = await signIn(t.app, who.email, who.password)
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(accessToken) })
  return { status: response.statusCode, body: response.json<T>() }
}

const dashboardOf = async (who: CreatedUser) => (await get<Dashboard>(who, '/api/dashboard')).body
const pipelineOf = async (who: CreatedUser) => (await get<Pipeline>(who, '/api/dashboard/pipeline')).body

async function agentWithListing(name = 'Lena Seller', columns: Parameters<typeof createTestListing>[1] extends infer C ? Partial<C> : never = {}) {
  const agent = await createUser(t, { roles: ['SELLER_AGENT'], name })
  const home = await createTestListing(t, { listAgentUserId: agent.id, listAgentFullName: name, listAgentEmail: agent.email, ...columns, ownerId: agent.id })
  return { agent, home }
}

async function sendPacket(offerId: string, signer: CreatedUser, sentAt: Date) {
  const [packet] = await t.db.insert(signingPacket).values({ kind: 'offer', offerId, title: 'Purchase agreement', status: 'sent', sentAt }).returning()
  await t.db.insert(signingSigner).values({ packetId: packet!.id, position: 0, name: 'Signer', email: signer.email, role: 'buyer', userId: signer.id, invitedAt: sentAt })
  return packet!
}

describe('GET /api/dashboard', () => {
  it("lists the user's drafts to finish, linked to the offer editor, and never another user's", async () => {
    const mine = await createTestOffer(t)
    const theirs = await createTestOffer(t)
    const body = await dashboardOf(mine.buyer)
    expect(body.drafts.map((item) => item.offerId)).toEqual([mine.offer.id])
    expect(body.drafts[0]).toMatchObject({ listingId: mine.listing.id, href: `/submitted-offers/update/${mine.offer.id}` })
    expect(JSON.stringify(await dashboardOf(theirs.buyer))).not.toContain(mine.offer.id)
  })

  it('lists the shared offers awaiting an answer on the listings the user manages, also through a team with access to all, linked to the review page', async () => {
    const { agent, home } = await agentWithListing()
    const open = await createTestOffer(t, { status: 'active', listing: home })
    await createTestOffer(t, { status: 'declined', listing: home })
    await createTestOffer(t, { listing: home })
    const expected = { offerId: open.offer.id, buyerName: 'Ben Buyer', href: `/my-properties/${home.id}/offers/${open.offer.id}` }
    expect((await dashboardOf(agent)).offersToAnswer).toEqual([expect.objectContaining(expected)])

    const member = await createUser(t, { roles: ['SELLER_AGENT'] })
    const stranger = await createUser(t, { roles: ['SELLER_AGENT'] })
    await t.db.insert(teamMember).values({ leaderId: agent.id, memberId: member.id, access: 'all' })
    expect((await dashboardOf(member)).offersToAnswer).toEqual([expect.objectContaining(expected)])
    expect((await dashboardOf(stranger)).offersToAnswer).toEqual([])
    expect((await dashboardOf(open.buyer)).offersToAnswer).toEqual([])
  })

  it('shows a designated member only the listings designated to them', async () => {
    const { agent, home } = await agentWithListing()
    const other = await createTestListing(t, { ownerId: agent.id, listAgentUserId: agent.id })
    const shown = await createTestOffer(t, { status: 'active', listing: home })
    await createTestOffer(t, { status: 'active', listing: other })
    const member = await createUser(t, { roles: ['SELLER_AGENT'] })
    await t.db.insert(teamMember).values({ leaderId: agent.id, memberId: member.id, access: 'designated' })
    await t.db.insert(teamMemberListing).values({ leaderId: agent.id, memberId: member.id, listingId: home.id })
    expect((await dashboardOf(member)).offersToAnswer.map((item) => item.offerId)).toEqual([shown.offer.id])
  })

  it('lists the documents the user has been asked to sign and has not signed yet', async () => {
    const deal = await createTestOffer(t, { status: 'accepted', bindingAgreementAt: new Date() })
    const packet = await sendPacket(deal.offer.id, deal.buyer, new Date())
    const body = await dashboardOf(deal.buyer)
    expect(body.documentsToSign).toEqual([expect.objectContaining({ packetId: packet.id, title: 'Purchase agreement', href: `/submitted-offers/update/${deal.offer.id}` })])
    expect((await dashboardOf(deal.seller!)).documentsToSign).toEqual([])
    await t.db.update(signingSigner).set({ status: 'signed', signedAt: new Date() }).where(eq(signingSigner.packetId, packet.id))
    expect((await dashboardOf(deal.buyer)).documentsToSign).toEqual([])
  })

  it("lists the contract timeline's items of the next 14 days for both sides, at-risk first: missed, then due soon", async () => {
    // Bound two days ago: earnest money (1 day) was due yesterday, the inspection period (3 days) ends
    // tomorrow night, proof of funds (5 days) in three days; closing in 45 days is too far.
    const deal = await createTestOffer(t, {
      status: 'accepted',
      bindingAgreementAt: new Date(Date.now() - 2 * DAY),
      terms: { earnestMoney: { amount: 5000, holder: 'title-company', dueDays: 1 }, financing: { type: 'cash' }, appraisalContingency: false, inspectionPeriodDays: 3 },
    })
    const items = (body: Dashboard) => body.deadlines.filter((item) => item.offerId === deal.offer.id).map((item) => `${item.kind}/${item.state}`)
    const buyerItems = items(await dashboardOf(deal.buyer))
    expect(buyerItems.slice(0, 2)).toEqual(['earnestMoney/missed', 'inspectionPeriod/dueSoon'])
    expect(buyerItems).toContain('proofOfFunds/upcoming')
    expect(buyerItems.some((item) => item.startsWith('closing/'))).toBe(false)
    const seller = await dashboardOf(deal.seller!)
    expect(items(seller)).toEqual(buyerItems)
    expect(seller.deadlines.find((item) => item.offerId === deal.offer.id)).toMatchObject({ owner: 'buyer', href: `/my-properties/${deal.listing.id}/offers/${deal.offer.id}` })
    const stranger = await createUser(t, { roles: ['BUYER_SIMPLE'] })
    expect((await dashboardOf(stranger)).deadlines).toEqual([])
  })

  it("dates each item in its property's time zone", () => {
    // 11:30 PM Central on November 30 is 12:30 AM Eastern on December 1: the Binding Agreement Date differs.
    const now = new Date('2026-12-01T05:30:00Z')
    const row = (county: string) => ({ offerId: county, listingId: 'l', address: 'a', county, terms: OfferTermsSchema.parse({ earnestMoney: { dueDays: 3 } }), bindingAgreementAt: now, buyerSide: true })
    const dates = upcomingDeadlines([row('Shelby'), row('Knox')], now).map((item) => `${item.offerId}/${item.kind}/${item.date}`)
    expect(dates).toEqual(['Shelby/earnestMoney/2026-12-03', 'Knox/earnestMoney/2026-12-04'])
  })

  it('is for the signed-in pages roles only', async () => {
    const admin = await createUser(t, { roles: ['ADMIN'] })
    expect((await get(admin, '/api/dashboard')).status).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401)
  })
})

describe('GET /api/dashboard/pipeline', () => {
  it('places each transaction in its stage and counts them', async () => {
    const { agent, home: listed } = await agentWithListing('Lena Stages')
    const withOffers = await createTestListing(t, { ownerId: agent.id, listAgentUserId: agent.id })
    await createTestOffer(t, { status: 'active', listing: withOffers })
    const accepted = await createTestListing(t, { ownerId: agent.id, listAgentUserId: agent.id })
    const deal = await createTestOffer(t, { status: 'accepted', listing: accepted, bindingAgreementAt: new Date() })
    const signing = await createTestListing(t, { ownerId: agent.id, listAgentUserId: agent.id })
    const signingDeal = await createTestOffer(t, { status: 'accepted', listing: signing })
    await sendPacket(signingDeal.offer.id, signingDeal.buyer, new Date())
    const signed = await createTestListing(t, { ownerId: agent.id, listAgentUserId: agent.id })
    const signedDeal = await createTestOffer(t, { status: 'accepted', listing: signed })
    await t.db.update(offer).set({ signedAt: new Date() }).where(eq(offer.id, signedDeal.offer.id))
    const closed = await createTestListing(t, { ownerId: agent.id, listAgentUserId: agent.id, standardStatus: 'Closed' })
    await createTestListing(t, { ownerId: agent.id, standardStatus: 'Incomplete' })

    const body = await pipelineOf(agent)
    const stageOf = (id: string) => body.transactions.find((item) => item.id === id)?.stage
    expect([listed.id, withOffers.id, accepted.id, signing.id, signed.id, closed.id].map(stageOf)).toEqual(['listed', 'offersIn', 'accepted', 'signing', 'signed', 'closed'])
    expect(body.counts).toEqual({ listed: 1, offersIn: 1, accepted: 1, signing: 1, signed: 1, closed: 1 })
    expect(body.transactions.find((item) => item.id === accepted.id)?.href).toBe(`/my-properties/${accepted.id}/offers/${deal.offer.id}`)
    expect(body.transactions.find((item) => item.id === withOffers.id)).toMatchObject({ openOffers: 1, href: `/my-properties/${withOffers.id}/optimize`, teamOf: null })

    // The buyer side: the offer the buyer made, in its own stage.
    const buyer = await pipelineOf(deal.buyer)
    expect(buyer.transactions).toEqual([expect.objectContaining({ id: deal.offer.id, side: 'buyer', stage: 'accepted', href: `/submitted-offers/update/${deal.offer.id}` })])
  })

  it("shows a team member the leader's transactions, named after the leader, and a stranger nothing", async () => {
    const { agent, home } = await agentWithListing('Lena Leader')
    const member = await createUser(t, { roles: ['BUYER_AGENT'] })
    await t.db.insert(teamMember).values({ leaderId: agent.id, memberId: member.id, access: 'all' })
    expect((await pipelineOf(member)).transactions).toEqual([expect.objectContaining({ id: home.id, teamOf: 'Lena Leader', stage: 'listed' })])
    const stranger = await createUser(t, { roles: ['BUYER_AGENT'] })
    expect(await pipelineOf(stranger)).toMatchObject({ transactions: [], deadlines: [], attention: [] })
  })

  it('flags offers expiring within 24 hours, packets waiting for more than 2 days and drafts unshared for more than 3 days', async () => {
    const { agent, home } = await agentWithListing()
    const soon = await createTestOffer(t, { status: 'active', listing: home, terms: { expiresAt: new Date(Date.now() + 10 * HOUR).toISOString() } })
    await createTestOffer(t, { status: 'active', listing: home, terms: { expiresAt: new Date(Date.now() + 30 * HOUR).toISOString() } })
    const deal = await createTestOffer(t, { status: 'accepted', listing: home })
    await sendPacket(deal.offer.id, deal.buyer, new Date(Date.now() - 3 * DAY))
    const fresh = await createTestOffer(t, { status: 'accepted', listing: await createTestListing(t, { ownerId: agent.id }) })
    await sendPacket(fresh.offer.id, fresh.buyer, new Date(Date.now() - DAY))
    const attention = (await pipelineOf(agent)).attention
    expect(attention.map((item) => [item.kind, item.offerId])).toEqual([
      ['offerExpiring', soon.offer.id],
      ['signingWaiting', deal.offer.id],
    ])

    const buyer = await createUser(t, { roles: ['BUYER_AGENT'] })
    const old = await createTestOffer(t, { buyer, listing: home })
    await createTestOffer(t, { buyer, listing: home })
    await t.db.update(offer).set({ createdAt: new Date(Date.now() - 4 * DAY) }).where(eq(offer.id, old.offer.id))
    expect((await pipelineOf(buyer)).attention).toEqual([expect.objectContaining({ kind: 'draftUnshared', offerId: old.offer.id, href: `/submitted-offers/update/${old.offer.id}` })])
  })

  it("names the user's principal broker, the brokerage's agents, their own team and the request's status", async () => {
    const broker = await createUser(t, { roles: ['PRINCIPAL_BROKER'], name: 'Pat Principal' })
    const agent = await createUser(t, { roles: ['SELLER_AGENT'], name: 'Ann Agent' })
    const colleague = await createUser(t, { roles: ['BUYER_AGENT'], name: 'Bo Colleague' })
    const assistant = await createUser(t, { roles: ['SELLER_AGENT'], name: 'Sam Staff' })
    await t.db.insert(teamMember).values([
      { leaderId: broker.id, memberId: agent.id, brokerage: true },
      { leaderId: broker.id, memberId: colleague.id, brokerage: true },
      { leaderId: agent.id, memberId: assistant.id, kind: 'staff', access: 'designated' },
    ])
    expect((await pipelineOf(agent)).brokerage).toEqual({
      principalBroker: { name: 'Pat Principal', email: broker.email },
      brokerageAgents: [{ name: 'Bo Colleague', email: colleague.email }],
      team: [{ name: 'Sam Staff', email: assistant.email, kind: 'staff', access: 'designated' }],
      principalBrokerStatus: 'none',
    })
    expect((await pipelineOf(assistant)).brokerage).toMatchObject({ principalBroker: null, brokerageAgents: [], team: [] })
  })

  it('answers the /pbDashboard roles only', async () => {
    for (const roles of [['SELLER_OWNER'], ['SELLER_SIMPLE'], ['PRINCIPAL_BROKER'], ['ADMIN']] as const) {
      const who = await createUser(t, { roles: [...roles] })
      expect((await get(who, '/api/dashboard/pipeline')).status, roles[0]).toBe(403)
    }
    for (const role of ['SELLER_AGENT', 'BUYER_SIMPLE', 'BUYER_AGENT'] as const) {
      const who = await createUser(t, { roles: [role] })
      expect((await get(who, '/api/dashboard/pipeline')).status, role).toBe(200)
    }
  })
})
