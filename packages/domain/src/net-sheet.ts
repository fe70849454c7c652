import type { Clause, ClauseCatalogue, ClauseFormData, ClauseMoney } from './clauses/clause-types'
import { RF707_CLAUSES } from './clauses/rf707-catalogue'
import { STIPULATION_CLAUSES } from './clauses/stipulation-catalogue'
import type { ConcessionAmount } from './concession'
import { concessionDollars } from './concession'

/**
 * The seller's net sheet (issue 28): what an offer leaves the seller, line by line, each line with
 * its source. One function for the optimize page, the accept dialog, the offer PDF and the ranking.
 *
 * The price is the offer's effective price: its base price, or what its escalation clause raises it
 * to (resolveEscalations). From it come the clauses that reduce the price (RF707 clause B ...); the
 * sale price left is what every percent is taken of (concessions, clause A's share, the commission).
 * Then every concession: the concessions term, the seller-paid buyer-broker compensation, each ticked
 * clause that moves money (declared beside its fields in the catalogue: Clause.money), a seller-paid
 * home warranty, and the seller's own costs.
 *
 * Free of zod: the public /offers-optimized page runs the ranking, and so this, in the browser.
 * See docs/decisions/037-net-sheet-and-money-bounds.md.
 */

/** Where a ticked clause was chosen: the stipulation picker or the RF707 addendum. */
export type ClauseSource = 'stipulations' | 'addendum'

export const NET_SHEET_LINE_KEYS = [
  'basePrice',
  'escalation',
  'priceReduction',
  'concessions',
  'closingCostShare',
  'buyerBrokerCompensation',
  'brokerClause',
  'homeWarranty',
  'commission',
  'closingCosts',
] as const
export type NetSheetLineKey = (typeof NET_SHEET_LINE_KEYS)[number]

/** What a line's words are made of; the web writes them (netSheet.line.<key>), money as dollars. */
export type NetSheetLineParams = {
  /** The clause's letter and where it was chosen. */
  clause?: string
  source?: ClauseSource
  /** A percent of the price, as written (3 for 3 %). */
  percent?: number
  /** A cap in dollars (clause A's 'not more than'). */
  cap?: number
  /** A fixed sum in dollars (a concession in dollars, clause B's reduction, N1's sum). */
  dollars?: number
  /** Escalation: the competing offer escalated over (its id; null when none counted) and whether the cap stopped it. */
  over?: string | null
  capped?: boolean
}

/** A line: its key, its words' parameters, and its amount, positive for what the seller gets and negative for what she pays. */
export type NetSheetLine = { key: NetSheetLineKey; amount: number; params: NetSheetLineParams }

export type NetSheetCosts = { concessions: number; commission: number; closingCosts: number; homeWarranty: number }

export type NetSheet = {
  /** The price the offer states. */
  basePrice: number
  /** After its escalation clause (equal to basePrice without one). */
  price: number
  /** After the clauses that reduce the price: what the percents are taken of. */
  salePrice: number
  net: number
  lines: NetSheetLine[]
  /** The totals the ranking uses: concessions include the price reductions. */
  costs: NetSheetCosts
  escalation: EscalationOutcome | null
}

/** What the net sheet reads of an offer's terms (a subset of OfferTerms, without zod). */
export type NetSheetTerms = {
  purchasePrice: number | null
  sellerConcessions: ConcessionAmount
  buyerBrokerCompensation: ConcessionAmount
  homeWarranty: { included: boolean; paidBy: 'seller' | 'buyer'; amount: number | null }
  stipulationChoices?: ClauseFormData | null
  addendum?: ClauseFormData | null
}

export type SellerCostSettings = { sellerCommissionPercent: number; sellerClosingCosts: number }

// ---------------------------------------------------------------------------------------------
// Clauses that move money

/** A ticked clause with a money effect other than none, and the values typed into it. */
export type MoneyClause = { clause: Clause; source: ClauseSource; money: Exclude<ClauseMoney, { kind: 'none' }>; values: ClauseFormData }

/** '10,000' or '$10,000.50' as a number; 0 when it is not one. */
function numberOf(value: unknown): number {
  if (typeof value !== 'string') return 0
  const number = Number(value.replace(/[$,\s]/g, ''))
  return Number.isFinite(number) && number > 0 ? number : 0
}

