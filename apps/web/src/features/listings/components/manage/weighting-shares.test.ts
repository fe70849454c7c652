import { describe, expect, it } from 'vitest'
import type { OfferWeights } from '@offerbook/domain/listing'
import { DEFAULT_OFFER_WEIGHTS, OFFER_WEIGHT_CRITERIA } from '@offerbook/domain/listing'
import { weightShares } from './weighting-shares'

const sum = (shares: Record<string, number>) => Object.values(shares).reduce((total, share) => total + share, 0)
const only = (weights: Partial<OfferWeights>): OfferWeights => ({ ...Object.fromEntries(OFFER_WEIGHT_CRITERIA.map((c) => [c, 0])), ...weights }) as OfferWeights

describe('weightShares', () => {
  it('gives the default weights shares that add up to 100, net to seller the largest', () => {
    const shares = weightShares(DEFAULT_OFFER_WEIGHTS)
    expect(sum(shares)).toBe(100)
    // 51 points in all: net to seller 10/51 = 19.6%, inspection period 3/51 = 5.9%.
    for (const criterion of OFFER_WEIGHT_CRITERIA) {
      expect(Math.abs(shares[criterion] - (DEFAULT_OFFER_WEIGHTS[criterion] * 100) / 51), criterion).toBeLessThan(1)
    }
    expect(shares.inspectionPeriod).toBe(6)
    expect(Math.max(...Object.values(shares))).toBe(shares.netToSeller)
  })

  it('gives one weighted criterion the whole score and the others nothing', () => {
    const shares = weightShares(only({ earnestMoney: 4 }))
    expect(shares.earnestMoney).toBe(100)
    expect(sum(shares)).toBe(100)
  })

  it('splits equal weights as evenly as whole percents allow, the extra point to the first', () => {
    const shares = weightShares(only({ netToSeller: 5, downPayment: 5, preApproval: 5 }))
    expect([shares.netToSeller, shares.downPayment, shares.preApproval]).toEqual([34, 33, 33])
  })

  it('keeps every share at 0 when every weight is 0', () => {
    const shares = weightShares(only({}))
    expect(sum(shares)).toBe(0)
  })

  it('adds up to exactly 100 for every single weight change from the defaults', () => {
    for (const criterion of OFFER_WEIGHT_CRITERIA) {
      for (let weight = 0; weight <= 10; weight++) {
        expect(sum(weightShares({ ...DEFAULT_OFFER_WEIGHTS, [criterion]: weight }))).toBe(100)
      }
    }
  })
})
