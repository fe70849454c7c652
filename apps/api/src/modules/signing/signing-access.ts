import type { OfferStatus } from '@offerbook/domain/offer-status'
import type { PacketKind, PacketStatus, PacketView, SignerRole, SignerStatus, SignerView, SigningEventType, SigningFieldType, SigningOrder } from '@offerbook/domain/signing'
import { fieldVisitOrder, phoneHint, signersAbleToSign } from '@offerbook/domain/signing-rules'
import type { User } from '@offerbook/domain/user'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import { isOfferId, loadOfferForViewer } from '../offers/offers-access'
import type { OfferRow } from '../offers/offers.service'
import type { EventRow, FieldRow, PacketRow, SignerRow } from './signing.queries'
import { findPacket, findSignerByToken, listEvents, listFields, listSigners } from './signing.queries'
import { sha256Hex } from './signing-events'

/**
 * Who may see and do what with a packet (issue #12, "Who may do what"): the parties of the offer
 * (its buyer side and its seller side) see and manage its packets; a signer's token opens that one
 * signer's view and nothing else. The signer answers never say 401 or 403, so the browser stays on
 * the signing page: a token that opens nothing is a 404.
 */

/** The offer statuses whose packets the parties may see; a new packet needs an accepted offer. */
export const SIGNING_OFFER_STATUSES: readonly OfferStatus[] = ['accepted', 'closed', 'terminated']

export const packetNotFound = () => new AppError('NOT_FOUND', 'signing.packetNotFound')
export const linkNotValid = () => new AppError('NOT_FOUND', 'signing.linkNotValid')

export type Party = { offer: OfferRow; side: 'buyer' | 'seller' }

/** The actor's side of the offer; anyone else gets the offer's 404 (its existence is not revealed). */
export async function partyOfOffer(db: Db, actor: User, offerId: string): Promise<Party> {
  const { row, viewer } = await loadOfferForViewer(db, { viewer: actor, id: offerId })
  if (viewer === 'link') throw packetNotFound()
  return { offer: row, side: viewer }
}

/** The packet and the actor's side of its offer; a packet of an offer the actor is not a party of is a 404. */
export async function packetForParty(db: Db, actor: User, packetId: string): Promise<{ packet: PacketRow } & Party> {
  if (!isOfferId(packetId)) throw packetNotFound()
  const packet = await findPacket(db, packetId.toLowerCase())
  if (!packet) throw packetNotFound()
  try {
    return { packet, ...(await partyOfOffer(db, actor, packet.offerId)) }
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw packetNotFound()
    throw error
  }
}

/** The signer a link opens: the id and the token's hash must match one row. */
export async function signerByToken(db: Db, { signerId, token }: { signerId: string; token: string | null | undefined }): Promise<{ signer: SignerRow; packet: PacketRow }> {
  if (!token || !isOfferId(signerId) || token.length > 200) throw linkNotValid()
  const signer = await findSignerByToken(db, { id: signerId.toLowerCase(), tokenHash: sha256Hex(token) })
  if (!signer) throw linkNotValid()
  const packet = await findPacket(db, signer.packetId)
  if (!packet) throw linkNotValid()
  return { signer, packet }
}

/** A packet still 'sent' after its expiry reads as expired before the job gets to it. */
export function effectiveStatus(packet: Pick<PacketRow, 'status' | 'expiresAt'>, now: Date): PacketStatus {
  const status = packet.status as PacketStatus
  if (status === 'sent' && packet.expiresAt && packet.expiresAt.getTime() <= now.getTime()) return 'expired'
  return status
}

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null)

function orderedSigners(signers: readonly SignerRow[]) {
  return signers.map((signer) => ({ id: signer.id, position: signer.position, status: signer.status as SignerStatus }))
}

/** Who may sign now: nobody unless the packet is out for signature. */
export function ableToSign(packet: PacketRow, signers: readonly SignerRow[], now: Date): Set<string> {
  if (effectiveStatus(packet, now) !== 'sent') return new Set()
  return new Set(signersAbleToSign(packet.signingOrder as SigningOrder, orderedSigners(signers)))
}

function fieldView(field: FieldRow) {
  return {
    id: field.id,
    signerId: field.signerId,
    type: field.type as SigningFieldType,
    page: field.page,
    x: field.x,
    y: field.y,
    width: field.width,
    height: field.height,
    required: field.required,
    label: field.label,
    value: field.value,
  }
}