function ticked(catalogue: ClauseCatalogue, values: ClauseFormData | null | undefined, source: ClauseSource): MoneyClause[] {
  if (!values) return []
  return catalogue.flatMap((clause) => (values[clause.checkbox] === true && clause.money && clause.money.kind !== 'none' ? [{ clause, source, money: clause.money, values }] : []))
}

/**
 * The ticked clauses that move money. The lettered clauses A to M are the same in both catalogues:
 * one ticked in both the stipulations and the addendum is counted once, as the addendum states it.
 */
export function moneyClauses(terms: Pick<NetSheetTerms, 'stipulationChoices' | 'addendum'>): MoneyClause[] {
  const addendum = ticked(RF707_CLAUSES, terms.addendum, 'addendum')
  const inAddendum = new Set(addendum.map((entry) => entry.clause.key))
  return [...ticked(STIPULATION_CLAUSES, terms.stipulationChoices, 'stipulations').filter((entry) => !inAddendum.has(entry.clause.key)), ...addendum]
}

const fieldValue = (entry: MoneyClause, position: number) => numberOf(entry.values[`${entry.clause.key}text${position}`])
const percentOf = (price: number, percent: number) => Math.round((price * percent) / 100)
/** What the seller pays, as a line's amount (0, never -0). */
const paid = (amount: number) => (amount === 0 ? 0 : -amount)

// ---------------------------------------------------------------------------------------------
// Escalation

export type EscalationClause = { increment: number | null; cap: number | null }

export type EscalationOffer = {
  id: string
  basePrice: number | null
  escalation?: EscalationClause | null
  /** Whether it counts as a competing offer: open and shared. */
  competing: boolean
  /** ISO time it was shared (a tie between equal caps goes to the earlier). */
  sharedAt?: string | null
}

export type EscalationOutcome = {
  /** The effective price. */
  price: number
  /** How much above the base price. */
  by: number
  /** The competing offer it escalated over; null when no competing offer counted. */
  over: string | null
  /** Whether its cap stopped it. */
  capped: boolean
}

/** A clause that can raise the price: increment and cap given, the cap above the base price. */
function activeClause(offer: EscalationOffer): { increment: number; cap: number; base: number } | null {
  const clause = offer.escalation
  if (!clause || clause.increment === null || clause.cap === null || offer.basePrice === null || clause.cap <= offer.basePrice) return null
  return { increment: clause.increment, cap: clause.cap, base: offer.basePrice }
}

/**
 * Every escalating offer's effective price: the best competing offer's effective price plus its
 * increment, at most its cap and never below its base price. Only competing offers (open and shared)
 * count. Two or more escalating offers resolve as an auction: the one with the highest cap (a tie: the
 * higher base, then the earlier shared, then the id) wins at the best of the others' caps and the
 * plain offers plus its increment, capped at its own; each other escalating offer stands at its cap.
 * That is the fixed point of escalating each over the others, reached without iterating.
 * Offers without an active clause are not in the answer.
 */
export function resolveEscalations(offers: readonly EscalationOffer[]): Map<string, EscalationOutcome> {
  const outcomes = new Map<string, EscalationOutcome>()
  const escalating = offers.flatMap((offer) => {
    const clause = activeClause(offer)
    return clause ? [{ offer, ...clause }] : []
  })
  if (escalating.length === 0) return outcomes
  // The best plain competing offer.
  let plain: { id: string; price: number } | null = null
  for (const offer of offers) {
    if (!offer.competing || offer.basePrice === null || activeClause(offer)) continue
    if (!plain || offer.basePrice > plain.price) plain = { id: offer.id, price: offer.basePrice }
  }
  const bidders = escalating
    .filter((entry) => entry.offer.competing)
    .sort((a, b) => b.cap - a.cap || b.base - a.base || (a.offer.sharedAt ?? '\uffff').localeCompare(b.offer.sharedAt ?? '\uffff') || a.offer.id.localeCompare(b.offer.id))
  const winner = bidders[0]
  const settle = (entry: (typeof escalating)[number], best: { id: string; price: number } | null) => {
    const raised = best === null ? entry.base : Math.max(entry.base, Math.min(entry.cap, best.price + entry.increment))
    outcomes.set(entry.offer.id, { price: raised, by: raised - entry.base, over: best === null || raised === entry.base ? null : best.id, capped: best !== null && best.price + entry.increment > entry.cap })
  }
  // The others stand at their caps, over the winner (its price is at least their cap).
  for (const entry of bidders.slice(1)) settle(entry, winner ? { id: winner.offer.id, price: entry.cap } : null)
  if (winner) {
    let best = plain
    for (const entry of bidders.slice(1)) if (!best || entry.cap > best.price) best = { id: entry.offer.id, price: entry.cap }
    settle(winner, best)
  }
  // An escalating offer that does not compete escalates over the competing ones.
  let top: { id: string; price: number } | null = plain
  for (const entry of bidders) {
    const price = outcomes.get(entry.offer.id)?.price ?? entry.base
    if (!top || price > top.price) top = { id: entry.offer.id, price }
  }
  for (const entry of escalating) if (!entry.offer.competing) settle(entry, top)
  return outcomes
}

