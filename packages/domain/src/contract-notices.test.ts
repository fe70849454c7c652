import { describe, expect, it } from 'vitest'
import type { DraftNotice } from './contract-notices'
import { DraftNoticeSchema, noticeProblem, noticeRecords, noticeSide, noticeTypesFor, terminationGroundsFor, timelineRecordsRead } from './contract-notices'
import { contractTimelineView } from './contract-timeline-view'
import type { TimelineTerms } from './contract-timeline'
import { OfferTermsSchema } from './offer-terms'
import { fieldMessages } from './messages.test-helpers'

const base = { side: 'buyer' as const, kinds: ['earnestMoney', 'inspectionPeriod', 'resolutionPeriod', 'appraisalOrdered', 'appraisalContingency', 'hoaDocuments', 'closing'] as const, doneOrWaived: [], purchasePrice: 400_000, today: '2026-12-10', bindingDate: '2026-12-01' }
const parse = (input: unknown) => DraftNoticeSchema.parse(input)

describe('drafting a notice', () => {
  it('reads each type with its facts, and names the bad field with its message', () => {
    expect(parse({ type: 'inspectionResult', item: 'inspectionPeriod', result: 'satisfied' })).toEqual({ type: 'inspectionResult', item: 'inspectionPeriod', result: 'satisfied', note: '' })
    const bad = DraftNoticeSchema.safeParse({ type: 'earnestMoneyDelivered', item: 'earnestMoney', amount: 1.5, deliveredOn: '12/01/2026', holder: ' ' })
    expect(bad.success).toBe(false)
    const issues = Object.fromEntries((bad.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]))
    expect(issues).toEqual({ amount: 'offerTerms.wholeDollars', deliveredOn: 'notice.dateRequired', holder: 'notice.holderRequired' })
    expect(DraftNoticeSchema.safeParse({ type: 'termination', ground: 'inspection', reason: '' }).error?.issues[0]?.message).toBe('notice.reasonRequired')
    expect(DraftNoticeSchema.safeParse({ type: 'nonsense' }).error?.issues[0]?.message).toBe('notice.typeRequired')
    expect(fieldMessages(DraftNoticeSchema.safeParse({ type: 'deliveryReceived', item: 'leases', receivedOn: '' }))).toEqual([['receivedOn', 'Enter a date.']])
  })

  it('gives each notice to its own side: the buyer reports and waives, a termination belongs to the side its ground protects', () => {
    expect(noticeSide('inspectionResult')).toBe('buyer')
    expect(noticeSide('termination', 'appraisal')).toBe('buyer')
    expect(noticeSide('termination', 'earnestMoney')).toBe('seller')
    expect(noticeTypesFor('inspectionPeriod', 'buyer')).toEqual(['inspectionResult', 'contingency'])
    expect(noticeTypesFor('inspectionPeriod', 'seller')).toEqual([])
    expect(noticeTypesFor('closing', 'buyer')).toEqual([])
    expect(terminationGroundsFor('seller', ['earnestMoney', 'closing'])).toEqual(['earnestMoney'])
    expect(terminationGroundsFor('buyer', ['inspectionPeriod', 'hoaDocumentsReview'])).toEqual(['inspection', 'hoaDocuments'])
  })

  it('refuses a notice for an item already done, of the other side, not in the contract, or with facts that do not fit', () => {
    const inspection = parse({ type: 'inspectionResult', item: 'inspectionPeriod', result: 'satisfied' })
    expect(noticeProblem(inspection, base)).toBeNull()
    expect(noticeProblem(inspection, { ...base, doneOrWaived: ['inspectionPeriod'] })).toEqual({ path: 'item', key: 'notice.itemDone', status: 409 })
    expect(noticeProblem(inspection, { ...base, side: 'seller' })).toMatchObject({ key: 'notice.notYourSide', status: 403 })
    expect(noticeProblem(parse({ type: 'deliveryReceived', item: 'leases', receivedOn: '2026-12-05' }), base)).toMatchObject({ path: 'item', key: 'notice.itemNotInContract' })
    expect(noticeProblem(parse({ type: 'contingency', item: 'inspectionPeriod', contingency: 'appraisal', outcome: 'waived' }), base)).toMatchObject({ path: 'contingency' })
    expect(noticeProblem(parse({ type: 'appraisalNotice', item: 'appraisalOrdered', appraisedValue: 400_000, appraisalDate: '2026-12-09' }), base)).toMatchObject({ path: 'appraisedValue', key: 'notice.appraisalNotLow' })
    expect(noticeProblem(parse({ type: 'appraisalNotice', item: 'appraisalOrdered', appraisedValue: 390_000, appraisalDate: '2026-12-09' }), base)).toBeNull()
    expect(noticeProblem(parse({ type: 'deliveryReceived', item: 'hoaDocuments', receivedOn: '2026-11-30' }), base)).toMatchObject({ path: 'receivedOn', key: 'notice.dateBeforeBinding' })
    expect(noticeProblem(parse({ type: 'termination', ground: 'leases', reason: 'x' }), base)).toMatchObject({ path: 'ground', key: 'notice.groundNotInContract' })
    expect(noticeProblem(parse({ type: 'termination', ground: 'earnestMoney', reason: 'x' }), base)).toMatchObject({ key: 'notice.groundNotYourSide', status: 403 })
  })
})

