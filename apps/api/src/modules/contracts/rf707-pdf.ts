import type { PDFFont, PDFName, PDFOperator, PDFPage } from 'pdf-lib'
import {
  beginText,
  endText,
  lineTo,
  moveTo,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  setFillingGrayscaleColor,
  setFontAndSize,
  setLineWidth,
  setStrokingGrayscaleColor,
  setTextMatrix,
  showText,
  StandardFontEmbedder,
  StandardFonts,
  stroke,
} from 'pdf-lib'
import { plainValue } from '@offerbook/domain/clauses/fields'
import { RF707_FORM, RF707_FORM_LABEL } from '@offerbook/domain/clauses/rf707-catalogue'
import type { Rf707Layout, Rf707Parties, Rf707SpanKind } from '@offerbook/domain/clauses/rf707-layout'

/**
 * The RF707 addendum as a PDF, drawn from layoutRf707's lines as they are: the same text on the same
 * numbered lines as the browser's preview (docs/decisions/010-clause-catalogues.md). Courier is
 * monospaced, so each span is placed at its column and nothing is wrapped again here.
 */

export type FittedRf707Layout = Extract<Rf707Layout, { fits: true }>
export type Rf707PdfMeta = { readonly parties: Rf707Parties; readonly createdAt: Date }

/** US Letter, in points. */
const PAGE = { width: 612, height: 792 } as const
const FONT_SIZE = 9.5
/** Courier's glyphs are all 600/1000 em wide. */
const CHAR_WIDTH = FONT_SIZE * 0.6
/** Line spacing of the header rows on page 1. */
const LEADING = 12.5
const TEXT_X = 84
const TEXT_WIDTH = RF707_FORM.lineWidth * CHAR_WIDTH
/** Line numbers end here, right-aligned, a little left of the text column. */
const NUMBER_RIGHT = TEXT_X - 10
const NUMBER_SIZE = 7.5
/** Baselines of a page's first and 48th numbered lines: below page 1's taller header, or the running header. */
const FIRST_BASELINE = { firstPage: 656, otherPages: 712 } as const
const LAST_BASELINE = 68.5
const LINES_ON_A_FULL_PAGE = Math.max(...RF707_FORM.linesPerPage)
const FOOTER_BASELINE = 40
const FOOTER_SIZE = 7.5
const TITLE_SIZE = 14
/** The grey of line numbers, rules and the form's label (0 is black, 1 white). */
const GREY = 0.35

/** Where the text column starts and how wide a character is (a reader of the PDF finds columns by them). */
export const RF707_PDF_GRID = { textX: TEXT_X, charWidth: CHAR_WIDTH, fontSize: FONT_SIZE } as const

export const RF707_PDF_TITLE = `${RF707_FORM.id} - ${RF707_FORM.title}`

type Fonts = { regular: PDFFont; bold: PDFFont }

/**
 * The code points the standard fonts' WinAnsi encoding has. (pdf-lib's StandardFonts enum and its
 * font package's FontNames are two enums of the same strings, hence the cast.)
 */
const WIN_ANSI: ReadonlySet<number> = new Set(
  StandardFontEmbedder.for(StandardFonts.Courier as string as Parameters<typeof StandardFontEmbedder.for>[0]).encoding.supportedCodePoints,
)

// Invisible marks (bidi marks, joiners, soft hyphens, variation selectors, combining marks left
// over) print as nothing, as a browser shows them. Spaces of other widths print as a space; dashes,
// primes, the minus sign and a few letters as their nearest WinAnsi look-alike. Everything else the
// standard font cannot draw prints as '?'.
const AS_SPACE = /\p{Zs}/u
const INVISIBLE = /[\p{Cf}\p{Mn}\p{Me}]/u
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u201B': "'",
  '\u201F': '"',
  '\u2043': '-',
  '\u2027': '.',
  '\u0141': 'L',
  '\u0142': 'l',
  '\u0110': 'D',
  '\u0111': 'd',
  '\u0131': 'i',
}

/**
 * The text as the PDF's standard fonts can draw it (WinAnsi): each character the encoding has stays,
 * an accented letter it lacks loses its accent, and anything else becomes a look-alike, nothing (an
 * invisible mark) or '?'. The result is never longer than the text, so a line stays in its column.
 */
