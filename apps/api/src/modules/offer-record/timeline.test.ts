import { describe, expect, it } from 'vitest'
import type { ContractTimelineView } from '@offerbook/domain/contract-timeline-view'
import { createTestOffer, createUser } from '../../../test/factories'
import { expectRefusal, offersTestApp, sellerWithListing } from '../offers/offers.test-helpers'
import { joinByInvitation, person } from '../teams/teams.test-helpers'

const app = offersTestApp()
const call = app.call

const DAY = 86_400_000

describe("an accepted offer's contract timeline", () => {
  it('gives both sides and the buyer team each item with its date in the property zone, owner, consequence and state now', async () => {
    const { seller, listing } = await sellerWithListing(app.t, { countyOrParish: 'Knox', city: 'Knoxville' })
    const buyer = await person(app.t, ['BUYER_AGENT'], 'Bo Agent')
    // Bound a day ago: earnest money (1 day) is due by the end of today or tomorrow, closing is months away.
    const bound = new Date(Date.now() - DAY)
    const accepted = await createTestOffer(app.t, {
      status: 'accepted',
      listing,
      buyer,
      bindingAgreementAt: bound,
      terms: { earnestMoney: { amount: 5000, holder: 'title-company', dueDays: 1 }, financing: { type: 'cash' }, appraisalContingency: false, inspectionPeriodDays: 0, closingDate: new Date(Date.now() + 90 * DAY).toISOString().slice(0, 10) },
    })
    const answer = await call(buyer, 'GET', `/api/offers/${accepted.offer.id}/timeline`)
    expect(answer.statusCode, answer.body).toBe(200)
    const view = answer.json<ContractTimelineView>()
    expect(view.zone).toBe('America/New_York')
    expect(view.bindingAgreementDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const byKind = Object.fromEntries(view.items.map((item) => [item.kind, item]))
    // A 0-day inspection waives inspection and resolution: no items for them.
    expect(Object.keys(byKind).sort()).toEqual(['closing', 'earnestMoney', 'possession', 'proofOfFunds', 'title'])
    expect(byKind['earnestMoney']).toMatchObject({ owner: 'buyer', title: 'timeline.earnestMoney', ifNothing: { key: 'timeline.earnestMoneyIfNothing' } })
    expect(['dueSoon', 'missed']).toContain(byKind['earnestMoney']?.state)
    expect(byKind['closing']).toMatchObject({ owner: 'both', state: 'upcoming' })
    // The end of the last day, 11:59 PM in Eastern time.
    expect(new Date(byKind['closing']!.due!).toLocaleString('en-US', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit' })).toBe('11:59 PM')

    const seen = await call(seller, 'GET', `/api/offers/${accepted.offer.id}/timeline`)
    expect(seen.statusCode, seen.body).toBe(200)
    expect(seen.json<ContractTimelineView>().items.map((item) => item.kind)).toEqual(view.items.map((item) => item.kind))

    const member = await person(app.t, ['BUYER_AGENT'], 'Tia Team')
    await joinByInvitation(call, app.t, buyer, member)
    expect((await call(member, 'GET', `/api/offers/${accepted.offer.id}/timeline`)).statusCode).toBe(200)

    const stranger = await createUser(app.t, { roles: ['BUYER_AGENT'] })
    expectRefusal(await call(stranger, 'GET', `/api/offers/${accepted.offer.id}/timeline`), 404)
    expectRefusal(await call(buyer, 'GET', '/api/offers/not-an-id/timeline'), 404)
    expect((await call(null, 'GET', `/api/offers/${accepted.offer.id}/timeline`)).statusCode).toBe(401)
  })

  it('has no items before the Binding Agreement Date', async () => {
    const { seller, listing } = await sellerWithListing(app.t)
    const accepted = await createTestOffer(app.t, { status: 'accepted', listing })
    const answer = await call(seller, 'GET', `/api/offers/${accepted.offer.id}/timeline`)
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json<ContractTimelineView>()).toMatchObject({ bindingAgreementDate: null, items: [] })
  })
})
