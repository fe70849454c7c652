import type { PDFFont, PDFPage } from '@cantoo/pdf-lib'
import { PDFDocument } from '@cantoo/pdf-lib'
import type { DraftNotice, NoticeSide } from '@offerbook/domain/contract-notices'
import { CONTRACT_DAYS } from '@offerbook/domain/contract-timeline'
import { NOTICE_FORM, NOTICE_TITLES } from '@offerbook/domain/contract-notices'
import type { TimelineKind } from '@offerbook/domain/contract-timeline'
import { messageText } from '@offerbook/domain/messages'
import type { MessageKey } from '@offerbook/domain/messages'
import { formatUsd } from '@offerbook/domain/money'
import { formatCalendarDate } from '@offerbook/domain/property-time'
import type { SignerRole } from '@offerbook/domain/signing'
import { embedSans } from '../../pdf/fonts'
import { markArchival } from '../../pdf/pdfa'
import { setDocumentInfo, toWinAnsi } from '../contracts/lined-pdf'
import type { DocumentField } from '../signing/signing-send.service'

/**
 * A notice of the contract as a PDF of our own words (decision 065): form OB-NOT with its version
 * date, the property, the parties, the contract it refers to, the facts, and a place for each signer
 * of the notice's side to sign and date. Drawn in Arimo (Helvetica's metrics), embedded; the fields
 * are placed here, where the places are drawn.
 */

export type NoticePdfInput = {
  notice: DraftNotice
  side: NoticeSide
  /** The item the notice is about, with its last day (YYYY-MM-DD) when dated. */
  item: { kind: TimelineKind; date: string | null } | null
  address: string
  buyers: readonly string[]
  sellers: readonly string[]
  /** The contract it refers to: the offer's id and version, the agreement's form and the Binding Agreement Date. */
  contract: { offerId: string; version: number; form: string; bindingDate: string; purchasePrice: number | null }
  zoneName: string
  signers: readonly { name: string; role: SignerRole }[]
  createdAt: Date
  prepared: string
}

const PAGE = { width: 612, height: 792 } as const
const MARGIN = 72
const WIDTH = PAGE.width - 2 * MARGIN
const SIZE = 10.5
const LEADING = 14.5
const SIGNER_BLOCK = 62
const FOOT = 60

const money = (amount: number | null) => (amount === null ? '-' : formatUsd(amount, 'en-US'))
const day = (date: string) => formatCalendarDate(date, 'en-us')
const sideName = (side: NoticeSide) => (side === 'buyer' ? 'Buyer' : 'Seller')
const other = (side: NoticeSide): NoticeSide => (side === 'buyer' ? 'seller' : 'buyer')

const ROLE_NAMES: Readonly<Record<SignerRole, string>> = { buyer: 'Buyer', seller: 'Seller', 'buyer-agent': "Buyer's agent", 'listing-agent': 'Listing agent', other: 'Signer' }

const CONTINGENCY_NAMES = { financing: 'financing contingency', appraisal: 'appraisal contingency', inspection: 'inspection contingency' } as const
const GROUND_NAMES = {
  inspection: 'the inspection contingency',
  appraisal: 'the appraisal contingency',
  financing: 'the financing contingency',
  condoDocuments: 'the condominium documents review',
  hoaDocuments: 'the homeowners association documents review',
  leases: 'the leases review',
  earnestMoney: 'the earnest money not delivered on time',
  buyerDefault: "the Buyer's default on the loan application or the proof of funds",
} as const
const DELIVERY_NAMES: Partial<Record<TimelineKind, string>> = {
  condoDescription: 'condominium legal description',
  condoDocuments: 'condominium documents',
  hoaDocuments: 'homeowners association documents',
  leases: 'leases',
}

