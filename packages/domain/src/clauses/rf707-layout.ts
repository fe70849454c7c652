import type { Message } from '../messages'
import { message } from '../messages'
import type { Clause, ClauseFormData } from './clause-types'
import { templateParts } from './clause-types'
import { fieldValue, isTicked, printedFieldValue } from './clause-text'
import { plainValue } from './plain-value'
import { pageFooter, RF707_CLAUSES, RF707_EXTRA_CLAUSES, RF707_FORM } from './rf707-catalogue'
import type { Draft, LineSpan, LineSpanKind } from '../contracts/lined-text'
import { centred as centredLine, signHere, text, toSpans, valueOrBlank, wrap as wrapLine } from '../contracts/lined-text'

/**
 * Lays the RF707 document onto its 287 numbered lines over 6 pages (spec section 9), so that the
 * browser's preview and the server's PDF print the same text on the same line numbers. Lines are
 * monospaced, RF707_FORM.lineWidth characters at most. The document is: a header naming the parties
 * and the Property, and how the addendum is read; the lettered clauses in catalogue order, a ticked
 * one marked [X] with its values, an unticked one marked [ ] with underscores for its blanks; the two
 * extra options, each a writing area of at least RF707_EXTRA_AREA_LINES lines (ruled when unticked);
 * unused numbered lines, said to be left blank; and the signature lines, always the last lines of page 6. A clause is not
 * split over two pages when it fits on one. Values wrap onto further lines; when the whole does not
 * fit, the layout says so instead of printing it.
 */

export type Rf707SpanKind = LineSpanKind
/** A run of a line's text, so a renderer can set values, marks and headings apart. */
export type Rf707Span = LineSpan
export type Rf707Line = {
  /** 1 to 287. */
  readonly number: number
  /** 1 to 6. */
  readonly page: number
  /** The spans' texts joined: what the line says. */
  readonly text: string
  readonly spans: readonly Rf707Span[]
}
export type Rf707Page = { readonly number: number; readonly footer: string; readonly lines: readonly Rf707Line[] }
/** Who and what the addendum is about (from the offer); blanks when not given. */
export type Rf707Parties = { readonly buyer?: string; readonly seller?: string; readonly property?: string; readonly timeZone?: 'America/Chicago' | 'America/New_York' }
export type Rf707Layout =
  | { readonly fits: true; readonly pages: readonly Rf707Page[]; readonly lines: readonly Rf707Line[] }
  | { readonly fits: false; readonly linesNeeded: number; readonly linesAvailable: number; readonly message: Message }

type Piece = LineSpan

const WIDTH = RF707_FORM.lineWidth
const TOTAL = RF707_FORM.lineCount
/** Continuation lines of a clause start under its mark. */
const HANG = 4
const PARTY_BLANK = 36
/** Printed after the last clause, so that the unused numbered lines read as meant. */
export const RF707_REST_BLANK = '(The numbered lines from here to the signatures are intentionally left blank.)'
/** Lines an extra option takes at least: its heading and the lines to write on. */
export const RF707_EXTRA_AREA_LINES = 10

const PAGE_STARTS: readonly number[] = RF707_FORM.linesPerPage.map((_, page) => RF707_FORM.linesPerPage.slice(0, page).reduce((sum, n) => sum + n, 0))

/** The page (0-based) of a line index (0-based); indexes past the end count as the last page. */
function pageIndexOf(index: number): number {
  let page = 0
  for (let next = 1; next < PAGE_STARTS.length; next++) if (index >= (PAGE_STARTS[next] ?? TOTAL)) page = next
  return page
}

function pageEnd(pageIndex: number): number {
  return PAGE_STARTS[pageIndex + 1] ?? TOTAL
}

const wrap = (pieces: readonly Piece[], first: readonly Piece[] = [], indent = 0): Draft[] => wrapLine(pieces, { width: WIDTH, first, indent })
const centred = (value: string, kind: Rf707SpanKind): Draft => centredLine(value, kind, WIDTH)

function headerLines(parties: Rf707Parties): Draft[] {
  const party = (value: string | undefined) => valueOrBlank(plainValue(value), PARTY_BLANK)
  return [
    centred(RF707_FORM.title, 'heading'),
    centred('(Clauses made part of a Purchase and Sale Agreement)', 'text'),
    [],
    ...wrap([
      text('This addendum is part of the Purchase and Sale Agreement between the Buyer '),
      party(parties.buyer),
      text(' and the Seller '),
      party(parties.seller),
      text(' for the Property at '),
      party(parties.property),
      text('.'),
    ]),
    ...wrap([text('Only the clauses marked [X] below are part of that agreement. A clause left unmarked has no effect, and its blanks mean nothing.')]),
    [],
    ...wrap([
      { text: 'How this addendum is read.', kind: 'heading' },
      text(
        ' Words that begin with a capital letter, such as Binding Agreement Date, Closing, Earnest Money, Holder and Inspection Period, mean what they mean in the Purchase and Sale Agreement. A period of days is counted in calendar days, starting the day after the event that begins it. A notice under a clause of this addendum is given in writing as the Purchase and Sale Agreement provides. Where a clause marked [X] differs from the Purchase and Sale Agreement, the clause governs; the rest of that agreement stays as it is.',
      ),
    ]),
  ]
}