export function toWinAnsi(value: string): string {
  let out = ''
  for (const char of value.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0
    if (INVISIBLE.test(char)) continue
    else if (WIN_ANSI.has(code)) out += char
    else if (LOOK_ALIKES[char]) out += LOOK_ALIKES[char]
    else if (AS_SPACE.test(char)) out += ' '
    else {
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '')
      const fits = base !== '' && base.length <= char.length && [...base].every((part) => WIN_ANSI.has(part.codePointAt(0) ?? 0))
      out += fits ? base : '?'
    }
  }
  return out
}

type TextStyle = { x: number; y: number; size: number; bold?: boolean; grey?: boolean }

/**
 * What is drawn on one page: text in one text object and lines beside it, written as PDF operators
 * (pdf-lib's drawText wraps each call in a graphics state of its own, which made a 287-line document
 * several times slower to build).
 */
type Sheet = {
  /** Text already made WinAnsi (white space alone draws nothing: text is placed by its column). */
  text: (printed: string, at: TextStyle) => void
  line: (from: { x: number; y: number }, toX: number, thickness: number) => void
  finish: () => void
}

function openSheet(page: PDFPage, fonts: Fonts): Sheet {
  const keys = { regular: page.node.newFontDictionary(fonts.regular.name, fonts.regular.ref), bold: page.node.newFontDictionary(fonts.bold.name, fonts.bold.ref) }
  const textOperators: PDFOperator[] = []
  const lineOperators: PDFOperator[] = []
  let current: { font: PDFName; size: number; grey: boolean } | null = null
  return {
    text(printed, at) {
      if (printed.trim() === '') return
      const font = at.bold ? keys.bold : keys.regular
      const grey = at.grey ?? false
      if (current?.font !== font || current.size !== at.size) textOperators.push(setFontAndSize(font, at.size))
      if (current?.grey !== grey) textOperators.push(setFillingGrayscaleColor(grey ? GREY : 0))
      current = { font, size: at.size, grey }
      textOperators.push(setTextMatrix(1, 0, 0, 1, at.x, at.y), showText((at.bold ? fonts.bold : fonts.regular).encodeText(printed)))
    },
    line(from, toX, thickness) {
      lineOperators.push(setLineWidth(thickness), moveTo(from.x, from.y), lineTo(toX, from.y), stroke())
    },
    finish() {
      page.pushOperators(pushGraphicsState(), setStrokingGrayscaleColor(GREY), ...lineOperators, beginText(), ...textOperators, endText(), popGraphicsState())
    },
  }
}

/** A party's name shortened to fit after its label on one header line; the numbered lines print it whole. */
function headerValue(label: string, value: string | undefined): string {
  const room = RF707_FORM.lineWidth - label.length
  const plain = plainValue(value)
  if (plain === '') return label + '_'.repeat(36)
  return label + (plain.length > room ? `${plain.slice(0, room - 3)}...` : plain)
}

function rule(sheet: Sheet, y: number): void {
  sheet.line({ x: TEXT_X, y }, TEXT_X + TEXT_WIDTH, 0.5)
}

function drawFirstPageHeader(sheet: Sheet, parties: Rf707Parties): void {
  const top = PAGE.height - 48
  sheet.text(RF707_FORM.id, { x: TEXT_X, y: top, size: 11, bold: true })
  const version = `Version ${RF707_FORM.version}`
  sheet.text(version, { x: TEXT_X + TEXT_WIDTH - version.length * 11 * 0.6, y: top, size: 11 })
  const titleWidth = RF707_FORM.title.length * TITLE_SIZE * 0.6
  sheet.text(RF707_FORM.title, { x: TEXT_X + (TEXT_WIDTH - titleWidth) / 2, y: top - 22, size: TITLE_SIZE, bold: true })
  const rows = [headerValue('Buyer:    ', parties.buyer), headerValue('Seller:   ', parties.seller), headerValue('Property: ', parties.property)]
  rows.forEach((row, index) => sheet.text(toWinAnsi(row), { x: TEXT_X, y: top - 42 - index * LEADING, size: FONT_SIZE }))
  rule(sheet, top - 42 - rows.length * LEADING + 4)
}

