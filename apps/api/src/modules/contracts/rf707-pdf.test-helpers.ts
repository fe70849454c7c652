import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import type { TextItem } from 'pdfjs-dist/types/src/display/api'
import type { LineSpan } from '@offerbook/domain/contracts/lined-text'
import { LINED_PDF_GRID, toWinAnsi } from './lined-pdf'

/** What a PDF reader (pdf.js) finds in a PDF printed on numbered lines (the RF707, the purchase agreement). */
export type ReadPdf = {
  pageCount: number
  info: Record<string, unknown>
  pages: ReadPage[]
}
export type ReadPage = {
  /**
   * The numbered lines top to bottom: the number printed in the margin, the text at its columns, and
   * the same with only what is drawn in a bold font (the rest as spaces).
   */
  lines: { number: number; text: string; bold: string }[]
  /** Every row of text top to bottom (header, lines, footer), its pieces joined. */
  rows: string[]
}

type Placed = { x: number; y: number; str: string; font: string }

function isTextItem(item: unknown): item is TextItem {
  return typeof item === 'object' && item !== null && 'str' in item && 'transform' in item
}

/** Rows of items at the same baseline, top to bottom, each left to right. */
function toRows(items: Placed[]): Placed[][] {
  const byBaseline = new Map<number, Placed[]>()
  for (const item of items) {
    const key = Math.round(item.y * 10)
    byBaseline.set(key, [...(byBaseline.get(key) ?? []), item])
  }
  return [...byBaseline.entries()].sort(([a], [b]) => b - a).map(([, row]) => row.sort((a, b) => a.x - b.x))
}

/** A numbered line's text rebuilt from where each piece is drawn: the monospaced font puts character n at column n. */
function textAtColumns(pieces: Placed[], only: (piece: Placed) => boolean = () => true): string {
  const columns: string[] = []
  for (const piece of pieces) {
    if (piece.str.trim() === '' || !only(piece)) continue
    const start = Math.round((piece.x - LINED_PDF_GRID.textX) / LINED_PDF_GRID.charWidth)
    if (start < 0) throw new Error(`text left of the column: ${piece.str}`)
    ;[...piece.str].forEach((char, index) => {
      if (columns[start + index] !== undefined && columns[start + index] !== ' ') throw new Error(`two pieces drawn over each other at ${piece.str}`)
      columns[start + index] = char
    })
  }
  return Array.from(columns, (char) => char ?? ' ').join('').trimEnd()
}

export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  // pdf.js takes the buffer over, so it reads a copy.
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise
  try {
    const pages: ReadPage[] = []
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number)
      const content = await page.getTextContent({ disableNormalization: true })
      // The operator list loads the fonts, whose PostScript names (Cousine-Regular, Cousine-Bold) say which is bold.
      await page.getOperatorList()
      const fontName = (key: string) => String((page.commonObjs.get(key) as { name?: unknown } | null)?.name ?? key)
      const items = content.items
        .filter(isTextItem)
        // pdf.js reads the WinAnsi glyph 'mu' (the micro sign) as the Greek letter, which WinAnsi lacks.
        .map((item) => ({ x: Number(item.transform[4]), y: Number(item.transform[5]), str: item.str.replaceAll('\u03BC', '\u00B5'), font: fontName(item.fontName) }))
      const lines: ReadPage['lines'] = []
      const rows: string[] = []
      for (const row of toRows(items)) {
        rows.push(row.map((item) => item.str).join('').replace(/\s+/g, ' ').trim())
        const margin = row.filter((item) => item.x < LINED_PDF_GRID.textX - 1 && item.str.trim() !== '')
        const numberText = margin.map((item) => item.str).join('').trim()
        if (!/^\d+$/.test(numberText)) continue
        const pieces = row.filter((item) => !margin.includes(item))
        lines.push({ number: Number(numberText), text: textAtColumns(pieces), bold: textAtColumns(pieces, (piece) => piece.font.endsWith('-Bold')) })
      }
      pages.push({ lines, rows: rows.filter((row) => row !== '') })
    }
    const metadata = await document.getMetadata()
    return { pageCount: document.numPages, info: metadata.info as Record<string, unknown>, pages }
  } finally {
    await document.destroy()
  }
}

/** A layout's line as the PDF prints it: a place to sign is a rule with no text on it; `asPrinted` makes it WinAnsi as the PDF's font does. */
export function printedLine(spans: readonly LineSpan[], { asPrinted = false }: { asPrinted?: boolean } = {}): string {
  return spans.map((span) => (span.kind === 'sign' ? ' '.repeat(span.text.length) : asPrinted ? toWinAnsi(span.text) : span.text)).join('')
}
