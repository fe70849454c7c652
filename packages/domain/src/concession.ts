/**
 * A concession's dollars, kept free of zod and of the offer schemas: offer.ts validates and re-exports
 * it, and the ranking the public /offers-optimized page runs (offer-ranking.ts) uses it, without
 * either importing the other at run time.
 */
export type ConcessionAmount = { unit: 'dollars' | 'percent'; amount: number | null }

/** In dollars, for a concession given in dollars or as a percent of the price. */
export function concessionDollars(concession: ConcessionAmount, purchasePrice: number | null): number {
  if (concession.amount === null) return 0
  return concession.unit === 'dollars' ? concession.amount : Math.round(((purchasePrice ?? 0) * concession.amount) / 100)
}
