import type { OfferStatus } from '@offerbook/domain/offer-status'
import type { OfferSigning, PacketView, SignerInput, SignerRole } from '@offerbook/domain/signing'
import { SIGNING_LIMITS } from '@offerbook/domain/signing'
import { signersAbleToSign } from '@offerbook/domain/signing-rules'
import type { MessageKey, MessageParams } from '@offerbook/domain/messages'
import type { User } from '@offerbook/domain/user'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import type { ByteRange, FileStorage } from '../../storage/storage'
import type { SentFile } from '../../http/byte-range'
import { getOffer, listingOf } from '../offers/offers.service'
import { termsOf } from '../offers/offers-access'
import type { OfferRow } from '../offers/offers.service'
import type { PacketRow } from './signing.queries'
import { findFileKey, findUsersByIds, listEventsOfPackets, listFieldsOfPackets, listOfferPackets, listSigners, listSignersOfPackets, lockPacket, updatePacket } from './signing.queries'
import type { Party } from './signing-access'
import { effectiveStatus, packetForParty, packetNotFound, packetParts, partyOfOffer, SIGNING_OFFER_STATUSES, toPacketView } from './signing-access'
import type { SealingIdentity } from './signing-certificate'
import type { TsaOptions } from './signing-tsa'
import type { EventSource } from './signing-events'
import { appendEvent } from './signing-events'
import { packetAddress, sendSignerLink, tellEveryone } from './signing-notify'

/**
 * The parties' side of signing (issue #12): read the offer's packets and their files, remind, void;
 * sending is in signing-send.service.ts. Each change writes its audit event and its mail in one
 * transaction (decision 016).
 */

export type SigningContext = {
  publicUrl: string
  storage: FileStorage
  /** The sealing certificate, loaded (or made) the first time it is needed. */
  sealing: () => Promise<SealingIdentity>
  /** The RFC 3161 timestamp authorities (SIGNING_TSA_URL) that make the seal PAdES B-T; null: B-B (decision 052). */
  timestamps: TsaOptions | null
  /** Called after a transaction queued a packet for completion, so the job need not wait for its next poll. */
  onCompletionQueued?: () => void
}

export const SIGNING_FILE_PURPOSE = 'signing-document'
export const OFFER_PACKET_TITLE = 'Purchase and Sale Agreement'

export const conflict = (key: MessageKey, params?: MessageParams) => new AppError('CONFLICT', key, { params })

export function actorSource(actor: User, request: { ip?: string | null; userAgent?: string | null }): EventSource {
  return { actorName: actor.name, ip: request.ip ?? null, userAgent: request.userAgent ?? null }
}

export type RequestInfo = { ip?: string | null; userAgent?: string | null }

// ---------------------------------------------------------------------------------------------
// Reading

/** Who the offer packet's signers would be: the parties the offer names, and the listing's owner as the seller. */
export async function suggestedSigners(db: Db, offer: OfferRow): Promise<SignerInput[]> {
  const terms = termsOf(offer)
  const listing = await listingOf(db, offer)
  const signers: SignerInput[] = []
  const add = (name: string, email: string, phone: string, role: SignerRole) => {
    const address = email.trim()
    if (!name.trim() || !address || signers.some((signer) => signer.email.toLowerCase() === address.toLowerCase())) return
    signers.push({ name: name.trim(), email: address, phone: phone.trim(), role })
  }
  for (const buyer of terms.buyers) add(buyer.fullName, buyer.email, buyer.phone, 'buyer')
  const [owner] = await findUsersByIds(db, [listing.ownerId])
  if (owner && owner.id !== listing.listAgentUserId) add(owner.name, owner.email, '', 'seller')
  add(terms.buyerAgent.fullName, terms.buyerAgent.email, terms.buyerAgent.phone, 'buyer-agent')
  add(terms.listingAgent.fullName, terms.listingAgent.email, terms.listingAgent.phone, 'listing-agent')
  return signers.slice(0, SIGNING_LIMITS.maxSigners)
}

async function packetViews(db: Db, packets: PacketRow[], now: Date, viewerId: string): Promise<PacketView[]> {
  const ids = packets.map((packet) => packet.id)
  const [signers, fields, events] = await Promise.all([listSignersOfPackets(db, ids), listFieldsOfPackets(db, ids), listEventsOfPackets(db, ids)])
  return packets.map((packet) =>
    toPacketView(
      packet,
      {
        signers: signers.filter((row) => row.packetId === packet.id),
        fields: fields.filter((row) => row.packetId === packet.id),
        events: events.filter((row) => row.packetId === packet.id),
      },
      now,
      viewerId,
    ),
  )
}

export async function getOfferSigning(db: Db, ctx: Pick<SigningContext, 'publicUrl'>, { actor, offerId, now = new Date() }: { actor: User; offerId: string; now?: Date }): Promise<OfferSigning> {
  const { offer } = await partyOfOffer(db, actor, offerId)
  const status = offer.status as OfferStatus
  if (!SIGNING_OFFER_STATUSES.includes(status)) return { packets: [], canSendOffer: false, suggestedSigners: [], attachments: [] }
  const packets = await packetViews(db, await listOfferPackets(db, offer.id), now, actor.uid)
  const offerPackets = packets.filter((packet) => packet.kind === 'offer')
  const canSendOffer = status === 'accepted' && !offerPackets.some((packet) => ['sent', 'completing', 'completed'].includes(packet.status))
  return {
    packets,
    canSendOffer,
    suggestedSigners: canSendOffer ? await suggestedSigners(db, offer) : [],
    attachments: await offerAttachmentChoices(db, ctx, actor, offer),
  }
}

