import type { PDFFont, PDFPage } from '@cantoo/pdf-lib'
import { PDFDocument } from '@cantoo/pdf-lib'
import type { EarnestMoneyMethod, Holder, TrustLogRow } from '@offerbook/domain/earnest-money'
import { HOLDER_KIND_NAMES, METHOD_NAMES, RELEASE_NAMES } from '@offerbook/domain/earnest-money'
import { formatCalendarDate } from '@offerbook/domain/property-time'
import { embedSans } from '../../pdf/fonts'
import { markArchival } from '../../pdf/pdfa'
import { setDocumentInfo, toWinAnsi } from '../contracts/lined-pdf'
import { numberFormat } from '@offerbook/domain/intl-formats'

/**
 * The earnest money's documents, drawn by Offerbook (decision 070) in Arimo, embedded, and marked
 * PDF/A as the other PDFs we draw: the holder's receipt, filed on both sides of the contract, and the
 * brokerage's trust log for an audit (T.C.A. 62-13-321).
 */

const DOLLARS = numberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 })
/** Trust records show the cents, always. */
const money = (amount: number | null) => (amount === null ? '-' : DOLLARS.format(amount))
const day = (date: string | null) => (date ? formatCalendarDate(date, 'en-us') : '-')
export const holderWords = (holder: Holder) => [holder.name || '-', holder.kind ? `(${HOLDER_KIND_NAMES[holder.kind]})` : ''].filter(Boolean).join(' ')
export const methodWords = (method: EarnestMoneyMethod, other: string) => (method === 'other' && other ? `Other: ${other}` : METHOD_NAMES[method])

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  for (const paragraph of toWinAnsi(text).split('\n')) {
    let line = ''
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word
      if (line && font.widthOfTextAtSize(next, size) > width) {
        lines.push(line)
        line = word
      } else line = next
    }
    lines.push(line)
  }
  return lines
}

/** A page writer: paragraphs and label/value rows that flow onto new pages, and a footer on each. */
async function writer(size: { width: number; height: number }) {
  const pdf = await PDFDocument.create({ updateMetadata: false })
  const fonts = await embedSans(pdf)
  const margin = 60
  const width = size.width - 2 * margin
  const pages: PDFPage[] = []
  let page = pdf.addPage([size.width, size.height])
  pages.push(page)
  let y = size.height - margin
  const ensure = (room: number) => {
    if (y - room >= 70) return
    page = pdf.addPage([size.width, size.height])
    pages.push(page)
    y = size.height - margin
  }
  const paragraph = (value: string, { bold = false, fontSize = 10, gap = 5, indent = 0 }: { bold?: boolean; fontSize?: number; gap?: number; indent?: number } = {}) => {
    const font = bold ? fonts.bold : fonts.regular
    for (const line of wrap(value, font, fontSize, width - indent)) {
      ensure(fontSize + 4)
      page.drawText(line, { x: margin + indent, y, size: fontSize, font })
      y -= fontSize + 4
    }
    y -= gap
  }
  const row = (label: string, value: string) => {
    const labelWidth = 150
    const lines = wrap(value || '-', fonts.regular, 10, width - labelWidth)
    ensure(14 * lines.length)
    page.drawText(toWinAnsi(label), { x: margin, y, size: 10, font: fonts.bold })
    for (const line of lines) {
      page.drawText(line, { x: margin + labelWidth, y, size: 10, font: fonts.regular })
      y -= 14
    }
    y -= 2
  }
  const rule = () => {
    ensure(10)
    page.drawLine({ start: { x: margin, y: y + 6 }, end: { x: size.width - margin, y: y + 6 }, thickness: 0.5 })
    y -= 8
  }
  const finish = (footer: string) => {
    pages.forEach((each, index) => {
      each.drawText(toWinAnsi(footer), { x: margin, y: 40, size: 7.5, font: fonts.regular })
      const label = `Page ${index + 1} of ${pages.length}`
      each.drawText(label, { x: size.width - margin - fonts.regular.widthOfTextAtSize(label, 8), y: 40, size: 8, font: fonts.regular })
    })
  }
  return { pdf, paragraph, row, rule, finish }
}

export type ReceiptPdfInput = {
  offerId: string
  address: string
  buyers: readonly string[]
  sellers: readonly string[]
  bindingAgreementDate: string
  holder: Holder
  amountDue: number | null
  amount: number
  receivedOn: string
  method: EarnestMoneyMethod
  methodOther: string
  holderEmail: string
  sentByName: string
  attestedAt: Date
  /** The attestation's moment in the property's zone, e.g. 'Dec 1, 2026, 9:14 AM CST'. */
  attested: string
}

