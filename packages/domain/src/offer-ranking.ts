import type { ClauseFormData } from './clauses/clause-types'
import type { ListingWeighting } from './listing'
import { concessionDollars } from './concession'
import type { EscalationOutcome, NetSheet, NetSheetLine } from './net-sheet'
import { netSheet, resolveEscalations } from './net-sheet'
import type { FinancingType, OfferTerms } from './offer'
import type { OfferWeightCriterion } from './offer-weight-criteria'
import { OFFER_WEIGHT_CRITERIA } from './offer-weight-criteria'

/**
 * Ranking offers by the seller's weights (/my-properties/{id}/optimize).
 *
 * Each criterion gives an offer a value from 0 (worst) to 1 (best); the criterion's points are
 * value x weight, and the score is the points over the most points the weights allow, 0 to 100.
 * Money criteria (net to seller, earnest money, concessions) are compared within the offers at hand
 * (the best 1, the worst 0, the others in proportion, all 1 when equal) and against the listing
 * (LISTING_SCALES): the value is the product of the two. The other criteria have fixed scales, so an
 * offer's value for them does not depend on the others. An offer priced far under the list price has
 * its whole score scaled down (priceFit), so one very low offer cannot score high alone.
 * Prices are effective prices: an escalation clause is applied first (net-sheet.ts).
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
  > & { escalation?: OfferTerms['escalation']; stipulationChoices?: ClauseFormData | null; addendum?: ClauseFormData | null }
  hasPreApproval: boolean
  /** ISO time it was shared; the earlier wins a tie. */
  sharedAt: string | null
  /** Whether it counts as a competing offer for the escalation clauses: open and shared (default: shared). */
  competing?: boolean
}

export type SellerCosts = Pick<ListingWeighting, 'sellerCommissionPercent' | 'sellerClosingCosts' | 'wantedClosingDate'>

/** The listing the offers are measured against: its list price (null: only relative scales). */
export type ListingScale = { listPrice?: number | null }

/**
 * The scales against the listing. Net to seller: the share of the list price's own net (list price
 * less commission and closing costs) from `netFloor` (0) to all of it (1). Earnest money: a share of
 * the list price, `earnestFull` or more is 1. Concessions: 0 costs 1, `concessionsZero` of the list
 * price or more is 0. The whole score is scaled by the price's share of the list price, from
 * `priceFloor` (0) to `priceFull` (1).
 */
export const LISTING_SCALES = { netFloor: 0.75, earnestFull: 0.01, concessionsZero: 0.06, priceFloor: 0.5, priceFull: 0.8 } as const

/** The share of the score an offer keeps for its price against the list price, 0 to 1 (1 without a list price). */
export function priceFit(price: number, listPrice: number | null | undefined): number {
  if (!listPrice || listPrice <= 0) return 1
  return clamp((price / listPrice - LISTING_SCALES.priceFloor) / (LISTING_SCALES.priceFull - LISTING_SCALES.priceFloor))
}

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

/** What the seller keeps of one offer on its own (no competing offers to escalate over): the net sheet's net and totals. */
export function netToSeller(terms: ScorableOffer['terms'], costs: SellerCosts): { net: number; costs: OfferCosts } {
  const sheet = netSheet(terms, costs)
  return { net: sheet.net, costs: sheet.costs }
}

/** Each offer's net sheet, its escalation clause applied against the others (resolveEscalations). */
export function netSheets(offers: readonly ScorableOffer[], costs: SellerCosts): NetSheet[] {
  const escalations = resolveEscalations(
    offers.map((offer) => ({ id: offer.id, basePrice: offer.terms.purchasePrice, escalation: offer.terms.escalation, competing: offer.competing ?? offer.sharedAt !== null, sharedAt: offer.sharedAt })),
  )
  return offers.map((offer) => netSheet(offer.terms, costs, escalations.get(offer.id) ?? null))
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
  /** The effective price (after its escalation clause) and the net sheet's lines. */
  price: number
  lines: NetSheetLine[]
  escalated: EscalationOutcome | null
  /** The share of the score kept for the price against the list price (1: all). */
  priceFit: number
  criteria: CriterionScore[]
  /** Why it sits above the next offer: the criteria where it gains most, largest first (empty for the last). */
  aheadOfNext: { criterion: OfferWeightCriterion; points: number }[]
  /** Its lead over the next offer in score points (null for the last). */
  leadOverNext: number | null
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits

/** The offers ranked by weighted score, best first, each with every criterion's contribution. */
export function scoreOffers(offers: readonly ScorableOffer[], weighting: Pick<ListingWeighting, 'weights'> & SellerCosts & ListingScale): RankedOffer[] {
  if (offers.length === 0) return []
  const nets = netSheets(offers, weighting)
  const listPrice = weighting.listPrice && weighting.listPrice > 0 ? weighting.listPrice : null
  // Against the listing: 1 without a list price.
  const listNet = listPrice === null ? null : listPrice - Math.round((listPrice * weighting.sellerCommissionPercent) / 100) - weighting.sellerClosingCosts
  const absolute = {
    netToSeller: (net: number) => (listNet === null || listNet <= 0 ? 1 : clamp((net / listNet - LISTING_SCALES.netFloor) / (1 - LISTING_SCALES.netFloor))),
    earnestMoney: (amount: number) => (listPrice === null ? 1 : clamp(amount / (LISTING_SCALES.earnestFull * listPrice))),
    concessions: (amount: number) => (listPrice === null ? 1 : clamp(1 - amount / (LISTING_SCALES.concessionsZero * listPrice))),
  }
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
    netToSeller: relative(measures.netToSeller as number[], true).map((value, index) => value * absolute.netToSeller(nets[index]?.net ?? 0)),
    earnestMoney: relative(measures.earnestMoney as number[], true).map((value, index) => value * absolute.earnestMoney((measures.earnestMoney[index] as number) ?? 0)),
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
    concessions: relative(measures.concessions as number[], false).map((value, index) => value * absolute.concessions(nets[index]?.costs.concessions ?? 0)),
    preApproval: measures.preApproval as number[],
    escalation: offers.map((offer) => escalationValue(offer.terms)),
  }
  // A weighting saved before a criterion existed has no weight for it: 0.
  const weightOf = (criterion: OfferWeightCriterion) => weighting.weights[criterion] ?? 0
  const totalWeight = OFFER_WEIGHT_CRITERIA.reduce((sum, criterion) => sum + weightOf(criterion), 0)

  const scored = offers.map((offer, index) => {
    const sheet = nets[index] as NetSheet
    const fit = priceFit(sheet.price, listPrice)
    const criteria = OFFER_WEIGHT_CRITERIA.map((criterion): CriterionScore => {
      const value = values[criterion][index] ?? 0
      const weight = weightOf(criterion)
      return { criterion, measure: measures[criterion][index] ?? null, value: round(value, 4), weight, points: totalWeight === 0 ? 0 : (value * weight * 100 * fit) / totalWeight }
    })
    const score = criteria.reduce((sum, entry) => sum + entry.points, 0)
    return { offer, net: sheet, fit, criteria, score }
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
      price: entry.net.price,
      lines: entry.net.lines,
      escalated: entry.net.escalation,
      priceFit: round(entry.fit, 4),
      criteria: entry.criteria.map((criterion) => ({ ...criterion, points: round(criterion.points) })),
      aheadOfNext,
      leadOverNext: next ? round(entry.score - next.score) : null,
    }
  })
}