describe('what a completed notice records', () => {
  const terms = OfferTermsSchema.parse({ financing: { type: 'conventional' }, appraisalContingency: true, inspectionPeriodDays: 10, resolutionPeriodDays: 5, closingDate: '2027-01-29', possession: { time: 'at-closing' } }) as TimelineTerms
  const view = (records: ReturnType<typeof noticeRecords>) => {
    const read = timelineRecordsRead(records)
    return Object.fromEntries(contractTimelineView('o', terms, '2026-12-01T18:00:00Z', { zone: 'America/Chicago', now: new Date('2026-12-03T12:00:00Z'), events: read.events, outcomes: read.outcomes }).items.map((item) => [item.kind, item]))
  }

  it('an inspection accepted as it is: the inspection done and nothing left to resolve', () => {
    const items = view(noticeRecords(parse({ type: 'inspectionResult', item: 'inspectionPeriod', result: 'satisfied' }), '2026-12-03'))
    expect(items['inspectionPeriod']?.state).toBe('done')
    expect(items['resolutionPeriod']?.state).toBe('waived')
    expect(items['closing']?.state).toBe('upcoming')
  })

  it('a repair request dates the resolution period from its delivery', () => {
    const before = view([])
    expect(before['resolutionPeriod']).toMatchObject({ date: '2026-12-16', estimated: true })
    const items = view(noticeRecords(parse({ type: 'inspectionResult', item: 'inspectionPeriod', result: 'repairRequest' }), '2026-12-03'))
    expect(items['inspectionPeriod']?.state).toBe('done')
    expect(items['resolutionPeriod']).toMatchObject({ date: '2026-12-08', estimated: false, state: 'upcoming' })
  })

  it('a low appraisal starts the 3-day window; a waiver turns the contingency waived', () => {
    const notice: DraftNotice = parse({ type: 'appraisalNotice', item: 'appraisalOrdered', appraisedValue: 1000, appraisalDate: '2026-12-02' })
    const items = view(noticeRecords(notice, '2026-12-03'))
    expect(items['appraisalContingency']).toMatchObject({ date: '2026-12-06', waitsFor: null, state: 'upcoming' })
    expect(items['appraisalOrdered']?.state).toBe('done')
    const waived = view([...noticeRecords(notice, '2026-12-03'), ...noticeRecords(parse({ type: 'contingency', item: 'appraisalContingency', contingency: 'appraisal', outcome: 'waived' }), '2026-12-04')])
    expect(waived['appraisalContingency']?.state).toBe('waived')
  })

  it('keeps the first record of an item or an event, and a termination records nothing on the timeline', () => {
    const read = timelineRecordsRead([
      { kind: 'repairRequest', outcome: 'occurred', date: '2026-12-03' },
      { kind: 'repairRequest', outcome: 'occurred', date: '2026-12-05' },
      { kind: 'earnestMoney', outcome: 'done', date: '2026-12-02' },
      { kind: 'earnestMoney', outcome: 'waived', date: '2026-12-04' },
    ])
    expect(read).toEqual({ events: { repairRequest: '2026-12-03' }, outcomes: { earnestMoney: { outcome: 'done', date: '2026-12-02' } } })
    expect(noticeRecords(parse({ type: 'termination', ground: 'inspection', reason: 'Roof' }), '2026-12-03')).toEqual([])
  })
})
