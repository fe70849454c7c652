import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { JobList, JobName, JobStatus } from '@offerbook/domain/jobs'
import { apiClient } from '../../../shared/api-client'
import { adminJobKeys } from '../../../shared/query-keys'

/** The jobs and their last runs; read again every 15 s while the page is open. */
export function useJobs() {
  return useQuery({
    queryKey: adminJobKeys.all,
    queryFn: () => apiClient.get<JobList>('/admin/jobs'),
    refetchInterval: 15_000,
  })
}

export function useRetryJob() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (name: JobName) => apiClient.post<JobStatus>(`/admin/jobs/${encodeURIComponent(name)}/retry`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminJobKeys.all }),
  })
}
