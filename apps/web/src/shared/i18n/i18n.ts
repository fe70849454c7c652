import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { Language } from '@offerbook/domain/languages'
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES } from '@offerbook/domain/languages'
import type { Tree } from '../../locales/resources'
import { loadLanguageTree } from '../../locales/resources'
import { loadAreaTree, loadFrameTree } from '../../locales/areas'
import { readLanguagePreference, writeLanguagePreference } from './language-preference'
import { setActiveTranslator } from './translation'

export { browserLanguage, LANGUAGE_STORAGE_KEY, readLanguagePreference, restoreLanguagePreference, writeLanguagePreference } from './language-preference'

/** The whole app's i18next (the public shell has a translator of its own: translator.ts). */
export const i18n = i18next.createInstance()

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

/** The event that tells the components using texts that a whole language is here (initI18n's `react.bindI18n`). */
const WHOLE_LANGUAGE_LOADED = 'wholeLanguageLoaded'

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
      // The rest of a language arriving after the first render draws again what is shown: a key the
      // source reading could not place (decision 074) then reads as its text. Not every bundle added: a
      // public page adds its own texts as it renders.
      react: { bindI18n: `languageChanged ${WHOLE_LANGUAGE_LOADED}` },
    })
    applyHtmlLang(language)
    // What messages.ts translates with outside components.
    setActiveTranslator({
      t: (key, options) => i18n.t(key, options),
      exists: (key) => i18n.exists(key),
      get language() {
        return i18n.resolvedLanguage ?? i18n.language
      },
    })
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
  i18n.emit(WHOLE_LANGUAGE_LOADED, language)
}

/** The areas (locales/<language>/<area>.json) in i18next by language, before the whole language is. */
const loadedAreas = new Map<Language, Set<string>>()

/** Whether these areas' texts are here in the language shown (the whole language, or each area). */
export function textAreasLoaded(areas: readonly string[], language: Language = currentLanguage()): boolean {
  const done = loadedAreas.get(language)
  return loadedLanguages.has(language) || areas.every((area) => done?.has(area))
}

/**
 * Loads these areas' texts in the language shown, unless the whole language is here (decision 074):
 * a page's module loads its own with it (app/page-modules.ts), so it first renders with its texts.
 */
export async function loadTextAreas(areas: readonly string[], language: Language = currentLanguage()): Promise<void> {
  const done = loadedAreas.get(language) ?? new Set<string>()
  const missing = areas.filter((area) => !done.has(area))
  if (loadedLanguages.has(language) || missing.length === 0) return
  i18n.addResourceBundle(language, 'translation', await loadAreaTree(language, missing), true, false)
  for (const area of missing) done.add(area)
  loadedAreas.set(language, done)
}

/** The frame's texts in `language` (its areas and the common messages), for the first render. */
export async function loadFrameTexts(language: Language, areas: readonly string[]): Promise<void> {
  if (loadedLanguages.has(language)) return
  i18n.addResourceBundle(language, 'translation', await loadFrameTree(language, areas), true, false)
  const done = loadedAreas.get(language) ?? new Set<string>()
  for (const area of areas) done.add(area)
  loadedAreas.set(language, done)
}

/** Changes the language now (once its texts are loaded) and remembers it as this browser's preference. */
export async function changeLanguage(language: Language): Promise<void> {
  writeLanguagePreference(language)
  await loadLanguage(language)
  await i18n.changeLanguage(language)
}
