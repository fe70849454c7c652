import { useMemo, useSyncExternalStore } from 'react'
import type { ReactNode } from 'react'
import { isLanguage } from '@offerbook/domain/languages'
import type { Translation, TranslationI18n } from './translation'
import { TranslationProvider } from './translation'
import type { MiniTranslator } from './translator'

/**
 * The translation from a translator (translator.ts), for the whole app and the public shell alike:
 * the components that translate draw again when the language changes or new texts are announced.
 */
export function TranslatorTranslation({ translator, children }: { translator: MiniTranslator; children: ReactNode }) {
  const revision = useSyncExternalStore(
    translator.subscribe,
    () => translator.revision,
    () => translator.revision,
  )
  // One object for the whole life of the shell: a page's texts are added to it once (features/public-pages/texts.ts).
  const i18n = useMemo<TranslationI18n>(
    () => ({
      get language() {
        return translator.language
      },
      get resolvedLanguage() {
        return translator.language
      },
      addResourceBundle: (language, _namespace, tree) => {
        if (isLanguage(language)) translator.addTree(language, tree)
      },
    }),
    [translator],
  )
  // A new t at each change, so the components that translate draw again.
  const value = useMemo<Translation>(() => {
    void revision
    return { t: (key, options) => translator.t(key, options), i18n }
  }, [translator, i18n, revision])
  return <TranslationProvider value={value}>{children}</TranslationProvider>
}
