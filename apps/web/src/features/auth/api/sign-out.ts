import { useMutation } from '@tanstack/react-query'
import { apiClient } from '../../../shared/api-client'
import { clearSession } from '../../../shared/session'

/**
 * The provider's sign-out page for a session that began with single sign-on, or null; asked while the
 * token still works. A failure only means the provider's own session stays (docs/decisions/008).
 */
async function providerSignOutUrl(): Promise<string | null> {
  try {
    const { url } = await apiClient.get<{ url: string | null }>('/sso/end-session', undefined, { redirectOnUnauthorized: false })
    return url
  } catch {
    return null
  }
}

/** Sends the whole window to the provider's sign-out page, which comes back to the app root. */
export function leaveForProvider(url: string): void {
  window.location.assign(url)
}

/**
 * Revokes the token on the server, then clears the browser session whatever the server said; after
 * a single sign-on session, the browser then goes to the provider to end its session too.
 * `beforeClear` lets the caller leave a protected page first, so its guard does not send the
 * browser to sign-in with a redirect back.
 */
export async function signOut(beforeClear?: () => Promise<void> | void, leave: (url: string) => void = leaveForProvider): Promise<void> {
  const providerUrl = await providerSignOutUrl()
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
  if (providerUrl) leave(providerUrl)
}

export function useSignOut(beforeClear?: () => Promise<void> | void) {
  return useMutation({ mutationFn: () => signOut(beforeClear) })
}
