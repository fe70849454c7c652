import { stringify } from 'csv-stringify/sync'

/**
 * Writing CSV, for every file the product hands out (the offer record, the user import's report, the
 * analytics tables): RFC 4180 by csv-stringify, records ended by CRLF. One rule against formula
 * injection: a text cell that starts with = + - @ a tab or a CR gets a leading single quote, so a
 * spreadsheet shows it as text instead of running it. A cell is quoted when it holds a comma, a quote
 * or a line break, or starts or ends with a space, so it reads back as written.
 */

export type CsvValue = string | number | null

const OPTIONS = { escape_formulas: true, record_delimiter: '\r\n', quoted_match: /[\r\n]|^\s|\s$/ } as const

/** One record, without its line break. */
export function csvLine(values: readonly CsvValue[]): string {
  return stringify([values as CsvValue[]], OPTIONS).slice(0, -2)
}

/** A whole file: each record ended by CRLF, after a byte-order mark so spreadsheet programs read UTF-8 (accents) as such. */
export function csvFile(records: readonly (readonly CsvValue[])[]): string {
  return `\uFEFF${records.map((values) => `${csvLine(values)}\r\n`).join('')}`
}
