import type { Language } from '@offerbook/domain/languages'
import { isLanguage } from '@offerbook/domain/languages'

/** The language this browser chose (spec section 3, Preferences), kept in localStorage. */
export const LANGUAGE_STORAGE_KEY = 'offerbook.language'

let chosen: Language | null = null

export function readLanguagePreference(): Language | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY)
    return isLanguage(stored) ? stored : null
  } catch {
    return null
  }
}

export function writeLanguagePreference(language: Language): void {
  chosen = language
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  } catch {
    // Storage can be full or blocked; the language still applies to this tab.
  }
}

/**
 * Clearing the session empties localStorage (spec section 4); the language the visitor chose is a
 * preference rather than session data, so it is written back afterwards.
 */
export function restoreLanguagePreference(): void {
  if (chosen) writeLanguagePreference(chosen)
}