/** The facts of the notice, in the document's words (English, as the agreement). */
export function noticeFacts(input: Pick<NoticePdfInput, 'notice' | 'side' | 'contract' | 'item'>): string[] {
  const { notice, side } = input
  switch (notice.type) {
    case 'inspectionResult':
      return notice.result === 'satisfied'
        ? ["The Buyer has completed the inspections of the Property and is satisfied with its condition. The Buyer asks for no repairs and accepts the Property as it is: the inspection contingency is satisfied, and there is nothing left to resolve."]
        : ['The Buyer has completed the inspections of the Property and asks for repairs or replacements, to be agreed in writing. The Resolution Period counts from the day this notice is delivered.']
    case 'contingency':
      return [
        notice.outcome === 'satisfied'
          ? `The Buyer declares the ${CONTINGENCY_NAMES[notice.contingency]} satisfied.`
          : `The Buyer waives the ${CONTINGENCY_NAMES[notice.contingency]}, and with it the right to end the agreement under it.`,
      ]
    case 'appraisalNotice':
      return [
        `The appraisal of the Property dated ${day(notice.appraisalDate)} gives an appraised value of ${money(notice.appraisedValue)}, below the purchase price of ${money(input.contract.purchasePrice)}.`,
        `Under the appraisal contingency, the Buyer has ${CONTRACT_DAYS.appraisalDecision} days after this notice is delivered to waive the contingency or to end the agreement. A Buyer who does neither is treated as having waived it.`,
      ]
    case 'earnestMoneyDelivered':
      return [`Earnest money of ${money(notice.amount)} was delivered on ${day(notice.deliveredOn)} to its holder, ${notice.holder}.`]
    case 'deliveryReceived':
      return [`The Buyer received the ${DELIVERY_NAMES[notice.item] ?? 'documents'} from the Seller on ${day(notice.receivedOn)}. The Buyer's review counts from that day.`]
    case 'termination':
      return [`The ${sideName(side)} ends the Purchase and Sale Agreement under ${GROUND_NAMES[notice.ground]}.`, `Reason: ${notice.reason}`]
  }
}

/** Breaks a text into lines that fit `width` at `size` in `font`. */
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

