/**
 * The monospaced line engine of the documents Offerbook prints on numbered lines (the RF707 addendum,
 * the purchase and sale agreement): words wrapped to a fixed number of characters, each run of a
 * line marked with what it is, so that the browser's preview and the server's PDF set values, marks,
 * headings and blanks apart on the same columns.
 */

export type LineSpanKind = 'text' | 'heading' | 'mark' | 'value' | 'blank' | 'sign'
/**
 * A place filled when the document is signed ('sign' spans): whose (the buyer or seller of that index
 * in the document's order, or the record, which the product fills at sealing), which field, and how
 * many empty lines above it the field may also take. A PDF draws it as a rule, not as text, so what is
 * placed on it covers no printed word.
 */
export type SignPlace =
  | { readonly role: 'buyer' | 'seller'; readonly index: number; readonly field: 'signature' | 'date-signed' | 'full-name'; readonly rise: number }
  | { readonly role: 'record'; readonly index: 0; readonly field: 'binding-agreement-date'; readonly rise: 0 }
/** A run of a line's text. */
export type LineSpan = { readonly text: string; readonly kind: LineSpanKind; readonly place?: SignPlace }
/** A line being built: its runs, in order, not yet merged. */
export type Draft = LineSpan[]

export const text = (value: string): LineSpan => ({ text: value, kind: 'text' })
export const heading = (value: string): LineSpan => ({ text: value, kind: 'heading' })

/** A place to sign (or date, or print a name) of `length` characters. */
export const signHere = (length: number, place: SignPlace): LineSpan => ({ text: '_'.repeat(length), kind: 'sign', place })

/** A value, or underscores to write on when it is empty (a caller trims what it prints). */
export function valueOrBlank(value: string, blankLength: number): LineSpan {
  return value === '' ? { text: '_'.repeat(blankLength), kind: 'blank' } : { text: value, kind: 'value' }
}

export const lengthOf = (pieces: readonly LineSpan[]): number => pieces.reduce((sum, piece) => sum + piece.text.length, 0)

/** Splits pieces into words at spaces; a word keeps the kinds of its parts (a value glued to '%'). */
function toWords(pieces: readonly LineSpan[]): LineSpan[][] {
  const words: LineSpan[][] = []
  let current: LineSpan[] = []
  for (const piece of pieces) {
    piece.text.split(' ').forEach((part, index) => {
      if (index > 0 && current.length > 0) {
        words.push(current)
        current = []
      }
      if (part !== '') current.push({ ...piece, text: part })
    })
  }
  if (current.length > 0) words.push(current)
  return words
}

function splitWord(word: readonly LineSpan[], at: number): [LineSpan[], LineSpan[]] {
  const head: LineSpan[] = []
  const rest: LineSpan[] = []
  let taken = 0
  for (const piece of word) {
    const room = at - taken
    if (room >= piece.text.length) head.push(piece)
    else if (room > 0) {
      head.push({ ...piece, text: piece.text.slice(0, room) })
      rest.push({ ...piece, text: piece.text.slice(room) })
    } else rest.push(piece)
    taken += Math.min(piece.text.length, Math.max(room, 0))
  }
  return [head, rest]
}

export type WrapOptions = {
  /** Characters on a line. */
  readonly width: number
  /** What the first line starts with (a clause's letter and mark). */
  readonly first?: readonly LineSpan[]
  /** Spaces the lines after the first start with. */
  readonly indent?: number
}

/** Greedy word wrap; a word longer than a line is cut where the line ends. Line breaks in a value start a new line. */
export function wrap(pieces: readonly LineSpan[], { width, first = [], indent = 0 }: WrapOptions): Draft[] {
  const lines: Draft[] = []
  let line: Draft = [...first]
  let start = lengthOf(first)
  let used = start
  const newLine = () => {
    lines.push(line)
    line = indent > 0 ? [text(' '.repeat(indent))] : []
    start = indent
    used = indent
  }
  for (let word of toWords(pieces)) {
    let size = lengthOf(word)
    if (used > start && used + 1 + size > width) newLine()
    else if (used > start) {
      // The space inside a value (or a title) belongs to it, so a renderer underlines the value whole.
      const before = line.at(-1)?.kind
      const after = word[0]?.kind
      line.push({ text: ' ', kind: before === after && (before === 'value' || before === 'heading') ? before : 'text' })
      used += 1
    }
    while (size > width - used) {
      const [head, rest] = splitWord(word, width - used)
      line.push(...head)
      newLine()
      word = rest
      size = lengthOf(rest)
    }
    line.push(...word)
    used += size
  }
  lines.push(line)
  return lines
}

/** Each paragraph of a text wrapped on its own (a text's line breaks are kept). */
export function wrapParagraphs(value: string, kind: LineSpanKind, options: WrapOptions): Draft[] {
  return value
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .flatMap((paragraph, index) => wrap([{ text: paragraph.replace(/\t/g, '    '), kind }], { ...options, first: index === 0 ? options.first : indentOf(options.indent) }))
}

const indentOf = (spaces = 0): LineSpan[] => (spaces > 0 ? [text(' '.repeat(spaces))] : [])

export function centred(value: string, kind: LineSpanKind, width: number): Draft {
  return [text(' '.repeat(Math.max(0, Math.floor((width - value.length) / 2)))), { text: value, kind }]
}

/** A draft's runs with the empty ones dropped and neighbours of one kind merged. */
export function toSpans(draft: Draft): LineSpan[] {
  const spans: LineSpan[] = []
  for (const piece of draft) {
    if (piece.text === '') continue
    const last = spans.at(-1)
    if (last && last.kind === piece.kind && last.place === undefined && piece.place === undefined) spans[spans.length - 1] = { text: last.text + piece.text, kind: last.kind }
    else spans.push({ ...piece })
  }
  return spans
}

export const lineText = (spans: readonly LineSpan[]): string => spans.map((span) => span.text).join('')

/** Where a document's places to sign are: the line, its page, and the columns the place spans. */
export type PlacedSign = { readonly place: SignPlace; readonly line: number; readonly page: number; readonly column: number; readonly length: number }

export function signPlacesOf(lines: readonly { readonly number: number; readonly page: number; readonly spans: readonly LineSpan[] }[]): PlacedSign[] {
  const placed: PlacedSign[] = []
  for (const line of lines) {
    let column = 0
    for (const span of line.spans) {
      if (span.kind === 'sign' && span.place) placed.push({ place: span.place, line: line.number, page: line.page, column, length: span.text.length })
      column += span.text.length
    }
  }
  return placed
}
