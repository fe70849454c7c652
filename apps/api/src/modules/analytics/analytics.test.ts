import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnalyticsReport } from '@offerbook/domain/analytics'
import type { ApiError } from '@offerbook/domain/api-error'
import type { Role } from '@offerbook/domain/roles'
import type { TestApp } from '../../../test/build-test-app'
import { buildTestApp } from '../../../test/build-test-app'
import type { CreatedUser } from '../../../test/factories'
import { bearer, createUser, signIn } from '../../../test/factories'
import { joinBrokerage, listingOf, offerOn } from './analytics.test-helpers'

/**
 * A hand-computed fixture. Agent Ava (SELLER_AGENT) lists L1-L4 and L6; Bo (BUYER_AGENT) makes offers; both
 * are in Pat's brokerage. Quinn, another principal broker, has Cy, who lists L5. Uma is a buyer.
 * The period is 2025-01-01 to 2025-06-30; every figure below is worked out by hand in its comment.
 */
const PERIOD = 'from=2025-01-01&to=2025-06-30'
const HOUR = 3_600_000

let t: TestApp
const users: Record<'ava' | 'bo' | 'pat' | 'quinn' | 'cy' | 'uma' | 'sam', CreatedUser & { headers: { authorization: string } }> = {} as never
const ids: Record<string, string> = {}

async function as(name: keyof typeof users, query = PERIOD) {
  return t.app.inject({ method: 'GET', url: `/api/analytics?${query}`, headers: users[name].headers })
}
async function reportOf(name: keyof typeof users, query = PERIOD): Promise<AnalyticsReport> {
  const response = await as(name, query)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<AnalyticsReport>()
}

beforeAll(async () => {
  t = await buildTestApp()
  const make = async (name: keyof typeof users, roles: Role[], label: string) => {
    const created = await createUser(t, { roles, name: label })
    users[name] = { ...created, headers: bearer((await signIn(t.app, created.email, created.password)).accessToken) }
  }
  await make('ava', ['SELLER_AGENT'], 'Ava Agent')
  await make('bo', ['BUYER_AGENT'], 'Bo Buyeragent')
  await make('pat', ['PRINCIPAL_BROKER'], 'Pat Broker')
  await make('quinn', ['PRINCIPAL_BROKER'], 'Quinn Broker')
  await make('cy', ['SELLER_AGENT'], 'Cy Lister')
  await make('uma', ['BUYER_SIMPLE'], 'Uma Buyer')
  await make('sam', ['SELLER_SIMPLE'], 'Sam Seller')
  await joinBrokerage(t, users.pat, users.ava)
  await joinBrokerage(t, users.pat, users.bo)
  await joinBrokerage(t, users.quinn, users.cy)

  const { ava, bo, cy, uma } = users
  const l1 = await listingOf(t, ava, { listPrice: 400_000, publishedAt: '2025-01-10T00:00:00Z' })
  const l2 = await listingOf(t, ava, { listPrice: 200_000, publishedAt: '2025-02-01T00:00:00Z', standardStatus: 'ActiveUnderContract' })
  const l3 = await listingOf(t, ava, { listPrice: 500_000, publishedAt: '2025-03-01T00:00:00Z', standardStatus: 'Closed', modifiedAt: '2025-05-15T00:00:00Z' })
  // Listed before the period: its offers in the period count, the listing itself does not.
  const l4 = await listingOf(t, ava, { listPrice: 300_000, publishedAt: '2024-12-01T00:00:00Z' })
  const l5 = await listingOf(t, cy, { listPrice: 500_000, publishedAt: '2025-04-01T00:00:00Z' })
  // Listed in the period and never offered on.
  await listingOf(t, ava, { listPrice: 350_000, publishedAt: '2025-06-01T00:00:00Z' })
  ids.l1 = l1.id

  await offerOn(t, l1, uma, { status: 'declined', price: 380_000, sharedAt: '2025-01-12T00:00:00Z', decidedAt: '2025-01-13T00:00:00Z' })
  await offerOn(t, l1, bo, { status: 'active', price: 390_000, sharedAt: '2025-01-20T00:00:00Z' })
  await offerOn(t, l2, uma, { status: 'accepted', price: 210_000, sharedAt: '2025-02-05T00:00:00Z', decidedAt: '2025-02-05T12:00:00Z' })
  await offerOn(t, l3, bo, { status: 'closed', price: 490_000, sharedAt: '2025-03-04T00:00:00Z', decidedAt: '2025-05-15T00:00:00Z' })
  await offerOn(t, l4, uma, { status: 'declined', price: 270_000, sharedAt: '2025-04-10T00:00:00Z', decidedAt: '2025-04-10T06:00:00Z' })
  // Never shared: the seller side never saw it.
  await offerOn(t, l1, uma, { status: 'draft', price: 999_000 })
  // Shared before the period.
  await offerOn(t, l4, uma, { status: 'declined', price: 250_000, sharedAt: '2024-12-15T00:00:00Z', decidedAt: '2024-12-16T00:00:00Z' })
  // Another brokerage's listing, offered on by Uma.
  await offerOn(t, l5, uma, { status: 'accepted', price: 450_000, sharedAt: '2025-02-10T00:00:00Z', decidedAt: '2025-02-11T00:00:00Z' })
  // After the period, open: one expires within 72 hours, one later.
  ids.expiring = await offerOn(t, l4, uma, { status: 'active', price: 280_000, sharedAt: '2025-08-01T00:00:00Z', expiresAt: new Date(Date.now() + 24 * HOUR) })
  await offerOn(t, l4, uma, { status: 'backup', price: 285_000, sharedAt: '2025-08-01T00:00:00Z', expiresAt: new Date(Date.now() + 100 * HOUR) })
}, 60_000)

