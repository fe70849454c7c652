import type { Language } from '@offerbook/domain/languages'
import { DEFAULT_LANGUAGE, isLanguage } from '@offerbook/domain/languages'
import type { Tree } from '../../locales/resources'
import { loadLanguageTree } from '../../locales/resources'
import { loadAreaTree, loadCatalogueTree, loadFrameTree, loadLanguageFiles } from '../../locales/areas'
import { textsLoading } from '../texts-settled'
import { readLanguagePreference, writeLanguagePreference } from './language-preference'
import type { Translate } from './translation'
import { setActiveTranslator } from './translation'
import type { MiniTranslator } from './translator'
import { createTranslator } from './translator'

export { browserLanguage, LANGUAGE_STORAGE_KEY, readLanguagePreference, restoreLanguagePreference, writeLanguagePreference } from './language-preference'

/**
 * The whole app's texts (decision 083): the translator the public shell uses too (translator.ts), with
 * the few parts of i18next's instance the app and its tests call. i18next itself is not shipped.
 */
export type AppI18n = {
  readonly translator: MiniTranslator
  readonly isInitialized: boolean
  readonly language: Language
  readonly resolvedLanguage: Language
  t: Translate
  exists: (key: string) => boolean
  /** Shows `language`, whose texts must be here (loadLanguage); <html lang> follows. */
  changeLanguage: (language: string) => Promise<void>
  /** Adds texts to a language's, merged in (the namespace is always the one tree). */
  addResourceBundle: (language: string, namespace: string, tree: Tree, deep?: boolean, overwrite?: boolean) => void
}

const translator = createTranslator(DEFAULT_LANGUAGE)
let started = false

export const i18n: AppI18n = {
  translator,
  get isInitialized() {
    return started
  },
  get language() {
    return translator.language
  },
  get resolvedLanguage() {
    return translator.language
  },
  t: (key, options) => translator.t(key, options),
  exists: (key) => translator.exists(key),
  changeLanguage: async (language) => {
    if (!isLanguage(language)) return
    translator.changeLanguage(language)
    applyHtmlLang(language)
  },
  addResourceBundle: (language, _namespace, tree) => {
    if (isLanguage(language)) translator.addTree(language, tree)
  },
}

export function currentLanguage(): Language {
  return translator.language
}

export function htmlLang(language: Language): string {
  return language.slice(0, 2)
}

function applyHtmlLang(language: Language) {
  // The prerender runs without a document; its HTML says lang="en" already.
  if (typeof document === 'undefined') return
  document.documentElement.lang = htmlLang(language)
}

/**
 * The languages whose whole tree is in the translator. A bundle of the language is not enough: a public
 * page adds its own texts in both languages as it renders (features/public-pages/texts.ts).
 */
const loadedLanguages = new Set<Language>()

/**
 * Starts i18n in `language` with the texts given (the app passes the one language it loaded;
 * tests and the prerender pass both). Another language's texts load when it is chosen.
 */
export function initI18n(language: Language = readLanguagePreference() ?? DEFAULT_LANGUAGE, texts: Partial<Record<Language, Tree>> = {}): AppI18n {
  if (!started) {
    started = true
    translator.changeLanguage(language)
    applyHtmlLang(language)
    // What messages.ts translates with outside components.
    setActiveTranslator(translator)
  }
  for (const [lng, tree] of Object.entries(texts)) {
    if (!isLanguage(lng) || loadedLanguages.has(lng)) continue
    translator.addTree(lng, tree)
    loadedLanguages.add(lng)
  }
  return i18n
}

/** Loads a language's texts unless they are here already. */
export async function loadLanguage(language: Language): Promise<void> {
  if (loadedLanguages.has(language)) return
  translator.addTree(language, await loadLanguageTree(language))
  loadedLanguages.add(language)
  // The rest of a language arriving after the first render draws again what is shown: a key the
  // source reading could not place (decision 074) then reads as its text.
  translator.announce()
}

/** How many areas of the rest of a language are read into the translator in one task. */
const REST_BATCH = 4

/**
 * The rest of the language shown, after the first render: every area file of the language in one
 * request (locales/<language>-files.ts), then the areas not here yet read into the translator a few in
 * each task with a pause between, so none of it is a long task in the page's first seconds (issue 36);
 * then the catalogue. What a change of language loads at once is loadLanguage.
 */
export async function loadRestOfLanguage(language: Language, pause: () => Promise<void> = nextTask): Promise<void> {
  if (loadedLanguages.has(language)) return
  // Not counted among the texts a part waits for (textsLoading): a part's own areas load with its page.
  const files = await loadLanguageFiles(language)
  const done = loadedAreas.get(language) ?? new Set<string>()
  loadedAreas.set(language, done)
  const missing = files.areas.filter((area) => !done.has(area))
  for (let start = 0; start < missing.length && !loadedLanguages.has(language); start += REST_BATCH) {
    const batch = missing.slice(start, start + REST_BATCH).filter((area) => !done.has(area))
    translator.addTree(language, files.tree(batch))
    for (const area of batch) done.add(area)
    await pause()
  }
  if (loadedLanguages.has(language)) return
  translator.addTree(language, await loadCatalogueTree(language))
  loadedLanguages.add(language)
  translator.announce()
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** The areas (locales/<language>/<area>.json) in the translator by language, before the whole language is. */
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
  const loading = loadAreaTree(language, missing).then((tree) => {
    translator.addTree(language, tree)
    for (const area of missing) done.add(area)
    loadedAreas.set(language, done)
  })
  textsLoading(loading)
  await loading
}

/** The frame's texts in `language` (its areas and the common messages), for the first render. */
export async function loadFrameTexts(language: Language, areas: readonly string[]): Promise<void> {
  if (loadedLanguages.has(language)) return
  translator.addTree(language, await loadFrameTree(language, areas))
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
