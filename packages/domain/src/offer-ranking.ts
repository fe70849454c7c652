import type { ListingWeighting } from './listing'
import { concessionDollars } from './concession'
import type { FinancingType, OfferTerms } from './offer'
import type { OfferWeightCriterion } from './offer-weight-criteria'
import { OFFER_WEIGHT_CRITERIA } from './offer-weight-criteria'

/**
 * Ranking offers by the seller's weights (/my-properties/{id}/optimize).
 *
 * Each criterion gives an offer a value from 0 (worst) to 1 (best); the criterion's points are
 * value x weight, and the score is the points over the most points the weights allow, 0 to 100.
 * Money criteria (net to seller, earnest money, concessions) are compared within the offers at hand:
 * the best gets 1, the worst 0, the others in proportion, and when all are equal all get 1. The other
 * criteria have fixed scales, so an offer's value for them does not depend on the others.
 *
 * Only types are imported, never zod: the public /offers-optimized page runs this very function in the
 * browser. The response schemas are in offer-scoring.ts, which re-exports all of this.
 */

export type ScorableOffer = {
  id: string
  terms: Pick<
    OfferTerms,
    | 'purchasePrice'
    | 'earnestMoney'
    | 'financing'
    | 'appraisalContingency'
    | 'inspectionPeriodDays'
    | 'saleOfBuyersPropertyContingency'
    | 'closingDate'
    | 'sellerConcessions'
    | 'buyerBrokerCompensation'
    | 'homeWarranty'
  > & { escalation?: OfferTerms['escalation'] }
  hasPreApproval: boolean
  /** ISO time it was shared; the earlier wins a tie. */
  sharedAt: string | null
}

export type SellerCosts = Pick<ListingWeighting, 'sellerCommissionPercent' | 'sellerClosingCosts' | 'wantedClosingDate'>

/** Cash is the most certain to close, then conventional, then the government loans (appraisal and repair rules). */
export const FINANCING_CERTAINTY: Readonly<Record<FinancingType, number>> = {
  cash: 1,
  conventional: 0.75,
  fha: 0.5,
  va: 0.5,
  usda: 0.5,
  other: 0.25,
}

/** The inspection period at which the criterion reaches 0; none (0 days) is 1. */
export const INSPECTION_SCALE_DAYS = 30
/** Days away from the seller's wanted closing date at which closing-date fit reaches 0. */
export const CLOSING_FIT_SCALE_DAYS = 60
/** An escalation clause whose cap is this share of the price above it, or more, gets the full escalation value. */
export const ESCALATION_SCALE_SHARE = 0.05

/**
 * How far an escalation clause may raise the price: cap minus price, in dollars; null without a
 * complete clause. Its value is that room over ESCALATION_SCALE_SHARE of the price, 0 to 1, and a
 * quarter less when the buyer asks for the competing offer's proof (the seller must show it).
 */
export function escalationRoom(terms: ScorableOffer['terms']): number | null {
  const clause = terms.escalation
  if (!clause || clause.cap === null || clause.increment === null || terms.purchasePrice === null) return null
  return Math.max(0, clause.cap - terms.purchasePrice)
}

export function escalationValue(terms: ScorableOffer['terms']): number {
  const room = escalationRoom(terms)
  if (room === null || !terms.purchasePrice) return 0
  const value = clamp(room / (ESCALATION_SCALE_SHARE * terms.purchasePrice))
  return terms.escalation?.proofRequired ? value * 0.75 : value
}

/** The contingencies counted: financing (any loan), appraisal, inspection, sale of the buyer's property. */
export const CONTINGENCY_COUNT = 4

export { concessionDollars }

export type OfferCosts = { concessions: number; commission: number; closingCosts: number; homeWarranty: number }

/** What the seller keeps: price minus concessions (with buyer-broker compensation), commission, closing costs and a seller-paid warranty. */
export function netToSeller(terms: ScorableOffer['terms'], costs: SellerCosts): { net: number; costs: OfferCosts } {
  const price = terms.purchasePrice ?? 0
  const breakdown: OfferCosts = {
    concessions: concessionDollars(terms.sellerConcessions, price) + concessionDollars(terms.buyerBrokerCompensation, price),
    commission: Math.round((price * costs.sellerCommissionPercent) / 100),
    closingCosts: costs.sellerClosingCosts,
    homeWarranty: terms.homeWarranty.included && terms.homeWarranty.paidBy === 'seller' ? (terms.homeWarranty.amount ?? 0) : 0,
  }
  return { net: price - breakdown.concessions - breakdown.commission - breakdown.closingCosts - breakdown.homeWarranty, costs: breakdown }
}

export function contingencyCount(terms: ScorableOffer['terms']): number {
  const financed = terms.financing.type !== null && terms.financing.type !== 'cash'
  return [financed, terms.appraisalContingency === true, (terms.inspectionPeriodDays ?? 0) > 0, terms.saleOfBuyersPropertyContingency === true].filter(Boolean).length
}

/** Down payment as a share of the price: all of it for cash, else the down payment or price minus loan. */
export function downPaymentShare(terms: ScorableOffer['terms']): number {
  const price = terms.purchasePrice ?? 0
  if (price <= 0 || terms.financing.type === null) return 0
  if (terms.financing.type === 'cash') return 1
  const down = terms.financing.downPayment ?? (terms.financing.loanAmount === null ? 0 : price - terms.financing.loanAmount)
  return clamp(down / price)
}

function daysBetween(a: string, b: string): number {
  return Math.round(Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000)
}

function clamp(value: number): number {
  return Math.min(1, Math.max(0, value))
}

