import { describe, expect, it } from 'vitest'
import { contractTimelineView, timelineItemState } from './contract-timeline-view'
import { OfferTermsSchema } from './offer-terms'
import { CENTRAL_TIME, EASTERN_TIME } from './property-time'

const CONTRACT = OfferTermsSchema.parse({ earnestMoney: { dueDays: 3 }, financing: { type: 'conventional' }, appraisalContingency: true, inspectionPeriodDays: 10, resolutionPeriodDays: 5, closingDate: '2026-03-13' })
/** Monday January 12, 2026, 4:45 PM Central. */
const BOUND = new Date('2026-01-12T22:45:00Z')
const statesAt = (now: string, zone = CENTRAL_TIME) =>
  Object.fromEntries(contractTimelineView('o1', CONTRACT, BOUND, { zone, now: new Date(now) }).items.map((item) => [item.kind, item.state]))

describe('the contract timeline as its parties see it', () => {
  it('has no items and no Binding Agreement Date until the contract binds', () => {
    expect(contractTimelineView('o1', CONTRACT, null, { zone: CENTRAL_TIME, now: BOUND })).toEqual({ offerId: 'o1', bindingAgreementDate: null, zone: CENTRAL_TIME, asOf: BOUND.toISOString(), items: [] })
  })

  it('marks an item due soon within 48 hours of the end of its last day, and missed after it', () => {
    // Earnest money is due January 15 (3 days after Monday the 12th), until 11:59 PM Central = 05:59 UTC on the 16th.
    expect(statesAt('2026-01-13T05:58:00Z').earnestMoney).toBe('upcoming')
    expect(statesAt('2026-01-14T06:00:00Z').earnestMoney).toBe('dueSoon')
    expect(statesAt('2026-01-16T05:58:00Z').earnestMoney).toBe('dueSoon')
    expect(statesAt('2026-01-16T06:00:00Z').earnestMoney).toBe('missed')
    expect(statesAt('2026-01-16T06:00:00Z').closing).toBe('upcoming')
  })

  it('counts the end of the day in the property zone', () => {
    // 11:59 PM Eastern on January 15 is 04:59 UTC on the 16th: already missed at 05:30 UTC, while Central still runs.
    expect(statesAt('2026-01-16T05:30:00Z', EASTERN_TIME).earnestMoney).toBe('missed')
    expect(statesAt('2026-01-16T05:30:00Z', CENTRAL_TIME).earnestMoney).toBe('dueSoon')
  })

  it('leaves an item waiting for an event upcoming, and marks done only a delivery recorded in time', () => {
    expect(statesAt('2026-04-01T00:00:00Z').appraisalContingency).toBe('upcoming')
    const item = { kind: 'hoaDocuments' as const, date: '2026-01-20', due: '2026-01-21T05:59:00.000Z' }
    expect(timelineItemState(item, new Date('2026-02-01T00:00:00Z'), { hoaDocumentsReceived: '2026-01-19' })).toBe('done')
    expect(timelineItemState(item, new Date('2026-02-01T00:00:00Z'), { hoaDocumentsReceived: '2026-01-22' })).toBe('missed')
    expect(timelineItemState(item, new Date('2026-02-01T00:00:00Z'))).toBe('missed')
  })

  it('gives each item what happens if nobody acts, as a catalogue message', () => {
    const view = contractTimelineView('o1', CONTRACT, BOUND, { zone: CENTRAL_TIME, now: BOUND })
    expect(view.bindingAgreementDate).toBe('2026-01-12')
    expect(view.items.find((item) => item.kind === 'earnestMoney')).toMatchObject({ owner: 'buyer', date: '2026-01-15', title: 'timeline.earnestMoney', ifNothing: { key: 'timeline.earnestMoneyIfNothing' } })
  })
})
