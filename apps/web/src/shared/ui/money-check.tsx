import { Alert, Checkbox, List, Stack, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import type { Translate } from '../i18n/translation'
import { useTranslation } from '../i18n/translation'
import type { MoneyWarning } from '@offerbook/domain/money-bounds'
import { formatMoney } from '../money'
import { dollarsInWords } from '@offerbook/domain/number-words'

/**
 * The second look at money typed by hand (money-bounds.ts): why a sum looks wrong, the sum spelled
 * out, and a box to confirm it. The offer editor, the share dialog, the listing wizard and the
 * seller's accept dialog use it.
 */

/** 'This price is under 70 % of the list price ($328,930).' and 'You typed $44,500: forty-four thousand five hundred dollars.' */
export function moneyWarningSentences(warning: MoneyWarning, t: Translate, language: string): [why: string, spelled: string] {
  const amount = formatMoney(warning.amount, language)
  return [
    t(`moneyCheck.${warning.field}.${warning.side}`, { percent: warning.percent ?? 0, bound: formatMoney(warning.bound, language) }),
    t('moneyCheck.spelled', { amount, words: dollarsInWords(warning.amount, language) }),
  ]
}

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

/** The warnings again, for a dialog (share, accept): each with its figure in words. */
export function MoneyWarningList({ warnings, title }: { warnings: readonly MoneyWarning[]; title: string }) {
  const { t, i18n } = useTranslation()
  if (warnings.length === 0) return null
  return (
    <Alert role="status" color="yellow" variant="light" title={title} icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="money-warnings">
      <List size="sm" spacing={4}>
        {warnings.map((warning) => (
          <List.Item key={warning.field}>{moneyWarningSentences(warning, t, i18n.language).join(' ')}</List.Item>
        ))}
      </List>
    </Alert>
  )
}
