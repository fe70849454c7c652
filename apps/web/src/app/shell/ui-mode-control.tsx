import { SegmentedControl, VisuallyHidden } from '@mantine/core'
import { IconHomeDollar, IconHomeSearch } from '@tabler/icons-react'
import { useTranslation } from '../../shared/i18n/translation'
import type { UiMode } from '@offerbook/domain/ui-modes'
import { isUiMode, UI_MODES } from '@offerbook/domain/ui-modes'

const ICONS: Record<UiMode, typeof IconHomeSearch> = { buy: IconHomeSearch, sell: IconHomeDollar }

/**
 * The header's buy/sell switch as shown (spec section 3, Preferences); what a choice does is the
 * caller's (the account's mode when signed in, this browser's otherwise). On a phone (`compact`) each
 * choice is an icon, its name kept for screen readers and as a tooltip, so the header still fits 390 px
 * beside the language, the bell and the account menu.
 */
export function UiModeControl({ value, onChange, compact = false }: { value: UiMode; onChange: (mode: UiMode) => void; compact?: boolean }) {
  const { t } = useTranslation()
  return (
    <SegmentedControl
      aria-label={t('uiMode.label')}
      title={t('uiMode.label')}
      size="xs"
      fullWidth={compact}
      style={{ flexShrink: 0 }}
      value={value}
      onChange={(chosen) => {
        if (isUiMode(chosen)) onChange(chosen)
      }}
      data={UI_MODES.map((mode) => {
        const name = t(`uiMode.${mode}`)
        if (!compact) return { value: mode, label: name }
        const Icon = ICONS[mode]
        return {
          value: mode,
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