function clauseLines(clause: Clause, formData: ClauseFormData): Draft[] {
  const ticked = isTicked(formData, clause)
  const first: Piece[] = [
    { text: `${clause.key}.`.padEnd(HANG), kind: 'heading' },
    { text: ticked ? '[X]' : '[ ]', kind: 'mark' },
    text(' '),
  ]
  if (RF707_EXTRA_CLAUSES.includes(clause)) return extraLines(clause, formData, ticked, first)
  const body: Piece[] = [{ text: `${clause.title}.`, kind: 'heading' }, text(' ')]
  for (const part of templateParts(clause)) {
    if (part.type === 'text') body.push(text(part.text))
    else body.push(valueOrBlank(ticked ? printedFieldValue(part.field, formData) : '', part.field.blankLength))
  }
  return wrap(body, first, HANG)
}

/** An extra option: its heading, then the parties' own language, or ruled lines to write on. */
function extraLines(clause: Clause, formData: ClauseFormData, ticked: boolean, first: Piece[]): Draft[] {
  const lines: Draft[] = [[...first, { text: `${clause.title}.`, kind: 'heading' }]]
  const language = clause.fields.map((field) => (ticked ? fieldValue(formData, field.name) : '')).join(' ').trim()
  if (language !== '') lines.push(...wrap([{ text: language, kind: 'value' }], [text(' '.repeat(HANG))], HANG))
  const ruled: Draft = [text(' '.repeat(HANG)), { text: '_'.repeat(WIDTH - HANG), kind: 'blank' }]
  while (lines.length < RF707_EXTRA_AREA_LINES) lines.push(language === '' ? ruled : [])
  return lines
}

/** The parties' lines to sign, the last of the form: Buyer, Buyer, Seller, Seller, each with its date. */
function signatureLines(): Draft[] {
  const signer = (role: 'buyer' | 'seller', index: number): Draft => [
    text(`${role === 'buyer' ? 'Buyer' : 'Seller'}`.padEnd(8)),
    signHere(44, { role, index, field: 'signature', rise: 0 }),
    text('  Date  '),
    signHere(14, { role, index, field: 'date-signed', rise: 0 }),
  ]
  return [
    [],
    ...wrap([text('By signing below, Buyer and Seller agree that the clauses marked [X] above are part of their agreement.')]),
    [],
    signer('buyer', 0),
    signer('buyer', 1),
    signer('seller', 0),
    signer('seller', 1),
  ]
}

/** The RF707 document for the given choices and parties, or how many lines it would need. */
export function layoutRf707(formData: ClauseFormData, parties: Rf707Parties = {}): Rf707Layout {
  const drafts: Draft[] = [...headerLines(parties)]
  for (const clause of RF707_CLAUSES) {
    const block = clauseLines(clause, formData)
    let start = drafts.length + 1 // a blank line between clauses
    if (PAGE_STARTS.includes(drafts.length)) start = drafts.length // ... except at the top of a page
    const page = pageIndexOf(start)
    const next = pageEnd(page)
    if (start < TOTAL && start + block.length > next && next < TOTAL && block.length <= pageEnd(page + 1) - next) start = next
    while (drafts.length < start) drafts.push([])
    drafts.push(...block)
  }

  const signature = signatureLines()
  const linesNeeded = drafts.length + signature.length
  if (linesNeeded > TOTAL) return { fits: false, linesNeeded, linesAvailable: TOTAL, message: message('clauses.documentTooLong') }
  if (linesNeeded + 2 <= TOTAL) drafts.push([], [text(RF707_REST_BLANK)])
  while (drafts.length < TOTAL - signature.length) drafts.push([])
  drafts.push(...signature)

  const lines: Rf707Line[] = drafts.map((draft, index) => {
    const spans = toSpans(draft)
    return { number: index + 1, page: pageIndexOf(index) + 1, text: spans.map((span) => span.text).join(''), spans }
  })
  const pages: Rf707Page[] = RF707_FORM.linesPerPage.map((_, index) => ({
    number: index + 1,
    footer: pageFooter(index + 1),
    lines: lines.filter((line) => line.page === index + 1),
  }))
  return { fits: true, pages, lines }
}
