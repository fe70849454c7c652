import { formatMoney } from '../../shared/money'
import { dateTimeFormat } from '@offerbook/domain/intl-formats'

/** A calendar day (YYYY-MM-DD) as a date: read in UTC, so it never slips a day in the reader's time zone. */
export function formatDay(day: string, language: string): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number)
  return dateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, date)))
}

export function formatPrice(amount: number | null, language: string): string | null {
  return amount === null ? null : formatMoney(amount, language)
}
