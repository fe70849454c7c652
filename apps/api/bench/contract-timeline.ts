// The contract timeline of 1,000 contracts (issue #34, Measure): contractTimeline for each, with loans
// and cash, appraisal contingencies, inspection and resolution periods, condominium, HOA and lease
// clauses, both Tennessee zones and binding dates spread over two years (weekends, holidays, the
// changes of daylight saving time). The first pass, with no day's end known yet, is timed alone; then
// RUNS passes after a warm-up. Prints one line of JSON that scripts/bench-offers.mjs reads, with the
// machine's load average. Target: median < 20 ms.
//   npx tsx apps/api/bench/contract-timeline.ts
import { loadavg } from 'node:os'
import type { ContractTimeline } from '@offerbook/domain/contract-timeline'
import { contractTimeline } from '@offerbook/domain/contract-timeline'
import { FINANCING_TYPES, OfferTermsSchema } from '@offerbook/domain/offer'
import type { OfferTerms } from '@offerbook/domain/offer'
import { CENTRAL_TIME, EASTERN_TIME } from '@offerbook/domain/property-time'
import { timeRuns, timingFigures } from './stats'

const CONTRACTS = Number(process.env.BENCH_TIMELINE_CONTRACTS ?? 1_000)
const WARM_UP = Number(process.env.BENCH_TIMELINE_WARM_UP ?? 20)
const RUNS = Number(process.env.BENCH_TIMELINE_RUNS ?? 200)

const DAY = 86_400_000
const start = Date.parse('2026-01-01T15:00:00Z')

type Contract = { terms: OfferTerms; boundAt: Date; zone: string }

const contracts: Contract[] = Array.from({ length: CONTRACTS }, (_, index) => {
  const boundAt = new Date(start + ((index * 37) % 730) * DAY + (index % 24) * 3_600_000)
  const type = FINANCING_TYPES[index % FINANCING_TYPES.length] ?? 'cash'
  const clauses: Record<string, boolean | string> = {}
  if (index % 5 === 0) Object.assign(clauses, { TCheckbox: true, Ttext1: String(3 + (index % 8)), Ttext2: '5' })
  if (index % 4 === 1) Object.assign(clauses, { UCheckbox: true, Utext1: String(5 + (index % 10)), Utext2: '7' })
  if (index % 9 === 2) Object.assign(clauses, { VCheckbox: true, Vtext1: '5', Vtext2: '5', WCheckbox: true })
  if (index % 11 === 3) Object.assign(clauses, { SCheckbox: true, Stext1: '4B', Stext2: 'A', Stext3: 'Instrument 1' })
  const terms = OfferTermsSchema.parse({
    earnestMoney: { amount: 5_000, dueDays: 1 + (index % 5) },
    financing: { type },
    appraisalContingency: type !== 'cash' && index % 3 !== 0,
    inspectionPeriodDays: index % 6 === 0 ? 0 : 5 + (index % 16),
    resolutionPeriodDays: 3 + (index % 5),
    closingDate: new Date(boundAt.getTime() + (30 + (index % 40)) * DAY).toISOString().slice(0, 10),
    possession: index % 7 === 0 ? { time: 'after-closing', date: new Date(boundAt.getTime() + (75 + (index % 5)) * DAY).toISOString().slice(0, 10) } : {},
    stipulationChoices: Object.keys(clauses).length > 0 ? clauses : null,
  })
  return { terms, boundAt, zone: index % 3 === 0 ? EASTERN_TIME : CENTRAL_TIME }
})

const all = (): ContractTimeline[] => contracts.map((contract) => contractTimeline(contract.terms, contract.boundAt, { zone: contract.zone }))

const firstStarted = performance.now()
const first = all()
const firstPassMs = performance.now() - firstStarted
const items = first.reduce((sum, timeline) => sum + timeline.items.length, 0)

const timings = timeRuns(WARM_UP, RUNS, all, (timelines) => {
  if (timelines.length !== CONTRACTS) throw new Error(`${timelines.length} timelines of ${CONTRACTS} contracts`)
})
const [one, five, fifteen] = loadavg().map((load) => Math.round(load * 100) / 100)
console.log(JSON.stringify({ ...timingFigures('timeline', timings), firstPassMs: Math.round(firstPassMs * 100) / 100, contracts: CONTRACTS, items, runs: RUNS, loadAverage: [one, five, fifteen] }))
