import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AnalyticsReport } from '@offerbook/domain/analytics'
import { apiClient } from '../../../shared/api-client'
import { useLiveEvent } from '../../../shared/live/live-events'

/** What /analytics asks for: a period (both ends optional: the last 12 months) and, for a broker, one agent. */
export type AnalyticsParams = { from?: string; to?: string; agentId?: string }

export const analyticsKeys = {
  all: ['analytics'] as const,
  report: (params: AnalyticsParams) => [...analyticsKeys.all, 'report', params] as const,
}

export function getAnalytics(params: AnalyticsParams): Promise<AnalyticsReport> {
  return apiClient.get<AnalyticsReport>('/analytics', params)
}

export function analyticsQueryOptions(params: AnalyticsParams) {
  return queryOptions({ queryKey: analyticsKeys.report(params), queryFn: () => getAnalytics(params), placeholderData: keepPreviousData })
}

/** The report, refreshed when an offer of the user's changes elsewhere (shared, answered, expired). */
export function useAnalytics(params: AnalyticsParams) {
  const queryClient = useQueryClient()
  useLiveEvent((event) => {
    if (event.type === 'offer.changed') void queryClient.invalidateQueries({ queryKey: analyticsKeys.all })
  })
  return useQuery(analyticsQueryOptions(params))
}
