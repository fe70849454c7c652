import { SegmentedControl, VisuallyHidden } from '@mantine/core'
import { IconHomeDollar, IconHomeSearch } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { UiMode } from '@offerbook/domain/ui-modes'
import { isUiMode, UI_MODES } from '@offerbook/domain/ui-modes'
import { useChangeUiMode, useUiMode } from '../../features/auth/api/ui-mode'
import { notifyError } from '../../shared/notify'

const ICONS: Record<UiMode, typeof IconHomeSearch> = { buy: IconHomeSearch, sell: IconHomeDollar }

/**
 * The header's buy/sell switch (spec section 3, Preferences): it orders the navigation and the
 * dashboard. On a phone (`compact`) each choice is an icon, its name kept for screen readers and as a
 * tooltip, so the header still fits 390 px beside the language, the bell and the account menu.
 */
export function UiModeSwitch({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation()
  const mode = useUiMode()
  const changeMode = useChangeUiMode()

  return (
    <SegmentedControl
      aria-label={t('uiMode.label')}
      title={t('uiMode.label')}
      size="xs"
      fullWidth={compact}
      style={{ flexShrink: 0 }}
      value={mode}
      onChange={(value) => {
        if (!isUiMode(value)) return
        changeMode(value).catch(() => notifyError(t('uiMode.saveFailed')))
      }}
      data={UI_MODES.map((value) => {
        const name = t(`uiMode.${value}`)
        if (!compact) return { value, label: name }
        const Icon = ICONS[value]
        return {
          value,
          label: (
            <span title={name} style={{ display: 'inline-flex' }}>
              <Icon size={14} aria-hidden />
              <VisuallyHidden>{name}</VisuallyHidden>
            </span>
          ),
        }
      })}
    />
  )
}
