import type { PDFDocument as PdfDocument } from '@cantoo/pdf-lib'
import { PDFDocument } from '@cantoo/pdf-lib'
import { plainValue } from '@offerbook/domain/clauses/plain-value'
import { RF707_FORM, RF707_FORM_LABEL } from '@offerbook/domain/clauses/rf707-catalogue'
import type { Rf707Layout, Rf707Parties } from '@offerbook/domain/clauses/rf707-layout'
import type { Fonts, LinedPageGeometry, Sheet } from './lined-pdf'
import { drawFooter, drawLines, drawRunningHeader, embedLinedFonts, FONT_SIZE, openSheet, PAGE, rule, setDocumentInfo, TEXT_X, textWidth, toWinAnsi } from './lined-pdf'
import { markArchival } from '../../pdf/pdfa'

/**
 * The RF707 addendum as a PDF, drawn from layoutRf707's lines as they are (lined-pdf.ts): the same
 * text on the same numbered lines as the browser's preview (docs/decisions/010-clause-catalogues.md).
 */

export type FittedRf707Layout = Extract<Rf707Layout, { fits: true }>
export type Rf707PdfMeta = { readonly parties: Rf707Parties; readonly createdAt: Date }

/** Line spacing of the header rows on page 1. */
const LEADING = 12.5
const TEXT_WIDTH = textWidth(RF707_FORM.lineWidth)
/** Baselines of a page's first numbered line: below page 1's taller header, or the running header. */
const FIRST_BASELINE = { firstPage: 656, otherPages: 712 } as const
const LINES_ON_A_FULL_PAGE = Math.max(...RF707_FORM.linesPerPage)
const TITLE_SIZE = 14

export const RF707_PDF_TITLE = `${RF707_FORM.id} - ${RF707_FORM.title}`

/** A party's name shortened to fit after its label on one header line; the numbered lines print it whole. */
function headerValue(label: string, value: string | undefined): string {
  const room = RF707_FORM.lineWidth - label.length
  const plain = plainValue(value)
  if (plain === '') return label + '_'.repeat(36)
  return label + (plain.length > room ? `${plain.slice(0, room - 3)}...` : plain)
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
  rule(sheet, top - 42 - rows.length * LEADING + 4, RF707_FORM.lineWidth)
}

/** Where page `number` (1-based) of the addendum has its numbered lines. */
export function rf707PageGeometry(number: number): LinedPageGeometry {
  return { firstBaseline: number === 1 ? FIRST_BASELINE.firstPage : FIRST_BASELINE.otherPages, linesOnAFullPage: LINES_ON_A_FULL_PAGE }
}

/** The addendum's six pages, added to a document (its own, or after the purchase agreement's pages). */
export function drawRf707Pages(pdf: PdfDocument, fonts: Fonts, layout: FittedRf707Layout, parties: Rf707Parties): void {
  for (const layoutPage of layout.pages) {
    const sheet = openSheet(pdf.addPage([PAGE.width, PAGE.height]), fonts)
    if (layoutPage.number === 1) drawFirstPageHeader(sheet, parties)
    else drawRunningHeader(sheet, RF707_PDF_TITLE, `Version ${RF707_FORM.version}`, RF707_FORM.lineWidth)
    const geometry = rf707PageGeometry(layoutPage.number)
    drawLines(sheet, layoutPage.lines, geometry.firstBaseline, geometry.linesOnAFullPage)
    drawFooter(sheet, RF707_FORM_LABEL, layoutPage.footer, RF707_FORM.lineWidth)
    sheet.finish()
  }
}

/**
 * Renders a laid-out RF707 document (layoutRf707 with fits: true) to PDF bytes: US Letter, one page
 * per layout page, each numbered line at its number, the header with the form's id, title, version,
 * the parties and the Property on page 1, the footer 'Page x of 6' on every page.
 */
export async function renderRf707Pdf(layout: FittedRf707Layout, meta: Rf707PdfMeta): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false })
  drawRf707Pages(pdf, await embedLinedFonts(pdf), layout, meta.parties)
  const property = plainValue(meta.parties.property)
  const subject = property === '' ? `${RF707_FORM.title}, version ${RF707_FORM.version}` : `${RF707_FORM.title} for ${property}`
  setDocumentInfo(pdf, { title: RF707_PDF_TITLE, subject, keywords: [RF707_FORM.id, `version ${RF707_FORM.version}`], createdAt: meta.createdAt })
  markArchival(pdf)
  return pdf.save()
}
