import { describe, expect, it } from 'vitest'
import type { BrokerContractsPage } from '@offerbook/domain/broker-contracts'
import type { ContractTimelineView } from '@offerbook/domain/contract-timeline-view'
import { createTestListing, createTestOffer, createUser } from '../../../test/factories'
import { expectRefusal, offersTestApp, sellerWithListing } from '../offers/offers.test-helpers'
import { joinByInvitation, person } from '../teams/teams.test-helpers'

const app = offersTestApp()
const call = app.call

const DAY = 86_400_000
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10)

/** A broker with a buyer agent and a listing agent in the brokerage, each on one contract, and an offer of theirs that is no contract. */
async function brokerage() {
  const broker = await person(app.t, ['PRINCIPAL_BROKER'], 'Pat Broker')
  const buyerAgent = await person(app.t, ['BUYER_AGENT'], 'Bo Agent')
  const listingAgent = await person(app.t, ['SELLER_AGENT'], 'Lena Listing')
  await joinByInvitation(call, app.t, broker, buyerAgent)
  await joinByInvitation(call, app.t, broker, listingAgent)
  // Bo buys through another brokerage's listing; bound yesterday, so the 1-day earnest money is due soon or missed.
  const { listing: theirs } = await sellerWithListing(app.t, { countyOrParish: 'Knox', city: 'Knoxville' })
  const atRisk = await createTestOffer(app.t, {
    status: 'accepted',
    listing: theirs,
    buyer: buyerAgent,
    bindingAgreementAt: new Date(Date.now() - DAY),
    terms: { earnestMoney: { amount: 5000, holder: 'title-company', dueDays: 1 }, financing: { type: 'cash' }, appraisalContingency: false, inspectionPeriodDays: 0, closingDate: inDays(90) },
  })
  // Lena lists; an outside buyer's contract, bound today, with nothing due for weeks.
  const ours = await createTestListing(app.t, { ownerId: listingAgent.id, listAgentUserId: listingAgent.id, listAgentFullName: 'Lena Listing' })
  const calm = await createTestOffer(app.t, {
    status: 'accepted',
    listing: ours,
    bindingAgreementAt: new Date(Date.now() - 60_000),
    terms: { earnestMoney: { amount: 5000, holder: 'title-company', dueDays: 20 }, financing: { type: 'cash' }, appraisalContingency: false, inspectionPeriodDays: 0, closingDate: inDays(60) },
  })
  const open = await createTestOffer(app.t, { status: 'active', listing: theirs, buyer: buyerAgent })
  const unbound = await createTestOffer(app.t, { status: 'accepted', listing: ours })
  return { broker, buyerAgent, listingAgent, atRisk: atRisk.offer.id, calm: calm.offer.id, open: open.offer.id, unbound: unbound.offer.id }
}

describe("a principal broker and his agents' contracts", () => {
  it("reads the timeline of a contract where his agent is the buyer agent or the listing agent, read-only, and nothing else of the offer", async () => {
    const { broker, atRisk, calm, open, unbound } = await brokerage()
    for (const id of [atRisk, calm]) {
      const answer = await call(broker, 'GET', `/api/offers/${id}/timeline`)
      expect(answer.statusCode, answer.body).toBe(200)
      expect(answer.json<ContractTimelineView>().items.map((item) => item.kind)).toContain('closing')
    }
    // An offer that is not a contract (open, or accepted but not bound) stays unknown to him.
    expectRefusal(await call(broker, 'GET', `/api/offers/${open}/timeline`), 404)
    expectRefusal(await call(broker, 'GET', `/api/offers/${unbound}/timeline`), 404)
    // The rest of the contract stays closed: the offer, its record, and every action.
    expectRefusal(await call(broker, 'GET', `/api/offers/${atRisk}`), 404)
    expectRefusal(await call(broker, 'GET', `/api/offers/${atRisk}/calendar`), 403)
    for (const action of ['closing/record', 'closing/confirm', 'closing/dispute', 'withdraw', 'terminate']) {
      const body = action === 'closing/record' ? { closingDate: inDays(-1), finalPrice: 300_000 } : action === 'closing/dispute' ? { reason: 'no' } : undefined
      const refused = await call(broker, 'POST', `/api/offers/${atRisk}/${action}`, body)
      expect([403, 404], `${action}: ${refused.body}`).toContain(refused.statusCode)
    }
  })

  it("reads nothing of another brokerage's agent", async () => {
    const { broker } = await brokerage()
    const other = await brokerage()
    expectRefusal(await call(broker, 'GET', `/api/offers/${other.atRisk}/timeline`), 404)
    expectRefusal(await call(broker, 'GET', `/api/offers/${other.calm}/timeline`), 404)
    const listed = (await call(broker, 'GET', '/api/broker/contracts')).json<BrokerContractsPage>()
    expect(listed.items.map((item) => item.offerId)).not.toContain(other.atRisk)
    // An agent who is not a principal broker has no such list, nor reads a colleague's contract.
    expectRefusal(await call(other.buyerAgent, 'GET', '/api/broker/contracts'), 403)
    expectRefusal(await call(other.listingAgent, 'GET', `/api/offers/${other.atRisk}/timeline`), 404)
  })

  it('lists his agents’ open contracts at-risk first, a page at a time, and refuses a bad page on its field', async () => {
    const { broker, atRisk, calm } = await brokerage()
    const answer = await call(broker, 'GET', '/api/broker/contracts')
    expect(answer.statusCode, answer.body).toBe(200)
    const page = answer.json<BrokerContractsPage>()
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 10 })
    expect(page.items.map((item) => item.offerId)).toEqual([atRisk, calm])
    const [first, second] = page.items
    expect(first?.agents).toEqual([expect.objectContaining({ name: 'Bo Agent', side: 'buyer' })])
    expect(first?.atRisk[0]).toMatchObject({ kind: 'earnestMoney', owner: 'buyer' })
    expect(['dueSoon', 'missed']).toContain(first?.atRisk[0]?.state)
    expect(second?.agents).toEqual([expect.objectContaining({ name: 'Lena Listing', side: 'listing' })])
    expect(second?.atRisk).toEqual([])
    expect(second?.next).toMatchObject({ state: 'upcoming', date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) })

    const secondPage = (await call(broker, 'GET', '/api/broker/contracts?page=2&pageSize=1')).json<BrokerContractsPage>()
    expect(secondPage).toMatchObject({ total: 2, page: 2, pageSize: 1 })
    expect(secondPage.items.map((item) => item.offerId)).toEqual([calm])
    const refused = expectRefusal(await call(broker, 'GET', '/api/broker/contracts?pageSize=500'), 400)
    expect(JSON.stringify(refused)).toContain('pageSize')
    expectRefusal(await call(broker, 'GET', '/api/broker/contracts?page=0'), 400)
    expect((await call(null, 'GET', '/api/broker/contracts')).statusCode).toBe(401)

    // A broker with no agents has nothing to read.
    const lone = await createUser(app.t, { roles: ['PRINCIPAL_BROKER'] })
    expect((await call(lone, 'GET', '/api/broker/contracts')).json<BrokerContractsPage>()).toMatchObject({ items: [], total: 0 })
  })
})
