import type { PDFDocument, PDFFont, PDFName, PDFOperator, PDFPage } from '@cantoo/pdf-lib'
import {
  beginText,
  endText,
  lineTo,
  moveTo,
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
} from '@cantoo/pdf-lib'
import { embedMono } from '../../pdf/fonts'
import type { LineSpan, LineSpanKind } from '@offerbook/domain/contracts/lined-text'
import type { FieldBox } from '@offerbook/domain/signing-rules'

/**
 * The page of a document printed on numbered lines (the RF707 addendum, the purchase and sale
 * agreement), drawn from its layout's lines as they are: the same text on the same numbered lines as
 * the browser's preview. The font is monospaced (Cousine, with Courier's metrics), so each span is placed at its column and nothing is
 * wrapped again here.
 */

/** US Letter, in points. */
export const PAGE = { width: 612, height: 792 } as const
export const FONT_SIZE = 9.5
/** The monospaced font's glyphs are all 600/1000 em wide (Cousine's 1229/2048, as Courier's). */
export const CHAR_WIDTH = FONT_SIZE * 0.6
export const TEXT_X = 84
/** Line numbers end here, right-aligned, a little left of the text column. */
const NUMBER_RIGHT = TEXT_X - 10
const NUMBER_SIZE = 7.5
/** The baseline of a full page's last numbered line. */
export const LAST_BASELINE = 68.5
const FOOTER_BASELINE = 40
const FOOTER_SIZE = 7.5
/** The grey of line numbers, rules and the form's label (0 is black, 1 white). */
const GREY = 0.35

/** Where the text column starts and how wide a character is (a reader of the PDF finds columns by them). */
export const LINED_PDF_GRID = { textX: TEXT_X, charWidth: CHAR_WIDTH, fontSize: FONT_SIZE } as const

export const textWidth = (characters: number): number => characters * CHAR_WIDTH

export type DocumentInfo = { readonly title: string; readonly subject: string; readonly keywords: readonly string[]; readonly author?: string; readonly createdAt: Date }

/** The document's information dictionary: made by Offerbook, in English, dated when it was made. */
export function setDocumentInfo(pdf: PDFDocument, { title, subject, keywords, author, createdAt }: DocumentInfo): void {
  pdf.setTitle(toWinAnsi(title))
  pdf.setSubject(toWinAnsi(subject))
  if (author !== undefined) pdf.setAuthor(toWinAnsi(author) || 'Offerbook')
  pdf.setKeywords([...keywords])
  pdf.setProducer('Offerbook')
  pdf.setCreator('Offerbook')
  pdf.setLanguage('en-US')
  pdf.setCreationDate(createdAt)
  pdf.setModificationDate(createdAt)
}

/** The monospaced fonts (Cousine, Courier's metrics), regular and bold, embedded once per document as subsets (pdf/fonts.ts). */
export async function embedLinedFonts(pdf: PDFDocument): Promise<Fonts> {
  return embedMono(pdf)
}

export type Fonts = { regular: PDFFont; bold: PDFFont }

/**
 * The code points the standard fonts' WinAnsi encoding has: what every PDF we draw prints (each of
 * the embedded fonts has a glyph for every one of them, pdf/fonts.test.ts). (pdf-lib's StandardFonts enum and its
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

export type TextStyle = { x: number; y: number; size: number; bold?: boolean; grey?: boolean }

/**
 * What is drawn on one page: text in one text object and lines beside it, written as PDF operators
 * (pdf-lib's drawText wraps each call in a graphics state of its own, which made a 287-line document
 * several times slower to build).
 */
export type Sheet = {
  /** Text already made WinAnsi (white space alone draws nothing: text is placed by its column). */
  text: (printed: string, at: TextStyle) => void
  line: (from: { x: number; y: number }, toX: number, thickness: number) => void
  finish: () => void
}

