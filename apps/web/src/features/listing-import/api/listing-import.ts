import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ImportJob, ImportPreview, ImportSources, StartImport } from '@offerbook/domain/listing-import'
import { apiClient } from '../../../shared/api-client'
import { listingKeys } from '../../../shared/query-keys'

/** The calls of /add-listing/import/{step}: sources, a pending import's records, starting it, its progress. */

export const importKeys = {
  all: ['listing-import'] as const,
  sources: () => ['listing-import', 'sources'] as const,
  preview: (jobId: string) => ['listing-import', 'preview', jobId] as const,
  job: (jobId: string) => ['listing-import', 'job', jobId] as const,
}

/** How often the progress step asks how the import is going. */
export const PROGRESS_POLL_MS = 1000

export function importSourcesQuery() {
  return queryOptions({ queryKey: importKeys.sources(), queryFn: () => apiClient.get<ImportSources>('/listing-import/sources') })
}

export function useImportSources() {
  return useQuery(importSourcesQuery())
}

export function importPreviewQuery(jobId: string) {
  return queryOptions({
    queryKey: importKeys.preview(jobId),
    queryFn: () => apiClient.get<ImportPreview>(`/listing-import/jobs/${encodeURIComponent(jobId)}/preview`),
    // A pending import does not change by itself: no refetch while the agent picks and maps.
    staleTime: Infinity,
  })
}

export function useImportPreview(jobId: string | null) {
  return useQuery({ ...importPreviewQuery(jobId ?? ''), enabled: jobId !== null })
}

const finished = (job: ImportJob | undefined) => job?.status === 'done' || job?.status === 'failed'

/** The import's progress, asked again every second until it has finished. */
export function useImportJob(jobId: string | null) {
  return useQuery({
    queryKey: importKeys.job(jobId ?? ''),
    queryFn: async () => (await apiClient.get<{ job: ImportJob }>(`/listing-import/jobs/${encodeURIComponent(jobId ?? '')}`)).job,
    enabled: jobId !== null,
    refetchInterval: (query) => (finished(query.state.data) ? false : PROGRESS_POLL_MS),
  })
}

/** A check of the feed or an upload gives a new pending import; its preview goes straight into the cache. */
function usePendingImport<T>(run: (input: T) => Promise<ImportPreview>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: run,
    onSuccess: (preview) => {
      queryClient.setQueryData(importKeys.preview(preview.job.id), preview)
      void queryClient.invalidateQueries({ queryKey: importKeys.sources() })
    },
  })
}

export function useCheckFeed() {
  return usePendingImport(() => apiClient.post<ImportPreview>('/listing-import/jobs/from-feed', {}))
}

export function useUploadResoFile() {
  return usePendingImport((file: File) => apiClient.post<ImportPreview>('/listing-import/jobs/from-file', { file }, { formData: true }))
}

export function useStartImport(jobId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: StartImport) => (await apiClient.post<{ job: ImportJob }>(`/listing-import/jobs/${encodeURIComponent(jobId)}/start`, input)).job,
    onSuccess: (job) => {
      queryClient.setQueryData(importKeys.job(job.id), job)
      void queryClient.invalidateQueries({ queryKey: importKeys.preview(job.id) })
      // The agent's listings change as the import runs.
      void queryClient.invalidateQueries({ queryKey: listingKeys.all })
    },
  })
}
