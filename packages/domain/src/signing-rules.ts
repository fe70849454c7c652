import type { Message } from './messages'
import type { PacketKind, PacketStatus, SignerInput, SignerRole, SignerStatus, SigningFieldInput, SigningOrder } from './signing'

/**
 * The rules of electronic signing (issue #12) as pure functions: who signs when, where the offer
 * packet's fields go, what a packet's signers and fields must satisfy, and the links and labels the
 * documents carry. The API uses them as guards, the browser to place fields and enable buttons.
 */

/** A refused part of a request: the field's dotted path and its message. */
export type FieldProblem = { path: string } & Message

type OrderedSigner = { id: string; position: number; status: SignerStatus }

/**
 * Who may sign now. In parallel every pending signer may; in sequence only the pending signer with
 * the lowest position, and nobody after a decline.
 */
export function signersAbleToSign(order: SigningOrder, signers: readonly OrderedSigner[]): string[] {
  if (signers.some((signer) => signer.status === 'declined')) return []
  const pending = signers.filter((signer) => signer.status === 'pending')
  if (order === 'parallel') return pending.map((signer) => signer.id)
  const first = [...pending].sort((a, b) => a.position - b.position)[0]
  return first ? [first.id] : []
}

export function canSignNow(order: SigningOrder, signers: readonly OrderedSigner[], signerId: string): boolean {
  return signersAbleToSign(order, signers).includes(signerId)
}

/** Whether every signer has signed: the packet is ready to complete. */
export function allSigned(signers: readonly Pick<OrderedSigner, 'status'>[]): boolean {
  return signers.length > 0 && signers.every((signer) => signer.status === 'signed')
}

/** The order 'Next field' visits fields: by page, then top to bottom, then left to right. */
export function fieldVisitOrder<T extends { page: number; x: number; y: number }>(fields: readonly T[]): T[] {
  return [...fields].sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x)
}

/** What a signer's role reads as on the signature page and the certificate (the document itself stays English, decision 012). */
export const SIGNER_ROLE_LABELS: Record<SignerRole, string> = {
  buyer: 'Buyer',
  seller: 'Seller',
  'buyer-agent': "Buyer's agent",
  'listing-agent': 'Listing agent',
  other: 'Other',
}

type PlacedField = Omit<SigningFieldInput, 'signerKey' | 'required' | 'label'> & { signerKey: string; required: boolean; label: string }

/**
 * The fields of the offer packet, placed by rule. The packet's last page is its signature page,
 * made by the server with one block per signer in the order given (SIGNATURE_PAGE_LAYOUT); each
 * block gets a signature, the printed full name and the date signed. Every other page gets each
 * signer's initials in its footer, side by side from the right.
 */
export const SIGNATURE_PAGE_LAYOUT = {
  /** Where the first block starts, from the top, as a fraction of the page height. */
  top: 0.16,
  /** Each block's height. */
  blockHeight: 0.16,
  left: 0.08,
  signatureWidth: 0.4,
  signatureHeight: 0.06,
  nameWidth: 0.4,
  dateLeft: 0.56,
  dateWidth: 0.3,
  lineHeight: 0.03,
  /** Blocks per signature page; more signers continue on another page. */
  blocksPerPage: 5,
  initialsWidth: 0.08,
  initialsHeight: 0.035,
  initialsBottom: 0.035,
  initialsRight: 0.06,
  initialsGap: 0.015,
} as const

/** How many signature pages the offer packet needs for this many signers. */
export function signaturePageCount(signerCount: number): number {
  return Math.max(1, Math.ceil(signerCount / SIGNATURE_PAGE_LAYOUT.blocksPerPage))
}

/** Where block `index` (0-based, in the order of the signers) sits: the signature page (0-based among the signature pages) and its top. */
export function signatureBlockPosition(index: number): { sheet: number; top: number } {
  const layout = SIGNATURE_PAGE_LAYOUT
  const sheet = Math.floor(index / layout.blocksPerPage)
  return { sheet, top: layout.top + (index % layout.blocksPerPage) * layout.blockHeight }
}

