// scoreOffers on 1,000 offers (issue #6, Measure): the ranking of the optimize page, with the default
// weights, a wanted closing date and offers that differ on every criterion, run RUNS times after a
// warm-up. Prints one line of JSON; scripts/bench.mjs reads it. Target: < 5 ms.
//   npx tsx apps/api/bench/offers-scoring.ts
import { DEFAULT_OFFER_WEIGHTS } from '@offerbook/domain/listing'
import { FINANCING_TYPES, OfferTermsSchema } from '@offerbook/domain/offer'
import type { ScorableOffer } from '@offerbook/domain/offer-scoring'
import { timeScoreOffers } from './score-offers-runs'
import { timingFigures } from './stats'

const OFFERS = Number(process.env.BENCH_SCORING_OFFERS ?? 1000)
const WARM_UP = Number(process.env.BENCH_SCORING_WARM_UP ?? 50)
const RUNS = Number(process.env.BENCH_SCORING_RUNS ?? 500)

const DAY = 86_400_000
const base = Date.parse('2026-03-01T00:00:00Z')

/** A spread of offers: prices, money down, loans, contingencies, dates and concessions all vary. */
const offers: ScorableOffer[] = Array.from({ length: OFFERS }, (_, index) => {
  const price = 280_000 + ((index * 7919) % 120_000)
  const type = FINANCING_TYPES[index % FINANCING_TYPES.length] ?? 'cash'
  return {
    id: `offer-${String(index).padStart(4, '0')}`,
    terms: OfferTermsSchema.parse({
      purchasePrice: price,
      earnestMoney: { amount: 1_000 + (index % 20) * 500, dueDays: 3 },
      financing: type === 'cash' ? { type } : { type, loanAmount: Math.round(price * (0.8 + (index % 15) / 100)) },
      appraisalContingency: index % 3 !== 0,
      inspectionPeriodDays: index % 4 === 0 ? 0 : 5 + (index % 16),
      saleOfBuyersPropertyContingency: index % 9 === 0,
      closingDate: new Date(base + (20 + (index % 70)) * DAY).toISOString().slice(0, 10),
      sellerConcessions: index % 2 === 0 ? { unit: 'percent', amount: index % 6 } : { unit: 'dollars', amount: (index % 10) * 1_000 },
      buyerBrokerCompensation: { unit: 'percent', amount: index % 5 === 0 ? 2.5 : 0 },
      homeWarranty: { included: index % 7 === 0, paidBy: 'seller', amount: 550 },
    }),
    hasPreApproval: index % 3 === 1,
    sharedAt: new Date(base - (index % 500) * 60_000).toISOString(),
  }
})
const weighting = { weights: DEFAULT_OFFER_WEIGHTS, sellerCommissionPercent: 5.5, sellerClosingCosts: 3_500, wantedClosingDate: '2026-04-15' }

const timings = timeScoreOffers(offers, weighting, WARM_UP, RUNS)
console.log(
  JSON.stringify({
    ...timingFigures('scoreOffers', timings),
    offers: OFFERS,
    runs: RUNS,
  }),
)
