import { CsvError as ParseError, parse } from 'csv-parse/sync'

/**
 * Reading CSV (the user import's file) with csv-parse: fields separated by commas, records by CRLF, LF
 * or a lone CR, in any mix; fields in double quotes may hold commas, line breaks and "" for a quote; a
 * stray quote inside an unquoted field is kept as text. A leading BOM is dropped. Each record carries
 * the line (from 1) it starts on, so problems can be reported as a person counts. Writing is
 * @offerbook/domain/csv's.
 */
export type CsvRecord = { line: number; cells: string[] }

export class CsvError extends Error {
  override name = 'CsvError'
  constructor(readonly line: number) {
    super(`unclosed quoted field starting at line ${line}`)
  }
}

const lineBreaks = (cell: string) => cell.match(/\r\n|\r|\n/g)?.length ?? 0

/** Thrown from inside the parser once enough records are read: the rest of the file is not read. */
class Enough extends Error {}

/** Blank lines (a single empty cell) are left out; reading stops after `maxRecords` records, blank lines not counted. */
export function parseCsv(input: string, options: { maxRecords?: number } = {}): CsvRecord[] {
  // Every line is a record here (blank ones too), so each record starts on the line after the previous one's last.
  let line = 1
  const records: CsvRecord[] = []
  const max = options.maxRecords ?? Infinity
  try {
    parse(input, {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      on_record: (cells: string[]) => {
        const record = { line, cells }
        line += 1 + cells.reduce((breaks, cell) => breaks + lineBreaks(cell), 0)
        if (!(cells.length === 1 && cells[0] === '')) records.push(record)
        if (records.length >= max) throw new Enough()
        return null
      },
    })
  } catch (error) {
    if (error instanceof Enough) return records
    // The record being read when the file ran out inside quotes starts where the last one read ended.
    if (error instanceof ParseError) throw new CsvError(line)
    throw error
  }
  return records
}
