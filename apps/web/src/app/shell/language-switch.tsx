import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from '../../shared/i18n/translation'
import type { Language } from '@offerbook/domain/languages'
import { meKeys } from '../../features/auth/api/get-me'
import { updateLanguage } from '../../features/auth/api/update-language'
import { changeLanguage } from '../../shared/i18n/i18n'
import { notifyError } from '../../shared/notify'
import { useSession } from '../../shared/session'
import { LanguageControl } from './language-control'

/** The whole app's language choice: this browser's at once, and the account's when signed in. */
export function LanguageSwitch() {
  const { t } = useTranslation()
  const session = useSession()
  const queryClient = useQueryClient()

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

  return <LanguageControl onChange={(language) => void onChange(language)} />
}