function drawRunningHeader(sheet: Sheet): void {
  const top = PAGE.height - 48
  sheet.text(RF707_PDF_TITLE, { x: TEXT_X, y: top, size: FONT_SIZE, bold: true })
  const version = `Version ${RF707_FORM.version}`
  sheet.text(version, { x: TEXT_X + TEXT_WIDTH - version.length * CHAR_WIDTH, y: top, size: FONT_SIZE })
  rule(sheet, top - 8)
}

function drawFooter(sheet: Sheet, footer: string): void {
  rule(sheet, FOOTER_BASELINE + 12)
  sheet.text(RF707_FORM_LABEL, { x: TEXT_X, y: FOOTER_BASELINE, size: FOOTER_SIZE, grey: true })
  sheet.text(footer, { x: TEXT_X + TEXT_WIDTH - footer.length * CHAR_WIDTH, y: FOOTER_BASELINE, size: FONT_SIZE })
}

/** Values are set apart in bold and underlined; marks and headings in bold; form text and blanks plain. */
const BOLD: Record<Rf707SpanKind, boolean> = { text: false, blank: false, heading: true, mark: true, value: true }

function drawLines(sheet: Sheet, lines: FittedRf707Layout['lines'], first: number): void {
  const leading = (first - LAST_BASELINE) / (LINES_ON_A_FULL_PAGE - 1)
  lines.forEach((line, index) => {
    const y = first - index * leading
    const number = String(line.number)
    sheet.text(number, { x: NUMBER_RIGHT - number.length * NUMBER_SIZE * 0.6, y, size: NUMBER_SIZE, grey: true })
    // Spans follow each other as printed: a character the font lacks may print shorter (an emoji as
    // one '?', a bidi mark as nothing), and the rest of the line closes up behind it. Spans of one
    // font are drawn as one run.
    let run = { text: '', bold: false, column: 0 }
    let column = 0
    for (const span of line.spans) {
      const printed = toWinAnsi(span.text)
      const bold = BOLD[span.kind]
      if (bold !== run.bold) {
        sheet.text(run.text, { x: TEXT_X + run.column * CHAR_WIDTH, y, size: FONT_SIZE, bold: run.bold })
        run = { text: '', bold, column }
      }
      run.text += printed
      if (span.kind === 'value') sheet.line({ x: TEXT_X + column * CHAR_WIDTH, y: y - 1.5 }, TEXT_X + (column + printed.length) * CHAR_WIDTH, 0.4)
      column += printed.length
    }
    sheet.text(run.text, { x: TEXT_X + run.column * CHAR_WIDTH, y, size: FONT_SIZE, bold: run.bold })
  })
}

/**
 * Renders a laid-out RF707 document (layoutRf707 with fits: true) to PDF bytes: US Letter, one page
 * per layout page, each numbered line at its number, the header with the form's id, title, version,
 * the parties and the Property on page 1, the footer 'Page x of 6' on every page.
 */
export async function renderRf707Pdf(layout: FittedRf707Layout, meta: Rf707PdfMeta): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false })
  const regular = await pdf.embedFont(StandardFonts.Courier)
  const bold = await pdf.embedFont(StandardFonts.CourierBold)
  const fonts: Fonts = { regular, bold }

  for (const layoutPage of layout.pages) {
    const sheet = openSheet(pdf.addPage([PAGE.width, PAGE.height]), fonts)
    if (layoutPage.number === 1) drawFirstPageHeader(sheet, meta.parties)
    else drawRunningHeader(sheet)
    drawLines(sheet, layoutPage.lines, layoutPage.number === 1 ? FIRST_BASELINE.firstPage : FIRST_BASELINE.otherPages)
    drawFooter(sheet, layoutPage.footer)
    sheet.finish()
  }

  const property = plainValue(meta.parties.property)
  pdf.setTitle(RF707_PDF_TITLE)
  pdf.setSubject(property === '' ? `${RF707_FORM.title}, version ${RF707_FORM.version}` : `${RF707_FORM.title} for ${property}`)
  pdf.setKeywords([RF707_FORM.id, `version ${RF707_FORM.version}`])
  pdf.setProducer('Offerbook')
  pdf.setCreator('Offerbook')
  pdf.setLanguage('en-US')
  pdf.setCreationDate(meta.createdAt)
  pdf.setModificationDate(meta.createdAt)
  return pdf.save()
}
