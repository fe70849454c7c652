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

/** The fields of a packet whose documents keep no place for anyone: every signer on the signature page, initials at each page's foot. */
export function placeOfferFields(contentPageCount: number, signerKeys: readonly string[]): PlacedField[] {
  const packet: AgreementPacket = { linedPageCount: 0, contentPageCount, reserved: [], initialsBox: () => ({ x: 0, y: 0, width: 0, height: 0 }) }
  return placeAgreementFields(packet, signerKeys.map((key) => ({ key, role: 'other' as const })))
}

/** A box on a page, as fractions of the page's width and height from its top left. */
export type FieldBox = { readonly x: number; readonly y: number; readonly width: number; readonly height: number }

/** A place the offer's own documents keep for a party's signer: the buyer or seller of that order, the field, its page and box. */
export type ReservedPlace = { readonly role: 'buyer' | 'seller'; readonly index: number; readonly field: 'signature' | 'date-signed' | 'full-name'; readonly page: number; readonly box: FieldBox }

export type AgreementPacket = {
  /** The pages of the agreement and the RF707, first in the packet: each keeps a margin for initials. */
  readonly linedPageCount: number
  /** Those and the attachments' pages, before the signature page. */
  readonly contentPageCount: number
  readonly reserved: readonly ReservedPlace[]
  /** Signer `n`'s initials box in a lined page's margin. */
  readonly initialsBox: (index: number) => FieldBox
}

/** Each signer's reserved places, in the signers' order: the n-th buyer signer gets the n-th buyer's, the same for sellers; anyone else none. */
function placesOfSigners(reserved: readonly ReservedPlace[], signers: readonly { role: SignerRole }[]): ReservedPlace[][] {
  const seen = { buyer: 0, seller: 0 }
  return signers.map(({ role }) => {
    if (role !== 'buyer' && role !== 'seller') return []
    const index = seen[role]++
    return reserved.filter((place) => place.role === role && place.index === index)
  })
}

/** Whether each signer signs on the signature page after the documents: the documents keep them no place to sign. */
export function signsOnSignaturePage(reserved: readonly ReservedPlace[], signers: readonly { role: SignerRole }[]): boolean[] {
  return placesOfSigners(reserved, signers).map((places) => !places.some((place) => place.field === 'signature'))
}

/**
 * The fields of an offer packet made of the purchase agreement (and its RF707 pages) and the chosen
 * attachments. The n-th buyer signer (in the order given) signs in the places the documents keep for
 * the n-th buyer, the same for sellers: the agreement's signature block, the RF707's Buyer or Seller
 * line. Every signer initials each lined page in its margin box, and each attachment page at its foot
 * (SIGNATURE_PAGE_LAYOUT). A signer the documents keep no place for (an agent, another signer, a
 * buyer past the blocks) signs on the signature page after them (signsOnSignaturePage), in order.
 */
export function placeAgreementFields(packet: AgreementPacket, signers: readonly { key: string; role: SignerRole }[]): PlacedField[] {
  const fields: PlacedField[] = []
  const field = (signerKey: string, type: PlacedField['type'], page: number, box: FieldBox): PlacedField => ({ signerKey, type, page, ...box, required: true, label: '' })
  const footer = SIGNATURE_PAGE_LAYOUT
  signers.forEach(({ key }, index) => {
    for (let page = 0; page < packet.contentPageCount; page++) {
      if (page < packet.linedPageCount) fields.push(field(key, 'initials', page, packet.initialsBox(index)))
      else {
        const x = 1 - footer.initialsRight - (index + 1) * footer.initialsWidth - index * footer.initialsGap
        fields.push(field(key, 'initials', page, { x, y: 1 - footer.initialsBottom - footer.initialsHeight, width: footer.initialsWidth, height: footer.initialsHeight }))
      }
    }
  })
  const onSignaturePage: string[] = []
  placesOfSigners(packet.reserved, signers).forEach((places, index) => {
    const key = signers[index]!.key
    if (places.some((place) => place.field === 'signature')) for (const place of places) fields.push(field(key, place.field, place.page, place.box))
    else onSignaturePage.push(key)
  })
  onSignaturePage.forEach((signerKey, index) => {
    const { sheet, top } = signatureBlockPosition(index)
    const page = packet.contentPageCount + sheet
    const signatureTop = top + footer.lineHeight
    fields.push(field(signerKey, 'signature', page, { x: footer.left, y: signatureTop, width: footer.signatureWidth, height: footer.signatureHeight }))
    fields.push(field(signerKey, 'date-signed', page, { x: footer.dateLeft, y: signatureTop + footer.signatureHeight - footer.lineHeight, width: footer.dateWidth, height: footer.lineHeight }))
    fields.push(field(signerKey, 'full-name', page, { x: footer.left, y: signatureTop + footer.signatureHeight + 0.005, width: footer.nameWidth, height: footer.lineHeight }))
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
