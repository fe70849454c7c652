import { useQuery } from '@tanstack/react-query'
import type { ContractTimelineView } from '@offerbook/domain/contract-timeline-view'
import { apiClient } from '../../../shared/api-client'
import { offerKeys } from '../../../shared/query-keys'

/** The contract timeline of an accepted offer, each item's state as of the answer (GET /api/offers/:id/timeline). */
export function fetchOfferTimeline(id: string): Promise<ContractTimelineView> {
  return apiClient.get<ContractTimelineView>(`/offers/${encodeURIComponent(id)}/timeline`)
}

/** Asked for only once the contract is binding: before, there is no timeline to show. States move with the clock: refreshed every few minutes. */
export function useOfferTimeline(id: string, enabled: boolean) {
  return useQuery({ queryKey: offerKeys.timeline(id), queryFn: () => fetchOfferTimeline(id), enabled, refetchInterval: 5 * 60_000 })
}
