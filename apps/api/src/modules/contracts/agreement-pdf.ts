import { PDFDocument } from '@cantoo/pdf-lib'
import type { Rf707Parties } from '@offerbook/domain/clauses/rf707-layout'
import type { AgreementLayout } from '@offerbook/domain/contracts/purchase-agreement'
import type { SignPlace } from '@offerbook/domain/contracts/lined-text'
import { signPlacesOf } from '@offerbook/domain/contracts/lined-text'
import { agreementFormLabel } from '@offerbook/domain/contracts/purchase-agreement-form'
import type { FieldBox } from '@offerbook/domain/signing-rules'
import type { LinedPageGeometry, Sheet } from './lined-pdf'
import { drawFooter, drawLines, drawRunningHeader, embedLinedFonts, initialsBox, signBox, FONT_SIZE, openSheet, PAGE, rule, setDocumentInfo, TEXT_X, textWidth, toWinAnsi } from './lined-pdf'
import type { FittedRf707Layout } from './rf707-pdf'
import { drawRf707Pages, rf707PageGeometry } from './rf707-pdf'
import { markArchival } from '../../pdf/pdfa'

/**
 * The purchase and sale agreement of one version of an offer as a PDF, drawn from
 * layoutPurchaseAgreement's lines as they are (lined-pdf.ts): the same text on the same numbered
 * lines as the browser's preview. Page 1 carries the form's code, title and version, the Property and
 * which version of the offer it prints; every page the form's label and 'Page x of N'. The RF707
 * addendum's pages follow in the same document when the offer has one.
 */

export type AgreementPdfMeta = {
  readonly address: string
  /** The PDF's dates, and 'Prepared' on page 1 (written in the property's zone by the caller). */
  readonly createdAt: Date
  readonly prepared: string
  /** The version of the offer's terms it prints. */
  readonly version: number
  /** The buyers, as the PDF's author. */
  readonly author: string
}

/** Baselines of a page's first numbered line: below page 1's taller header, or the running header. */
const FIRST_BASELINE = { firstPage: 668, otherPages: 712 } as const

/** Where page `number` (1-based) of the agreement has its numbered lines. */
export function agreementPageGeometry(layout: Pick<AgreementLayout, 'form'>, number: number): LinedPageGeometry {
  return { firstBaseline: number === 1 ? FIRST_BASELINE.firstPage : FIRST_BASELINE.otherPages, linesOnAFullPage: layout.form.linesPerPage }
}
const TITLE_SIZE = 13
const LEADING = 12.5

export const agreementPdfTitle = (layout: Pick<AgreementLayout, 'form'>): string => `${layout.form.code} - ${layout.form.title}`

function drawFirstPageHeader(sheet: Sheet, layout: AgreementLayout, meta: AgreementPdfMeta): void {
  const { form } = layout
  const width = textWidth(form.lineWidth)
  const top = PAGE.height - 48
  sheet.text(form.code, { x: TEXT_X, y: top, size: 11, bold: true })
  const version = `Version ${form.version}`
  sheet.text(version, { x: TEXT_X + width - version.length * 11 * 0.6, y: top, size: 11 })
  sheet.text(form.title, { x: TEXT_X + (width - form.title.length * TITLE_SIZE * 0.6) / 2, y: top - 22, size: TITLE_SIZE, bold: true })
  const property = `Property: ${meta.address}`
  const rows = [
    property.length > form.lineWidth ? `${property.slice(0, form.lineWidth - 3)}...` : property,
    `Offer version ${meta.version}, prepared ${meta.prepared}`,
  ]
  rows.forEach((row, index) => sheet.text(toWinAnsi(row), { x: TEXT_X, y: top - 42 - index * LEADING, size: FONT_SIZE }))
  rule(sheet, top - 42 - rows.length * LEADING + 4, form.lineWidth)
}

/** The RF707 addendum to print after the agreement's pages, in the same document. */
export type AgreementAddendum = { readonly layout: FittedRf707Layout; readonly parties: Rf707Parties }

export async function renderAgreementPdf(layout: AgreementLayout, meta: AgreementPdfMeta, addendum: AgreementAddendum | null = null): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false })
  const fonts = await embedLinedFonts(pdf)
  const { form } = layout
  const title = agreementPdfTitle(layout)

  for (const layoutPage of layout.pages) {
    const sheet = openSheet(pdf.addPage([PAGE.width, PAGE.height]), fonts)
    if (layoutPage.number === 1) drawFirstPageHeader(sheet, layout, meta)
    else drawRunningHeader(sheet, title, `Version ${form.version}`, form.lineWidth)
    const geometry = agreementPageGeometry(layout, layoutPage.number)
    drawLines(sheet, layoutPage.lines, geometry.firstBaseline, geometry.linesOnAFullPage)
    drawFooter(sheet, agreementFormLabel(form), layoutPage.footer, form.lineWidth)
    sheet.finish()
  }
  if (addendum) drawRf707Pages(pdf, fonts, addendum.layout, addendum.parties)

  const keywords = [form.code, `version ${form.version}`, `offer version ${meta.version}`]
  setDocumentInfo(pdf, { title: `${title}: ${meta.address}`, subject: meta.address, author: meta.author, keywords, createdAt: meta.createdAt })
  markArchival(pdf)
  return pdf.save()
}

/** A place to sign in the agreement's PDF (the RF707's pages included): its page (0-based) and box. */
export type AgreementSignBox = SignPlace & { readonly page: number; readonly box: FieldBox }
export type SignerSignBox = Extract<SignPlace, { role: 'buyer' | 'seller' }> & { readonly page: number; readonly box: FieldBox }
export type RecordSignBox = Extract<SignPlace, { role: 'record' }> & { readonly page: number; readonly box: FieldBox }

/**
 * Where the signers sign in the PDF renderAgreementPdf makes from these layouts: the agreement's
 * signature blocks, then the RF707's Buyer and Seller lines; and the pages, all printed on numbered
 * lines, whose margin keeps room for initials (initialsBox).
 */
export function agreementSignBoxes(layout: AgreementLayout, addendum: AgreementAddendum | null): { places: AgreementSignBox[]; pageCount: number } {
  const places: AgreementSignBox[] = []
  /** A line's place on its page, 0 for the page's first line. */
  const indexOnPage = (lines: readonly { number: number; page: number }[], sign: { line: number; page: number }) => lines.filter((line) => line.page === sign.page && line.number < sign.line).length
  for (const sign of signPlacesOf(layout.lines)) {
    const box = signBox(agreementPageGeometry(layout, sign.page), indexOnPage(layout.lines, sign), sign.column, sign.length, sign.place.rise)
    places.push({ ...sign.place, page: sign.page - 1, box })
  }
  if (addendum) {
    for (const sign of signPlacesOf(addendum.layout.lines)) {
      const box = signBox(rf707PageGeometry(sign.page), indexOnPage(addendum.layout.lines, sign), sign.column, sign.length, sign.place.rise)
      places.push({ ...sign.place, page: layout.pages.length + sign.page - 1, box })
    }
  }
  return { places, pageCount: layout.pages.length + (addendum ? addendum.layout.pages.length : 0) }
}

export { initialsBox }
