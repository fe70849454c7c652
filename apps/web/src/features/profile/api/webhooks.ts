import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CreatedWebhook, CreateWebhook, Webhook, WebhookDeliveries, Webhooks } from '@offerbook/domain/webhooks'
import { apiClient } from '../../../shared/api-client'

/** The user's webhook endpoints and their delivery logs (decision 079). */

export const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: (id: string) => ['webhooks', id, 'deliveries'] as const,
}

export function useWebhooks() {
  return useQuery({ queryKey: webhookKeys.all, queryFn: () => apiClient.get<Webhooks>('/me/webhooks') })
}

/** While a delivery is still pending the log asks again every few seconds, so its attempts show as they happen. */
export const PENDING_REFRESH_MS = 3_000

export function useWebhookDeliveries(id: string) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: () => apiClient.get<WebhookDeliveries>(`/me/webhooks/${encodeURIComponent(id)}/deliveries`),
    refetchInterval: (query) => (query.state.data?.items.some((delivery) => delivery.status === 'pending') ? PENDING_REFRESH_MS : false),
  })
}

export function useCreateWebhook() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: (input: CreateWebhook) => apiClient.post<CreatedWebhook>('/me/webhooks', input), onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }) })
}

export function useSetWebhookEnabled() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => apiClient.patch<Webhook>(`/me/webhooks/${encodeURIComponent(id)}`, { enabled }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  })
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: (id: string) => apiClient.delete<void>(`/me/webhooks/${encodeURIComponent(id)}`), onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }) })
}

export function useRedeliver(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (deliveryId: string) => apiClient.post<void>(`/me/webhooks/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  })
}
