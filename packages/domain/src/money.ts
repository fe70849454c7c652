import type { Currency } from './currencies'
import { DEFAULT_CURRENCY } from './currencies'
import { numberFormat } from './intl-formats'

/** The currency amounts are kept in (spec section 9: default currency USD). */
export const CURRENCY: Currency = DEFAULT_CURRENCY

/**
 * An amount in the reader's language and currency (spec section 3, Preferences): $450,000 (whole
 * units) or $1,234.50 when there are cents; €450,000 in EUR, 450.000 US$ in es-es.
 */
export function formatMoney(amount: number, language: string, currency: Currency = DEFAULT_CURRENCY): string {
  const cents = !Number.isInteger(amount)
  return numberFormat(language, {
    style: 'currency',
    currency,
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: cents ? 2 : 0,
  }).format(amount)
}

/** In US dollars, whatever the reader prefers: the contract's documents and the e-mails about them. */
export function formatUsd(amount: number, language: string): string {
  return formatMoney(amount, language, 'USD')
}
