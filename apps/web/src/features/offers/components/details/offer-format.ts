import type { Concession } from '@offerbook/domain/offer'
import { concessionDollars } from '@offerbook/domain/concession'
import { formatMoney } from '../../../../shared/money'
import { CENTRAL_TIME, formatZonedDateTime } from '@offerbook/domain/property-time'
import { formatDateTime } from '../../../../shared/format-date-time'
import { dateTimeFormat, numberFormat } from '@offerbook/domain/intl-formats'

/** A calendar date (YYYY-MM-DD) in the reader's language; read in UTC so no time zone moves the day. */
export function formatCalendarDate(date: string, language: string): string {
  const [year, month, day] = date.split('-').map(Number)
  if (!year || !month || !day) return date
  return dateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, day)))
}

/** The zone an offer's times are typed and shown in: its property's (decision 038); Central when not known (decision 015). */
export const zoneOf = (property: { timeZone?: string }): string => property.timeZone ?? CENTRAL_TIME

/**
 * An instant in the reader's language: in `timeZone`, named ('November 24, 2026, 9:30 PM CST'), when
 * given (an offer's dates are in its property's zone, decision 030); else in the browser's zone.
 */
export function formatInstant(iso: string, language: string, timeZone?: string): string {
  const instant = new Date(iso)
  if (Number.isNaN(instant.getTime())) return iso
  if (timeZone) return formatZonedDateTime(instant, timeZone, language)
  return formatDateTime(language, iso)
}

export function formatPercent(percent: number, language: string): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100)
}

/** A concession in dollars, or as a percent of the price with its dollars beside it; null when not set. */
export function concessionParts(concession: Concession, purchasePrice: number | null, language: string): { percent: string | null; dollars: string } | null {
  if (concession.amount === null) return null
  const dollars = formatMoney(concessionDollars(concession, purchasePrice), language)
  return concession.unit === 'percent' ? { percent: formatPercent(concession.amount, language), dollars } : { percent: null, dollars }
}

export function formatFileSize(bytes: number, language: string): string {
  const number = (value: number, digits: number) => numberFormat(language, { maximumFractionDigits: digits }).format(value)
  if (bytes < 1024) return `${number(bytes, 0)} B`
  if (bytes < 1024 * 1024) return `${number(bytes / 1024, 0)} KB`
  return `${number(bytes / (1024 * 1024), 1)} MB`
}
