import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { Language } from '@offerbook/domain/user'
import { DEFAULT_LANGUAGE, LANGUAGES, LanguageSchema } from '@offerbook/domain/user'
import { RESOURCES } from '../../locales/resources'

export const LANGUAGE_STORAGE_KEY = 'offerbook.language'

export const i18n = i18next.createInstance()

let chosen: Language | null = null

export function readLanguagePreference(): Language | null {
  try {
    const result = LanguageSchema.safeParse(window.localStorage.getItem(LANGUAGE_STORAGE_KEY))
    return result.success ? result.data : null
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

export function currentLanguage(): Language {
  const result = LanguageSchema.safeParse(i18n.resolvedLanguage ?? i18n.language)
  return result.success ? result.data : DEFAULT_LANGUAGE
}

export function htmlLang(language: Language): string {
  return language.slice(0, 2)
}

function applyHtmlLang(language: string) {
  const parsed = LanguageSchema.safeParse(language)
  document.documentElement.lang = htmlLang(parsed.success ? parsed.data : DEFAULT_LANGUAGE)
}

export function initI18n(language: Language = readLanguagePreference() ?? DEFAULT_LANGUAGE) {
  if (!i18n.isInitialized) {
    i18n.on('languageChanged', applyHtmlLang)
    void i18n.use(initReactI18next).init({
      resources: { 'en-us': { translation: RESOURCES['en-us'] }, 'es-es': { translation: RESOURCES['es-es'] } },
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      lowerCaseLng: true,
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    })
    applyHtmlLang(language)
  }
  return i18n
}

/** Changes the language now and remembers it as this browser's preference. */
export async function changeLanguage(language: Language): Promise<void> {
  writeLanguagePreference(language)
  await i18n.changeLanguage(language)
}

/**
 * Clearing the session empties localStorage (spec section 4); the language the visitor chose is a
 * preference rather than session data, so it is written back afterwards.
 */
export function restoreLanguagePreference(): void {
  if (chosen) writeLanguagePreference(chosen)
}
