import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Dashboard, Pipeline } from '@offerbook/domain/dashboard'
import type { RequestOptions } from '../../../shared/api-client'
import { apiClient } from '../../../shared/api-client'
import { SEEDED_FRESH_MS } from '../../../shared/query-keys'
import { useLiveEvent } from '../../../shared/live/live-events'

export const dashboardKeys = {
  all: ['dashboard'] as const,
  next: () => [...dashboardKeys.all, 'next'] as const,
  pipeline: () => [...dashboardKeys.all, 'pipeline'] as const,
}

/** The dashboard's one answer; the app's start asks it beside /api/me (app/page-modules.ts, decision 090). */
export function dashboardQuery(options: RequestOptions = {}) {
  return queryOptions({
    queryKey: dashboardKeys.next(),
    queryFn: ({ signal }) => apiClient.get<Dashboard>('/dashboard', undefined, { ...options, signal }),
    staleTime: SEEDED_FRESH_MS,
  })
}

export function useDashboard() {
  return useQuery(dashboardQuery())
}

export function usePipeline() {
  return useQuery({ queryKey: dashboardKeys.pipeline(), queryFn: ({ signal }) => apiClient.get<Pipeline>('/dashboard/pipeline', undefined, { signal }) })
}

/** Another party's change to an offer or a signing packet moves items on the dashboards: they load again. */
export function useDashboardLiveUpdates(): void {
  const queryClient = useQueryClient()
  useLiveEvent((event) => {
    if (event.type === 'offer.changed' || event.type === 'signing.changed') void queryClient.invalidateQueries({ queryKey: dashboardKeys.all })
  })
}