afterAll(async () => {
  await t.close()
})

const AVA_SELLING = {
  // L1, L2, L3 and L6 were listed in the period; L4 before it.
  listings: 4,
  listingsByStatus: [
    { status: 'Active', count: 2 },
    { status: 'ActiveUnderContract', count: 1 },
    { status: 'Closed', count: 1 },
  ],
  // Shared in the period on L1-L4: 380k, 390k, 210k, 490k, 270k.
  offersReceived: 5,
  // L1 got 2 shared offers (the draft does not count), L2 1, L3 1, L6 none: 4 / 4.
  offersPerListing: 1,
  listingsWithOffers: 3,
  // L1: Jan 10 -> Jan 12 = 2 days; L2: Feb 1 -> Feb 5 = 4; L3: Mar 1 -> Mar 4 = 3; L6 has none.
  daysToFirstOffer: { average: 3, median: 3 },
  // Accepted: the accepted 210k and the closed 490k; declined: 380k and 270k.
  accepted: 2,
  declined: 2,
  acceptanceRate: 0.5,
  // 24 h (380k), 12 h (210k), 6 h (270k); the closed offer's decidedAt is its closing, not its answer.
  hoursToAnswer: { answered: 14, accepted: 12, declined: 15 },
  // (0.95 + 0.975 + 1.05 + 0.98 + 0.9) / 5
  offerToListRatio: 0.971,
  // (1.05 + 0.98) / 2
  acceptedToListRatio: 1.015,
  acceptedVolume: 700_000,
  // L3, closed in May at its closed offer's 490k.
  closedListings: 1,
  closedVolume: 490_000,
}

const NO_SELLING = {
  listings: 0,
  listingsByStatus: [],
  offersReceived: 0,
  offersPerListing: null,
  listingsWithOffers: 0,
  daysToFirstOffer: { average: null, median: null },
  accepted: 0,
  declined: 0,
  acceptanceRate: null,
  hoursToAnswer: { answered: null, accepted: null, declined: null },
  offerToListRatio: null,
  acceptedToListRatio: null,
  acceptedVolume: 0,
  closedListings: 0,
  closedVolume: 0,
}

