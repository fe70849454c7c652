import { dateTimeFormat } from '@offerbook/domain/intl-formats'

/** An instant (ISO) as the app shows it: medium date, short time, in the reader's language ("Mar 14, 2025, 9:05 AM"). */
export function formatDateTime(language: string, iso: string): string {
  return dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
}
