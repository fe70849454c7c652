// The net sheet and rank of 200 offers with clauses and escalations (issue 28, Measure): scoreOffers
// as the optimize page runs it, against a list price, with every offer's net sheet (stipulation A,
// RF707 clause B, clause N1, concessions, buyer-broker compensation, warranties) and a quarter of the
// offers escalating over the others. Run RUNS times after a warm-up; prints one line of JSON that
// scripts/bench-offers.mjs reads. Target: median < 5 ms.
//   npx tsx apps/api/bench/net-sheet.ts
import { DEFAULT_OFFER_WEIGHTS } from '@offerbook/domain/listing'
import { FINANCING_TYPES, OfferTermsSchema } from '@offerbook/domain/offer'
import type { ScorableOffer } from '@offerbook/domain/offer-scoring'
import { timeScoreOffers } from './score-offers-runs'
import { timingFigures } from './stats'

const OFFERS = Number(process.env.BENCH_NET_SHEET_OFFERS ?? 200)
const WARM_UP = Number(process.env.BENCH_NET_SHEET_WARM_UP ?? 50)
const RUNS = Number(process.env.BENCH_NET_SHEET_RUNS ?? 300)
const LIST_PRICE = 469_900

const DAY = 86_400_000
const base = Date.parse('2026-03-01T00:00:00Z')

const offers: ScorableOffer[] = Array.from({ length: OFFERS }, (_, index) => {
  const price = 400_000 + ((index * 7919) % 90_000)
  const type = FINANCING_TYPES[index % FINANCING_TYPES.length] ?? 'cash'
  return {
    id: `offer-${String(index).padStart(4, '0')}`,
    terms: OfferTermsSchema.parse({
      purchasePrice: price,
      earnestMoney: { amount: 2_000 + (index % 20) * 500, dueDays: 3 },
      financing: type === 'cash' ? { type } : { type, loanAmount: Math.round(price * 0.8) },
      appraisalContingency: index % 3 !== 0,
      inspectionPeriodDays: index % 4 === 0 ? 0 : 5 + (index % 16),
      closingDate: new Date(base + (20 + (index % 70)) * DAY).toISOString().slice(0, 10),
      sellerConcessions: index % 2 === 0 ? { unit: 'percent', amount: index % 4 } : { unit: 'dollars', amount: (index % 10) * 1_000 },
      buyerBrokerCompensation: { unit: 'percent', amount: index % 5 === 0 ? 2.5 : 0 },
      homeWarranty: { included: index % 7 === 0, paidBy: 'seller', amount: 550 },
      stipulationChoices: index % 3 === 0 ? { ACheckbox: true, Atext1: String(1 + (index % 3)), Atext2: '10,000', N1Checkbox: index % 6 === 0, N1text1: '2.5', N1text2: '500' } : null,
      addendum: index % 4 === 1 ? { BCheckbox: true, Btext1: String(1_000 + (index % 8) * 500) } : null,
      escalation: index % 4 === 2 ? { increment: 1_000 + (index % 5) * 500, cap: price + 10_000 + (index % 9) * 2_500, proofRequired: index % 2 === 0 } : null,
    }),
    hasPreApproval: index % 3 === 1,
    sharedAt: new Date(base - (index % 500) * 60_000).toISOString(),
  }
})
const weighting = { weights: { ...DEFAULT_OFFER_WEIGHTS, escalation: 3 }, sellerCommissionPercent: 5.5, sellerClosingCosts: 3_500, wantedClosingDate: '2026-04-15', listPrice: LIST_PRICE }

const { last, ...timings } = timeScoreOffers(offers, weighting, WARM_UP, RUNS)
console.log(
  JSON.stringify({
    ...timingFigures('netSheet', timings),
    offers: OFFERS,
    escalated: last?.filter((entry) => (entry.escalated?.by ?? 0) > 0).length ?? 0,
    runs: RUNS,
  }),
)
