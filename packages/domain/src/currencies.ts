/**
 * Spec section 3, Preferences: the currency money is shown in, USD by default (spec section 9). The
 * list is what the money format can write in both languages; amounts are not converted
 * (docs/decisions/057-currency-preference.md). Without zod, for the browser's first script.
 */
export const CURRENCIES = ['USD', 'EUR', 'MXN'] as const
export type Currency = (typeof CURRENCIES)[number]
export const DEFAULT_CURRENCY: Currency = 'USD'

export function isCurrency(value: unknown): value is Currency {
  return (CURRENCIES as readonly unknown[]).includes(value)
}
