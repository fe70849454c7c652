import { useMutation } from '@tanstack/react-query'
import { apiClient } from '../../../shared/api-client'

/** The answer is the same for any address: 'accounts.recoverySent'. */
export function requestRecovery(email: string): Promise<void> {
  return apiClient.post<void>('/recovery', { email })
}

export function resetPassword(body: { email: string; code: string; password: string }): Promise<void> {
  return apiClient.post<void>('/recovery/reset', body)
}

export function useRequestRecovery() {
  return useMutation({ mutationFn: requestRecovery })
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword })
}
