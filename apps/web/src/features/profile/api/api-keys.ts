import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ApiKeys, CreateApiKey, CreatedApiKey } from '@offerbook/domain/api-keys'
import { apiClient } from '../../../shared/api-client'

/** The user's API keys (decision 078): listed without the key, made once, revoked. */

export const apiKeyKeys = {
  all: ['api-keys'] as const,
}

export async function listApiKeys(): Promise<ApiKeys> {
  return apiClient.get<ApiKeys>('/me/api-keys')
}

export async function createApiKey(input: CreateApiKey): Promise<CreatedApiKey> {
  return apiClient.post<CreatedApiKey>('/me/api-keys', input)
}

export async function revokeApiKey(id: string): Promise<void> {
  await apiClient.delete<void>(`/me/api-keys/${encodeURIComponent(id)}`)
}

export function useApiKeys() {
  return useQuery({ queryKey: apiKeyKeys.all, queryFn: listApiKeys })
}

export function useCreateApiKey() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: createApiKey, onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }) })
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: revokeApiKey, onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }) })
}
