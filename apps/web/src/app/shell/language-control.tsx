import { NativeSelect } from '@mantine/core'
import { useTranslation } from '../../shared/i18n/translation'
import type { Language } from '@offerbook/domain/languages'
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES } from '@offerbook/domain/languages'

/** The header's language choice as shown; what a choice does is the caller's. */
export function LanguageControl({ onChange }: { onChange: (language: Language) => void }) {
  const { t, i18n } = useTranslation()
  const shown = i18n.resolvedLanguage ?? i18n.language
  const value = isLanguage(shown) ? shown : DEFAULT_LANGUAGE
  return (
    <NativeSelect
      aria-label={t('shell.language')}
      title={t('shell.language')}
      size="xs"
      miw={92}
      style={{ flexShrink: 0 }}
      value={value}
      onChange={(event) => {
        const chosen = event.currentTarget.value
        if (isLanguage(chosen)) onChange(chosen)
      }}
      data={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
    />
  )
}
