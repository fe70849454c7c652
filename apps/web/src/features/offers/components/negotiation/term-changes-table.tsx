import { Table, Text } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import type { Translate } from '../../../../shared/i18n/translation'
import { formatMoney } from '../../../../shared/money'
import type { OfferTerms } from '@offerbook/domain/offer'
import type { ClauseFieldKind } from '@offerbook/domain/clauses/fields'
import type { ChoiceGroup, TermDifference, TermValue } from '@offerbook/domain/offer-differences'
import type { OfferRules } from '../editor/offer-rules'
import { DataTable } from '../../../../shared/ui/data-table'
import { formatCalendarDate, formatInstant } from '../details/offer-format'

export type TermChangesProps = { before: OfferTerms; after: OfferTerms; label: string; beforeLabel?: string; afterLabel?: string; timeZone?: string }

/** A term's value as the difference writes it in the reader's language; '-' for a value not given. */
function valueText(value: TermValue, t: Translate, language: string, timeZone?: string): string {
  switch (value.type) {
    case 'money':
      return value.value === null ? '-' : formatMoney(value.value, language)
    case 'days':
      return value.value === null ? '-' : t('negotiation.days', { count: value.value })
    case 'date':
      return value.value ? formatCalendarDate(value.value, language) : '-'
    case 'instant':
      return value.value ? formatInstant(value.value, language, timeZone) : '-'
    case 'yesNo':
      return value.value === null ? '-' : t(value.value ? 'negotiation.revision.yes' : 'negotiation.revision.no')
    case 'choice':
      return value.value === null ? '-' : t(`${CHOICE_LABELS[value.group]}.${value.value}`)
    case 'text':
      return value.value.trim() === '' ? '-' : value.value
    case 'concession':
      if (value.value.amount === null) return '-'
      return value.value.unit === 'percent' ? `${value.value.amount}%` : formatMoney(value.value.amount, language)
  }
}

const CHOICE_LABELS: Record<ChoiceGroup, string> = { financing: 'offer.financing', holder: 'offer.holder', possession: 'offer.possession', warrantyPayer: 'offer.warrantyPayer' }

/** A clause field's printed value with its unit: '21 days', '3%', '$9,000'. */
function clauseValueText(kind: ClauseFieldKind, value: string, t: Translate): string {
  if (value === '') return '-'
  if (kind === 'days' && /^\d+$/.test(value)) return t('negotiation.days', { count: Number(value) })
  if (kind === 'percent') return `${value}%`
  if (kind === 'dollars') return `$${value}`
  return value
}

type Row = { key: string; name: string; before: string; after: string }

/** Each difference as a row of the table: what, then old and new, in the reader's language. */
function differenceRow(difference: TermDifference, fieldLabelKey: OfferRules['fieldLabelKey'], t: Translate, language: string, timeZone?: string): Row {
  if (difference.kind === 'term') {
    return { key: difference.path, name: t(`negotiation.term.${difference.path.replace('.', '_')}`), before: valueText(difference.before, t, language, timeZone), after: valueText(difference.after, t, language, timeZone) }
  }
  const clause = t(`negotiation.clause.${difference.set}`, { key: difference.clause.key, title: difference.clause.title })
  if (difference.kind === 'clause') {
    const added = difference.change === 'added'
    return {
      key: `${difference.set}.${difference.clause.key}`,
      name: t(`negotiation.clause.${difference.change}`, { clause }),
      before: added ? '-' : t('negotiation.clause.included'),
      after: added ? t('negotiation.clause.included') : t('negotiation.clause.struckValue'),
    }
  }
  const label = t(fieldLabelKey(difference.clause, difference.field), { defaultValue: difference.field.label })
  return {
    key: `${difference.set}.${difference.field.name}`,
    name: t('negotiation.clause.field', { clause, field: label }),
    before: clauseValueText(difference.field.kind, difference.before, t),
    after: clauseValueText(difference.field.kind, difference.after, t),
  }
}

/**
 * The difference of two versions, term by term and clause by clause (decision 051): one row per
 * change, old and new. `timeZone`: the property's, in which the expiration is written.
 */
export function TermChangesTable({ rules, before, after, label, beforeLabel, afterLabel, timeZone }: TermChangesProps & { rules: OfferRules }) {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  const rows = rules.termDifferences(before, after).map((difference) => differenceRow(difference, rules.fieldLabelKey, t, language, timeZone))
  if (rows.length === 0) return <Text>{t('negotiation.revision.noChange')}</Text>
  return (
    <DataTable
      minWidth={420}
      withTableBorder
      striped
      aria-label={label}
      data-testid="term-changes"
      columns={[t('negotiation.difference.term'), beforeLabel ?? t('negotiation.revision.was'), afterLabel ?? t('negotiation.revision.now')]}
      items={rows}
      row={(row) => (
        <Table.Tr key={row.key} data-term={row.key}>
          <Table.Th scope="row">{row.name}</Table.Th>
          <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{row.before}</Table.Td>
          <Table.Td fw={700} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {row.after}
          </Table.Td>
        </Table.Tr>
      )}
    />
  )
}

