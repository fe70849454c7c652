import { NativeSelect } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { Language } from '@offerbook/domain/languages'
import { isLanguage, LANGUAGES } from '@offerbook/domain/languages'
import { meKeys } from '../../features/auth/api/get-me'
import { updateLanguage } from '../../features/auth/api/update-language'
import { changeLanguage, currentLanguage } from '../../shared/i18n/i18n'
import { notifyError } from '../../shared/notify'
import { useSession } from '../../shared/session'

export function LanguageSwitch() {
  const { t, i18n } = useTranslation()
  const session = useSession()
  const queryClient = useQueryClient()
  const value = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : currentLanguage()

  const onChange = async (language: Language) => {
    await changeLanguage(language)
    if (!session) return
    try {
      const user = await updateLanguage(language)
      queryClient.setQueryData(meKeys.all, user)
    } catch {
      notifyError(t('notify.languageSaveFailed'))
    }
  }

  return (
    <NativeSelect
      aria-label={t('shell.language')}
      title={t('shell.language')}
      size="xs"
      // The header's right-hand group also holds the bell and the user menu: the select keeps the
      // width of its longest name instead of shrinking it to 'Englis' on a phone.
      miw={92}
      style={{ flexShrink: 0 }}
      value={value}
      onChange={(event) => {
        const chosen = event.currentTarget.value
        if (isLanguage(chosen)) void onChange(chosen)
      }}
      data={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
    />
  )
}
