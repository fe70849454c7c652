import { useMemo, useSyncExternalStore } from 'react'
import type { ReactNode } from 'react'
import { MantineProvider } from '@mantine/core'
import type { QueryClient } from '@tanstack/react-query'
import { QueryClientProvider } from '@tanstack/react-query'
import { isLanguage } from '@offerbook/domain/languages'
import type { Translation, TranslationI18n } from '../../shared/i18n/translation'
import { TranslationProvider } from '../../shared/i18n/translation'
import type { MiniTranslator } from '../../shared/i18n/translator'
import { cssVariablesResolver, theme } from '../theme'

/** The translation from the public shell's translator: components draw again when the language changes. */
function PublicTranslation({ translator, children }: { translator: MiniTranslator; children: ReactNode }) {
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

/** The public shell's providers: the whole app's, less i18next, the notices and the dialogs no public page opens. */
export function PublicProviders({ queryClient, translator, children }: { queryClient: QueryClient; translator: MiniTranslator; children: ReactNode }) {
  return (
    <PublicTranslation translator={translator}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </PublicTranslation>
  )
}
