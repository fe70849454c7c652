import { queryOptions } from '@tanstack/react-query'
import type { LedgerVerification, OfferRecord } from '@offerbook/domain/offer-record'
import { apiClient } from '../../shared/api-client'
import { downloadApiFile } from '../../shared/download-file'
import { getAccessToken } from '../../shared/session'

/** The offer record of a listing (issue #18), its exports, each offer's transaction file and deadlines, and the calendar feed. */

export type OfferRecordAnswer = { record: OfferRecord; verification: LedgerVerification }

const recordPath = (listingId: string) => `/listings/${encodeURIComponent(listingId)}/offer-record`

export const offerRecordKeys = {
  one: (listingId: string) => ['offer-record', listingId] as const,
  feed: ['calendar-feed'] as const,
}

export function offerRecordQuery(listingId: string) {
  return queryOptions({ queryKey: offerRecordKeys.one(listingId), queryFn: () => apiClient.get<OfferRecordAnswer>(recordPath(listingId)) })
}

function withSession(): Record<string, string> {
  const token = getAccessToken()
  return token ? { Authorization: `Bearer ${token}` } : {}
}

export function downloadRecord(listingId: string, format: 'csv' | 'pdf'): Promise<void> {
  return downloadApiFile(`${recordPath(listingId)}.${format}`, { headers: withSession(), fallbackName: `offer-record.${format}` })
}

export function downloadTransactionFile(offerId: string): Promise<void> {
  return downloadApiFile(`/offers/${encodeURIComponent(offerId)}/transaction-file`, { headers: withSession(), fallbackName: 'transaction-file.zip' })
}

export function downloadOfferCalendar(offerId: string): Promise<void> {
  return downloadApiFile(`/offers/${encodeURIComponent(offerId)}/calendar`, { headers: withSession(), fallbackName: 'offer-deadlines.ics' })
}

export type CalendarFeedState = { active: boolean; createdAt: string | null }

export function calendarFeedQuery() {
  return queryOptions({ queryKey: offerRecordKeys.feed, queryFn: () => apiClient.get<CalendarFeedState>('/me/calendar-feed') })
}

export const createCalendarFeed = () => apiClient.post<{ url: string; createdAt: string }>('/me/calendar-feed')
export const revokeCalendarFeed = () => apiClient.delete('/me/calendar-feed')
