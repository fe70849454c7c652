import { SegmentedControl } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { UI_MODES, UiModeSchema } from '@offerbook/domain/ui-mode'
import { useChangeUiMode, useUiMode } from '../../features/auth/api/ui-mode'
import { notifyError } from '../../shared/notify'

/** The header's buy/sell switch (spec section 3, Preferences): it orders the navigation and the dashboard. */
export function UiModeSwitch() {
  const { t } = useTranslation()
  const mode = useUiMode()
  const changeMode = useChangeUiMode()

  return (
    <SegmentedControl
      aria-label={t('uiMode.label')}
      title={t('uiMode.label')}
      size="xs"
      style={{ flexShrink: 0 }}
      value={mode}
      onChange={(value) => {
        const parsed = UiModeSchema.safeParse(value)
        if (!parsed.success) return
        changeMode(parsed.data).catch(() => notifyError(t('uiMode.saveFailed')))
      }}
      data={UI_MODES.map((value) => ({ value, label: t(`uiMode.${value}`) }))}
    />
  )
}
