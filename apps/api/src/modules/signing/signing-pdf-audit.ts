import type { PDFDocument, PDFFont, PDFPage } from '@cantoo/pdf-lib'
import type { SignerRole } from '@offerbook/domain/signing'
import type { ArchivalResult } from '../../pdf/pdfa'
import { SIGNER_ROLE_LABELS } from '@offerbook/domain/signing-rules'
import { toWinAnsi } from '../contracts/lined-pdf'
import { wrapText } from '../offer-documents/offer-pdf'
import type { Embedded } from './signing-pdf-images'
import { drawImageInBox } from './signing-pdf-images'
import type { Fonts } from './signing-pdf-page'
import { GREY, LETTER, LIGHT_GREY } from './signing-pdf-page'
import { dateTimeFormat } from '@offerbook/domain/intl-formats'

/**
 * Completing a packet, second step: the Certificate of Completion appended after the documents,
 * the audit page that names each document, each signer and the head of the event chain.
 */

export type CertificateSigner = {
  name: string
  email: string
  role: SignerRole
  authMethod: 'email-link' | 'email-link+sms-code'
  consentedAt: Date | null
  viewedAt: Date | null
  signedAt: Date | null
  ip: string | null
  userAgent: string | null
  signatureMethod: 'typed' | 'drawn' | null
  signaturePng: Uint8Array | null
}
export type CertificateData = {
  packetId: string
  title: string
  address: string
  sentBy: string | null
  sentAt: Date | null
  completedAt: Date
  documents: { filename: string; sha256: string; pageCount: number }[]
  signers: CertificateSigner[]
  chainHead: string
  eventCount: number
  consentVersion: string
  verifyUrl: string
  /** What the certificate says of the documents besides the signatures (the Binding Agreement Date filled at sealing, or left to fill). */
  notes?: readonly string[]
  /**
   * The PAdES level the seal reaches (decision 052). With B-T, the timestamp authority that attested
   * this certificate's chain head before sealing, and the time it attested; the same authority
   * timestamps the seal's signature.
   */
  seal?: { level: 'B-B' } | { level: 'B-T'; tsaName: string; attestedAt: Date }
  /** The record embedded in the file (decision 059), named with its SHA-256 so a reader can check it. */
  record?: { filename: string; sha256: string }
  /** Whether the file is marked as PDF/A-3b (decision 062), or which fonts of its documents stop it being so. */
  archival?: ArchivalResult
}

/** The certificate's words on the file's archival format (decision 062). */
export function archivalStatement(archival: ArchivalResult): string {
  // Marked, not validated: no PDF/A validator runs here (veraPDF cannot be installed; decision 062), so the row says what the file declares.
  if (archival.claimed) return 'Marked as PDF/A-3b (ISO 19005-3) before the seal: every font embedded, an sRGB output intent and XMP metadata. No PDF/A validator has checked it.'
  const fonts = archival.fontsNotEmbedded.map((font) => font.replace(/^[A-Z]{6}\+/, ''))
  const named = fonts.length > 3 ? `${fonts.slice(0, 3).join(', ')} and ${fonts.length - 3} more` : fonts.join(', ')
  const reasons = [
    fonts.length > 0 ? `uses fonts that it does not embed (${named})` : null,
    archival.deviceCmyk ? 'paints in print colours (DeviceCMYK) that its sRGB output intent does not define' : null,
  ].filter((reason) => reason !== null)
  return `Not PDF/A: a document in this packet ${reasons.join(' and ')}, so this file cannot claim PDF/A-3b.`
}

/** The certificate's words on the seal's PAdES level and its trusted time. */
export function sealStatement(seal: NonNullable<CertificateData['seal']>): string[] {
  if (seal.level === 'B-B')
    return ['PAdES baseline B-B (ETSI EN 319 142-1): signed with the sealing certificate above.', 'No trusted timestamp was configured: the signing time is the server\'s own claim.']
  return [
    'PAdES baseline B-T (ETSI EN 319 142-1): the seal\'s signature carries an RFC 3161 timestamp.',
    `Timestamp authority: ${seal.tsaName}. It attested this audit trail's chain head at ${certificateTime(seal.attestedAt)}, and timestamped the seal moments later.`,
    'When the certificates publish revocation data, it is added to this file after the seal with a document timestamp over the whole file (PAdES B-LTA), and both are renewed before that timestamp\'s certificate expires. Each version verifies at /verify.',
  ]
}

const CHICAGO_TIME = dateTimeFormat('en-US', {
  timeZone: 'America/Chicago',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
})
const NOT_RECORDED = 'Not recorded'
/** 'Nov 25, 2026, 3:04:05 PM CST'; Intl may put a narrow no-break space before PM, the page wants a plain one. */
export const certificateTime = (date: Date | null): string => (date === null ? NOT_RECORDED : CHICAGO_TIME.format(date).replace(/\s/g, ' '))

