import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { WebhookSettings, WebhookSettingsInput } from '@offerbook/domain/webhooks'
import { apiClient } from '../../../shared/api-client'
import { adminWebhookKeys } from '../../../shared/query-keys'

/** Whether webhooks may go to private addresses, and what the deployment gives while no admin has chosen. */
export function useWebhookSettings() {
  return useQuery({ queryKey: adminWebhookKeys.settings, queryFn: () => apiClient.get<WebhookSettings>('/admin/settings/webhooks') })
}

export function useSaveWebhookSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: WebhookSettingsInput) => apiClient.put<WebhookSettings>('/admin/settings/webhooks', body),
    onSuccess: (saved) => queryClient.setQueryData(adminWebhookKeys.settings, saved),
  })
}
