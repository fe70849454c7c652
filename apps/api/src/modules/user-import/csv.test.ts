import { describe, expect, it } from 'vitest'
import { csvLine } from '@offerbook/domain/csv'
import { CsvError, parseCsv } from './csv'

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

  it('keeps empty fields, a stray quote inside a field and a last record with no line break, whatever the line ends', () => {
    expect(parseCsv('a,,c\r,,\nsay 5" tall,x\r\nlast')).toEqual([
      { line: 1, cells: ['a', '', 'c'] },
      { line: 2, cells: ['', '', ''] },
      { line: 3, cells: ['say 5" tall', 'x'] },
      { line: 4, cells: ['last'] },
    ])
  })

  it('stops after the records asked for, blank lines not counted, without reading the rest', () => {
    expect(parseCsv('a\n\nb\nc\n"never closed', { maxRecords: 2 })).toEqual([
      { line: 1, cells: ['a'] },
      { line: 3, cells: ['b'] },
    ])
  })

  it('refuses an unclosed quote, naming the line its record starts on', () => {
    expect(() => parseCsv('email\nx@example.com\n"never closed\nmore')).toThrow(CsvError)
    try {
      parseCsv('email\n"x\n@example.com"\n"never closed\nmore')
    } catch (error) {
      expect((error as CsvError).line).toBe(4)
    }
  })

  it('reads back what the writer wrote', () => {
    const values = ['a,b', 'say "x"', 'two\nlines', ' padded ', 'plain']
    expect(parseCsv(csvLine(values))[0]?.cells).toEqual(values)
  })
})
