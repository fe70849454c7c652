import { useMutation } from '@tanstack/react-query'
import type { CreateAccount } from '@offerbook/domain/profile'
import type { Session } from '@offerbook/domain/session'
import { apiClient } from '../../../shared/api-client'

export type CodeSent = { email: string; resendAvailableAt: string }

export function createAccount(body: CreateAccount): Promise<CodeSent> {
  return apiClient.post<CodeSent>('/accounts', body)
}

export function verifyAccount(body: { email: string; code: string; persist: boolean }): Promise<Session> {
  return apiClient.post<Session>('/accounts/verify', body, { redirectOnForbidden: false })
}

export function resendCode(email: string): Promise<{ resendAvailableAt: string }> {
  return apiClient.post<{ resendAvailableAt: string }>('/accounts/resend-code', { email })
}

export function useCreateAccount() {
  return useMutation({ mutationFn: createAccount })
}

/** `onVerified` sits on the mutation, not on mutate: storing the session may unmount the form first. */
export function useVerifyAccount({ onVerified }: { onVerified: (session: Session) => void }) {
  return useMutation({ mutationFn: verifyAccount, onSuccess: (session) => onVerified(session) })
}

export function useResendCode() {
  return useMutation({ mutationFn: resendCode })
}
