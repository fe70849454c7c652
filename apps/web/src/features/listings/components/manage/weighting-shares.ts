import type { OfferWeightCriterion, OfferWeights } from '@offerbook/domain/listing'
import { OFFER_WEIGHT_CRITERIA } from '@offerbook/domain/offer-weight-criteria'

/**
 * Each criterion's share of the total weight, in whole percent that add up to exactly 100 (largest
 * remainder: the rounded-down shares first, then one point each to the largest fractions, ties in
 * criterion order). All zero when every weight is 0.
 */
export function weightShares(weights: OfferWeights): Record<OfferWeightCriterion, number> {
  const total = OFFER_WEIGHT_CRITERIA.reduce((sum, criterion) => sum + weights[criterion], 0)
  const shares = Object.fromEntries(OFFER_WEIGHT_CRITERIA.map((criterion) => [criterion, 0])) as Record<OfferWeightCriterion, number>
  if (total <= 0) return shares

  const exact = OFFER_WEIGHT_CRITERIA.map((criterion) => ({ criterion, value: (weights[criterion] * 100) / total }))
  for (const { criterion, value } of exact) shares[criterion] = Math.floor(value)
  let left = 100 - exact.reduce((sum, { value }) => sum + Math.floor(value), 0)
  const byRemainder = [...exact].sort((a, b) => b.value - Math.floor(b.value) - (a.value - Math.floor(a.value)))
  for (const { criterion } of byRemainder) {
    if (left <= 0) break
    shares[criterion] += 1
    left -= 1
  }
  return shares
}
