import { Alert, List } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import type { Translate } from '../i18n/translation'
import { useTranslation } from '../i18n/translation'
import type { MoneyWarning } from '@offerbook/domain/money-bounds'
import { formatMoney } from '../money'
import { dollarsInWords } from '@offerbook/domain/number-words'

/**
 * The second look at money typed by hand (money-bounds.ts): why a sum looks wrong, the sum spelled
 * out, and a box to confirm it (money-confirm.tsx, next to a field). The offer editor, the share
 * dialog, the listing wizard and the seller's accept dialog use them.
 */

/** 'This price is under 70 % of the list price ($328,930).' and 'You typed $44,500: forty-four thousand five hundred dollars.' */
export function moneyWarningSentences(warning: MoneyWarning, t: Translate, language: string): [why: string, spelled: string] {
  const amount = formatMoney(warning.amount, language)
  return [
    t(`moneyCheck.${warning.field}.${warning.side}`, { percent: warning.percent ?? 0, bound: formatMoney(warning.bound, language) }),
    t('moneyCheck.spelled', { amount, words: dollarsInWords(warning.amount, language) }),
  ]
}

/** A confirmation's title when sums look wrong. */
export function MoneyWarningsTitle() {
  const { t } = useTranslation()
  return <>{t('moneyCheck.title')}</>
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
