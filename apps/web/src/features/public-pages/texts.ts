import type { Language } from '@offerbook/domain/user'
import type { Tree } from '../../locales/resources'
import type { TranslationI18n } from '../../shared/i18n/translation'
import { useTranslation } from '../../shared/i18n/translation'

/**
 * The public pages' texts (some 20 KB gzipped in the two languages) travel with the pages that show
 * them, not in the app's entry with the other locale files (locales/resources.ts leaves public-*.json
 * out). A page adds its texts to the translation as it renders, before its first t(), so a render to a string
 * at build has them too. Each file of texts/ is one namespace, so a page loads only its own.
 */
export type PageTexts = Readonly<Record<Language, Tree>>

const added = new WeakMap<TranslationI18n, Set<PageTexts>>()

export function addPageTexts(i18n: TranslationI18n, texts: PageTexts): void {
  const done = added.get(i18n) ?? new Set<PageTexts>()
  if (done.has(texts)) return
  for (const [language, tree] of Object.entries(texts)) i18n.addResourceBundle(language, 'translation', tree, true, false)
  done.add(texts)
  added.set(i18n, done)
}

/** useTranslation, with these texts added first. */
export function usePageTexts(...texts: PageTexts[]) {
  const translation = useTranslation()
  for (const bundle of texts) addPageTexts(translation.i18n, bundle)
  return translation
}
