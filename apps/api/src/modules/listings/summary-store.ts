/**
 * The search index's listing summaries, kept compact (decision 035). A summary is one flat object whose
 * JSON the search answer writes as it is. Kept as that JSON, 50,000 of them took some 26 MB of the
 * heap, mostly the same keys and the same few values (statuses, types, cities, ZIP codes, nulls) again
 * and again. Here each slot keeps:
 *
 * - its shape: the list of its keys, shared by every summary with the same keys;
 * - for each key, a code into that key's dictionary of value texts, or NONE for a value written out;
 * - one string with the values written out, joined by U+0000 (JSON text never holds that character
 *   raw: JSON.stringify escapes it).
 *
 * A key's dictionary takes new values until it holds DICTIONARY_LIMIT of them; past that, values of
 * that key are written out (ids, addresses and instants never repeat; only the first ones are taken).
 * `json(slot)` gives back exactly JSON.stringify(summary).
 */

const NONE = 0xffff
const DICTIONARY_LIMIT = 1024
/** Keys at most per summary; a summary with more keeps its whole JSON (a shape of its own, WHOLE). */
const WIDTH = 24
const WHOLE = 0xffff
const SEPARATOR = '\u0000'

type Shape = { keys: string[]; prefixes: string[] }

export class SummaryStore {
  private capacity = 0
  private shapeOf = new Uint16Array(0)
  private codes = new Uint16Array(0)
  private written: (string | undefined)[] = []
  private readonly shapes: Shape[] = []
  private readonly shapeIds = new Map<string, number>()
  /** Per key: value text to code, and code to value text. */
  private readonly dictionaries = new Map<string, { codes: Map<string, number>; texts: string[] }>()

  private grow(needed: number): void {
    if (needed <= this.capacity) return
    const capacity = Math.max(needed, Math.ceil(this.capacity * 1.5), 1024)
    const shapeOf = new Uint16Array(capacity)
    shapeOf.set(this.shapeOf)
    const codes = new Uint16Array(capacity * WIDTH)
    codes.set(this.codes)
    this.shapeOf = shapeOf
    this.codes = codes
    this.capacity = capacity
  }

  private shapeFor(keys: string[]): number {
    const name = keys.join(SEPARATOR)
    const known = this.shapeIds.get(name)
    if (known !== undefined) return known
    const id = this.shapes.length
    // Shapes are what the code writes (one, in practice); past 65,535 of them the rest keep their JSON.
    if (id >= WHOLE) return WHOLE
    this.shapes.push({ keys, prefixes: keys.map((key, index) => `${index === 0 ? '{' : ','}${JSON.stringify(key)}:`) })
    this.shapeIds.set(name, id)
    return id
  }

  private code(key: string, text: string): number {
    let dictionary = this.dictionaries.get(key)
    if (!dictionary) {
      dictionary = { codes: new Map(), texts: [] }
      this.dictionaries.set(key, dictionary)
    }
    const known = dictionary.codes.get(text)
    if (known !== undefined) return known
    if (dictionary.texts.length >= DICTIONARY_LIMIT) return NONE
    dictionary.codes.set(text, dictionary.texts.length)
    dictionary.texts.push(text)
    return dictionary.texts.length - 1
  }

  /** Keeps a summary (a flat object, as its JSON will be written) in a slot. */
  set(slot: number, summary: Readonly<Record<string, unknown>>): void {
    this.grow(slot + 1)
    // As JSON.stringify writes it: keys whose value it leaves out (undefined, functions) are not part of it.
    const keys: string[] = []
    const texts: string[] = []
    for (const key of Object.keys(summary)) {
      const text = JSON.stringify(summary[key])
      if (text === undefined) continue
      keys.push(key)
      texts.push(text)
    }
    const shape = keys.length > 0 && keys.length <= WIDTH ? this.shapeFor(keys) : WHOLE
    this.shapeOf[slot] = shape
    if (shape === WHOLE) {
      this.written[slot] = JSON.stringify(summary)
      return
    }
    const out: string[] = []
    const base = slot * WIDTH
    for (let index = 0; index < keys.length; index += 1) {
      const text = texts[index] as string
      const code = this.code(keys[index] as string, text)
      this.codes[base + index] = code
      if (code === NONE) out.push(text)
    }
    this.written[slot] = out.join(SEPARATOR)
  }

  /** Forgets a slot's summary. */
  clear(slot: number): void {
    this.written[slot] = undefined
  }

  /** The slot's summary as JSON.stringify wrote it. */
  json(slot: number): string {
    const written = this.written[slot] as string
    const shapeId = this.shapeOf[slot] as number
    if (shapeId === WHOLE) return written
    const shape = this.shapes[shapeId] as Shape
    const values = written.split(SEPARATOR)
    let next = 0
    let json = ''
    const base = slot * WIDTH
    for (let index = 0; index < shape.keys.length; index += 1) {
      const code = this.codes[base + index] as number
      const text = code === NONE ? values[next++] : (this.dictionaries.get(shape.keys[index] as string) as { texts: string[] }).texts[code]
      json += (shape.prefixes[index] as string) + (text as string)
    }
    return `${json}}`
  }
}
