import type { ScorableOffer } from '@offerbook/domain/offer-scoring'
import { scoreOffers } from '@offerbook/domain/offer-scoring'
import { timeRuns } from './stats'

/** scoreOffers timed by timeRuns (see there), each ranking checked to hold every offer. */
export function timeScoreOffers(offers: readonly ScorableOffer[], weighting: Parameters<typeof scoreOffers>[1], warmUp: number, runs: number) {
  return timeRuns(
    warmUp,
    runs,
    () => scoreOffers(offers, weighting),
    (ranked) => {
      if (ranked.length !== offers.length) throw new Error(`ranked ${ranked.length} of ${offers.length} offers`)
    },
  )
}
