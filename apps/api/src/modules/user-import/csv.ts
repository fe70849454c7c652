/**
 * A small RFC 4180 reader: fields separated by commas, records by CRLF or LF (a lone CR too),
 * fields in double quotes may hold commas, line breaks and "" for a quote. A leading BOM is dropped.
 * Each record carries the line (from 1) it starts on, so problems can be reported as a person counts.
 */
export type CsvRecord = { line: number; cells: string[] }

export class CsvError extends Error {
  override name = 'CsvError'
  constructor(readonly line: number) {
    super(`unclosed quoted field starting at line ${line}`)
  }
}

/** Blank lines (a single empty cell) are left out; `onRecord` may stop the reading by returning false. */
export function parseCsv(input: string, onRecord?: (record: CsvRecord) => boolean | void): CsvRecord[] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
  const records: CsvRecord[] = []
  let line = 1
  let recordLine = 1
  let cells: string[] = []
  let field = ''
  let i = 0
  const n = text.length
  const endRecord = (): boolean => {
    cells.push(field)
    field = ''
    const record = { line: recordLine, cells }
    cells = []
    if (record.cells.length === 1 && record.cells[0] === '') return true
    records.push(record)
    return onRecord?.(record) !== false
  }
  while (i < n) {
    const char = text[i]
    if (char === '"' && field === '') {
      // A quoted field: up to the closing quote not followed by another.
      const start = line
      i++
      let closed = false
      let chunkStart = i
      while (i < n) {
        const c = text[i]
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += text.slice(chunkStart, i + 1)
            i += 2
            chunkStart = i
            continue
          }
          field += text.slice(chunkStart, i)
          i++
          closed = true
          break
        }
        if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++
        i++
      }
      if (!closed) throw new CsvError(start)
      // Anything between the closing quote and the next separator is kept as written.
      while (i < n && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') field += text[i++]
      continue
    }
    if (char === ',') {
      cells.push(field)
      field = ''
      i++
      continue
    }
    if (char === '\r' || char === '\n') {
      i += char === '\r' && text[i + 1] === '\n' ? 2 : 1
      line++
      if (!endRecord()) return records
      recordLine = line
      continue
    }
    // An unquoted run of text.
    let j = i
    while (j < n && text[j] !== ',' && text[j] !== '\r' && text[j] !== '\n') j++
    field += text.slice(i, j)
    i = j
  }
  if (field !== '' || cells.length > 0) endRecord()
  return records
}

/** One value for a CSV file: quoted when it holds a comma, a quote or a line break, or starts like a formula. */
export function csvCell(value: string): string {
  // Spreadsheets run a cell that starts with = + - @ as a formula; a leading quote keeps it text.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

export function csvLine(values: readonly string[]): string {
  return values.map(csvCell).join(',')
}
