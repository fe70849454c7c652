import { useMemo } from 'react'
import type { ReactNode } from 'react'
import { useTranslation as useI18next } from 'react-i18next'
import type { Translate, Translation } from '../shared/i18n/translation'
import { TranslationProvider } from '../shared/i18n/translation'

/** The whole app's translation for the components it shares with the public shell: i18next's, through react-i18next. */
export function I18nextTranslation({ children }: { children: ReactNode }) {
  const { t, i18n } = useI18next()
  const { language, resolvedLanguage } = i18n
  const value = useMemo<Translation>(
    () => ({
      t: t as unknown as Translate,
      i18n: { language, resolvedLanguage, addResourceBundle: (...args) => i18n.addResourceBundle(...args) },
    }),
    [t, i18n, language, resolvedLanguage],
  )
  return <TranslationProvider value={value}>{children}</TranslationProvider>
}