const AUTH_LABELS: Record<CertificateSigner['authMethod'], string> = { 'email-link': 'Email link', 'email-link+sms-code': 'Email link and SMS code' }
const METHOD_LABELS: Record<NonNullable<CertificateSigner['signatureMethod']>, string> = { typed: 'Typed', drawn: 'Drawn' }

const CERT = {
  margin: 54,
  top: LETTER.height - 54,
  /** Nothing but the footer below this. */
  bottom: 64,
  footerY: 36,
  labelWidth: 150,
  size: 9,
  leading: 12,
  hashSize: 8,
  signatureBox: { width: 180, height: 54 },
} as const
const CERT_CONTENT_WIDTH = LETTER.width - 2 * CERT.margin
const CERT_VALUE_X = CERT.margin + CERT.labelWidth
const CERT_VALUE_WIDTH = CERT_CONTENT_WIDTH - CERT.labelWidth

export type CertFonts = Fonts & { mono: PDFFont }
/** A line of a value: the monospaced font (Cousine) for hashes, so each digit is easy to compare. */
type ValueLine = { text: string; mono?: boolean }
/** Something of a known height that is drawn with its top at `y`. */
type Piece = { height: number; draw: (page: PDFPage, y: number) => void }

function rowPiece(fonts: CertFonts, label: string, values: readonly ValueLine[]): Piece {
  const labelLines = wrapText(label, fonts.bold, CERT.size, CERT.labelWidth - 10)
  const valueLines = values.flatMap((value) => {
    const font = value.mono ? fonts.mono : fonts.regular
    const size = value.mono ? CERT.hashSize : CERT.size
    return wrapText(value.text, font, size, CERT_VALUE_WIDTH).map((text) => ({ text, font, size }))
  })
  const height = Math.max(labelLines.length, valueLines.length) * CERT.leading + 3
  return {
    height,
    draw(page, y) {
      labelLines.forEach((text, index) => page.drawText(text, { x: CERT.margin, y: y - CERT.size - index * CERT.leading, size: CERT.size, font: fonts.bold }))
      valueLines.forEach((line, index) => page.drawText(line.text, { x: CERT_VALUE_X, y: y - CERT.size - index * CERT.leading, size: line.size, font: line.font }))
    },
  }
}

function headingPiece(fonts: CertFonts, text: string): Piece {
  return {
    height: 30,
    draw(page, y) {
      page.drawText(toWinAnsi(text), { x: CERT.margin, y: y - 20, size: 12, font: fonts.bold })
      page.drawLine({ start: { x: CERT.margin, y: y - 24 }, end: { x: LETTER.width - CERT.margin, y: y - 24 }, thickness: 0.75 })
    },
  }
}

function paragraphPiece(fonts: CertFonts, text: string, { size = CERT.size, bold = false }: { size?: number; bold?: boolean } = {}): Piece {
  const font = bold ? fonts.bold : fonts.regular
  const lines = wrapText(text, font, size, CERT_CONTENT_WIDTH)
  const leading = size * 1.35
  return {
    height: lines.length * leading + 2,
    draw(page, y) {
      lines.forEach((line, index) => page.drawText(line, { x: CERT.margin, y: y - size - index * leading, size, font }))
    },
  }
}

function signaturePiece(fonts: CertFonts, image: Embedded | null): Piece {
  const box = CERT.signatureBox
  return {
    height: box.height + 8,
    draw(page, y) {
      page.drawText('Signature', { x: CERT.margin, y: y - CERT.size, size: CERT.size, font: fonts.bold })
      const frame = { x: CERT_VALUE_X, y: y - box.height, width: box.width, height: box.height }
      page.drawRectangle({ ...frame, borderColor: LIGHT_GREY, borderWidth: 0.5 })
      if (image) drawImageInBox(page, image, { x: frame.x + 4, y: frame.y + 3, width: frame.width - 8, height: frame.height - 6 })
      else page.drawText('No image', { x: frame.x + 6, y: frame.y + box.height / 2 - 3, size: CERT.size, font: fonts.regular, color: GREY })
    },
  }
}

/** Pieces placed top to bottom; a group (one signer, one document) moves to a new page whole when it does not fit. */
function layOutCertificate(doc: PDFDocument, groups: readonly Piece[][]): PDFPage[] {
  const pages: PDFPage[] = []
  let page: PDFPage | undefined
  let y = 0
  const newPage = () => {
    page = doc.addPage([LETTER.width, LETTER.height])
    pages.push(page)
    y = CERT.top
  }
  newPage()
  for (const group of groups) {
    const height = group.reduce((sum, piece) => sum + piece.height, 0)
    if (y - height < CERT.bottom && y !== CERT.top) newPage()
    for (const piece of group) {
      // A group taller than a page still never runs into the footer: it continues overleaf.
      if (y - piece.height < CERT.bottom && y !== CERT.top) newPage()
      if (page) piece.draw(page, y)
      y -= piece.height
    }
  }
  return pages
}

