import { useSyncExternalStore } from 'react'
import type { UiMode } from '@offerbook/domain/ui-modes'
import { isUiMode } from '@offerbook/domain/ui-modes'

/**
 * Spec section 3, Preferences: the buy/sell mode. Signed out, this browser keeps it in localStorage,
 * the way it keeps the language; signed in, the account's mode wins (features/auth/api/ui-mode.ts).
 */
export const UI_MODE_STORAGE_KEY = 'offerbook.uiMode'

const listeners = new Set<() => void>()
let chosen: UiMode | null = null

export function readUiModePreference(): UiMode | null {
  try {
    const stored = window.localStorage.getItem(UI_MODE_STORAGE_KEY)
    return isUiMode(stored) ? stored : null
  } catch {
    return null
  }
}

export function writeUiModePreference(mode: UiMode): void {
  chosen = mode
  try {
    window.localStorage.setItem(UI_MODE_STORAGE_KEY, mode)
  } catch {
    // Storage can be full or blocked; the mode still applies to this tab.
  }
  for (const listener of listeners) listener()
}

/**
 * Clearing the session empties localStorage (spec section 4); the mode is a preference rather than
 * session data, so it is written back afterwards, like the language.
 */
export function restoreUiModePreference(): void {
  if (chosen) writeUiModePreference(chosen)
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === UI_MODE_STORAGE_KEY) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** This browser's mode, or null when none was chosen here. */
export function useStoredUiMode(): UiMode | null {
  return useSyncExternalStore(subscribe, readUiModePreference, () => null)
}
