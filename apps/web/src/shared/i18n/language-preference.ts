import type { Language } from '@offerbook/domain/languages'
import { isLanguage, LANGUAGE_HINT_COOKIE, languageOfTags } from '@offerbook/domain/languages'

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
 * a browser with no stored choice: the first of the list that we speak, null when none is.
 */
export function browserLanguage(languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages ?? []): Language | null {
  return languageOfTags(languages)
}

/**
 * Keeps the choice, and tells it to the server in a cookie, so index.html names the chosen language's
 * texts among the page's first files (decision 093).
 */
export function writeLanguagePreference(language: Language): void {
  chosen = language
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  } catch {
    // Storage can be full or blocked; the language still applies to this tab.
  }
  try {
    const secure = window.location.protocol === 'https:' ? '; Secure' : ''
    if (!document.cookie.split(/;\s*/).includes(`${LANGUAGE_HINT_COOKIE}=${language}`))
      document.cookie = `${LANGUAGE_HINT_COOKIE}=${language}; Path=/; SameSite=Lax; Max-Age=31536000${secure}`
  } catch {
    // Cookies can be blocked: the server then goes by Accept-Language.
  }
}

/**
 * Clearing the session empties localStorage (spec section 4); the language the visitor chose is a
 * preference rather than session data, so it is written back afterwards.
 */
export function restoreLanguagePreference(): void {
  if (chosen) writeLanguagePreference(chosen)
}
