import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import type { OfferStatus } from '@offerbook/domain/offer-status'
import type { OfferSigning, PacketView, SendFormPacket, SendOfferPacket, SignerInput, SignerRole } from '@offerbook/domain/signing'
import { fieldProblems, placeOfferFields, SIGNING_LIMITS, SIGNING_MESSAGES, signerKeyOf, signerProblems, signersAbleToSign } from '@offerbook/domain/signing'
import type { User } from '@offerbook/domain/user'
import { cleanFileName } from '@offerbook/domain/validation'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import type { UploadedFile } from '../../http/multipart-upload'
import type { FileStorage } from '../../storage/storage'
import { recordStoredFile, removeStoredObjects } from '../files/files.service'
import { openOfferAttachment, renderOfferFormPdf } from '../offers/offer-documents.service'
import { getOffer, listingOf } from '../offers/offers.service'
import { termsOf } from '../offers/offers-access'
import type { OfferRow } from '../offers/offers.service'
import type { PacketRow, SignerRow } from './signing.queries'
import {
  countOfferPackets,
  deletePacket,
  deleteStoredFile,
  findAccountsByEmail,
  findFileKey,
  findUsersByIds,
  insertFields,
  insertPacket,
  insertSigners,
  listEventsOfPackets,
  listFieldsOfPackets,
  listOfferPackets,
  listSigners,
  listSignersOfPackets,
  lockPacket,
  updatePacket,
} from './signing.queries'
import type { Party } from './signing-access'
import { effectiveStatus, packetForParty, packetNotFound, packetParts, partyOfOffer, SIGNING_OFFER_STATUSES, toPacketView } from './signing-access'
import type { SealingIdentity } from './signing-certificate'
import type { EventSource } from './signing-events'
import { appendEvent } from './signing-events'
import { languageOf, packetAddress, sendSignerLink, tellEveryone } from './signing-notify'
import type { PacketSource } from './signing-pdf'
import { assemblePacket, inspectPdf } from './signing-pdf'

/**
 * The parties' side of signing (issue #12): send the accepted offer for signature, upload a form
 * document and place its fields, remind, void. Each change writes its audit event and its mail in
 * one transaction (decision 016).
 */

export type SigningContext = {
  publicUrl: string
  storage: FileStorage
  /** The sealing certificate, loaded (or made) the first time it is needed. */
  sealing: () => Promise<SealingIdentity>
  /** Called after a transaction queued a packet for completion, so the job need not wait for its next poll. */
  onCompletionQueued?: () => void
}

export const SIGNING_FILE_PURPOSE = 'signing-document'
export const OFFER_PACKET_TITLE = 'Offer to Purchase'

const conflict = (message: string) => new AppError('CONFLICT', message)

function badInput(problems: { path: string; message: string }[]): AppError {
  return new AppError('BAD_REQUEST', problems[0]?.message ?? SIGNING_MESSAGES.signersRequired, { errors: problems })
}

