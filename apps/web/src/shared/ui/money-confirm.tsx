import { Alert, Checkbox, Stack, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import type { MoneyWarning } from '@offerbook/domain/money-bounds'
import { useTranslation } from '../i18n/translation'
import { formatMoney } from '../money'
import { moneyWarningSentences } from './money-check'

// A typed sum's confirmation next to its field (money-check.tsx says why it looks wrong): a module of
// its own, so a page draws its first screen without it and fetches it beside (a warning is rare).

export type MoneyCheckProps = {
  warning: MoneyWarning
  checked: boolean
  onChange: (checked: boolean) => void
  /** The checkbox's id, for focusing it when a share finds it unticked. */
  id: string
  error?: string
  disabled?: boolean
}

/** Next to a field: the warning, the figure in words, and 'Yes, $44,500 is right'. */
export function MoneyCheck({ warning, checked, onChange, id, error, disabled = false }: MoneyCheckProps) {
  const { t, i18n } = useTranslation()
  const [why, spelled] = moneyWarningSentences(warning, t, i18n.language)
  return (
    <Alert role="status" color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid={`money-check-${warning.field}`}>
      <Stack gap={6}>
        <Text size="sm">{why}</Text>
        <Text size="sm" fw={600}>
          {spelled}
        </Text>
        <Checkbox
          id={id}
          checked={checked}
          onChange={(event) => onChange(event.currentTarget.checked)}
          label={t('moneyCheck.confirm', { amount: formatMoney(warning.amount, i18n.language) })}
          error={error}
          disabled={disabled}
        />
      </Stack>
    </Alert>
  )
}
