import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { BrokerageExport, BrokerageExportStart } from '@offerbook/domain/brokerage-export'
import { apiClient } from '../../../shared/api-client'
import { downloadApiFile } from '../../../shared/download-file'
import { getAccessToken } from '../../../shared/session'

/** The brokerage's exports for TREC (decision 071): the broker's newest, a new one, and a finished one's ZIP. */

export const brokerageExportKeys = { list: ['brokerage-exports'] as const }

/** How often an export under way is asked for its progress. */
export const EXPORT_POLL_MS = 1500

const underWay = (item: BrokerageExport | undefined) => item?.state === 'queued' || item?.state === 'running'

/** The broker's newest exports; asked again every moment while the newest is queued or running. */
export function useBrokerageExports() {
  return useQuery({
    queryKey: brokerageExportKeys.list,
    queryFn: () => apiClient.get<{ items: BrokerageExport[] }>('/brokerage/exports'),
    refetchInterval: (query) => (underWay(query.state.data?.items[0]) ? EXPORT_POLL_MS : false),
  })
}

export function useStartExport() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (period: BrokerageExportStart) => apiClient.post<BrokerageExport>('/brokerage/exports', period),
    onSuccess: (started) => {
      client.setQueryData<{ items: BrokerageExport[] }>(brokerageExportKeys.list, (current) => ({ items: [started, ...(current?.items ?? []).filter((item) => item.id !== started.id)] }))
      void client.invalidateQueries({ queryKey: brokerageExportKeys.list })
    },
    // A refusal naming an export under way: the list shows it and its progress.
    onError: () => void client.invalidateQueries({ queryKey: brokerageExportKeys.list }),
  })
}

export function downloadExport(item: BrokerageExport): Promise<void> {
  const token = getAccessToken()
  return downloadApiFile(`/brokerage/exports/${encodeURIComponent(item.id)}/download`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, fallbackName: 'brokerage-files.zip' })
}
