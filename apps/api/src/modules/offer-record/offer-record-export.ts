import { AFRelationship, PDFDocument, rgb } from '@cantoo/pdf-lib'
import type { LedgerEntry, LedgerVerification } from '@offerbook/domain/offer-record'
import type { OfferEventType } from '@offerbook/domain/offer-status'
import { formatZonedDateTime } from '@offerbook/domain/property-time'
import { csvFile } from '@offerbook/domain/csv'
import { canonicalJson } from '@offerbook/domain/signing-chain'
import { embedMono, embedSans } from '../../pdf/fonts'
import { markArchival } from '../../pdf/pdfa'
import { toWinAnsi } from '../contracts/lined-pdf'

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
  closed: 'Closing confirmed by the other side: closed',
  terminated: 'Contract terminated',
  'forms-generated': 'Offer form generated',
  signed: 'Signed by every party',
  countered: 'Counter-offer sent: a new version of the terms',
  'counter-accepted': 'Counter-offer accepted',
  'counter-declined': 'Counter-offer declined',
  'best-requested': 'Highest and best requested, with a deadline',
  revised: 'Offer revised by the buyer side before the highest-and-best deadline',
  'pre-approval-verified': 'Pre-approval letter marked verified by the seller side',
  viewed: 'Opened by the seller side',
  'signer-viewed': 'Signing document opened by a signer',
  'signer-consented': 'Signer agreed to sign electronically',
  'signer-signed': 'Signed by a signer',
  'form-sent': 'Form document sent for signature',
  'form-completed': 'Form document signed by every signer',
  'closing-recorded': 'Closing date and final price recorded',
  'closing-disputed': 'Recorded closing disputed: the record is cleared',
  'timeline-reminder': 'Contract date reminder sent to the side that owns it',
  'timeline-missed': "Contract date missed: the other side's agent told",
  'amendment-drafted': 'Amendment drafted and sent for both sides to sign',
  amended: 'Amendment signed by both sides: the terms are amended',
  'repairs-proposed': 'Repairs proposed by the buyer side',
  'repairs-answered': 'Repair proposal answered',
  'notice-sent': 'Notice of the contract sent for signature',
  'notice-delivered': 'Notice signed and delivered to the other side',
  'contract-ended': 'The accepted contract on the listing ended: this back-up may be taken up',
  'file-document-approved': "A document of a side's brokerage file approved by its broker",
  'file-document-returned': "A document of a side's brokerage file returned by its broker",
  'file-closed': "A side's brokerage file closed by its broker",
  'earnest-money-link-sent': "Link sent to the earnest money's holder to attest receipt",
  'earnest-money-received': 'Earnest money receipt attested by its holder',
  'disbursement-requested': 'Written request to disburse the earnest money recorded: the 21-day clock starts',
  'disbursement-reminder': 'Reminder to disburse or interplead the earnest money',
  'earnest-money-released': 'Earnest money released: the clock stops',
}

export const entryWords = (type: string): string => (ENTRY_WORDS as Record<string, string>)[type] ?? type

export const CSV_HEADER = ['Sequence', 'Time (property zone)', 'Time (UTC)', 'Offer', 'Offer id', 'Entry', 'Type', 'By', 'From status', 'To status', 'Details', 'Hash'] as const

export function offerRecordCsv(entries: readonly LedgerEntry[], timeZone: string): string {
  return csvFile([
    CSV_HEADER,
    ...entries.map((entry) => [
      entry.seq,
      formatZonedDateTime(new Date(entry.at), timeZone),
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
    ]),
  ])
}

const PAGE = { width: 792, height: 612 } as const // US Letter, landscape: the hash needs the width
const MARGIN = 40
const SIZE = 7
const LEADING = 8.5
const GREY = rgb(0.35, 0.35, 0.35)
/**
 * The entries are a table in the monospaced font (Cousine, with Courier's metrics), each line of a row drawn as one piece of text with its columns
 * padded to their widths (in characters): a text object per line instead of one per cell keeps a record
 * of 2,000 entries fast to write.
 */
const COLUMNS = [
  { title: '#', chars: 6 },
  { title: 'Time', chars: 30 },
  { title: 'Offer', chars: 24 },
  { title: 'Entry', chars: 38 },
  { title: 'By', chars: 20 },
  { title: 'Hash', chars: 32 },
] as const

/** Words into lines of at most `width` characters; a longer word is cut. */
function wrapChars(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let rest = word
    while (rest.length > width) {
      if (line) lines.push(line)
      lines.push(rest.slice(0, width))
      line = ''
      rest = rest.slice(width)
    }
    if (line === '') line = rest
    else if (line.length + 1 + rest.length <= width) line += ` ${rest}`
    else {
      lines.push(line)
      line = rest
    }
  }
  lines.push(line)
  return lines
}

/** The lines of one table row: each cell wrapped in its column, padded, side by side. */
function rowLines(cells: readonly string[][]): string[] {
  const height = Math.max(...cells.map((lines) => lines.length))
  return Array.from({ length: height }, (_, row) =>
    cells
      .map((lines, index) => (lines[row] ?? '').padEnd(COLUMNS[index]!.chars + 1))
      .join('')
      .trimEnd(),
  )
}

/** The offer record's entries as data, attached to its PDF (decision 062). */
export const OFFER_RECORD_JSON_FORMAT = 'offerbook.offer-record/1'
export const OFFER_RECORD_JSON_NAME = 'offerbook-offer-record.json'

/** The entries as canonical JSON (sorted keys, as the sealed packet's record): what the PDF prints, as data a program can check. */
export function offerRecordJson({ entries, address, timeZone, verification, now }: { entries: readonly LedgerEntry[]; address: string; timeZone: string; verification: LedgerVerification; now: Date }): Uint8Array {
  return Buffer.from(canonicalJson({ format: OFFER_RECORD_JSON_FORMAT, address, timeZone, exportedAt: now.toISOString(), verification, entries }), 'utf8')
}

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
  const { regular, bold } = await embedSans(doc)
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

  const { regular: mono, bold: monoBold } = await embedMono(doc)
  const header = () => {
    page.drawText(rowLines(COLUMNS.map((column) => [column.title]))[0]!, { x: MARGIN, y, size: SIZE, font: monoBold })
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
    ].map((cell, index) => wrapChars(toWinAnsi(cell), COLUMNS[index]!.chars))
    const lines = rowLines(cells)
    if (y - lines.length * LEADING < MARGIN + 14) {
      page = doc.addPage([PAGE.width, PAGE.height])
      y = PAGE.height - MARGIN
      header()
    }
    page.drawText(lines.join('\n'), { x: MARGIN, y, size: SIZE, font: mono, lineHeight: LEADING })
    y -= lines.length * LEADING + 2
  }

  const pages = doc.getPages()
  pages.forEach((each, index) => {
    const label = `${OFFER_RECORD_TITLE} - page ${index + 1} of ${pages.length}`
    each.drawText(toWinAnsi(label), { x: MARGIN, y: MARGIN - 20, size: 7, font: regular, color: GREY })
  })
  await doc.attach(offerRecordJson({ entries, address, timeZone, verification, now }), OFFER_RECORD_JSON_NAME, {
    mimeType: 'application/json',
    description: 'The offer record\'s entries with their hashes, as canonical JSON',
    creationDate: now,
    modificationDate: now,
    afRelationship: AFRelationship.Data,
  })
  markArchival(doc)
  return doc.save()
}