/** The holder's receipt of the earnest money. */
export async function renderReceiptPdf(input: ReceiptPdfInput): Promise<Uint8Array> {
  const w = await writer({ width: 612, height: 792 })
  w.paragraph('Earnest Money Receipt', { bold: true, fontSize: 16, gap: 10 })
  w.paragraph(`The holder of the earnest money named in the contract attested, from the link Offerbook sent to ${input.holderEmail} at the request of ${input.sentByName}, that it received the deposit below.`, { gap: 10 })
  w.rule()
  w.row('Property', input.address)
  w.row('Contract', `Offer ${input.offerId}, Binding Agreement Date ${day(input.bindingAgreementDate)}`)
  w.row('Depositor (Buyer)', input.buyers.join(', ') || '-')
  w.row('Seller', input.sellers.join(', ') || '-')
  w.row('Holder', holderWords(input.holder))
  w.row('Holder address', input.holder.address)
  w.rule()
  w.row('Amount due (contract)', money(input.amountDue))
  w.row('Amount received', money(input.amount))
  w.row('Date received', day(input.receivedOn))
  w.row('Method', methodWords(input.method, input.methodOther))
  w.row('Attested', `${input.attested} by ${input.holderEmail}`)
  w.rule()
  w.paragraph('Escrow records are kept for at least three years (T.C.A. 62-13-321; TREC Rule 1260-02-.09). A written request to disburse must be answered by a disbursement or an interpleader within 21 calendar days (TREC Rule 1260-02-.09(7)).', { fontSize: 8.5 })
  w.finish(`Earnest money receipt, contract ${input.offerId}. Drawn by Offerbook.`)
  setDocumentInfo(w.pdf, { title: `Earnest Money Receipt: ${input.address}`, subject: input.address, author: input.holder.name || input.holderEmail, keywords: ['earnest money', 'receipt', input.offerId], createdAt: input.attestedAt })
  markArchival(w.pdf)
  return w.pdf.save()
}

const CLOCK_WORDS = { open: 'running', dueSoon: 'due soon', overdue: 'overdue', released: 'released in time', releasedLate: 'released late' } as const

/** The brokerage's trust log, one block per deposit, for an audit. */
export async function renderTrustLogPdf({ brokerName, rows, generatedAt, generated }: { brokerName: string; rows: readonly TrustLogRow[]; generatedAt: Date; generated: string }): Promise<Uint8Array> {
  const w = await writer({ width: 792, height: 612 })
  w.paragraph('Trust Log: Earnest Money Held', { bold: true, fontSize: 16, gap: 4 })
  w.paragraph(`Brokerage of ${brokerName}. ${rows.length} ${rows.length === 1 ? 'deposit' : 'deposits'}. Prepared ${generated}. Fields of T.C.A. 62-13-321: depositor, deposit date, withdrawal date and payee.`, { gap: 10 })
  if (rows.length === 0) w.paragraph('No earnest money is recorded for the brokerage.')
  rows.forEach((row, index) => {
    w.rule()
    w.paragraph(`${index + 1}. ${row.address}`, { bold: true, gap: 2 })
    w.row('Contract', row.offerId)
    w.row('Depositor', row.depositor)
    w.row('Deposit', `${money(row.amount)} on ${day(row.depositDate)}, ${methodWords(row.method, '')}`)
    w.row('Holder', `${holderWords(row.holder)}, ${row.holder.address || '-'}`)
    w.row('Request to disburse', row.request ? `${day(row.request.requestedOn)} by ${row.request.requestedBy}, payee asked: ${row.request.payee}` : 'none')
    if (row.clock) w.row('Disburse by', `${day(row.clock.dueOn)} (${CLOCK_WORDS[row.clock.state]})`)
    w.row('Withdrawal', row.withdrawalDate ? `${day(row.withdrawalDate)} to ${row.payee ?? '-'}, ${money(row.releasedAmount)} (${row.releaseKind ? RELEASE_NAMES[row.releaseKind] : '-'})` : 'held')
  })
  w.finish(`Trust log of the brokerage of ${brokerName}, prepared ${generated}. Drawn by Offerbook.`)
  setDocumentInfo(w.pdf, { title: `Trust log: ${brokerName}`, subject: 'Earnest money held in trust', author: brokerName, keywords: ['trust log', 'earnest money', 'T.C.A. 62-13-321'], createdAt: generatedAt })
  markArchival(w.pdf)
  return w.pdf.save()
}
