import { PDFDocument, rgb, StandardFonts } from 'pdf-lib'
import type { LedgerEntry, LedgerVerification } from '@offerbook/domain/offer-record'
import type { OfferEventType } from '@offerbook/domain/offer-status'
import { formatZonedDateTime } from '@offerbook/domain/property-time'
import { toWinAnsi } from '../contracts/rf707-pdf'
import { wrapText } from './offer-pdf'

/**
 * The offer record as files a broker keeps (decision 030): CSV for a spreadsheet, PDF to print. Both
 * English, as the legal texts are (decision 012), with each time in the property's zone, named, and in
 * UTC; each entry with its hash, so a printed copy can be checked against the chain.
 */

export const OFFER_RECORD_TITLE = 'Offer record'

/** What each entry tells, in the record's words. */
export const ENTRY_WORDS: Readonly<Record<OfferEventType, string>> = {
  created: 'Offer drafted by the buyer side',
  shared: 'Offer shared with the seller side',
  updated: 'Offer changed by the buyer side',
  accepted: 'Offer accepted by the seller side',
  declined: 'Offer declined by the seller side',
  backup: 'Offer kept as a back-up',
  withdrawn: 'Offer withdrawn by the buyer side',
  expired: 'Offer expired',
  acknowledged: 'Acceptance acknowledged: Binding Agreement Date',
  closed: 'Closed',
  terminated: 'Contract terminated',
  'forms-generated': 'Offer form generated',
  signed: 'Signed by every party',
  viewed: 'Opened by the seller side',
}

export const entryWords = (type: string): string => (ENTRY_WORDS as Record<string, string>)[type] ?? type

/** A cell a spreadsheet reads as text: quoted, and a leading = + - @ made harmless (formula injection). */
export function csvCell(value: string | number | null): string {
  if (value === null) return ''
  let text = String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\n\r]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text
}

export const CSV_HEADER = ['Sequence', 'Time (property zone)', 'Time (UTC)', 'Offer', 'Offer id', 'Entry', 'Type', 'By', 'From status', 'To status', 'Details', 'Hash'] as const

export function offerRecordCsv(entries: readonly LedgerEntry[], timeZone: string): string {
  const lines = [CSV_HEADER.join(',')]
  for (const entry of entries) {
    const at = new Date(entry.at)
    lines.push(
      [
        entry.seq,
        formatZonedDateTime(at, timeZone),
        entry.at,
        entry.offerLabel,
        entry.offerId,
        entryWords(entry.type),
        entry.type,
        entry.actorName ?? 'System',
        entry.fromStatus,
        entry.toStatus,
        Object.keys(entry.details).length === 0 ? '' : JSON.stringify(entry.details),
        entry.hash,
      ]
        .map(csvCell)
        .join(','),
    )
  }
  // A byte-order mark, so spreadsheet programs read the names' accents as UTF-8.
  return `\ufeff${lines.join('\r\n')}\r\n`
}

const PAGE = { width: 792, height: 612 } as const // US Letter, landscape: the hash needs the width
const MARGIN = 40
const SIZE = 8
const LEADING = 10
const GREY = rgb(0.35, 0.35, 0.35)
const COLUMNS = [
  { title: '#', width: 34 },
  { title: 'Time', width: 150 },
  { title: 'Offer', width: 110 },
  { title: 'Entry', width: 170 },
  { title: 'By', width: 98 },
  { title: 'Hash', width: 150 },
] as const

export async function offerRecordPdf({
  entries,
  address,
  timeZone,
  verification,
  now,
}: {
  entries: readonly LedgerEntry[]
  address: string
  timeZone: string
  verification: LedgerVerification
  now: Date
}): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  doc.setTitle(`${OFFER_RECORD_TITLE}: ${toWinAnsi(address)}`)
  doc.setCreator('Offerbook')
  doc.setProducer('Offerbook')
  doc.setCreationDate(now)
  doc.setModificationDate(now)

  let page = doc.addPage([PAGE.width, PAGE.height])
  let y = PAGE.height - MARGIN
  const text = (value: string, x: number, size = SIZE, font = regular) => page.drawText(toWinAnsi(value), { x, y, size, font })

  text(OFFER_RECORD_TITLE, MARGIN, 18, bold)
  y -= 22
  text(address, MARGIN, 11, bold)
  y -= 15
  text(`Exported ${formatZonedDateTime(now, timeZone)}. Times are in the property's time zone (${timeZone}).`, MARGIN, 9)
  y -= 12
  const chain = verification.ok
    ? `Hash chain verified: ${verification.checked} ${verification.checked === 1 ? 'entry' : 'entries'} of the listing, every link intact.`
    : `Hash chain BROKEN at entry ${verification.broken?.seq ?? '?'}: the record was changed after it was written.`
  text(chain, MARGIN, 9, bold)
  y -= 18

  const header = () => {
    let x = MARGIN
    for (const column of COLUMNS) {
      page.drawText(column.title, { x, y, size: SIZE, font: bold })
      x += column.width
    }
    page.drawLine({ start: { x: MARGIN, y: y - 3 }, end: { x: PAGE.width - MARGIN, y: y - 3 }, thickness: 0.5, color: GREY })
    y -= LEADING + 4
  }
  header()
  if (entries.length === 0) text('No entries yet.', MARGIN)

  for (const entry of entries) {
    const cells = [
      String(entry.seq),
      formatZonedDateTime(new Date(entry.at), timeZone),
      entry.offerLabel,
      `${entryWords(entry.type)}${entry.toStatus && entry.fromStatus !== entry.toStatus ? ` (${entry.fromStatus ?? 'new'} to ${entry.toStatus})` : ''}`,
      entry.actorName ?? 'System',
      entry.hash,
    ].map((cell, index) => wrapText(cell, regular, SIZE, COLUMNS[index]!.width - 6))
    const height = Math.max(...cells.map((lines) => lines.length)) * LEADING
    if (y - height < MARGIN + 14) {
      page = doc.addPage([PAGE.width, PAGE.height])
      y = PAGE.height - MARGIN
      header()
    }
    let x = MARGIN
    cells.forEach((lines, index) => {
      lines.forEach((line, row) => page.drawText(line, { x, y: y - row * LEADING, size: SIZE, font: regular }))
      x += COLUMNS[index]!.width
    })
    y -= height + 2
  }

  const pages = doc.getPages()
  pages.forEach((each, index) => {
    const label = `${OFFER_RECORD_TITLE} - page ${index + 1} of ${pages.length}`
    each.drawText(toWinAnsi(label), { x: MARGIN, y: MARGIN - 20, size: 7, font: regular, color: GREY })
  })
  return doc.save()
}
