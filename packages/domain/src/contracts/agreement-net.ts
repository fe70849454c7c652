import type { OfferTerms } from '../offer-terms'
import { formatUsd } from '../money'
import type { NetSheetLine } from '../net-sheet'
import { netSheet } from '../net-sheet'

/**
 * What an offer asks of the seller, line by line from the one net sheet (net-sheet.ts): every
 * concession, from the terms and the ticked clauses, and the price less them, in the agreement's
 * English. The seller's own costs are not the buyer side's to know, so they are not printed.
 */

const usd = (amount: number) => formatUsd(amount, 'en-US')
const SOURCES = { stipulations: 'Special stipulation', addendum: 'RF707 clause' } as const

/** A net sheet line in words: its source, and how it is reckoned ('' when the amount says it all). */
export function netLineWords({ key, params }: NetSheetLine): [source: string, how: string] {
  const clause = params.source && params.clause ? `${SOURCES[params.source]} ${params.clause}` : ''
  const ofPrice = `${params.percent ?? 0}% of the price`
  switch (key) {
    case 'basePrice':
      return ['Purchase price', '']
    case 'escalation':
      return ['Escalation clause', '']
    case 'priceReduction':
      return [clause, 'Price reduction']
    case 'closingCostShare':
      return [clause, `${ofPrice}, capped at ${usd(params.cap ?? 0)}`]
    case 'brokerClause':
      return [clause, `Buyer's broker, ${ofPrice} plus ${usd(params.dollars ?? 0)}`]
    case 'concessions':
      return ['Seller concessions', params.percent === undefined ? '' : ofPrice]
    case 'buyerBrokerCompensation':
      return ['Buyer-broker compensation', params.percent === undefined ? '' : ofPrice]
    case 'homeWarranty':
      return ['Home warranty', 'Paid by the seller']
    case 'commission':
      return ['Listing commission', ofPrice]
    case 'closingCosts':
      return ["Seller's closing costs", '']
  }
}

/** [label, amount] rows: the price, each concession (negative), and 'Price less concessions'; none without a price. */
export function agreementNetRows(terms: OfferTerms): [label: string, amount: string][] {
  if (terms.purchasePrice === null) return []
  const sheet = netSheet(terms, { sellerCommissionPercent: 0, sellerClosingCosts: 0 })
  const rows = sheet.lines
    .filter((line) => line.key !== 'commission' && line.key !== 'closingCosts')
    .map((line): [string, string] => {
      const [source, how] = netLineWords(line)
      return [[source, how].filter(Boolean).join(': '), line.amount < 0 ? `-${usd(-line.amount)}` : usd(line.amount)]
    })
  return [...rows, ['Price less concessions', usd(sheet.net)]]
}
