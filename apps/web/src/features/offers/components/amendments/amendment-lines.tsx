import { List, Text } from '@mantine/core'
import type { Translate } from '../../../../shared/i18n/translation'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { AmendmentLine } from '@offerbook/domain/contract-amendments'
import type { OfferTerms } from '@offerbook/domain/offer'
import { formatMoney } from '../../../../shared/money'
import { formatCalendarDate } from '../details/offer-format'

/** An amendment's changes in the reader's language, each 'term: old → new' (decision 066). */

function possessionText(value: OfferTerms['possession'], t: Translate, language: string): string {
  if (value.time === 'at-closing') return t('amendments.possession.at-closing')
  return t(`amendments.possession.${value.time}On`, { date: value.date ? formatCalendarDate(value.date, language) : '-' })
}

function concessionText(value: OfferTerms['sellerConcessions'], t: Translate, language: string): string {
  if (value.amount === null || value.amount === 0) return t('amendments.none')
  return value.unit === 'percent' ? t('amendments.percentOfPrice', { percent: value.amount }) : formatMoney(value.amount, language)
}

/** One line's old and new values as words; a repair list has no old value. */
export function lineValues(line: AmendmentLine, t: Translate, language: string): { before: string | null; after: string } {
  const day = (value: string | null) => (value ? formatCalendarDate(value, language) : '-')
  const money = (value: number | null) => (value === null ? '-' : formatMoney(value, language))
  const days = (value: number | null) => (value === null ? '-' : t('negotiation.days', { count: value }))
  switch (line.field) {
    case 'closingDate':
      return { before: day(line.before), after: day(line.after) }
    case 'purchasePrice':
      return { before: money(line.before), after: money(line.after) }
    case 'possession':
      return { before: possessionText(line.before, t, language), after: possessionText(line.after, t, language) }
    case 'sellerConcessions':
      return { before: concessionText(line.before, t, language), after: concessionText(line.after, t, language) }
    case 'inspectionPeriodDays':
    case 'resolutionPeriodDays':
      return { before: days(line.before), after: days(line.after) }
    case 'repairs':
      return { before: null, after: line.after.join('; ') }
  }
}

export function AmendmentLines({ lines, testId }: { lines: readonly AmendmentLine[]; testId?: string }) {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  return (
    <List size="sm" spacing={4} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
      {lines.map((line) => {
        const { before, after } = lineValues(line, t, language)
        return (
          <List.Item key={line.field}>
            <Text span size="sm" fw={600}>
              {t(`amendments.field.${line.field}`)}:
            </Text>{' '}
            {before === null ? after : t('amendments.change', { before, after })}
          </List.Item>
        )
      })}
    </List>
  )
}
