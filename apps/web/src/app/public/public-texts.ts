import type { Language } from '@offerbook/domain/languages'
import { loadPublicTree } from '../../locales/public'
import { writeLanguagePreference } from '../../shared/i18n/language-preference'
import { setActiveTranslator } from '../../shared/i18n/translation'
import type { MiniTranslator } from '../../shared/i18n/translator'
import { createTranslator } from '../../shared/i18n/translator'

const added = new Set<Language>()
let translator: MiniTranslator | null = null

/** The public shell's translator, made on first use and then the one messages.ts translates with too. */
export function publicTranslator(language: Language): MiniTranslator {
  if (!translator) {
    translator = createTranslator(language)
    setActiveTranslator(translator)
  }
  return translator
}

/** Adds the public shell's texts of a language, once. */
export function addPublicTree(language: Language, tree: Parameters<MiniTranslator['addTree']>[1]): void {
  if (added.has(language) || !translator) return
  translator.addTree(language, tree)
  added.add(language)
}

/** The language choice: remembered in this browser, shown once its texts are in, on <html lang> too. */
export async function changePublicLanguage(language: Language): Promise<void> {
  writeLanguagePreference(language)
  addPublicTree(language, await loadPublicTree(language))
  document.documentElement.lang = language.slice(0, 2)
  translator?.changeLanguage(language)
}
