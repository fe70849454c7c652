import { describe, expect, it } from 'vitest'
import { contractTimeline, contractTimelineDates, DAY_COUNTING, TIMELINE_KINDS, timelineChanges } from './contract-timeline'
import { CATALOGUE, templateParams } from './messages'
import type { OfferTermsInput } from './offer-terms'
import { OfferTermsSchema } from './offer-terms'
import { offerDeadlines } from './offer-checks'
import { CENTRAL_TIME, EASTERN_TIME } from './property-time'

const terms = (input: OfferTermsInput) => OfferTermsSchema.parse(input)
const CONTRACT = terms({
  earnestMoney: { dueDays: 3 },
  financing: { type: 'conventional' },
  appraisalContingency: true,
  inspectionPeriodDays: 10,
  resolutionPeriodDays: 5,
  closingDate: '2026-03-13',
})
/** Monday January 12, 2026, 4:45 PM Central. */
const BOUND = new Date('2026-01-12T22:45:00Z')
const datesOf = (items: readonly { kind: string; date: string | null }[]) => Object.fromEntries(items.map((item) => [item.kind, item.date]))

describe('the contract timeline', () => {
  it('never moves a last day off a weekend or a holiday (decision 060)', () => {
    expect(DAY_COUNTING.extendPastNonBusinessDays).toBe(false)
    const timeline = contractTimeline(terms({ earnestMoney: { dueDays: 5 } }), '2026-06-29T15:00:00Z', { zone: CENTRAL_TIME })
    expect(timeline.items).toEqual([expect.objectContaining({ kind: 'earnestMoney', date: '2026-07-04', nonBusinessDay: 'saturday', lastBusinessDay: null })])
  })

  it('orders the items by date, then in the order of the contract, and those waiting for an event last', () => {
    const { items } = contractTimeline(CONTRACT, BOUND, { zone: CENTRAL_TIME })
    expect(items.map((item) => item.kind)).toEqual(['earnestMoney', 'loanApplication', 'inspectionPeriod', 'lenderIntent', 'appraisalOrdered', 'resolutionPeriod', 'title', 'closing', 'possession', 'appraisalContingency'])
    expect(items.at(-1)).toMatchObject({ kind: 'appraisalContingency', date: null, due: null, waitsFor: 'lowAppraisalNotice' })
  })

  it('names the owner of each item and where its date comes from', () => {
    const owners = Object.fromEntries(contractTimeline(CONTRACT, BOUND, { zone: CENTRAL_TIME }).items.map((item) => [item.kind, `${item.owner}/${item.basis}`]))
    expect(owners).toEqual({
      earnestMoney: 'buyer/agreement',
      loanApplication: 'buyer/agreement',
      lenderIntent: 'lender/practice',
      appraisalOrdered: 'buyer/practice',
      appraisalContingency: 'buyer/agreement',
      inspectionPeriod: 'buyer/agreement',
      resolutionPeriod: 'both/agreement',
      title: 'buyer/agreement',
      closing: 'both/agreement',
      possession: 'seller/agreement',
    })
  })

  it('says what happens if nobody acts, in a message each language has, with its day counts', () => {
    const { items } = contractTimeline(terms({ ...CONTRACT, stipulationChoices: { UCheckbox: true, Utext1: '10', Utext2: '7' } }), BOUND, { zone: CENTRAL_TIME })
    expect(items.find((item) => item.kind === 'appraisalContingency')?.ifNothing).toEqual({ key: 'timeline.appraisalContingencyIfNothing', params: { days: 3 } })
    expect(items.find((item) => item.kind === 'hoaDocuments')?.ifNothing).toEqual({ key: 'timeline.hoaDocumentsIfNothing', params: { days: 2 } })
    expect(items.find((item) => item.kind === 'inspectionPeriod')?.ifNothing).toEqual({ key: 'timeline.inspectionPeriodIfNothing' })
    for (const item of items) expect(templateParams(CATALOGUE[item.ifNothing.key]).sort(), item.kind).toEqual(Object.keys(item.ifNothing.params ?? {}).sort())
  })

  it('ends each item at 11:59 PM in the property zone, and takes the binding date there', () => {
    const lateEvening = '2026-02-03T04:30:00Z' // 10:30 PM Central on February 2; 11:30 PM Eastern
    const central = contractTimeline(terms({ earnestMoney: { dueDays: 1 } }), lateEvening, { zone: CENTRAL_TIME })
    const eastern = contractTimeline(terms({ earnestMoney: { dueDays: 1 } }), lateEvening, { zone: EASTERN_TIME })
    expect([central.bindingAgreementDate, eastern.bindingAgreementDate]).toEqual(['2026-02-02', '2026-02-02'])
    expect(central.items[0]?.due).toBe('2026-02-04T05:59:00.000Z')
    expect(eastern.items[0]?.due).toBe('2026-02-04T04:59:00.000Z')
  })

  it('takes other customary day counts when asked', () => {
    const { items } = contractTimeline(CONTRACT, BOUND, { zone: CENTRAL_TIME, practiceDays: { lenderIntent: 7 } })
    expect(datesOf(items)).toMatchObject({ lenderIntent: '2026-01-19', appraisalOrdered: '2026-01-26' })
  })

  it('knows every kind it can produce, with a title and a consequence in the catalogue', () => {
    const all = contractTimelineDates(
      terms({
        ...CONTRACT,
        stipulationChoices: { SCheckbox: true, Stext1: '1', Stext2: 'A', Stext3: 'B', TCheckbox: true, Ttext1: '5', Ttext2: '5', UCheckbox: true, Utext1: '5', Utext2: '5', VCheckbox: true, Vtext1: '5', Vtext2: '5', WCheckbox: true, YCheckbox: true, Ytext1: '1', Ytext2: '2026-02-01', Ytext3: '2' },
      }),
      '2026-01-12',
    )
    const cash = contractTimelineDates(terms({ financing: { type: 'cash' } }), '2026-01-12')
    expect(new Set([...all, ...cash].map((item) => item.kind))).toEqual(new Set(TIMELINE_KINDS))
    for (const item of [...all, ...cash]) expect(Object.hasOwn(CATALOGUE, item.title) && Object.hasOwn(CATALOGUE, item.ifNothing.key), item.kind).toBe(true)
  })

  it('ignores a clause not ticked, and one saved without whole day counts (as an older catalogue may have)', () => {
    const stored = { ...terms({}), stipulationChoices: { UCheckbox: false, Utext1: '5', Utext2: '5', TCheckbox: true, Ttext1: 'ten', Ttext2: '5', YCheckbox: true, Ytext2: '02/01/2026' } }
    expect(contractTimelineDates(stored, '2026-01-12')).toEqual([])
  })

  it('gives offerDeadlines the same dates, and a waived inspection no period', () => {
    const items = contractTimelineDates(CONTRACT, '2026-01-12')
    expect(offerDeadlines(CONTRACT, '2026-01-12')).toEqual({
      bindingAgreementDate: '2026-01-12',
      earnestMoneyDue: datesOf(items).earnestMoney,
      inspectionPeriodEnds: datesOf(items).inspectionPeriod,
      closing: datesOf(items).closing,
    })
    expect(offerDeadlines(terms({ ...CONTRACT, inspectionPeriodDays: 0 }), '2026-01-12').inspectionPeriodEnds).toBeNull()
  })
})

