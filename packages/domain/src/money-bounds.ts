/**
 * Money that looks wrong gets a second look (issue 28): the one table of bounds outside which a sum
 * typed by hand needs a confirmation, with the figure spelled out (number-words.ts). The offer
 * editor and the share dialog ask for it, the API refuses a share without it (ShareOfferSchema's
 * `confirmed`), the listing wizard asks it of the list price, and the seller's accept dialog repeats
 * it. Free of zod. See docs/decisions/037-net-sheet-and-money-bounds.md.
 */

export const MONEY_BOUNDS = {
  /** The offer's price as a share of the list price. */
  purchasePrice: { minShareOfList: 0.7, maxShareOfList: 1.5 },
  /** The earnest money as a share of the offer's price. */
  earnestMoney: { minShareOfPrice: 0.001, maxShareOfPrice: 0.1 },
  /** The list price in dollars. */
  listPrice: { min: 10_000, max: 20_000_000 },
} as const

export const MONEY_CHECKS = ['purchasePrice', 'earnestMoney', 'listPrice'] as const
export type MoneyCheck = (typeof MONEY_CHECKS)[number]

/**
 * A sum out of its bounds: which field, whether it is under or over, the sum and the bound it
 * crossed (in dollars), for the words 'The price is under 70 % of the list price ($328,930)'.
 */
export type MoneyWarning = { field: MoneyCheck; side: 'under' | 'over'; amount: number; bound: number; percent: number | null }

export type OfferMoneyFigures = { listPrice: number | null; purchasePrice: number | null; earnestMoney: number | null }

const percent = (share: number) => Math.round(share * 1000) / 10

/** An offer's price (against the list price) and earnest money (against the price) out of bounds. An absent sum is never out of bounds. */
export function offerMoneyWarnings({ listPrice, purchasePrice, earnestMoney }: OfferMoneyFigures): MoneyWarning[] {
  const warnings: MoneyWarning[] = []
  if (purchasePrice !== null && listPrice !== null && listPrice > 0) {
    const { minShareOfList, maxShareOfList } = MONEY_BOUNDS.purchasePrice
    if (purchasePrice < listPrice * minShareOfList)
      warnings.push({ field: 'purchasePrice', side: 'under', amount: purchasePrice, bound: Math.round(listPrice * minShareOfList), percent: percent(minShareOfList) })
    else if (purchasePrice > listPrice * maxShareOfList)
      warnings.push({ field: 'purchasePrice', side: 'over', amount: purchasePrice, bound: Math.round(listPrice * maxShareOfList), percent: percent(maxShareOfList) })
  }
  if (earnestMoney !== null && purchasePrice !== null && purchasePrice > 0) {
    const { minShareOfPrice, maxShareOfPrice } = MONEY_BOUNDS.earnestMoney
    // Over the price itself is refused outright (shareProblems), not merely questioned.
    if (earnestMoney <= purchasePrice && earnestMoney > purchasePrice * maxShareOfPrice)
      warnings.push({ field: 'earnestMoney', side: 'over', amount: earnestMoney, bound: Math.round(purchasePrice * maxShareOfPrice), percent: percent(maxShareOfPrice) })
    else if (earnestMoney < purchasePrice * minShareOfPrice)
      warnings.push({ field: 'earnestMoney', side: 'under', amount: earnestMoney, bound: Math.round(purchasePrice * minShareOfPrice), percent: percent(minShareOfPrice) })
  }
  return warnings
}

/** A listing's list price out of bounds (none when it is absent). */
export function listPriceWarnings(listPrice: number | null): MoneyWarning[] {
  const { min, max } = MONEY_BOUNDS.listPrice
  if (listPrice === null) return []
  if (listPrice < min) return [{ field: 'listPrice', side: 'under', amount: listPrice, bound: min, percent: null }]
  if (listPrice > max) return [{ field: 'listPrice', side: 'over', amount: listPrice, bound: max, percent: null }]
  return []
}

/** The warnings whose field is not among `confirmed`: what still needs a confirmation. */
export function unconfirmedWarnings(warnings: readonly MoneyWarning[], confirmed: readonly MoneyCheck[]): MoneyWarning[] {
  return warnings.filter((warning) => !confirmed.includes(warning.field))
}
