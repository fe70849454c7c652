import { useMutation, useQuery } from '@tanstack/react-query'
import type { StartUserImport, UserImportJob, UserImportPreview } from '@offerbook/domain/user-import'
import { userImportReportPath } from '@offerbook/domain/user-import'
import { API_BASE, apiClient } from '../../../shared/api-client'
import { downloadApiFile } from '../../../shared/download-file'
import { getAccessToken } from '../../../shared/session'

export const userImportKeys = { job: (id: string) => ['admin', 'user-imports', id] as const }

/** Uploads the CSV; the answer is the preview (counts, problems, the first rows). */
export function useUploadUserImport() {
  return useMutation({ mutationFn: (file: File) => apiClient.post<UserImportPreview>('/admin/user-imports', { file }, { formData: true }) })
}

export function useStartUserImport() {
  return useMutation({ mutationFn: ({ id, body }: { id: string; body: StartUserImport }) => apiClient.post<{ id: string; status: UserImportJob['status'] }>(`/admin/user-imports/${encodeURIComponent(id)}/start`, body) })
}

/** The job, polled each second while it runs. */
export function useUserImportJob(id: string | null) {
  return useQuery({
    queryKey: userImportKeys.job(id ?? ''),
    queryFn: () => apiClient.get<UserImportJob>(`/admin/user-imports/${encodeURIComponent(id ?? '')}`),
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data?.status === 'running' || !query.state.data ? 1000 : false),
  })
}

/** Saves the report CSV under the server's name. */
export async function downloadUserImportReport(id: string): Promise<void> {
  const token = getAccessToken()
  await downloadApiFile(userImportReportPath(id).slice(API_BASE.length), { headers: token ? { Authorization: `Bearer ${token}` } : {}, fallbackName: 'users-report.csv' })
}