const NO_BUYING = { offersMade: 0, accepted: 0, declined: 0, acceptanceRate: null, hoursToAnswer: { answered: null, accepted: null, declined: null }, offerToListRatio: null, acceptedToListRatio: null, acceptedVolume: 0 }

// Bo's offers in the period: 390k on L1 (active) and 490k on L3 (closed; no answer time).
const BO_BUYING = {
  offersMade: 2,
  accepted: 1,
  declined: 0,
  acceptanceRate: 1,
  hoursToAnswer: { answered: null, accepted: null, declined: null },
  // (0.975 + 0.98) / 2
  offerToListRatio: 0.9775,
  acceptedToListRatio: 0.98,
  acceptedVolume: 490_000,
}

describe('GET /api/analytics: the figures', () => {
  it("gives an agent their own listings' figures, exactly", async () => {
    const report = await reportOf('ava')
    expect(report.scope).toBe('agent')
    expect(report.period).toEqual({ from: '2025-01-01', to: '2025-06-30' })
    expect(report.total).toEqual({ selling: AVA_SELLING, buying: NO_BUYING })
    expect(report.byAgent).toEqual([])
    expect(report.agents).toEqual([])
  })

  it('counts the months of the period, empty ones included', async () => {
    const report = await reportOf('ava')
    expect(report.months).toEqual([
      { month: '2025-01', received: 2, accepted: 0, declined: 1, made: 0 },
      { month: '2025-02', received: 1, accepted: 1, declined: 0, made: 0 },
      { month: '2025-03', received: 1, accepted: 1, declined: 0, made: 0 },
      { month: '2025-04', received: 1, accepted: 0, declined: 1, made: 0 },
      { month: '2025-05', received: 0, accepted: 0, declined: 0, made: 0 },
      { month: '2025-06', received: 0, accepted: 0, declined: 0, made: 0 },
    ])
  })

  it('lists the listings with the most offers received, and the open offers expiring within 72 hours', async () => {
    const report = await reportOf('ava')
    expect(report.topListings.map((row) => row.offers)).toEqual([2, 1, 1, 1])
    expect(report.topListings[0]?.listingId).toBe(ids.l1)
    expect(report.expiringSoon.count).toBe(1)
    expect(report.expiringSoon.offers.map((row) => [row.offerId, row.purchasePrice])).toEqual([[ids.expiring, 280_000]])
  })

  it("gives a buyer agent the offers they made, and a buyer their own offers, with no seller side", async () => {
    expect((await reportOf('bo')).total).toEqual({ selling: NO_SELLING, buying: BO_BUYING })
    const uma = await reportOf('uma')
    expect(uma.scope).toBe('buyer')
    expect(uma.total).toEqual({
      selling: null,
      buying: {
        // 380k declined (24 h), 210k accepted (12 h), 270k declined (6 h), 450k accepted on L5 (24 h).
        offersMade: 4,
        accepted: 2,
        declined: 2,
        acceptanceRate: 0.5,
        hoursToAnswer: { answered: 16.5, accepted: 18, declined: 15 },
        // (0.95 + 1.05 + 0.9 + 0.9) / 4 and (1.05 + 0.9) / 2
        offerToListRatio: 0.95,
        acceptedToListRatio: 0.975,
        acceptedVolume: 660_000,
      },
    })
    expect(uma.months.map((month) => month.made)).toEqual([1, 2, 0, 1, 0, 0])
    expect(uma.expiringSoon.count).toBe(1)
  })

  it("gives a principal broker the brokerage's total and a row per agent", async () => {
    const report = await reportOf('pat')
    expect(report.scope).toBe('brokerage')
    expect(report.agents.map((agent) => agent.name)).toEqual(['Ava Agent', 'Bo Buyeragent'])
    expect(report.total).toEqual({ selling: AVA_SELLING, buying: BO_BUYING })
    expect(report.byAgent).toEqual([
      { agentId: users.ava.id, name: 'Ava Agent', figures: { selling: AVA_SELLING, buying: NO_BUYING } },
      { agentId: users.bo.id, name: 'Bo Buyeragent', figures: { selling: NO_SELLING, buying: BO_BUYING } },
    ])
    expect(report.months.map((month) => month.made)).toEqual([1, 0, 1, 0, 0, 0])
  })

  it('narrows a principal broker to one agent of the brokerage', async () => {
    const report = await reportOf('pat', `${PERIOD}&agentId=${users.ava.id}`)
    expect(report.agentId).toBe(users.ava.id)
    expect(report.agents).toHaveLength(2)
    expect(report.total).toEqual({ selling: AVA_SELLING, buying: NO_BUYING })
    expect(report.byAgent.map((row) => row.agentId)).toEqual([users.ava.id])
  })

  it("never shows a principal broker another brokerage's figures", async () => {
    const quinn = await reportOf('quinn')
    expect(quinn.agents.map((agent) => agent.name)).toEqual(['Cy Lister'])
    // L5 alone, with Uma's accepted 450k.
    expect(quinn.total.selling).toMatchObject({ listings: 1, offersReceived: 1, accepted: 1, acceptedVolume: 450_000 })
    const refused = await as('pat', `${PERIOD}&agentId=${users.cy.id}`)
    expect(refused.statusCode).toBe(404)
    expect(refused.json<ApiError>().key).toBe('analytics.unknownAgent')
    expect((await as('pat', `${PERIOD}&agentId=no-such-user`)).statusCode).toBe(404)
  })

  it("refuses an agent another agent's figures, and takes their own id", async () => {
    const refused = await as('ava', `${PERIOD}&agentId=${users.bo.id}`)
    expect(refused.statusCode).toBe(403)
    expect(refused.json<ApiError>().key).toBe('analytics.agentFilterForBrokers')
    expect((await reportOf('ava', `${PERIOD}&agentId=${users.ava.id}`)).total.selling).toEqual(AVA_SELLING)
  })

  it('answers a principal broker without a brokerage with zeros', async () => {
    const lone = await createUser(t, { roles: ['PRINCIPAL_BROKER'] })
    const headers = bearer((await signIn(t.app, lone.email, lone.password)).accessToken)
    const response = await t.app.inject({ method: 'GET', url: `/api/analytics?${PERIOD}`, headers })
    expect(response.statusCode).toBe(200)
    expect(response.json<AnalyticsReport>().total).toEqual({ selling: NO_SELLING, buying: NO_BUYING })
  })
})