/** The notice's PDF and the signers' fields: each signer's signature and date, on the last page. */
export async function renderNoticePdf(input: NoticePdfInput): Promise<{ pdf: Uint8Array; fields: DocumentField[]; title: string }> {
  const pdf = await PDFDocument.create({ updateMetadata: false })
  const fonts = await embedSans(pdf)
  const title = NOTICE_TITLES[input.notice.type]
  const pages: PDFPage[] = []
  let page = pdf.addPage([PAGE.width, PAGE.height])
  pages.push(page)
  let y = PAGE.height - MARGIN
  const text = (value: string, x: number, at: number, { size = SIZE, bold = false }: { size?: number; bold?: boolean } = {}) => page.drawText(toWinAnsi(value), { x, y: at, size, font: bold ? fonts.bold : fonts.regular })
  const newPage = () => {
    page = pdf.addPage([PAGE.width, PAGE.height])
    pages.push(page)
    y = PAGE.height - MARGIN
  }
  const paragraph = (value: string, { bold = false, gap = 6 }: { bold?: boolean; gap?: number } = {}) => {
    for (const line of wrap(value, bold ? fonts.bold : fonts.regular, SIZE, WIDTH)) {
      if (y < FOOT + LEADING) newPage()
      text(line, MARGIN, y, { bold })
      y -= LEADING
    }
    y -= gap
  }

  // Header: the form's code and version, the title.
  text(NOTICE_FORM.code, MARGIN, y, { size: 11, bold: true })
  const version = `Version ${NOTICE_FORM.version}`
  text(version, PAGE.width - MARGIN - fonts.regular.widthOfTextAtSize(version, 11), y, { size: 11 })
  y -= 26
  const titleWidth = fonts.bold.widthOfTextAtSize(toWinAnsi(title), 14)
  text(title, (PAGE.width - titleWidth) / 2, y, { size: 14, bold: true })
  y -= 26
  page.drawLine({ start: { x: MARGIN, y: y + 10 }, end: { x: PAGE.width - MARGIN, y: y + 10 }, thickness: 0.5 })
  y -= 4

  const { contract } = input
  paragraph(`Property: ${input.address}`)
  paragraph(`Buyer: ${input.buyers.join(', ') || '-'}`, { gap: 0 })
  paragraph(`Seller: ${input.sellers.join(', ') || '-'}`)
  paragraph(
    `Contract: the Purchase and Sale Agreement ${contract.form} of offer ${contract.offerId}, version ${contract.version}, with the Binding Agreement Date ${day(contract.bindingDate)}.`,
  )
  paragraph(`From: the ${sideName(input.side)}. To: the ${sideName(other(input.side))}. Prepared ${input.prepared}.`)
  if (input.item) {
    const itemTitle = messageText(`timeline.${input.item.kind}` as MessageKey)
    paragraph(`About: ${itemTitle}${input.item.date ? `, last day ${day(input.item.date)}` : ''}.`)
  }
  y -= 4
  paragraph('Notice', { bold: true, gap: 2 })
  for (const fact of noticeFacts(input)) paragraph(fact)
  if (input.notice.type !== 'termination' && input.notice.note) paragraph(`Note: ${input.notice.note}`)
  paragraph(`This notice is delivered to the ${sideName(other(input.side))} when every signer below has signed it. Dates are calendar days in the property's time zone (${input.zoneName}).`)

  // The signers' places: a signature line and a date line each, with the name and role under them.
  y -= 10
  const fields: DocumentField[] = []
  input.signers.forEach((signer, index) => {
    if (y - SIGNER_BLOCK < FOOT) newPage()
    const lineY = y - 30
    const signatureWidth = WIDTH * 0.62
    const dateX = MARGIN + signatureWidth + 24
    const dateWidth = WIDTH - signatureWidth - 24
    page.drawLine({ start: { x: MARGIN, y: lineY }, end: { x: MARGIN + signatureWidth, y: lineY }, thickness: 0.6 })
    page.drawLine({ start: { x: dateX, y: lineY }, end: { x: dateX + dateWidth, y: lineY }, thickness: 0.6 })
    text(`${signer.name}, ${ROLE_NAMES[signer.role]}`, MARGIN, lineY - 12, { size: 9 })
    text('Date', dateX, lineY - 12, { size: 9 })
    const box = (left: number, width: number) => ({ x: left / PAGE.width, y: (PAGE.height - lineY - 26) / PAGE.height, width: width / PAGE.width, height: 25 / PAGE.height })
    const pageIndex = pages.length - 1
    fields.push({ signerIndex: index, type: 'signature', page: pageIndex, ...box(MARGIN, signatureWidth), required: true, label: '' })
    fields.push({ signerIndex: index, type: 'date-signed', page: pageIndex, ...box(dateX, dateWidth), required: true, label: '' })
    y -= SIGNER_BLOCK
  })

  // Footer on every page: the form's label and the page count.
  pages.forEach((each, index) => {
    const label = toWinAnsi(`${NOTICE_FORM.code} ${NOTICE_FORM.title}, version ${NOTICE_FORM.version}. Our own form, drawn by Offerbook.`)
    each.drawText(label, { x: MARGIN, y: 40, size: 7.5, font: fonts.regular })
    const count = `Page ${index + 1} of ${pages.length}`
    each.drawText(count, { x: PAGE.width - MARGIN - fonts.regular.widthOfTextAtSize(count, 8), y: 40, size: 8, font: fonts.regular })
  })

  setDocumentInfo(pdf, { title: `${NOTICE_FORM.code} - ${title}: ${input.address}`, subject: input.address, author: input.signers.map((signer) => signer.name).join(', '), keywords: [NOTICE_FORM.code, `version ${NOTICE_FORM.version}`, input.notice.type], createdAt: input.createdAt })
  markArchival(pdf)
  return { pdf: await pdf.save(), fields, title }
}