/** 1 for the best of the set, 0 for the worst; all 1 when they are equal. */
function relative(values: readonly number[], higherIsBetter: boolean): number[] {
  const max = Math.max(...values)
  const min = Math.min(...values)
  if (max === min) return values.map(() => 1)
  return values.map((value) => (higherIsBetter ? (value - min) / (max - min) : (max - value) / (max - min)))
}

export type CriterionScore = {
  criterion: OfferWeightCriterion
  /** What was measured, in the criterion's unit: dollars, a share, a count, days. */
  measure: number | null
  /** 0 (worst) to 1 (best). */
  value: number
  weight: number
  /** The criterion's part of the score, out of 100 for all criteria together. */
  points: number
}

export type RankedOffer = {
  id: string
  rank: number
  score: number
  netToSeller: number
  costs: OfferCosts
  criteria: CriterionScore[]
  /** Why it sits above the next offer: the criteria where it gains most, largest first (empty for the last). */
  aheadOfNext: { criterion: OfferWeightCriterion; points: number }[]
  /** Its lead over the next offer in score points (null for the last). */
  leadOverNext: number | null
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits

/** The offers ranked by weighted score, best first, each with every criterion's contribution. */
export function scoreOffers(offers: readonly ScorableOffer[], weighting: Pick<ListingWeighting, 'weights'> & SellerCosts): RankedOffer[] {
  if (offers.length === 0) return []
  const nets = offers.map((offer) => netToSeller(offer.terms, weighting))
  const measures: Record<OfferWeightCriterion, (number | null)[]> = {
    netToSeller: nets.map((entry) => entry.net),
    earnestMoney: offers.map((offer) => offer.terms.earnestMoney.amount ?? 0),
    financingCertainty: offers.map((offer) => (offer.terms.financing.type === null ? 0 : FINANCING_CERTAINTY[offer.terms.financing.type])),
    downPayment: offers.map((offer) => downPaymentShare(offer.terms)),
    contingencies: offers.map((offer) => contingencyCount(offer.terms)),
    inspectionPeriod: offers.map((offer) => offer.terms.inspectionPeriodDays),
    closingDateFit: offers.map((offer) =>
      offer.terms.closingDate === null || weighting.wantedClosingDate === null ? null : daysBetween(offer.terms.closingDate, weighting.wantedClosingDate),
    ),
    concessions: nets.map((entry) => entry.costs.concessions),
    preApproval: offers.map((offer) => (offer.hasPreApproval || offer.terms.financing.type === 'cash' ? 1 : 0)),
    escalation: offers.map((offer) => escalationRoom(offer.terms)),
  }
  const values: Record<OfferWeightCriterion, number[]> = {
    netToSeller: relative(measures.netToSeller as number[], true),
    earnestMoney: relative(measures.earnestMoney as number[], true),
    financingCertainty: measures.financingCertainty as number[],
    downPayment: measures.downPayment as number[],
    contingencies: (measures.contingencies as number[]).map((count) => 1 - count / CONTINGENCY_COUNT),
    // No inspection period entered counts as the longest.
    inspectionPeriod: measures.inspectionPeriod.map((days) => (days === null ? 0 : clamp(1 - days / INSPECTION_SCALE_DAYS))),
    // Without a wanted date every closing date fits; without a closing date none does.
    closingDateFit: offers.map((offer, index) => {
      if (offer.terms.closingDate === null) return 0
      const distance = measures.closingDateFit[index]
      return distance === null || distance === undefined ? 1 : clamp(1 - distance / CLOSING_FIT_SCALE_DAYS)
    }),
    concessions: relative(measures.concessions as number[], false),
    preApproval: measures.preApproval as number[],
    escalation: offers.map((offer) => escalationValue(offer.terms)),
  }
  // A weighting saved before a criterion existed has no weight for it: 0.
  const weightOf = (criterion: OfferWeightCriterion) => weighting.weights[criterion] ?? 0
  const totalWeight = OFFER_WEIGHT_CRITERIA.reduce((sum, criterion) => sum + weightOf(criterion), 0)

  const scored = offers.map((offer, index) => {
    const criteria = OFFER_WEIGHT_CRITERIA.map((criterion): CriterionScore => {
      const value = values[criterion][index] ?? 0
      const weight = weightOf(criterion)
      return { criterion, measure: measures[criterion][index] ?? null, value: round(value, 4), weight, points: totalWeight === 0 ? 0 : (value * weight * 100) / totalWeight }
    })
    const score = criteria.reduce((sum, entry) => sum + entry.points, 0)
    return { offer, net: nets[index] as { net: number; costs: OfferCosts }, criteria, score }
  })

  scored.sort(
    (a, b) =>
      b.score - a.score ||
      b.net.net - a.net.net ||
      (a.offer.sharedAt ?? '\uffff').localeCompare(b.offer.sharedAt ?? '\uffff') ||
      a.offer.id.localeCompare(b.offer.id),
  )

  return scored.map((entry, index): RankedOffer => {
    const next = scored[index + 1]
    const aheadOfNext = next
      ? entry.criteria
          .map((criterion, position) => ({ criterion: criterion.criterion, points: round(criterion.points - (next.criteria[position]?.points ?? 0)) }))
          .filter((difference) => difference.points > 0)
          .sort((a, b) => b.points - a.points)
          .slice(0, 3)
      : []
    return {
      id: entry.offer.id,
      rank: index + 1,
      score: round(entry.score),
      netToSeller: entry.net.net,
      costs: entry.net.costs,
      criteria: entry.criteria.map((criterion) => ({ ...criterion, points: round(criterion.points) })),
      aheadOfNext,
      leadOverNext: next ? round(entry.score - next.score) : null,
    }
  })
}
