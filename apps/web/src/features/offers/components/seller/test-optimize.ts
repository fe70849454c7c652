import { DEFAULT_LISTING_WEIGHTING, OFFER_WEIGHT_CRITERIA } from '@offerbook/domain/listing'
import type { OfferWeightCriterion } from '@offerbook/domain/listing'
import type { OptimizeOffer, OptimizeResult } from '@offerbook/domain/offer-scoring'

type Criteria = Partial<Record<OfferWeightCriterion, { measure: number | null; points: number }>>

/** One ranked offer as GET /api/listings/:id/optimize answers it; criteria not given measure 0 for 0 points. */
export function testRankedOffer({ criteria = {}, ...rest }: Partial<Omit<OptimizeOffer, 'criteria'>> & { criteria?: Criteria } = {}): OptimizeOffer {
  return {
    id: 'offer-1',
    rank: 1,
    score: 80,
    netToSeller: 430_000,
    costs: { concessions: 5_000, commission: 14_000, closingCosts: 1_000, homeWarranty: 0 },
    criteria: OFFER_WEIGHT_CRITERIA.map((criterion) => ({
      criterion,
      measure: criteria[criterion]?.measure ?? 0,
      points: criteria[criterion]?.points ?? 0,
    })),
    aheadOfNext: [],
    leadOverNext: null,
    price: rest.purchasePrice ?? 450_000,
    lines: [
      { key: 'basePrice', amount: 450_000, params: {} },
      { key: 'concessions', amount: -5_000, params: { dollars: 5_000 } },
      { key: 'commission', amount: -14_000, params: { percent: 3.11 } },
      { key: 'closingCosts', amount: -1_000, params: {} },
    ],
    escalated: null,
    priceFit: 1,
    status: 'active',
    purchasePrice: 450_000,
    buyerNames: ['Ben Buyer'],
    financingType: 'conventional',
    closingDate: '2031-06-30',
    expiresAt: '2031-01-10T23:00:00.000Z',
    sharedAt: '2030-01-02T16:00:00.000Z',
    hasPreApproval: false,
    ...rest,
  }
}

export function testOptimizeResult(offers: OptimizeOffer[], weighting: Partial<OptimizeResult['weighting']> = {}): OptimizeResult {
  return {
    property: { id: 'listing-1', address: '120 Maple Ave, Franklin, TN 37064', city: 'Franklin', listPrice: 460_000, primaryPhotoURL: null, standardStatus: 'Active' },
    weighting: { ...DEFAULT_LISTING_WEIGHTING, wantedClosingDate: '2031-06-20', ...weighting },
    offers,
  }
}
