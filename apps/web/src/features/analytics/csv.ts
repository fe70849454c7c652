import type { CsvValue } from '@offerbook/domain/csv'
import { csvFile } from '@offerbook/domain/csv'
import type { FigureTable } from './report-tables'

/**
 * The tables as one CSV: each under its caption, a blank line between them. Numbers are written
 * plainly (a ratio as 0.971, money in dollars), so a spreadsheet can compute with them; the BOM makes
 * Excel read the file as UTF-8, accents included.
 */
export function tablesToCsv(tables: readonly FigureTable[]): string {
  const records: CsvValue[][] = []
  for (const table of tables) {
    if (records.length > 0) records.push([])
    records.push([table.caption], table.columns, ...table.rows.map((row) => row.map((cell) => cell.value)))
  }
  return csvFile(records)
}