export function placeOfferFields(contentPageCount: number, signerKeys: readonly string[]): PlacedField[] {
  const layout = SIGNATURE_PAGE_LAYOUT
  const fields: PlacedField[] = []
  for (let page = 0; page < contentPageCount; page++) {
    signerKeys.forEach((signerKey, index) => {
      const x = 1 - layout.initialsRight - (index + 1) * layout.initialsWidth - index * layout.initialsGap
      fields.push({ signerKey, type: 'initials', page, x, y: 1 - layout.initialsBottom - layout.initialsHeight, width: layout.initialsWidth, height: layout.initialsHeight, required: true, label: '' })
    })
  }
  signerKeys.forEach((signerKey, index) => {
    const { sheet, top } = signatureBlockPosition(index)
    const page = contentPageCount + sheet
    const signatureTop = top + layout.lineHeight
    fields.push({ signerKey, type: 'signature', page, x: layout.left, y: signatureTop, width: layout.signatureWidth, height: layout.signatureHeight, required: true, label: '' })
    fields.push({ signerKey, type: 'date-signed', page, x: layout.dateLeft, y: signatureTop + layout.signatureHeight - layout.lineHeight, width: layout.dateWidth, height: layout.lineHeight, required: true, label: '' })
    fields.push({ signerKey, type: 'full-name', page, x: layout.left, y: signatureTop + layout.signatureHeight + 0.005, width: layout.nameWidth, height: layout.lineHeight, required: true, label: '' })
  })
  return fields
}

/** Problems with a form packet's placed fields, by the path of the field in the request (`fields.3.page`). */
export function fieldProblems(fields: readonly SigningFieldInput[], { pageCount, signerKeys }: { pageCount: number; signerKeys: readonly string[] }): FieldProblem[] {
  const problems: FieldProblem[] = []
  fields.forEach((field, index) => {
    if (field.page >= pageCount) problems.push({ path: `fields.${index}.page`, key: 'signing.fieldPageMissing' })
    if (!signerKeys.includes(field.signerKey)) problems.push({ path: `fields.${index}.signerKey`, key: 'signing.fieldSignerMissing' })
  })
  signerKeys.forEach((signerKey, index) => {
    if (!fields.some((field) => field.signerKey === signerKey && field.type === 'signature')) problems.push({ path: `signers.${index}`, key: 'signing.signerWithoutSignature' })
  })
  return problems
}

/** Problems with a packet's signers: one email per signer, a phone when a code is required. */
export function signerProblems(signers: readonly SignerInput[], { requireSmsCode }: { requireSmsCode: boolean }): FieldProblem[] {
  const problems: FieldProblem[] = []
  const seen = new Set<string>()
  signers.forEach((signer, index) => {
    const email = signer.email.trim().toLowerCase()
    if (seen.has(email)) problems.push({ path: `signers.${index}.email`, key: 'signing.duplicateSignerEmail' })
    seen.add(email)
    if (requireSmsCode && signer.phone.trim() === '') problems.push({ path: `signers.${index}.phone`, key: 'signing.phoneRequiredForCode' })
  })
  return problems
}

/** The key a field names its signer by in a request: the signer's index. */
export const signerKeyOf = (index: number): string => String(index)

/** The status label spec section 3 gives a form document: a fully signed one is 'form approved', a declined one 'form declined'. */
export function formDocumentLabel(status: PacketStatus): 'form approved' | 'form declined' | null {
  if (status === 'completed') return 'form approved'
  if (status === 'declined') return 'form declined'
  return null
}

/** The public signing page of a signer: /sign/{offerId}/{signerId} for the offer packet, /form-sign/{documentId}/{signerId} for a form document (the document id is the packet's id). */
export function signerPagePath(packet: { kind: PacketKind; id: string; offerId: string }, signerId: string, token: string): string {
  const base = packet.kind === 'offer' ? `/sign/${packet.offerId}/${signerId}` : `/form-sign/${packet.id}/${signerId}`
  return `${base}?token=${encodeURIComponent(token)}`
}

/** The last digits of a phone, for a hint that does not give the number away. */
export function phoneHint(phone: string | null): string | null {
  if (!phone) return null
  const digits = phone.replace(/\D/g, '')
  return digits.length >= 4 ? `•••${digits.slice(-4)}` : null
}
