import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ContractNotices, DraftNotice, NoticeView } from '@offerbook/domain/contract-notices'
import { apiClient } from '../../../shared/api-client'
import { offerKeys, signingKeys } from '../../../shared/query-keys'

/** A contract's notices (decision 065): GET and POST /api/offers/:id/notices. */

const noticesPath = (id: string) => `/offers/${encodeURIComponent(id)}/notices`

export function fetchContractNotices(id: string): Promise<ContractNotices> {
  return apiClient.get<ContractNotices>(noticesPath(id))
}

export async function draftNotice(id: string, body: DraftNotice): Promise<NoticeView> {
  const { notice } = await apiClient.post<{ notice: NoticeView }>(noticesPath(id), body)
  return notice
}

/** Asked for once the contract is binding; the live events refresh it when a notice is signed or delivered. */
export function useContractNotices(id: string, enabled: boolean) {
  return useQuery({ queryKey: offerKeys.notices(id), queryFn: () => fetchContractNotices(id), enabled })
}

export function useDraftNotice(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: DraftNotice) => draftNotice(id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: offerKeys.notices(id) })
      void queryClient.invalidateQueries({ queryKey: signingKeys.offer(id) })
    },
  })
}