export async function addCertificate(doc: PDFDocument, fonts: CertFonts, data: CertificateData, embed: (png: Uint8Array) => Promise<Embedded>): Promise<void> {
  const title: Piece = {
    height: 34,
    draw(page, y) {
      page.drawText('Certificate of Completion', { x: CERT.margin, y: y - 20, size: 20, font: fonts.bold })
    },
  }
  const groups: Piece[][] = [
    [title],
    [
      rowPiece(fonts, 'Packet', [{ text: data.packetId, mono: true }]),
      rowPiece(fonts, 'Title', [{ text: data.title }]),
      rowPiece(fonts, 'Property', [{ text: data.address }]),
      rowPiece(fonts, 'Sent by', [{ text: data.sentBy ?? NOT_RECORDED }]),
      rowPiece(fonts, 'Sent', [{ text: certificateTime(data.sentAt) }]),
      rowPiece(fonts, 'Completed', [{ text: certificateTime(data.completedAt) }]),
    ],
  ]
  data.documents.forEach((document, index) => {
    const row = rowPiece(fonts, `Document ${index + 1}`, [
      { text: document.filename },
      { text: `${document.pageCount} ${document.pageCount === 1 ? 'page' : 'pages'}; SHA-256 before signing:` },
      { text: document.sha256, mono: true },
    ])
    groups.push(index === 0 ? [headingPiece(fonts, 'Documents'), row] : [row])
  })
  if (data.record) {
    groups.push([
      rowPiece(fonts, 'Record', [
        { text: `${data.record.filename}, attached to this file: the terms signed and this audit trail, as JSON; SHA-256:` },
        { text: data.record.sha256, mono: true },
      ]),
    ])
  }
  if (data.archival) groups.push([rowPiece(fonts, 'Archival format', [{ text: archivalStatement(data.archival) }])])
  for (const note of data.notes ?? []) groups.push([rowPiece(fonts, 'Note', [{ text: note }])])
  for (const [index, signer] of data.signers.entries()) {
    const image = signer.signaturePng ? await embed(signer.signaturePng) : null
    const consent = signer.consentedAt ? `${certificateTime(signer.consentedAt)}, disclosure version ${data.consentVersion}` : NOT_RECORDED
    const group = [
      ...(index === 0 ? [headingPiece(fonts, 'Signers')] : []),
      paragraphPiece(fonts, signer.name, { size: 11, bold: true }),
      rowPiece(fonts, 'Email', [{ text: signer.email }]),
      rowPiece(fonts, 'Role', [{ text: SIGNER_ROLE_LABELS[signer.role] }]),
      rowPiece(fonts, 'Authentication', [{ text: AUTH_LABELS[signer.authMethod] }]),
      rowPiece(fonts, 'Consent', [{ text: consent }]),
      rowPiece(fonts, 'Viewed', [{ text: certificateTime(signer.viewedAt) }]),
      rowPiece(fonts, 'Signed', [{ text: certificateTime(signer.signedAt) }]),
      rowPiece(fonts, 'IP address', [{ text: signer.ip ?? NOT_RECORDED }]),
      rowPiece(fonts, 'User agent', [{ text: signer.userAgent ?? NOT_RECORDED }]),
      rowPiece(fonts, 'Signature method', [{ text: signer.signatureMethod ? METHOD_LABELS[signer.signatureMethod] : NOT_RECORDED }]),
      signaturePiece(fonts, image),
      { height: 14, draw: () => undefined },
    ]
    groups.push(group)
  }
  groups.push([
    headingPiece(fonts, 'Audit trail'),
    paragraphPiece(fonts, `Audit trail: ${data.eventCount} ${data.eventCount === 1 ? 'event' : 'events'}, chain head ${data.chainHead}`),
    paragraphPiece(fonts, `Verify this document at ${data.verifyUrl}`),
  ])
  if (data.seal) groups.push([headingPiece(fonts, 'Seal'), ...sealStatement(data.seal).map((line) => paragraphPiece(fonts, line))])

  const pages = layOutCertificate(doc, groups)
  const footer = toWinAnsi(`Certificate of Completion - packet ${data.packetId}`)
  pages.forEach((page, index) => {
    page.drawLine({ start: { x: CERT.margin, y: CERT.footerY + 12 }, end: { x: LETTER.width - CERT.margin, y: CERT.footerY + 12 }, thickness: 0.5, color: GREY })
    page.drawText(footer, { x: CERT.margin, y: CERT.footerY, size: 8, font: fonts.regular, color: GREY })
    const number = `Page ${index + 1} of ${pages.length}`
    page.drawText(number, { x: LETTER.width - CERT.margin - fonts.regular.widthOfTextAtSize(number, 8), y: CERT.footerY, size: 8, font: fonts.regular, color: GREY })
  })
}
