import { useCallback } from 'react'
import type { UiMode } from '@offerbook/domain/ui-modes'
import { DEFAULT_UI_MODE } from '@offerbook/domain/ui-modes'
import type { User } from '@offerbook/domain/user'
import { apiClient } from '../../../shared/api-client'
import { useSession } from '../../../shared/session'
import { useStoredUiMode, writeUiModePreference } from '../../../shared/ui-mode'
import { useCurrentUser, useSetCurrentUser } from './get-me'

export async function updateUiMode(uiMode: UiMode): Promise<User> {
  const { user } = await apiClient.put<{ user: User }>('/me/ui-mode', { uiMode })
  return user
}

/** The mode in force: the account's when signed in, else this browser's, else buy (spec section 3). */
export function useUiMode(): UiMode {
  const session = useSession()
  const me = useCurrentUser()
  const stored = useStoredUiMode()
  const account = session ? me.data?.uiMode : undefined
  return account ?? stored ?? DEFAULT_UI_MODE
}

/**
 * Changes the mode: at once in this browser, then on the account when signed in. The returned promise
 * rejects when the account could not be saved, so the caller can say so.
 */
export function useChangeUiMode(): (mode: UiMode) => Promise<void> {
  const session = useSession()
  const setUser = useSetCurrentUser()
  return useCallback(
    async (mode: UiMode) => {
      writeUiModePreference(mode)
      if (!session) return
      setUser(await updateUiMode(mode))
    },
    [session, setUser],
  )
}