export function openSheet(page: PDFPage, fonts: Fonts): Sheet {
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

/** A rule across the text column. */
export function rule(sheet: Sheet, y: number, lineWidth: number): void {
  sheet.line({ x: TEXT_X, y }, TEXT_X + textWidth(lineWidth), 0.5)
}

/** The title and version over the lines of every page after the first. */
export function drawRunningHeader(sheet: Sheet, title: string, version: string, lineWidth: number): void {
  const top = PAGE.height - 48
  sheet.text(toWinAnsi(title), { x: TEXT_X, y: top, size: FONT_SIZE, bold: true })
  sheet.text(version, { x: TEXT_X + textWidth(lineWidth) - version.length * CHAR_WIDTH, y: top, size: FONT_SIZE })
  rule(sheet, top - 8, lineWidth)
}

/** The form's label on the left and 'Page x of N' on the right, under a rule. */
export function drawFooter(sheet: Sheet, label: string, footer: string, lineWidth: number): void {
  rule(sheet, FOOTER_BASELINE + 12, lineWidth)
  sheet.text(toWinAnsi(label), { x: TEXT_X, y: FOOTER_BASELINE, size: FOOTER_SIZE, grey: true })
  sheet.text(footer, { x: TEXT_X + textWidth(lineWidth) - footer.length * CHAR_WIDTH, y: FOOTER_BASELINE, size: FONT_SIZE })
}

export type NumberedLine = { readonly number: number; readonly spans: readonly LineSpan[] }

/** Values are set apart in bold and underlined; marks and headings in bold; form text and blanks plain. */
const BOLD: Record<LineSpanKind, boolean> = { text: false, blank: false, sign: false, heading: true, mark: true, value: true }

/** A page's numbered lines from the baseline `first` down, spaced so that a full page of `linesOnAFullPage` ends at LAST_BASELINE. */
export function drawLines(sheet: Sheet, lines: readonly NumberedLine[], first: number, linesOnAFullPage: number): void {
  const leading = (first - LAST_BASELINE) / (linesOnAFullPage - 1)
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
      // A place to sign is a rule with nothing printed on it: the field placed there covers no text.
      const printed = span.kind === 'sign' ? ' '.repeat(span.text.length) : toWinAnsi(span.text)
      const bold = BOLD[span.kind]
      if (bold !== run.bold) {
        sheet.text(run.text, { x: TEXT_X + run.column * CHAR_WIDTH, y, size: FONT_SIZE, bold: run.bold })
        run = { text: '', bold, column }
      }
      run.text += printed
      if (span.kind === 'value' || span.kind === 'sign') sheet.line({ x: TEXT_X + column * CHAR_WIDTH, y: y - 1.5 }, TEXT_X + (column + printed.length) * CHAR_WIDTH, span.kind === 'sign' ? 0.6 : 0.4)
      column += printed.length
    }
    sheet.text(run.text, { x: TEXT_X + run.column * CHAR_WIDTH, y, size: FONT_SIZE, bold: run.bold })
  })
}

/** Where a page's numbered lines sit: the first line's baseline, and how many lines a full page has. */
export type LinedPageGeometry = { readonly firstBaseline: number; readonly linesOnAFullPage: number }


const toFieldBox = ({ left, bottom, width, height }: { left: number; bottom: number; width: number; height: number }): FieldBox => ({
  x: left / PAGE.width,
  y: (PAGE.height - bottom - height) / PAGE.height,
  width: width / PAGE.width,
  height: height / PAGE.height,
})

/**
 * The box of a place to sign: the columns of its rule, from just above the rule up to below the text
 * of the line `rise + 1` lines above (the empty lines between belong to it).
 */
export function signBox(page: LinedPageGeometry, indexOnPage: number, column: number, length: number, rise: number): FieldBox {
  const leading = (page.firstBaseline - LAST_BASELINE) / (page.linesOnAFullPage - 1)
  const baseline = page.firstBaseline - indexOnPage * leading
  const bottom = baseline - 1
  // Clear of the line above's descent: Cousine's is 0.3 em, and readers (pdftotext) box a word down to it.
  const top = baseline + (rise + 1) * leading - FONT_SIZE * 0.32
  return toFieldBox({ left: TEXT_X + column * CHAR_WIDTH, bottom, width: length * CHAR_WIDTH, height: top - bottom })
}

/** The margin left of the line numbers, kept empty on every lined page for the signers' initials. */
const INITIALS = { left: 16, width: 40, height: 20, gap: 4, bottom: LAST_BASELINE + 4 } as const

/** Signer `index`'s initials box in a lined page's margin, stacked up from the foot of the page. */
export function initialsBox(index: number): FieldBox {
  return toFieldBox({ left: INITIALS.left, bottom: INITIALS.bottom + index * (INITIALS.height + INITIALS.gap), width: INITIALS.width, height: INITIALS.height })
}
