import { useMutation } from '@tanstack/react-query'
import type { Session } from '@offerbook/domain/session'
import { apiClient } from '../../../shared/api-client'

// A wrong code answers 401; the visitor is already on the sign-in page and must stay on the form.
const STAY = { redirectOnUnauthorized: false, redirectOnForbidden: false } as const

export function requestPhoneCode(phone: string): Promise<void> {
  return apiClient.post<void>('/session/phone-code', { phone }, STAY)
}

export function signInWithPhone(body: { phone: string; code: string; persist: boolean }): Promise<Session> {
  return apiClient.post<Session>('/session/phone', body, STAY)
}

export function useRequestPhoneCode() {
  return useMutation({ mutationFn: requestPhoneCode })
}

export function usePhoneSignIn({ onSignedIn }: { onSignedIn: (session: Session, persist: boolean) => void }) {
  return useMutation({ mutationFn: signInWithPhone, onSuccess: (session, variables) => onSignedIn(session, variables.persist) })
}
