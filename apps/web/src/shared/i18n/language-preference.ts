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

/**
 * The language the browser asks for (navigator.languages, the list it sends as Accept-Language), for
 * a browser with no stored choice: Spanish of any region is es-es. The first of the list that we speak
 * wins, so 'en-US, es' stays in English; anything else is null (the default language).
 */
export function browserLanguage(languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages ?? []): Language | null {
  for (const tag of languages) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0]
    if (primary === 'es') return 'es-es'
    if (primary === 'en') return null
  }
  return null
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