describe('GET /api/analytics: who may ask, and the period', () => {
  it('is for the roles of /analytics only', async () => {
    expect((await as('sam')).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: `/api/analytics?${PERIOD}` })).statusCode).toBe(401)
  })

  it('takes the last 12 months when no period is given', async () => {
    const report = await reportOf('ava', '')
    const today = new Date().toISOString().slice(0, 10)
    expect(report.period.to).toBe(today)
    expect(report.period.from).toBe(`${Number(today.slice(0, 4)) - 1}${today.slice(4)}`)
    expect(report.months.length).toBeGreaterThanOrEqual(12)
  })

  it.each([
    ['from=2025-06-01&to=2025-05-31', 'analytics.endBeforeStart', undefined],
    ['from=2019-01-01&to=2025-01-02', 'analytics.periodTooLong', { years: 5 }],
  ])('refuses %s with a message on the end date', async (query, key, params) => {
    const response = await as('ava', query)
    expect(response.statusCode).toBe(400)
    const body = response.json<ApiError>()
    expect(body.errors?.[0]).toMatchObject({ path: 'to', key, ...(params ? { params } : {}) })
  })

  it('takes five years exactly, and refuses a date that does not exist', async () => {
    expect((await as('ava', 'from=2020-01-01&to=2025-01-01')).statusCode).toBe(200)
    const response = await as('ava', 'from=2025-02-30&to=2025-03-01')
    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>().errors?.[0]).toMatchObject({ path: 'from', key: 'analytics.invalidFrom' })
  })
})