async function offerAttachmentChoices(db: Db, ctx: Pick<SigningContext, 'publicUrl'>, actor: User, offer: OfferRow): Promise<OfferSigning['attachments']> {
  const view = await getOffer(db, { publicUrl: ctx.publicUrl }, { viewer: actor, id: offer.id })
  return view.attachments.filter((attachment) => attachment.kind !== 'offer-form').map((attachment) => ({ id: attachment.id, filename: attachment.filename, kind: attachment.kind }))
}

export async function getPacket(db: Db, { actor, packetId, now = new Date() }: { actor: User; packetId: string; now?: Date }): Promise<PacketView> {
  const { packet } = await packetForParty(db, actor, packetId)
  return toPacketView(packet, await packetParts(db, packet.id), now, actor.uid)
}

/** A packet's PDF, whole or (with a range asked for) the part of it the range holds; see http/byte-range.ts. */
export type PacketFile = SentFile

async function openStored(storage: FileStorage, db: Db, fileId: string | null, filename: string, range: ByteRange | null): Promise<PacketFile> {
  const file = fileId ? await findFileKey(db, fileId) : null
  const content = file ? await storage.get(file.key, range ?? undefined) : null
  if (!content) throw new AppError('NOT_FOUND', 'signing.notCompleted')
  return { body: content.body, size: content.size, filename, ...(content.range ? { range: content.range } : {}) }
}

export const signedFilename = (packet: Pick<PacketRow, 'title'>) => `${packet.title.replace(/\.pdf$/i, '')} - signed.pdf`

/** The packet's PDF before signing (for the preview) or, once completed, the sealed one; for the parties of its offer. */
export async function openPacketFile(
  db: Db,
  storage: FileStorage,
  { actor, packetId, which, range = null }: { actor: User; packetId: string; which: 'original' | 'signed'; range?: ByteRange | null },
): Promise<PacketFile> {
  const { packet } = await packetForParty(db, actor, packetId)
  if (which === 'original') return openStored(storage, db, packet.originalFileId, `${packet.title.replace(/\.pdf$/i, '')}.pdf`, range)
  if (packet.status !== 'completed') throw conflict('signing.notCompleted')
  return openStored(storage, db, packet.signedFileId, signedFilename(packet), range)
}

/** The locked packet of an offer the actor is a party of. */
export async function lockForParty(tx: Db, actor: User, packetId: string): Promise<{ packet: PacketRow } & Party> {
  const found = await packetForParty(tx, actor, packetId)
  const packet = await lockPacket(tx, found.packet.id)
  if (!packet) throw packetNotFound()
  return { ...found, packet }
}

/** Reminds the signers whose turn it is (email, and SMS with a phone), at most once an hour. */
export async function remindPacket(db: Db, ctx: SigningContext, { actor, packetId, request = {}, now = new Date() }: { actor: User; packetId: string; request?: RequestInfo; now?: Date }): Promise<PacketView> {
  await db.transaction(async (tx) => {
    const { packet, offer } = await lockForParty(tx, actor, packetId)
    const status = effectiveStatus(packet, now)
    if (status !== 'sent') throw conflict('signing.notOpen', { status: status })
    if (packet.lastRemindedAt && now.getTime() - packet.lastRemindedAt.getTime() < SIGNING_LIMITS.reminderEveryMinutes * 60_000) throw new AppError('RATE_LIMITED', 'signing.remindedRecently')
    const signers = await listSigners(tx, packet.id)
    const able = new Set(signersAbleToSign(packet.signingOrder as 'parallel' | 'sequential', signers.map((signer) => ({ id: signer.id, position: signer.position, status: signer.status as 'pending' | 'signed' | 'declined' }))))
    const waiting = signers.filter((signer) => able.has(signer.id))
    if (waiting.length === 0) throw conflict('signing.nothingToRemind')
    const address = await packetAddress(tx, offer)
    for (const signer of waiting) await sendSignerLink(tx, ctx, { packet, signer, address, at: now, reminder: true })
    await updatePacket(tx, packet.id, { lastRemindedAt: now, updatedAt: now })
    await appendEvent(tx, packet.id, 'reminded', actorSource(actor, request), { at: now, details: { signers: waiting.map((signer) => signer.id) } })
  })
  return getPacket(db, { actor, packetId, now })
}

/** Voids a packet out for signature: its links stop working and everyone is told why. */
export async function voidPacket(db: Db, ctx: SigningContext, { actor, packetId, reason, request = {}, now = new Date() }: { actor: User; packetId: string; reason: string; request?: RequestInfo; now?: Date }): Promise<PacketView> {
  await db.transaction(async (tx) => {
    const { packet, offer } = await lockForParty(tx, actor, packetId)
    const status = effectiveStatus(packet, now)
    if (status !== 'sent') throw conflict('signing.notOpen', { status: status })
    const voided = await updatePacket(tx, packet.id, { status: 'voided', voidedAt: now, voidReason: reason, updatedAt: now })
    await appendEvent(tx, packet.id, 'voided', actorSource(actor, request), { at: now, details: { reason } })
    await tellEveryone(tx, ctx, { packet: voided, offer, signers: await listSigners(tx, packet.id), event: 'voided', address: await packetAddress(tx, offer), reason })
  })
  return getPacket(db, { actor, packetId, now })
}
