import { LISTING_IMPORT_LIMITS } from '@offerbook/domain/listing-import'
import type { Message } from '@offerbook/domain/messages'

/**
 * An uploaded RESO JSON file: `{ "value": [ ...Property records... ] }` as the Web API answers, or a
 * bare array of records. JSON.parse says neither where a file breaks nor where each record starts,
 * so this small parser does both: a broken file is reported by line and column, and each record
 * carries the line it starts on, so a bad record can be found in the file.
 */

export type FileRecord = { raw: unknown; line: number }
export type ParsedFile = { ok: true; records: FileRecord[] } | { ok: false; message: Message }

const MAX_DEPTH = 200

class JsonError extends Error {
  constructor(readonly position: number) {
    super(`invalid JSON at ${position}`)
  }
}

const WHITESPACE = /[ \t\n\r]*/y
// A JSON string: no raw control characters (code points below 0x20), escapes only as JSON has them.
// eslint-disable-next-line no-control-regex
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y

class Parser {
  position = 0
  /** Where each record starts: the elements of the top array, or of the top object's "value". */
  readonly recordStarts: number[] = []

  constructor(private readonly text: string) {}

  private skipWhitespace(): void {
    WHITESPACE.lastIndex = this.position
    WHITESPACE.exec(this.text)
    this.position = WHITESPACE.lastIndex
  }

  private match(pattern: RegExp): string {
    pattern.lastIndex = this.position
    const found = pattern.exec(this.text)
    if (!found) throw new JsonError(this.position)
    this.position = pattern.lastIndex
    return found[0]
  }

  private literal(word: string, value: unknown): unknown {
    for (let index = 0; index < word.length; index++) {
      if (this.text[this.position + index] !== word[index]) throw new JsonError(this.position + index)
    }
    this.position += word.length
    return value
  }

  document(): unknown {
    this.skipWhitespace()
    const value = this.value(0, 'top')
    this.skipWhitespace()
    if (this.position < this.text.length) throw new JsonError(this.position)
    return value
  }

  /** `role` marks the array whose elements are records. */
  private value(depth: number, role: 'top' | 'records' | 'other'): unknown {
    if (depth > MAX_DEPTH) throw new JsonError(this.position)
    const char = this.text[this.position]
    switch (char) {
      case '{':
        return this.object(depth, role === 'top')
      case '[':
        return this.array(depth, role === 'top' || role === 'records')
      case '"':
        return JSON.parse(this.match(STRING)) as string
      case 't':
        return this.literal('true', true)
      case 'f':
        return this.literal('false', false)
      case 'n':
        return this.literal('null', null)
      default:
        return Number(this.match(NUMBER))
    }
  }

  private object(depth: number, top: boolean): Record<string, unknown> {
    const result: Record<string, unknown> = {}
    this.position++
    this.skipWhitespace()
    if (this.text[this.position] === '}') {
      this.position++
      return result
    }
    for (;;) {
      if (this.text[this.position] !== '"') throw new JsonError(this.position)
      const key = JSON.parse(this.match(STRING)) as string
      this.skipWhitespace()
      if (this.text[this.position] !== ':') throw new JsonError(this.position)
      this.position++
      this.skipWhitespace()
      const holdsRecords = top && key === 'value'
      // A repeated "value" key replaces the earlier one, as in JSON.parse.
      if (holdsRecords) this.recordStarts.length = 0
      const value = this.value(depth + 1, holdsRecords ? 'records' : 'other')
      // defineProperty, so a key named __proto__ stays a plain key as JSON.parse keeps it.
      Object.defineProperty(result, key, { value, enumerable: true, writable: true, configurable: true })
      this.skipWhitespace()
      const next = this.text[this.position]
      this.position++
      if (next === '}') return result
      if (next !== ',') throw new JsonError(this.position - 1)
      this.skipWhitespace()
    }
  }

  private array(depth: number, records: boolean): unknown[] {
    const result: unknown[] = []
    this.position++
    this.skipWhitespace()
    if (this.text[this.position] === ']') {
      this.position++
      return result
    }
    for (;;) {
      if (records) this.recordStarts.push(this.position)
      result.push(this.value(depth + 1, 'other'))
      this.skipWhitespace()
      const next = this.text[this.position]
      this.position++
      if (next === ']') return result
      if (next !== ',') throw new JsonError(this.position - 1)
      this.skipWhitespace()
    }
  }
}

/** Lines and columns from 1, as an editor shows them. */
function linesOf(text: string, positions: readonly number[]): { line: number; column: number }[] {
  const out: { line: number; column: number }[] = []
  let line = 1
  let lineStart = 0
  let index = 0
  for (const position of positions) {
    for (; index < position && index < text.length; index++) {
      if (text.charCodeAt(index) === 10) {
        line++
        lineStart = index + 1
      }
    }
    out.push({ line, column: position - lineStart + 1 })
  }
  return out
}

export function parseResoFile(input: string): ParsedFile {
  // A byte order mark is not JSON, but editors on Windows write one.
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input
  const parser = new Parser(text)
  let document: unknown
  try {
    document = parser.document()
  } catch (error) {
    if (!(error instanceof JsonError)) throw error
    const [where] = linesOf(text, [Math.min(error.position, text.length)])
    return { ok: false, message: { key: 'listingImport.fileNotJson', params: { line: where!.line, column: where!.column } } }
  }
  const records = Array.isArray(document) ? document : typeof document === 'object' && document !== null && Array.isArray((document as { value?: unknown }).value) ? (document as { value: unknown[] }).value : null
  if (!records) return { ok: false, message: { key: 'listingImport.fileShape' } }
  if (records.length === 0) return { ok: false, message: { key: 'listingImport.fileEmpty' } }
  if (records.length > LISTING_IMPORT_LIMITS.maxRecords) return { ok: false, message: { key: 'listingImport.tooManyRecords' } }
  const lines = linesOf(text, parser.recordStarts)
  return { ok: true, records: records.map((raw, index) => ({ raw, line: lines[index]?.line ?? 1 })) }
}
