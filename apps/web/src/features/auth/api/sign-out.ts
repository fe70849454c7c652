import { useMutation } from '@tanstack/react-query'
import { apiClient } from '../../../shared/api-client'
import { clearSession } from '../../../shared/session'

/**
 * Revokes the token on the server, then clears the browser session whatever the server said.
 * `beforeClear` lets the caller leave a protected page first, so its guard does not send the
 * browser to sign-in with a redirect back.
 */
export async function signOut(beforeClear?: () => Promise<void> | void): Promise<void> {
  try {
    await apiClient.delete<void>('/session', undefined, { redirectOnUnauthorized: false })
  } catch {
    // An expired or already revoked token is as signed out as it gets.
  }
  try {
    await beforeClear?.()
  } finally {
    clearSession()
  }
}

export function useSignOut(beforeClear?: () => Promise<void> | void) {
  return useMutation({ mutationFn: () => signOut(beforeClear) })
}
