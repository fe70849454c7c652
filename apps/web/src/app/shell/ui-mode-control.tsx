import { IconHomeDollar, IconHomeSearch } from '@tabler/icons-react'
import type { UiMode } from '@offerbook/domain/ui-modes'
import { isUiMode, UI_MODES } from '@offerbook/domain/ui-modes'
import { useTranslation } from '../../shared/i18n/translation'
import { ChoiceSwitch } from '../../shared/ui/choice-switch'

const ICONS: Record<UiMode, typeof IconHomeSearch> = { buy: IconHomeSearch, sell: IconHomeDollar }

/**
 * The header's buy/sell switch as shown (spec section 3, Preferences); what a choice does is the
 * caller's (the account's mode when signed in, this browser's otherwise). On a phone each choice shows
 * as an icon, its name kept for screen readers and as a tooltip, so the header still fits 390 px
 * beside the language, the bell and the account menu. The width decides in CSS (app.css,
 * .header-switches), so a page rendered on the server keeps its header as it comes to life.
 */
export function UiModeControl({ value, onChange }: { value: UiMode; onChange: (mode: UiMode) => void }) {
  const { t } = useTranslation()
  return (
    <ChoiceSwitch
      aria-label={t('uiMode.label')}
      title={t('uiMode.label')}
      size="xs"
      value={value}
      onChange={(chosen) => {
        if (isUiMode(chosen)) onChange(chosen)
      }}
      data={UI_MODES.map((mode) => {
        const name = t(`uiMode.${mode}`)
        const Icon = ICONS[mode]
        return {
          value: mode,
          label: (
            <>
              <span className="ui-mode-name">{name}</span>
              <span className="ui-mode-icon" title={name} aria-hidden>
                <Icon size={14} />
              </span>
            </>
          ),
        }
      })}
    />
  )
}
