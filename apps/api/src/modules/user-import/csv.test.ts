import { describe, expect, it } from 'vitest'
import { CsvError, csvLine, parseCsv } from './csv'

describe('the CSV reader', () => {
  it('reads quoted fields with commas, escaped quotes and line breaks, and counts lines', () => {
    const text = '\uFEFFemail,name\r\na@example.com,"Doe, Jane"\r\n"b@example.com","Say ""hi""\r\nthere"\r\n\r\nc@example.com,C\n'
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['email', 'name'] },
      { line: 2, cells: ['a@example.com', 'Doe, Jane'] },
      { line: 3, cells: ['b@example.com', 'Say "hi"\r\nthere'] },
      { line: 6, cells: ['c@example.com', 'C'] },
    ])
  })

  it('keeps empty fields and a last record with no line break', () => {
    expect(parseCsv('a,,c\n,,')).toEqual([
      { line: 1, cells: ['a', '', 'c'] },
      { line: 2, cells: ['', '', ''] },
    ])
  })

  it('refuses an unclosed quote, naming the line it starts on', () => {
    expect(() => parseCsv('email\nx@example.com\n"never closed\nmore')).toThrow(CsvError)
    try {
      parseCsv('email\nx@example.com\n"never closed\nmore')
    } catch (error) {
      expect((error as CsvError).line).toBe(3)
    }
  })

  it('writes cells that read back the same, and defuses formulas', () => {
    const line = csvLine(['a,b', 'say "x"', 'plain', '=SUM(A1)'])
    expect(line).toBe('"a,b","say ""x""",plain,\'=SUM(A1)')
    expect(parseCsv(line)[0]?.cells).toEqual(['a,b', 'say "x"', 'plain', "'=SUM(A1)"])
  })
})
