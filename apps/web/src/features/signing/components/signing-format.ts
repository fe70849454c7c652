import { formatDateTime } from '../../../shared/format-date-time'

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
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(instant)
}
