import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import type { Session } from '@offerbook/domain/session'
import { safeRedirect } from '@offerbook/domain/route-access'
import { apiClient } from '../../../shared/api-client'

export type SsoConfig = { enabled: boolean; name: string }

/** The provider returns to `/?sso=1` without our redirect, so the page to come back to waits here. */
export const SSO_REDIRECT_KEY = 'offerbook.sso.redirect'

export const ssoKeys = { config: ['sso', 'config'] as const }

export function getSsoConfig(): Promise<SsoConfig> {
  return apiClient.get<SsoConfig>('/sso')
}

export function ssoConfigQueryOptions() {
  return queryOptions({ queryKey: ssoKeys.config, queryFn: getSsoConfig, staleTime: 5 * 60_000 })
}

export function useSsoConfig() {
  return useQuery(ssoConfigQueryOptions())
}

export function ssoStartUrl(redirect: string | null): string {
  return `/api/sso/start?redirect=${encodeURIComponent(redirect ?? '/')}`
}

export function rememberSsoRedirect(redirect: string | null): void {
  try {
    if (redirect) window.sessionStorage.setItem(SSO_REDIRECT_KEY, redirect)
    else window.sessionStorage.removeItem(SSO_REDIRECT_KEY)
  } catch {
    // Blocked storage only loses the way back; the user still lands on their home.
  }
}

/** Reads and forgets the saved redirect; only paths on this site come back. */
export function takeSsoRedirect(): string | null {
  try {
    const saved = window.sessionStorage.getItem(SSO_REDIRECT_KEY)
    window.sessionStorage.removeItem(SSO_REDIRECT_KEY)
    return safeRedirect(saved)
  } catch {
    return null
  }
}

/** The provider left its result in a same-origin cookie, which fetch sends along by default. */
export function exchangeSsoSession(): Promise<Session> {
  return apiClient.post<Session>('/sso/session', undefined, { redirectOnUnauthorized: false })
}

export function useSsoExchange({ onSignedIn, onFailed }: { onSignedIn: (session: Session) => void; onFailed: () => void }) {
  return useMutation({ mutationFn: exchangeSsoSession, onSuccess: (session) => onSignedIn(session), onError: () => onFailed() })
}

/** A single sign-on waiting for our e-mailed code: the masked address the code went to. */
export type PendingSso = { email: string; expiresAt: string }

export function getPendingSso(pending: string): Promise<PendingSso> {
  return apiClient.get<PendingSso>('/sso/verify', { pending }, { redirectOnUnauthorized: false })
}

export function usePendingSso(pending: string) {
  return useQuery({ queryKey: ['sso', 'pending', pending] as const, queryFn: () => getPendingSso(pending), retry: false, staleTime: Infinity })
}

export function verifySsoEmail(body: { pending: string; code: string }): Promise<Session> {
  return apiClient.post<Session>('/sso/verify', body, { redirectOnUnauthorized: false })
}

/** `onVerified` sits on the mutation, not on mutate: storing the session may unmount the form first. */
export function useVerifySsoEmail({ onVerified }: { onVerified: (session: Session) => void }) {
  return useMutation({ mutationFn: verifySsoEmail, onSuccess: (session) => onVerified(session) })
}
