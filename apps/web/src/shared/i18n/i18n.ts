import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { Language } from '@offerbook/domain/languages'
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES } from '@offerbook/domain/languages'
import type { Tree } from '../../locales/resources'
import { loadLanguageTree } from '../../locales/resources'

export const LANGUAGE_STORAGE_KEY = 'offerbook.language'

export const i18n = i18next.createInstance()

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

export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language
  return isLanguage(language) ? language : DEFAULT_LANGUAGE
}

export function htmlLang(language: Language): string {
  return language.slice(0, 2)
}

function applyHtmlLang(language: string) {
  // The prerender runs without a document; its HTML says lang="en" already.
  if (typeof document === 'undefined') return
  document.documentElement.lang = htmlLang(isLanguage(language) ? language : DEFAULT_LANGUAGE)
}

/**
 * The languages whose whole tree is in i18next. A bundle of the language is not enough: a public
 * page adds its own texts in both languages as it renders (features/public-pages/texts.ts).
 */
const loadedLanguages = new Set<Language>()

/**
 * Starts i18n in `language` with the texts given (the app passes the one language it loaded;
 * tests and the prerender pass both). Another language's texts load when it is chosen.
 */
export function initI18n(language: Language = readLanguagePreference() ?? DEFAULT_LANGUAGE, texts: Partial<Record<Language, Tree>> = {}) {
  const starting = !i18n.isInitialized
  if (starting) {
    i18n.on('languageChanged', applyHtmlLang)
    const resources = Object.fromEntries(Object.entries(texts).map(([lng, tree]) => [lng, { translation: tree }]))
    void i18n.use(initReactI18next).init({
      resources,
      partialBundledLanguages: true,
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
  for (const [lng, tree] of Object.entries(texts)) {
    if (!isLanguage(lng) || loadedLanguages.has(lng)) continue
    // Given after the start (a test's second call): merged in, as loadLanguage does.
    if (!starting) i18n.addResourceBundle(lng, 'translation', tree, true, false)
    loadedLanguages.add(lng)
  }
  return i18n
}

/** Loads a language's texts unless they are here already. */
export async function loadLanguage(language: Language): Promise<void> {
  if (loadedLanguages.has(language)) return
  i18n.addResourceBundle(language, 'translation', await loadLanguageTree(language), true, false)
  loadedLanguages.add(language)
}

/** Changes the language now (once its texts are loaded) and remembers it as this browser's preference. */
export async function changeLanguage(language: Language): Promise<void> {
  writeLanguagePreference(language)
  await loadLanguage(language)
  await i18n.changeLanguage(language)
}

/**
 * Clearing the session empties localStorage (spec section 4); the language the visitor chose is a
 * preference rather than session data, so it is written back afterwards.
 */
export function restoreLanguagePreference(): void {
  if (chosen) writeLanguagePreference(chosen)
}