// ---------------------------------------------------------------------------------------------
// The sheet

/** The offer's net sheet. `escalation` is its outcome from resolveEscalations, if any. */
export function netSheet(terms: NetSheetTerms, costs: SellerCostSettings, escalation: EscalationOutcome | null = null): NetSheet {
  const basePrice = terms.purchasePrice ?? 0
  const price = escalation ? escalation.price : basePrice
  const lines: NetSheetLine[] = [{ key: 'basePrice', amount: basePrice, params: {} }]
  if (escalation && escalation.by > 0) lines.push({ key: 'escalation', amount: escalation.by, params: { over: escalation.over, capped: escalation.capped } })

  const clauses = moneyClauses(terms)
  let reductions = 0
  for (const entry of clauses) {
    if (entry.money.kind !== 'priceReduction') continue
    const dollars = Math.min(fieldValue(entry, entry.money.dollars), price - reductions)
    reductions += dollars
    lines.push({ key: 'priceReduction', amount: paid(dollars), params: { clause: entry.clause.key, source: entry.source, dollars } })
  }
  const salePrice = price - reductions

  const termLine = (key: 'concessions' | 'buyerBrokerCompensation', concession: ConcessionAmount) => {
    const amount = concessionDollars(concession, salePrice)
    if (amount === 0) return 0
    lines.push({ key, amount: paid(amount), params: concession.unit === 'percent' ? { percent: concession.amount ?? 0 } : { dollars: amount } })
    return amount
  }
  let concessions = termLine('concessions', terms.sellerConcessions) + termLine('buyerBrokerCompensation', terms.buyerBrokerCompensation)
  for (const entry of clauses) {
    if (entry.money.kind === 'closingCostShare') {
      const percent = fieldValue(entry, entry.money.percent)
      const cap = fieldValue(entry, entry.money.cap)
      const amount = Math.min(percentOf(salePrice, percent), cap)
      concessions += amount
      lines.push({ key: 'closingCostShare', amount: paid(amount), params: { clause: entry.clause.key, source: entry.source, percent, cap } })
    } else if (entry.money.kind === 'brokerCompensation') {
      const percent = fieldValue(entry, entry.money.percent)
      const dollars = fieldValue(entry, entry.money.dollars)
      const amount = percentOf(salePrice, percent) + Math.round(dollars)
      concessions += amount
      lines.push({ key: 'brokerClause', amount: paid(amount), params: { clause: entry.clause.key, source: entry.source, percent, dollars } })
    }
  }
  const homeWarranty = terms.homeWarranty.included && terms.homeWarranty.paidBy === 'seller' ? (terms.homeWarranty.amount ?? 0) : 0
  if (homeWarranty > 0) lines.push({ key: 'homeWarranty', amount: paid(homeWarranty), params: { dollars: homeWarranty } })
  const commission = percentOf(salePrice, costs.sellerCommissionPercent)
  lines.push({ key: 'commission', amount: paid(commission), params: { percent: costs.sellerCommissionPercent } })
  lines.push({ key: 'closingCosts', amount: paid(costs.sellerClosingCosts), params: {} })

  const net = lines.reduce((sum, line) => sum + line.amount, 0)
  return {
    basePrice,
    price,
    salePrice,
    net,
    lines,
    costs: { concessions: concessions + reductions, commission, closingCosts: costs.sellerClosingCosts, homeWarranty },
    escalation,
  }
}
