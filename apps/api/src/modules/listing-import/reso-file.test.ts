import { describe, expect, it } from 'vitest'
import { messageText } from '@offerbook/domain/messages'
import { parseResoFile } from './reso-file'

describe('a RESO JSON file', () => {
  it('gives each record of "value" the line it starts on', () => {
    const text = ['{', '  "@odata.context": "x",', '  "value": [', '    {"ListingKey": "a", "Media": [{"MediaKey": "m"}]},', '', '    {', '      "ListingKey": "b"', '    }', '  ]', '}'].join('\n')
    const parsed = parseResoFile(text)
    expect(parsed).toEqual({
      ok: true,
      records: [
        { raw: { ListingKey: 'a', Media: [{ MediaKey: 'm' }] }, line: 4 },
        { raw: { ListingKey: 'b' }, line: 6 },
      ],
    })
  })

  it('takes a bare array, a byte order mark, and keys JSON.parse would keep', () => {
    const parsed = parseResoFile('\uFEFF[\n{"__proto__": 1, "n": -1.5e2, "s": "a\\u00e9\\n", "t": true, "f": false, "z": null}\n]')
    expect(parsed.ok).toBe(true)
    if (!parsed.ok) return
    expect(parsed.records).toHaveLength(1)
    expect(parsed.records[0]!.line).toBe(2)
    expect(JSON.stringify(parsed.records[0]!.raw)).toBe(JSON.stringify(JSON.parse('{"__proto__": 1, "n": -1.5e2, "s": "a\\u00e9\\n", "t": true, "f": false, "z": null}')))
    expect(Object.getPrototypeOf(parsed.records[0]!.raw)).toBe(Object.prototype)
  })

  it('says where a broken file breaks, as an editor counts lines and columns', () => {
    expect(parseResoFile('[\n  {"a": 1,}\n]')).toEqual({ ok: false, message: { key: 'listingImport.fileNotJson', params: { line: 2, column: 11 } } })
    expect(messageText('listingImport.fileNotJson', { line: 2, column: 11 })).toBe('The file is not valid JSON: the error is at line 2, column 11. Nothing was imported.')
    expect(parseResoFile('{"value": [\n  {"a": "unterminated\n]}')).toEqual({ ok: false, message: { key: 'listingImport.fileNotJson', params: { line: 2, column: 9 } } })
    expect(parseResoFile('[{"a": 1}')).toEqual({ ok: false, message: { key: 'listingImport.fileNotJson', params: { line: 1, column: 10 } } })
    expect(parseResoFile('[1] [2]')).toEqual({ ok: false, message: { key: 'listingImport.fileNotJson', params: { line: 1, column: 5 } } })
    expect(parseResoFile("[{'a': 1}]")).toEqual({ ok: false, message: { key: 'listingImport.fileNotJson', params: { line: 1, column: 3 } } })
    expect(parseResoFile('[' + '['.repeat(300) + ']'.repeat(300) + ']').ok).toBe(false)
  })

  it('wants records: an array, or an object with a "value" array, not empty', () => {
    expect(parseResoFile('{"value": {"ListingKey": "a"}}')).toEqual({ ok: false, message: { key: 'listingImport.fileShape' } })
    expect(parseResoFile('42')).toEqual({ ok: false, message: { key: 'listingImport.fileShape' } })
    expect(parseResoFile('[]')).toEqual({ ok: false, message: { key: 'listingImport.fileEmpty' } })
  })
})
