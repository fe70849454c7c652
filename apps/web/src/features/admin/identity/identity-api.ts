import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { FirebaseImportResult, IdentityCheck, IdentityConfig, LinkedAccountPage } from '@offerbook/domain/identity'
import { apiClient } from '../../../shared/api-client'

export type LinkedAccountsParams = { page: number; pageSize: number; search?: string }

export const identityKeys = {
  all: ['admin', 'identity'] as const,
  config: ['admin', 'identity', 'config'] as const,
  accounts: (params: LinkedAccountsParams) => ['admin', 'identity', 'accounts', params] as const,
}

export function useIdentityConfig() {
  return useQuery({ queryKey: identityKeys.config, queryFn: () => apiClient.get<IdentityConfig>('/admin/identity') })
}

export function useIdentityCheck() {
  return useMutation({ mutationFn: () => apiClient.post<IdentityCheck>('/admin/identity/check') })
}

export function useLinkedAccounts(params: LinkedAccountsParams) {
  return useQuery({
    queryKey: identityKeys.accounts(params),
    queryFn: () => apiClient.get<LinkedAccountPage>('/admin/identity/accounts', { ...params, search: params.search || undefined }),
    placeholderData: keepPreviousData,
  })
}

export function useUnlinkAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<null>(`/admin/identity/accounts/${encodeURIComponent(id)}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: identityKeys.all }),
  })
}

/** The export's users as the file has them, and the console's hash_config when given. */
export type FirebaseImportBody = { users: unknown; hashConfig?: { algorithm: 'SCRYPT'; base64_signer_key: string; base64_salt_separator: string; rounds: number; mem_cost: number } }

export function useFirebaseImport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: FirebaseImportBody) => apiClient.post<FirebaseImportResult>('/admin/identity/firebase-import', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  })
}
