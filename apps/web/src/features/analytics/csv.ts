import type { FigureTable } from './report-tables'

/** A field as RFC 4180 wants it: quoted when it holds a comma, a quote or a line break. */
function field(value: string | number | null): string {
  if (value === null) return ''
  const textValue = String(value)
  // A leading =, +, - or @ would be read as a formula by a spreadsheet: an address is never one.
  const safe = /^[=+\-@]/.test(textValue) && typeof value === 'string' ? `'${textValue}` : textValue
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/**
 * The tables as one CSV: each under its caption, a blank line between them. Numbers are written
 * plainly (a ratio as 0.971, money in dollars), so a spreadsheet can compute with them; the BOM makes
 * Excel read the file as UTF-8, accents included.
 */
export function tablesToCsv(tables: readonly FigureTable[]): string {
  const lines: string[] = []
  for (const table of tables) {
    if (lines.length > 0) lines.push('')
    lines.push(field(table.caption))
    lines.push(table.columns.map(field).join(','))
    for (const row of table.rows) lines.push(row.map((cell) => field(cell.value)).join(','))
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`
}
