import { describe, expect, it } from 'vitest'
import { csvFile, csvLine } from './csv'

describe('writing CSV', () => {
  it('keeps a spreadsheet from running a text cell as a formula: = + - @ tab and CR get a leading quote', () => {
    expect(csvLine(['=SUM(A1)', '+1', '-2', '@cmd', '\tx', '\ry', "'kept", 'a=b', -5, 12])).toBe(`'=SUM(A1),'+1,'-2,'@cmd,"'\tx","'\ry",'kept,a=b,-5,12`)
  })

  it('quotes what needs it, writes nothing for a missing value, and ends each record with CRLF after a BOM', () => {
    expect(csvFile([['a,b', 'say "x"', 'two\nlines', ' padded', null], [], ['plain', 0]])).toBe('\uFEFF"a,b","say ""x""","two\nlines"," padded",\r\n\r\nplain,0\r\n')
  })
})
