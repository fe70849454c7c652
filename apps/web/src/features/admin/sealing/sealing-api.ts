import { useQuery } from '@tanstack/react-query'
import type { SealingStatus } from '@offerbook/domain/sealing'
import { apiClient } from '../../../shared/api-client'
import { adminSealingKeys } from '../../../shared/query-keys'

/** The document seal: certificate, chain, timestamp authorities and their last answers, packets per level. */
export function useSealingStatus() {
  return useQuery({ queryKey: adminSealingKeys.all, queryFn: () => apiClient.get<SealingStatus>('/admin/sealing') })
}
