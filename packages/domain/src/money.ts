/** Amounts are US dollars (spec section 9: default currency USD), shown in the reader's language. */
export const CURRENCY = 'USD'

/** $450,000 (whole dollars) or $1,234.50 when there are cents. */
export function formatUsd(amount: number, language: string): string {
  const cents = !Number.isInteger(amount)
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: CURRENCY,
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: cents ? 2 : 0,
  }).format(amount)
}
