import { PDFDocument } from '@cantoo/pdf-lib'
import type { AmendmentLine } from '@offerbook/domain/contract-amendments'
import { AMENDMENT_FORM } from '@offerbook/domain/contract-amendments'
import { formatUsd } from '@offerbook/domain/money'
import type { OfferTerms } from '@offerbook/domain/offer'
import { formatCalendarDate } from '@offerbook/domain/property-time'
import { markArchival } from '../../pdf/pdfa'
import { drawFooter, drawRunningHeader, embedLinedFonts, FONT_SIZE, LAST_BASELINE, openSheet, PAGE, rule, setDocumentInfo, TEXT_X, textWidth, toWinAnsi } from '../contracts/lined-pdf'

/**
 * An amendment as a document of our own words (decision 066), drawn from its data as the agreement
 * is (lined-pdf.ts's fonts, embedded; PDF/A-3b): the form's code and version date, the amendment's
 * number, the property, the parties, the agreement it amends, and each change old -> new. The
 * signatures follow on the packet's signature page.
 */

export type AmendmentPdfInput = {
  number: number
  address: string
  buyers: readonly string[]
  sellers: readonly string[]
  /** The agreement's form label ('OB-PSA 12/01/2026') and the Binding Agreement Date as words. */
  agreement: string
  bindingDate: string
  /** The terms' version the amendment was drafted on. */
  version: number
  prepared: string
  lines: readonly AmendmentLine[]
  createdAt: Date
}

/** Characters on a line of the text column (Cousine at FONT_SIZE, 0.6 em each). */
const LINE_WIDTH = 78
const LEADING = 13

const money = (value: number | null) => (value === null ? 'none' : formatUsd(value, 'en-US'))
const day = (value: string | null) => (value === null ? 'none' : formatCalendarDate(value, 'en-us'))
const days = (value: number | null) => (value === null ? 'none' : `${value} ${value === 1 ? 'day' : 'days'}`)

function possession(value: OfferTerms['possession']): string {
  if (value.time === 'at-closing') return 'at closing'
  return `${value.time === 'before-closing' ? 'before closing' : 'after closing'}, on ${day(value.date)}`
}

function concession(value: OfferTerms['sellerConcessions']): string {
  if (value.amount === null || value.amount === 0) return 'none'
  return value.unit === 'percent' ? `${value.amount} % of the purchase price` : money(value.amount)
}

/** Each change in words: its term, then what it was and what it becomes. */
export function amendmentLineText(line: AmendmentLine): string[] {
  switch (line.field) {
    case 'closingDate':
      return [`Closing date (on or before): ${day(line.before)} -> ${day(line.after)}`]
    case 'purchasePrice':
      return [`Purchase price: ${money(line.before)} -> ${money(line.after)}`]
    case 'possession':
      return [`Possession: ${possession(line.before)} -> ${possession(line.after)}`]
    case 'sellerConcessions':
      return [`Seller concessions (credit to the Buyer at closing): ${concession(line.before)} -> ${concession(line.after)}`]
    case 'inspectionPeriodDays':
      return [`Inspection Period: ${days(line.before)} -> ${days(line.after)} after the Binding Agreement Date`]
    case 'resolutionPeriodDays':
      return [`Resolution Period: ${days(line.before)} -> ${days(line.after)}`]
    case 'repairs':
      return ['Repairs the Seller makes before closing (added to the special stipulations):', ...line.after.map((repair, index) => `   ${String.fromCharCode(97 + (index % 26))}. ${repair}`)]
  }
}

/** Words wrapped to the column, a continued line indented as its first line is. */
function wrap(text: string, width: number): string[] {
  const indent = /^\s*/.exec(text)?.[0] ?? ''
  const out: string[] = []
  let line = ''
  for (const word of text.trim().split(/\s+/)) {
    const next = line === '' ? `${indent}${word}` : `${line} ${word}`
    if (next.length <= width) line = next
    else {
      if (line !== '') out.push(line)
      line = `${indent}   ${word}`.slice(0, width)
    }
  }
  if (line !== '') out.push(line)
  return out
}

export async function renderAmendmentPdf(input: AmendmentPdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false })
  const fonts = await embedLinedFonts(pdf)
  const label = `${AMENDMENT_FORM.code} ${AMENDMENT_FORM.version}`
  const title = `${AMENDMENT_FORM.code} - ${AMENDMENT_FORM.title}`

  type Row = { text: string; bold?: boolean; gap?: boolean }
  const rows: Row[] = []
  const add = (text: string, options: Omit<Row, 'text'> = {}) => wrap(toWinAnsi(text), LINE_WIDTH).forEach((part, index) => rows.push({ text: part, ...options, gap: index === 0 && options.gap }))
  add(`Amendment ${input.number}`, { bold: true })
  add(`Property: ${input.address}`)
  add(`Buyer: ${input.buyers.join(', ') || 'as named in the agreement'}`)
  add(`Seller: ${input.sellers.join(', ') || 'as named in the agreement'}`)
  add(`Agreement: ${input.agreement}, Binding Agreement Date ${input.bindingDate}, as of its version ${input.version}`)
  add(`Prepared: ${input.prepared}`)
  add('The agreement is amended as follows:', { bold: true, gap: true })
  input.lines.forEach((line, index) => {
    const [first, ...more] = amendmentLineText(line)
    add(`${index + 1}. ${first}`, { gap: index > 0 })
    for (const part of more) add(part)
  })
  add('All other terms of the agreement stand. This amendment binds the parties once every signer on the signature page has signed it; its date is the date of the last signature.', { gap: true })

  const pages: Row[][] = [[]]
  let y = PAGE.height - 150
  for (const row of rows) {
    const step = row.gap ? LEADING * 2 : LEADING
    if (y - step < LAST_BASELINE + 20) {
      pages.push([])
      y = PAGE.height - 80
    }
    y -= step
    pages.at(-1)!.push(row)
  }

  pages.forEach((pageRows, index) => {
    const sheet = openSheet(pdf.addPage([PAGE.width, PAGE.height]), fonts)
    let baseline: number
    if (index === 0) {
      const top = PAGE.height - 48
      sheet.text(AMENDMENT_FORM.code, { x: TEXT_X, y: top, size: 11, bold: true })
      const version = `Version ${AMENDMENT_FORM.version}`
      sheet.text(version, { x: TEXT_X + textWidth(LINE_WIDTH) - version.length * 11 * 0.6, y: top, size: 11 })
      sheet.text(AMENDMENT_FORM.title, { x: TEXT_X + (textWidth(LINE_WIDTH) - AMENDMENT_FORM.title.length * 13 * 0.6) / 2, y: top - 24, size: 13, bold: true })
      rule(sheet, top - 36, LINE_WIDTH)
      baseline = PAGE.height - 150
    } else {
      drawRunningHeader(sheet, title, `Version ${AMENDMENT_FORM.version}`, LINE_WIDTH)
      baseline = PAGE.height - 80
    }
    for (const row of pageRows) {
      baseline -= row.gap ? LEADING * 2 : LEADING
      sheet.text(row.text, { x: TEXT_X, y: baseline, size: FONT_SIZE, bold: row.bold ?? false })
    }
    drawFooter(sheet, label, `Page ${index + 1} of ${pages.length}`, LINE_WIDTH)
    sheet.finish()
  })

  setDocumentInfo(pdf, { title: `${title}: ${input.address}`, subject: input.address, author: input.buyers.join(', '), keywords: [AMENDMENT_FORM.code, `version ${AMENDMENT_FORM.version}`, `amendment ${input.number}`], createdAt: input.createdAt })
  markArchival(pdf)
  return pdf.save()
}