/** A phone as the outbox sends it: E.164; '(615) 555-0123' is a US number. */
export function toE164(phone: string): string | null {
  const trimmed = phone.trim()
  if (trimmed === '') return null
  if (trimmed.startsWith('+')) return `+${trimmed.replace(/\D/g, '')}`
  const digits = trimmed.replace(/\D/g, '')
  if (digits.length === 10) return `+1${digits}`
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`
  return `+${digits}`
}

function assertAccepted(offer: OfferRow): void {
  if ((offer.status as OfferStatus) !== 'accepted') throw conflict(SIGNING_MESSAGES.offerNotAccepted)
}

function actorSource(actor: User, request: { ip?: string | null; userAgent?: string | null }): EventSource {
  return { actorName: actor.name, ip: request.ip ?? null, userAgent: request.userAgent ?? null }
}

export type RequestInfo = { ip?: string | null; userAgent?: string | null }

// ---------------------------------------------------------------------------------------------
// Reading

/** Who the offer packet's signers would be: the parties the offer names, and the listing's owner as the seller. */
async function suggestedSigners(db: Db, offer: OfferRow): Promise<SignerInput[]> {
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

async function packetViews(db: Db, packets: PacketRow[], now: Date): Promise<PacketView[]> {
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
    ),
  )
}

export async function getOfferSigning(db: Db, ctx: Pick<SigningContext, 'publicUrl'>, { actor, offerId, now = new Date() }: { actor: User; offerId: string; now?: Date }): Promise<OfferSigning> {
  const { offer } = await partyOfOffer(db, actor, offerId)
  const status = offer.status as OfferStatus
  if (!SIGNING_OFFER_STATUSES.includes(status)) return { packets: [], canSendOffer: false, suggestedSigners: [], attachments: [] }
  const packets = await packetViews(db, await listOfferPackets(db, offer.id), now)
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
  return toPacketView(packet, await packetParts(db, packet.id), now)
}

export type PacketFile = { body: Readable; size: number; filename: string }

async function openStored(storage: FileStorage, db: Db, fileId: string | null, filename: string): Promise<PacketFile> {
  const file = fileId ? await findFileKey(db, fileId) : null
  const content = file ? await storage.get(file.key) : null
  if (!content) throw new AppError('NOT_FOUND', SIGNING_MESSAGES.notCompleted)
  return { body: content.body, size: content.size, filename }
}

export const signedFilename = (packet: Pick<PacketRow, 'title'>) => `${packet.title.replace(/\.pdf$/i, '')} - signed.pdf`

/** The packet's PDF before signing (for the preview) or, once completed, the sealed one; for the parties of its offer. */
export async function openPacketFile(db: Db, storage: FileStorage, { actor, packetId, which }: { actor: User; packetId: string; which: 'original' | 'signed' }): Promise<PacketFile> {
  const { packet } = await packetForParty(db, actor, packetId)
  if (which === 'original') return openStored(storage, db, packet.originalFileId, `${packet.title.replace(/\.pdf$/i, '')}.pdf`)
  if (packet.status !== 'completed') throw conflict(SIGNING_MESSAGES.notCompleted)
  return openStored(storage, db, packet.signedFileId, signedFilename(packet))
}

// ---------------------------------------------------------------------------------------------
// Sending

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks)
}

/** Stores the packet's PDF; the caller removes it again if its transaction fails. */
async function storeOriginal(storage: FileStorage, packetId: string, pdf: Uint8Array): Promise<{ key: string; fileId: string }> {
  const fileId = randomUUID()
  const key = `signing/${packetId}/${fileId}.pdf`
  await storage.put(key, Buffer.from(pdf), { contentType: 'application/pdf', contentLength: pdf.length })
  return { key, fileId }
}

const ignoreCleanup = () => {}

/** Inserts the signers, with each one's language from their account when they have one here. */
async function addSigners(tx: Db, packetId: string, signers: readonly SignerInput[]): Promise<SignerRow[]> {
  const accounts = await findAccountsByEmail(
    tx,
    signers.map((signer) => signer.email),
  )
  return insertSigners(
    tx,
    signers.map((signer, position) => {
      const account = accounts.find((item) => item.email.toLowerCase() === signer.email.trim().toLowerCase())
      return {
        packetId,
        position,
        name: signer.name,
        email: signer.email.trim(),
        phone: toE164(signer.phone),
        role: signer.role,
        locale: account ? languageOf(account.language) : 'en-us',
        userId: account?.id ?? null,
      }
    }),
  )
}

/** Invites whoever may sign now: everyone in parallel, the first in a sequence. */
async function inviteAbleSigners(tx: Db, ctx: Pick<SigningContext, 'publicUrl'>, { packet, signers, address, at }: { packet: PacketRow; signers: SignerRow[]; address: string; at: Date }): Promise<void> {
  const able = new Set(signersAbleToSign(packet.signingOrder as 'parallel' | 'sequential', signers.map((signer) => ({ id: signer.id, position: signer.position, status: signer.status as 'pending' | 'signed' | 'declined' }))))
  for (const signer of signers) {
    if (able.has(signer.id) && !signer.invitedAt) await sendSignerLink(tx, ctx, { packet, signer, address, at, reminder: false })
  }
}

const expiryOf = (now: Date, days: number) => new Date(now.getTime() + days * 24 * 60 * 60 * 1000)

/**
 * 'Send for signature' on an accepted offer: the Offer to Purchase as its accepted terms read (with
 * the RF707 pages), the chosen attachments, and a signature page; fields placed by rule.
 */
export async function sendOfferPacket(db: Db, ctx: SigningContext, { actor, offerId, input, request = {}, now = new Date() }: { actor: User; offerId: string; input: SendOfferPacket; request?: RequestInfo; now?: Date }): Promise<PacketView> {
  const problems = signerProblems(input.signers, input)
  if (problems.length > 0) throw badInput(problems)

  const checkOffer = async (tx: Db, party: Party) => {
    assertAccepted(party.offer)
    if ((await countOfferPackets(tx, { offerId: party.offer.id, kind: 'offer', statuses: ['completed', 'completing'] })) > 0) throw conflict(SIGNING_MESSAGES.offerAlreadySigned)
    // A packet past its expiry reads as expired (effectiveStatus) before the job marks it: it does not block a new one.
    if ((await countOfferPackets(tx, { offerId: party.offer.id, kind: 'offer', statuses: ['sent'], unexpiredAt: now })) > 0) throw conflict(SIGNING_MESSAGES.offerPacketOpen)
  }
  const party = await partyOfOffer(db, actor, offerId)
  await checkOffer(db, party)

  // The documents are read before the transaction: the offer's terms no longer change once accepted.
  const sources: PacketSource[] = [{ filename: 'Offer to Purchase.pdf', bytes: await renderOfferFormPdf(db, party.offer, now), contentType: 'application/pdf' }]
  for (const attachmentId of [...new Set(input.attachmentIds)]) {
    let file
    try {
      file = await openOfferAttachment(db, ctx.storage, { viewer: actor, offerId: party.offer.id, attachmentId })
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) throw new AppError('BAD_REQUEST', SIGNING_MESSAGES.attachmentNotPdf, { errors: [{ path: 'attachmentIds', message: error.message }] })
      throw error
    }
    const bytes = await readAll(file.body)
    if (!['application/pdf', 'image/jpeg', 'image/png'].includes(file.contentType)) throw new AppError('BAD_REQUEST', SIGNING_MESSAGES.attachmentNotPdf, { errors: [{ path: 'attachmentIds', message: SIGNING_MESSAGES.attachmentNotPdf }] })
    if (file.contentType === 'application/pdf') await inspectPdf(bytes)
    sources.push({ filename: file.filename, bytes, contentType: file.contentType as PacketSource['contentType'] })
  }
  const address = await packetAddress(db, party.offer)
  const assembled = await assemblePacket({ sources, signaturePage: { title: OFFER_PACKET_TITLE, address, signers: input.signers.map((signer) => ({ name: signer.name, role: signer.role })) } })

  const packetId = randomUUID()
  const stored = await storeOriginal(ctx.storage, packetId, assembled.pdf)
  try {
    const packet = await db.transaction(async (tx) => {
      const locked = await partyOfOffer(tx, actor, offerId)
      await checkOffer(tx, locked)
      await recordStoredFile(tx, { id: stored.fileId, ownerId: actor.uid, key: stored.key, purpose: SIGNING_FILE_PURPOSE, filename: `${OFFER_PACKET_TITLE}.pdf`, contentType: 'application/pdf', size: assembled.pdf.length })
      const created = await insertPacket(tx, {
        id: packetId,
        kind: 'offer',
        offerId: locked.offer.id,
        title: OFFER_PACKET_TITLE,
        status: 'sent',
        signingOrder: input.order,
        requireSmsCode: input.requireSmsCode,
        message: input.message,
        createdBy: actor.uid,
        createdByName: actor.name,
        originalFileId: stored.fileId,
        documents: assembled.documents,
        pages: assembled.pages,
        createdAt: now,
        updatedAt: now,
        sentAt: now,
        expiresAt: expiryOf(now, input.expiresInDays),
      })
      const signers = await addSigners(tx, created.id, input.signers)
      const placed = placeOfferFields(
        assembled.contentPageCount,
        signers.map((_, index) => signerKeyOf(index)),
      )
      await insertFields(
        tx,
        placed.map(({ signerKey, ...field }) => ({ ...field, packetId: created.id, signerId: signers[Number(signerKey)]!.id })),
      )
      const source = actorSource(actor, request)
      await appendEvent(tx, created.id, 'created', source, { at: now, details: { kind: 'offer', documents: assembled.documents.map((document) => ({ filename: document.filename, sha256: document.sha256 })) } })
      await appendEvent(tx, created.id, 'sent', source, { at: now, details: { signers: signers.map((signer) => ({ id: signer.id, email: signer.email, role: signer.role })), order: input.order, expiresAt: created.expiresAt?.toISOString() ?? null, requireSmsCode: input.requireSmsCode } })
      await inviteAbleSigners(tx, ctx, { packet: created, signers, address, at: now })
      return created
    })
    return getPacket(db, { actor, packetId: packet.id, now })
  } catch (error) {
    await removeStoredObjects(ctx.storage, [stored.key], ignoreCleanup)
    throw error
  }
}

/** A form document (a disclosure, an amendment) uploaded to the offer: a draft packet whose fields the sender places next. */
export async function uploadFormDocument(db: Db, ctx: SigningContext, { actor, offerId, readFile, request = {}, now = new Date() }: { actor: User; offerId: string; readFile: () => Promise<UploadedFile>; request?: RequestInfo; now?: Date }): Promise<PacketView> {
  assertAccepted((await partyOfOffer(db, actor, offerId)).offer)
  const file = await readFile()
  if (file.bytes.length > SIGNING_LIMITS.documentMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', SIGNING_MESSAGES.fileTooLarge)
  await inspectPdf(file.bytes)
  const filename = cleanFileName(file.filename, 'Form.pdf')
  const assembled = await assemblePacket({ sources: [{ filename, bytes: file.bytes, contentType: 'application/pdf' }], signaturePage: null })
  const packetId = randomUUID()
  const stored = await storeOriginal(ctx.storage, packetId, assembled.pdf)
  try {
    await db.transaction(async (tx) => {
      const { offer } = await partyOfOffer(tx, actor, offerId)
      assertAccepted(offer)
      await recordStoredFile(tx, { id: stored.fileId, ownerId: actor.uid, key: stored.key, purpose: SIGNING_FILE_PURPOSE, filename, contentType: 'application/pdf', size: assembled.pdf.length })
      await insertPacket(tx, {
        id: packetId,
        kind: 'form',
        offerId: offer.id,
        title: filename.replace(/\.pdf$/i, ''),
        status: 'draft',
        createdBy: actor.uid,
        createdByName: actor.name,
        originalFileId: stored.fileId,
        documents: assembled.documents,
        pages: assembled.pages,
        createdAt: now,
        updatedAt: now,
      })
      await appendEvent(tx, packetId, 'created', actorSource(actor, request), { at: now, details: { kind: 'form', documents: assembled.documents.map((document) => ({ filename: document.filename, sha256: document.sha256 })) } })
    })
  } catch (error) {
    await removeStoredObjects(ctx.storage, [stored.key], ignoreCleanup)
    throw error
  }
  return getPacket(db, { actor, packetId, now })
}

/** The locked packet of an offer the actor is a party of. */
async function lockForParty(tx: Db, actor: User, packetId: string): Promise<{ packet: PacketRow } & Party> {
  const found = await packetForParty(tx, actor, packetId)
  const packet = await lockPacket(tx, found.packet.id)
  if (!packet) throw packetNotFound()
  return { ...found, packet }
}

/** Sends a draft form document to its signers, with the fields placed on its preview. */
export async function sendFormPacket(db: Db, ctx: SigningContext, { actor, packetId, input, request = {}, now = new Date() }: { actor: User; packetId: string; input: SendFormPacket; request?: RequestInfo; now?: Date }): Promise<PacketView> {
  const id = await db.transaction(async (tx) => {
    const { packet, offer } = await lockForParty(tx, actor, packetId)
    if (packet.status !== 'draft') throw conflict(SIGNING_MESSAGES.notDraft)
    assertAccepted(offer)
    const problems = [
      ...signerProblems(input.signers, input),
      ...fieldProblems(input.fields, {
        pageCount: packet.pages.length,
        signerKeys: input.signers.map((_, index) => signerKeyOf(index)),
      }),
    ]
    if (problems.length > 0) throw badInput(problems)
    const sent = await updatePacket(tx, packet.id, {
      status: 'sent',
      signingOrder: input.order,
      requireSmsCode: input.requireSmsCode,
      message: input.message,
      sentAt: now,
      updatedAt: now,
      expiresAt: expiryOf(now, input.expiresInDays),
    })
    const signers = await addSigners(tx, packet.id, input.signers)
    await insertFields(
      tx,
      input.fields.map(({ signerKey, ...field }) => ({ ...field, packetId: packet.id, signerId: signers[Number(signerKey)]!.id })),
    )
    await appendEvent(tx, packet.id, 'sent', actorSource(actor, request), {
      at: now,
      details: { signers: signers.map((signer) => ({ id: signer.id, email: signer.email, role: signer.role })), fields: input.fields.length, order: input.order, expiresAt: sent.expiresAt?.toISOString() ?? null, requireSmsCode: input.requireSmsCode },
    })
    await inviteAbleSigners(tx, ctx, { packet: sent, signers, address: await packetAddress(tx, offer), at: now })
    return packet.id
  })
  return getPacket(db, { actor, packetId: id, now })
}

/** Removes a form document that was never sent. */
export async function deleteDraftPacket(db: Db, ctx: SigningContext, { actor, packetId }: { actor: User; packetId: string }): Promise<void> {
  const key = await db.transaction(async (tx) => {
    const { packet } = await lockForParty(tx, actor, packetId)
    if (packet.status !== 'draft') throw conflict(SIGNING_MESSAGES.notDraft)
    const file = packet.originalFileId ? await findFileKey(tx, packet.originalFileId) : null
    await deletePacket(tx, packet.id)
    // Its file row goes too: the stored object is removed below, so the row would point at nothing.
    if (packet.originalFileId) await deleteStoredFile(tx, packet.originalFileId)
    return file?.key ?? null
  })
  if (key) await removeStoredObjects(ctx.storage, [key], ignoreCleanup)
}

/** Reminds the signers whose turn it is (email, and SMS with a phone), at most once an hour. */
export async function remindPacket(db: Db, ctx: SigningContext, { actor, packetId, request = {}, now = new Date() }: { actor: User; packetId: string; request?: RequestInfo; now?: Date }): Promise<PacketView> {
  await db.transaction(async (tx) => {
    const { packet, offer } = await lockForParty(tx, actor, packetId)
    const status = effectiveStatus(packet, now)
    if (status !== 'sent') throw conflict(SIGNING_MESSAGES.notOpen(status))
    if (packet.lastRemindedAt && now.getTime() - packet.lastRemindedAt.getTime() < SIGNING_LIMITS.reminderEveryMinutes * 60_000) throw new AppError('RATE_LIMITED', SIGNING_MESSAGES.remindedRecently)
    const signers = await listSigners(tx, packet.id)
    const able = new Set(signersAbleToSign(packet.signingOrder as 'parallel' | 'sequential', signers.map((signer) => ({ id: signer.id, position: signer.position, status: signer.status as 'pending' | 'signed' | 'declined' }))))
    const waiting = signers.filter((signer) => able.has(signer.id))
    if (waiting.length === 0) throw conflict(SIGNING_MESSAGES.nothingToRemind)
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
    if (status !== 'sent') throw conflict(SIGNING_MESSAGES.notOpen(status))
    const voided = await updatePacket(tx, packet.id, { status: 'voided', voidedAt: now, voidReason: reason, updatedAt: now })
    await appendEvent(tx, packet.id, 'voided', actorSource(actor, request), { at: now, details: { reason } })
    await tellEveryone(tx, ctx, { packet: voided, offer, signers: await listSigners(tx, packet.id), event: 'voided', address: await packetAddress(tx, offer), reason })
  })
  return getPacket(db, { actor, packetId, now })
}
