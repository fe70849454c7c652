import type { RankedOffer, ScorableOffer, SellerCosts } from '@offerbook/domain/offer-ranking'
import { scoreOffers } from '@offerbook/domain/offer-ranking'
import type { OfferWeightCriterion } from '@offerbook/domain/offer-weight-criteria'

/**
 * The worked example of /offers-optimized: three offers on a $400,000 home, scored by the same
 * function that ranks real offers. Each has a name and a summary under publicPages.example.offers.<id>.
 */
export const SAMPLE_COSTS: SellerCosts = { sellerCommissionPercent: 3, sellerClosingCosts: 2_500, wantedClosingDate: '2027-03-15' }

type Terms = ScorableOffer['terms']

const NO_CONCESSION: Terms['sellerConcessions'] = { unit: 'dollars', amount: null }
const NO_WARRANTY: Terms['homeWarranty'] = { included: false, paidBy: 'seller', amount: null }

function financing(type: Terms['financing']['type'], downPayment: number | null): Terms['financing'] {
  return { type, otherDescription: '', loanAmount: null, downPayment, lenderName: '', lenderPhone: '', lenderEmail: '' }
}

function earnest(amount: number): Terms['earnestMoney'] {
  return { amount, holder: 'title-company', holderName: '', holderAddress: '', dueDays: 3 }
}

export const SAMPLE_OFFERS: readonly ScorableOffer[] = [
  {
    id: 'a',
    hasPreApproval: true,
    sharedAt: '2027-02-01T15:00:00Z',
    terms: {
      purchasePrice: 415_000,
      earnestMoney: earnest(4_000),
      financing: financing('fha', 14_525),
      appraisalContingency: true,
      inspectionPeriodDays: 10,
      saleOfBuyersPropertyContingency: false,
      closingDate: '2027-04-30',
      sellerConcessions: { unit: 'dollars', amount: 8_000 },
      buyerBrokerCompensation: NO_CONCESSION,
      homeWarranty: NO_WARRANTY,
    },
  },
  {
    id: 'b',
    hasPreApproval: false,
    sharedAt: '2027-02-02T15:00:00Z',
    terms: {
      purchasePrice: 390_000,
      earnestMoney: earnest(6_000),
      financing: financing('cash', null),
      appraisalContingency: false,
      inspectionPeriodDays: 7,
      saleOfBuyersPropertyContingency: false,
      closingDate: '2027-03-15',
      sellerConcessions: NO_CONCESSION,
      buyerBrokerCompensation: NO_CONCESSION,
      homeWarranty: NO_WARRANTY,
    },
  },
  {
    id: 'c',
    hasPreApproval: true,
    sharedAt: '2027-02-03T15:00:00Z',
    terms: {
      purchasePrice: 405_000,
      earnestMoney: earnest(8_000),
      financing: financing('conventional', 81_000),
      appraisalContingency: true,
      inspectionPeriodDays: 10,
      saleOfBuyersPropertyContingency: false,
      closingDate: '2027-03-31',
      sellerConcessions: NO_CONCESSION,
      buyerBrokerCompensation: NO_CONCESSION,
      homeWarranty: NO_WARRANTY,
    },
  },
]

export type Weights = Record<OfferWeightCriterion, number>

/** The sample offers ranked with the given weights and the sample seller's costs. */
export function rankSamples(weights: Weights): RankedOffer[] {
  return scoreOffers(SAMPLE_OFFERS, { weights, ...SAMPLE_COSTS })
}
