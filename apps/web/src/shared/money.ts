import type { Currency } from '@offerbook/domain/currencies'
import { DEFAULT_CURRENCY } from '@offerbook/domain/currencies'
import { formatMoney as formatIn } from '@offerbook/domain/money'
import { onSessionCleared } from './session'
import { numberFormat } from '@offerbook/domain/intl-formats'

/**
 * Spec section 3, Preferences: the signed-in user's currency, which every amount the browser shows is
 * written in (docs/decisions/057-currency-preference.md). It is set from the user each time the API
 * answers it (features/auth/api/get-me.ts), and is USD again once signed out.
 */
let current: Currency = DEFAULT_CURRENCY

export function setMoneyCurrency(currency: Currency): void {
  current = currency
}

export function moneyCurrency(): Currency {
  return current
}

onSessionCleared(() => {
  current = DEFAULT_CURRENCY
})

/** An amount in the reader's language and currency: $450,000, or $1,234.50 when there are cents. */
export function formatMoney(amount: number, language: string): string {
  return formatIn(amount, language, current)
}

/** The same with no cents ever: chart axes and tables of rounded figures. */
export function formatWholeMoney(amount: number, language: string): string {
  return numberFormat(language, { style: 'currency', currency: current, maximumFractionDigits: 0 }).format(amount)
}