describe('a change of terms or a recorded event, on the timeline', () => {
  const before = contractTimeline(CONTRACT, BOUND, { zone: CENTRAL_TIME }).items

  it('moves closing, title and possession at closing with a new closing date, and nothing else', () => {
    const after = contractTimeline(terms({ ...CONTRACT, closingDate: '2026-03-27' }), BOUND, { zone: CENTRAL_TIME }).items
    expect(timelineChanges(before, after)).toEqual([
      { kind: 'title', change: 'moved', from: '2026-03-13', to: '2026-03-27' },
      { kind: 'closing', change: 'moved', from: '2026-03-13', to: '2026-03-27' },
      { kind: 'possession', change: 'moved', from: '2026-03-13', to: '2026-03-27' },
    ])
    expect(after.find((item) => item.kind === 'closing')?.due).toBe('2026-03-28T04:59:00.000Z') // daylight time by then
  })

  it('leaves a possession date of its own where it is when closing moves', () => {
    const fixed = terms({ ...CONTRACT, possession: { time: 'after-closing', date: '2026-03-31' } })
    const moved = terms({ ...fixed, closingDate: '2026-03-20' })
    expect(timelineChanges(contractTimelineDates(fixed, '2026-01-12'), contractTimelineDates(moved, '2026-01-12')).map((change) => change.kind)).toEqual(['title', 'closing'])
  })

  it('removes the appraisal window when the contingency is waived, and the loan items when the buyer pays cash', () => {
    const waived = contractTimeline(terms({ ...CONTRACT, appraisalContingency: false }), BOUND, { zone: CENTRAL_TIME }).items
    expect(timelineChanges(before, waived)).toEqual([{ kind: 'appraisalContingency', change: 'removed', from: null }])
    const cash = contractTimeline(terms({ ...CONTRACT, financing: { type: 'cash' }, appraisalContingency: false }), BOUND, { zone: CENTRAL_TIME }).items
    expect(timelineChanges(before, cash)).toEqual([
      { kind: 'proofOfFunds', change: 'added', to: '2026-01-17' },
      { kind: 'loanApplication', change: 'removed', from: '2026-01-15' },
      { kind: 'lenderIntent', change: 'removed', from: '2026-01-26' },
      { kind: 'appraisalOrdered', change: 'removed', from: '2026-01-26' },
      { kind: 'appraisalContingency', change: 'removed', from: null },
    ])
  })

  it('lengthens the inspection period and with it the resolution period counted from its end', () => {
    const longer = contractTimelineDates(terms({ ...CONTRACT, inspectionPeriodDays: 14 }), '2026-01-12')
    expect(timelineChanges(contractTimelineDates(CONTRACT, '2026-01-12'), longer)).toEqual([
      { kind: 'inspectionPeriod', change: 'moved', from: '2026-01-22', to: '2026-01-26' },
      { kind: 'resolutionPeriod', change: 'moved', from: '2026-01-27', to: '2026-01-31' },
    ])
  })

  it('dates the appraisal window once a low appraisal is noticed, and the resolution period from the repair request', () => {
    const after = contractTimeline(CONTRACT, BOUND, { zone: CENTRAL_TIME, events: { lowAppraisalNotice: '2026-02-13', repairRequest: '2026-01-20' } }).items
    expect(timelineChanges(before, after)).toEqual([
      { kind: 'resolutionPeriod', change: 'moved', from: '2026-01-27', to: '2026-01-25' },
      { kind: 'appraisalContingency', change: 'moved', from: null, to: '2026-02-16' },
    ])
    expect(after.find((item) => item.kind === 'resolutionPeriod')).toMatchObject({ estimated: false, nonBusinessDay: 'sunday' })
    expect(after.find((item) => item.kind === 'appraisalContingency')).toMatchObject({ waitsFor: null, nonBusinessDay: 'washingtonDay' })
  })
})
