import { formatDateTime } from '../../../shared/format-date-time'
import { dateTimeFormat } from '@offerbook/domain/intl-formats'

/** An instant in the reader's language and time zone, with the time. */
export function formatInstant(iso: string, language: string): string {
  const instant = new Date(iso)
  if (Number.isNaN(instant.getTime())) return iso
  return formatDateTime(language, iso)
}

/** The day of an instant in the reader's language and time zone. */
export function formatDay(iso: string, language: string): string {
  const instant = new Date(iso)
  if (Number.isNaN(instant.getTime())) return iso
  return dateTimeFormat(language, { dateStyle: 'long' }).format(instant)
}
