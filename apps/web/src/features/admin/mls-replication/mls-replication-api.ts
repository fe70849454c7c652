import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { MlsGridStatus, MlsReplicaPage, MlsRun, MlsSchedule, UpdateMlsSchedule } from '@offerbook/domain/mls-replication'
import { apiClient } from '../../../shared/api-client'

export type MlsReplicaParams = { page: number; pageSize: number; search?: string; linked?: 'true' | 'false' }

export const mlsReplicationKeys = {
  all: ['admin', 'mls-grid'] as const,
  status: ['admin', 'mls-grid', 'status'] as const,
  listings: (params: MlsReplicaParams) => ['admin', 'mls-grid', 'listings', params] as const,
}

/** The settings, schedule and runs; polled every 2 s while a run is running. */
export function useMlsGridStatus() {
  return useQuery({
    queryKey: mlsReplicationKeys.status,
    queryFn: () => apiClient.get<MlsGridStatus>('/admin/mls-grid'),
    refetchInterval: (query) => (query.state.data?.running ? 2000 : false),
  })
}

export function useMlsReplicas(params: MlsReplicaParams, running: boolean) {
  return useQuery({
    queryKey: mlsReplicationKeys.listings(params),
    queryFn: () => apiClient.get<MlsReplicaPage>('/admin/mls-grid/listings', { ...params, search: params.search || undefined }),
    placeholderData: keepPreviousData,
    refetchInterval: running ? 5000 : false,
  })
}

export function useRunMlsReplication() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiClient.post<{ run: MlsRun }>('/admin/mls-grid/runs'),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: mlsReplicationKeys.all }),
  })
}

export function useSaveMlsSchedule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateMlsSchedule) => apiClient.put<MlsSchedule>('/admin/mls-grid/schedule', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: mlsReplicationKeys.status }),
  })
}
