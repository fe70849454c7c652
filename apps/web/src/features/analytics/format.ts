import type { Cell } from './report-tables'
import { formatWholeMoney } from '../../shared/money'
import { dateTimeFormat, numberFormat } from '@offerbook/domain/intl-formats'

/** A cell as the page shows it, in the reader's language; a figure with nothing to measure is a dash. */
export function formatCell(cell: Cell, language: string): string {
  const { value, kind } = cell
  if (value === null) return '—'
  if (typeof value === 'string') return kind === 'dateTime' ? dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)) : value
  switch (kind) {
    case 'money':
      return formatWholeMoney(value, language)
    case 'percent':
      return numberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(value)
    case 'ratio':
      return numberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(value)
    case 'count':
      return numberFormat(language, { maximumFractionDigits: 0 }).format(value)
    default:
      return numberFormat(language, { maximumFractionDigits: 2 }).format(value)
  }
}