export type PacketParts = { signers: SignerRow[]; fields: FieldRow[]; events: EventRow[] }

export async function packetParts(db: Db, packetId: string): Promise<PacketParts> {
  const [signers, fields, events] = await Promise.all([listSigners(db, packetId), listFields(db, packetId), listEvents(db, packetId)])
  return { signers, fields, events }
}

/** `viewerId`: who looks; a draft form is sent or deleted by its uploader only (signing-send.service.ts). */
export function toPacketView(packet: PacketRow, { signers, fields, events }: PacketParts, now: Date, viewerId: string | null = null): PacketView {
  const status = effectiveStatus(packet, now)
  const able = ableToSign(packet, signers, now)
  const actions: PacketView['actions'] = []
  if (status === 'draft' && (packet.createdBy === null || packet.createdBy === viewerId)) actions.push('send', 'delete')
  if (status === 'sent') actions.push('remind', 'void')
  if (status === 'completed') actions.push('download')
  return {
    id: packet.id,
    kind: packet.kind as PacketKind,
    offerId: packet.offerId,
    title: packet.title,
    status,
    order: packet.signingOrder as SigningOrder,
    requireSmsCode: packet.requireSmsCode,
    createdByName: packet.createdByName,
    createdAt: packet.createdAt.toISOString(),
    sentAt: iso(packet.sentAt),
    expiresAt: iso(packet.expiresAt),
    completedAt: iso(packet.completedAt),
    voidedAt: iso(packet.voidedAt),
    voidReason: packet.voidReason,
    declinedAt: iso(packet.declinedAt),
    sealWaiting: status === 'completing' && packet.sealWaitingReason && packet.sealWaitingSince ? { reason: packet.sealWaitingReason as 'timestamp-unavailable', since: packet.sealWaitingSince.toISOString() } : null,
    documents: packet.documents,
    pages: packet.pages,
    signers: signers.map((signer) => ({
      id: signer.id,
      name: signer.name,
      email: signer.email,
      phoneHint: phoneHint(signer.phone),
      role: signer.role as SignerRole,
      position: signer.position,
      status: signer.status as SignerStatus,
      canSignNow: able.has(signer.id),
      viewedAt: iso(signer.viewedAt),
      consentedAt: iso(signer.consentedAt),
      signedAt: iso(signer.signedAt),
      declinedAt: iso(signer.declinedAt),
      declineReason: signer.declineReason,
      lastRemindedAt: iso(signer.lastRemindedAt),
    })),
    fields: fields.map(fieldView),
    events: events.map((event) => ({ seq: event.seq, type: event.type as SigningEventType, at: event.at.toISOString(), actorName: event.actorName, hash: event.hash })),
    signedSha256: status === 'completed' ? packet.signedSha256 : null,
    actions,
  }
}

export function toSignerView(packet: PacketRow, signer: SignerRow, { signers, fields, address }: { signers: SignerRow[]; fields: FieldRow[]; address: string }, now: Date): SignerView {
  const status = effectiveStatus(packet, now)
  return {
    packet: {
      id: packet.id,
      kind: packet.kind as PacketKind,
      offerId: packet.offerId,
      title: packet.title,
      status,
      address,
      senderName: packet.createdByName,
      expiresAt: iso(packet.expiresAt),
      completedAt: iso(packet.completedAt),
      voidReason: status === 'voided' ? packet.voidReason : null,
      pages: packet.pages,
    },
    signer: {
      id: signer.id,
      name: signer.name,
      email: signer.email,
      role: signer.role as SignerRole,
      status: signer.status as SignerStatus,
      canSignNow: ableToSign(packet, signers, now).has(signer.id),
      consentedAt: iso(signer.consentedAt),
      needsCode: packet.requireSmsCode,
      codeVerified: signer.codeVerifiedAt !== null,
      phoneHint: phoneHint(signer.phone),
      signedAt: iso(signer.signedAt),
    },
    // A voided packet shows the voided page alone: none of the document's fields.
    fields: status === 'voided' ? [] : fieldVisitOrder(fields.filter((field) => field.signerId === signer.id)).map(fieldView),
    canDownload: status === 'completed' && packet.signedFileId !== null,
  }
}
