import { useChangeUiMode, useUiMode } from '../../features/auth/api/ui-mode'
import { useTranslation } from '../../shared/i18n/translation'
import { notifyError } from '../../shared/notify'
import { UiModeControl } from './ui-mode-control'

/** The whole app's buy/sell switch: it orders the navigation and the dashboard, and is saved on the account. */
export function UiModeSwitch() {
  const { t } = useTranslation()
  const mode = useUiMode()
  const changeMode = useChangeUiMode()
  return <UiModeControl value={mode} onChange={(value) => changeMode(value).catch(() => notifyError(t('uiMode.saveFailed')))} />
}
