import { useMutation } from '@tanstack/react-query'
import { apiClient } from '../../../shared/api-client'
import { clearSession } from '../../../shared/session'

/** Revokes the token on the server, then clears the browser session whatever the server said. */
export async function signOut(): Promise<void> {
  try {
    await apiClient.delete<void>('/session', undefined, { redirectOnUnauthorized: false })
  } catch {
    // An expired or already revoked token is as signed out as it gets.
  } finally {
    clearSession()
  }
}

export function useSignOut() {
  return useMutation({ mutationFn: signOut })
}
