import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import type { OfferStatus } from '@offerbook/domain/offer-status'
import { toE164 } from '@offerbook/domain/phone'
import type { PacketKind, PacketView, SendFormPacket, SendOfferPacket, SignerInput } from '@offerbook/domain/signing'
import { SIGNING_LIMITS } from '@offerbook/domain/signing'
import type { FieldProblem } from '@offerbook/domain/signing-rules'
import { fieldProblems, placeAgreementFields, signerKeyOf, signerProblems, signersAbleToSign, signsOnSignaturePage } from '@offerbook/domain/signing-rules'
import type { User } from '@offerbook/domain/user'
import { cleanFileName } from '@offerbook/domain/validation'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import type { UploadedFile } from '../../http/multipart-upload'
import type { FileStorage } from '../../storage/storage'
import { runHeavy } from '../../workers/heavy-pool'
import { ignoreCleanupError, recordStoredFile, removeStoredObjects, withStoredObject } from '../files/files.service'
import { openOfferAttachment, renderOfferFormPdf } from '../offer-documents/offer-documents.service'
import { initialsBox } from '../contracts/agreement-pdf'
import type { OfferRow } from '../offers/offers.service'
import type { NewFieldRow, NewPacketRow, PacketRow, SignerRow } from './signing.queries'
import { countOfferPackets, deletePacket, deleteStoredFile, findAccountsByEmail, findFileKey, insertFields, insertPacket, insertSigners, updatePacket } from './signing.queries'
import type { Party } from './signing-access'
import { partyOfOffer } from './signing-access'
import { appendEvent } from './signing-events'
import { recordOnOfferLedger } from './signing-ledger'
import { languageOf, packetAddress, sendSignerLink } from './signing-notify'
import type { PacketSource } from './signing-pdf'
import type { RequestInfo, SigningContext } from './signing.service'
import { actorSource, conflict, getPacket, lockForParty, OFFER_PACKET_TITLE, SIGNING_FILE_PURPOSE } from './signing.service'

/**
 * Sending for signature (issue #12): the accepted offer as a packet with its fields placed by rule,
 * or a form document uploaded as a draft whose fields the sender places before sending it. The
 * packet, its signers, its first audit event and the invitations are written in one transaction.
 */

function badInput(problems: FieldProblem[]): AppError {
  return new AppError('BAD_REQUEST', problems[0]?.key ?? 'signing.signersRequired', { errors: problems })
}

function assertAccepted(offer: OfferRow): void {
  if ((offer.status as OfferStatus) !== 'accepted') throw conflict('signing.offerNotAccepted')
}

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
 * 'Send for signature' on an accepted offer: the purchase and sale agreement as its accepted terms read (with
 * the RF707 pages), the chosen attachments, and a signature page; fields placed by rule.
 */
export async function sendOfferPacket(db: Db, ctx: SigningContext, { actor, offerId, input, request = {}, now = new Date() }: { actor: User; offerId: string; input: SendOfferPacket; request?: RequestInfo; now?: Date }): Promise<PacketView> {
  const problems = signerProblems(input.signers, input)
  if (problems.length > 0) throw badInput(problems)

  const checkOffer = async (tx: Db, party: Party) => {
    assertAccepted(party.offer)
    if ((await countOfferPackets(tx, { offerId: party.offer.id, kind: 'offer', statuses: ['completed', 'completing'] })) > 0) throw conflict('signing.offerAlreadySigned')
    // A packet past its expiry reads as expired (effectiveStatus) before the job marks it: it does not block a new one.
    if ((await countOfferPackets(tx, { offerId: party.offer.id, kind: 'offer', statuses: ['sent'], unexpiredAt: now })) > 0) throw conflict('signing.offerPacketOpen')
  }
  const party = await partyOfOffer(db, actor, offerId)
  await checkOffer(db, party)

  // The documents are read before the transaction: the offer's terms no longer change once accepted.
  const agreement = await renderOfferFormPdf(db, party.offer, now)
  const sources: PacketSource[] = [{ filename: `Purchase and Sale Agreement, version ${party.offer.version}.pdf`, bytes: agreement.pdf, contentType: 'application/pdf' }]
  for (const attachmentId of [...new Set(input.attachmentIds)]) {
    let file
    try {
      file = await openOfferAttachment(db, ctx.storage, { viewer: actor, offerId: party.offer.id, attachmentId })
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) throw new AppError('BAD_REQUEST', 'signing.attachmentNotPdf', { errors: [{ path: 'attachmentIds', key: error.key, params: error.params }] })
      throw error
    }
    const bytes = await readAll(file.body)
    if (!['application/pdf', 'image/jpeg', 'image/png'].includes(file.contentType)) throw new AppError('BAD_REQUEST', 'signing.attachmentNotPdf', { errors: [{ path: 'attachmentIds', key: 'signing.attachmentNotPdf' }] })
    if (file.contentType === 'application/pdf') await runHeavy('inspectPdf', bytes)
    sources.push({ filename: file.filename, bytes, contentType: file.contentType as PacketSource['contentType'] })
  }
  const address = await packetAddress(db, party.offer)
  // Each buyer and seller signs where the agreement and the RF707 keep their places; anyone else on a signature page after them.
  const onSignaturePage = signsOnSignaturePage(agreement.signing.places, input.signers)
  const pageSigners = input.signers.filter((_, index) => onSignaturePage[index])
  const signaturePage = pageSigners.length === 0 ? null : { title: OFFER_PACKET_TITLE, address, signers: pageSigners.map((signer) => ({ name: signer.name, role: signer.role })) }
  const assembled = await runHeavy('assemblePacket', { sources, signaturePage })

  const packetId = randomUUID()
  const stored = await storeOriginal(ctx.storage, packetId, assembled.pdf)
  const packet = await withStoredObject(ctx.storage, stored.key, ignoreCleanupError, async () => ({
    unusedKeys: [],
    result: await db.transaction(async (tx) => {
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
        ...newPacketColumns(actor, stored.fileId, assembled, now),
        sentAt: now,
        expiresAt: expiryOf(now, input.expiresInDays),
      })
      const signers = await addSigners(tx, created.id, input.signers)
      const reserved = { linedPageCount: agreement.signing.pageCount, contentPageCount: assembled.contentPageCount, reserved: agreement.signing.places, initialsBox }
      const placed = placeAgreementFields(reserved, input.signers.map((signer, index) => ({ key: signerKeyOf(index), role: signer.role })))
      await insertFields(
        tx,
        placed.map(({ signerKey, ...field }) => ({ ...field, packetId: created.id, signerId: signers[Number(signerKey)]!.id })),
      )
      const source = actorSource(actor, request)
      // Sent before the notice of acceptance was recorded: its place in the agreement is kept, and filled at sealing (signing-jobs.ts).
      const blank = agreement.signing.bindingDatePlace
      const bindingDate = blank ? { bindingDateLeftToFill: { page: blank.page, ...blank.box, timeZone: agreement.timeZone } } : {}
      await appendEvent(tx, created.id, 'created', source, { at: now, details: { kind: 'offer', documents: documentsDetail(assembled), ...bindingDate } })
      await appendEvent(tx, created.id, 'sent', source, { at: now, details: { signers: signers.map((signer) => ({ id: signer.id, email: signer.email, role: signer.role })), order: input.order, expiresAt: created.expiresAt?.toISOString() ?? null, requireSmsCode: input.requireSmsCode } })
      await inviteAbleSigners(tx, ctx, { packet: created, signers, address, at: now })
      return created
    }),
  }))
  return getPacket(db, { actor, packetId: packet.id, now })
}

type Assembled = Required<Pick<NewPacketRow, 'documents' | 'pages'>>

/** The columns a new packet takes from who makes it, its stored original and its assembled documents. */
function newPacketColumns(actor: User, originalFileId: string, { documents, pages }: Assembled, now: Date) {
  return { createdBy: actor.uid, createdByName: actor.name, originalFileId, documents, pages, createdAt: now, updatedAt: now }
}

/** The documents as the packet's 'created' event records them: each file's name and SHA-256, and what was taken out of it. */
const documentsDetail = ({ documents }: Assembled) =>
  documents.map((document) => ({ filename: document.filename, sha256: document.sha256, ...(document.removed?.length ? { removed: document.removed } : {}) }))

/** A form document (a disclosure, an amendment) uploaded to the offer: a draft packet whose fields the sender places next. */
export async function uploadFormDocument(db: Db, ctx: SigningContext, { actor, offerId, readFile, request = {}, now = new Date() }: { actor: User; offerId: string; readFile: () => Promise<UploadedFile>; request?: RequestInfo; now?: Date }): Promise<PacketView> {
  assertAccepted((await partyOfOffer(db, actor, offerId)).offer)
  const file = await readFile()
  if (file.bytes.length > SIGNING_LIMITS.documentMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', 'signing.fileTooLarge')
  const filename = cleanFileName(file.filename, 'Form.pdf')
  // Read and checked in the heavy-work pool (issue #29): the limits come before any page is read.
  const assembled = await runHeavy('assemblePacket', { sources: [{ filename, bytes: file.bytes, contentType: 'application/pdf' }], signaturePage: null })
  const packetId = randomUUID()
  const stored = await storeOriginal(ctx.storage, packetId, assembled.pdf)
  await withStoredObject(ctx.storage, stored.key, ignoreCleanupError, async () => ({
    unusedKeys: [],
    result: await db.transaction(async (tx) => {
      const { offer } = await partyOfOffer(tx, actor, offerId)
      assertAccepted(offer)
      await recordStoredFile(tx, { id: stored.fileId, ownerId: actor.uid, key: stored.key, purpose: SIGNING_FILE_PURPOSE, filename, contentType: 'application/pdf', size: assembled.pdf.length })
      await insertPacket(tx, {
        id: packetId,
        kind: 'form',
        offerId: offer.id,
        title: filename.replace(/\.pdf$/i, ''),
        status: 'draft',
        ...newPacketColumns(actor, stored.fileId, assembled, now),
      })
      await appendEvent(tx, packetId, 'created', actorSource(actor, request), { at: now, details: { kind: 'form', documents: documentsDetail(assembled) } })
    }),
  }))
  return getPacket(db, { actor, packetId, now })
}

/** Sends a draft form document to its signers, with the fields placed on its preview. */
export async function sendFormPacket(db: Db, ctx: SigningContext, { actor, packetId, input, request = {}, now = new Date() }: { actor: User; packetId: string; input: SendFormPacket; request?: RequestInfo; now?: Date }): Promise<PacketView> {
  const id = await db.transaction(async (tx) => {
    const { packet, offer } = await lockForParty(tx, actor, packetId)
    if (packet.status !== 'draft') throw conflict('signing.notDraft')
    assertUploader(packet, actor)
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
      ...(input.title ? { title: input.title } : {}),
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
    await recordOnOfferLedger(tx, sent, 'form-sent', { at: now, actor })
    await inviteAbleSigners(tx, ctx, { packet: sent, signers, address: await packetAddress(tx, offer), at: now })
    return packet.id
  })
  return getPacket(db, { actor, packetId: id, now })
}

/**
 * A draft form is its uploader's until it is sent: the other side (and the uploader's teammates) see
 * it in the panel but may not send it in the uploader's name or throw away their work.
 */
function assertUploader(packet: PacketRow, actor: User): void {
  if (packet.createdBy !== null && packet.createdBy !== actor.uid) throw new AppError('FORBIDDEN', 'signing.notYourDraft')
}

/** Removes a form document that was never sent. */
export async function deleteDraftPacket(db: Db, ctx: SigningContext, { actor, packetId }: { actor: User; packetId: string }): Promise<void> {
  const key = await db.transaction(async (tx) => {
    const { packet } = await lockForParty(tx, actor, packetId)
    if (packet.status !== 'draft') throw conflict('signing.notDraft')
    assertUploader(packet, actor)
    const file = packet.originalFileId ? await findFileKey(tx, packet.originalFileId) : null
    await deletePacket(tx, packet.id)
    // Its file row goes too: the stored object is removed below, so the row would point at nothing.
    if (packet.originalFileId) await deleteStoredFile(tx, packet.originalFileId)
    return file?.key ?? null
  })
  if (key) await removeStoredObjects(ctx.storage, [key], ignoreCleanupError)
}


/** A field of our own document, placed by its renderer for the signer at `signerIndex` of the packet's signers. */
export type DocumentField = Omit<NewFieldRow, 'id' | 'packetId' | 'signerId'> & { signerIndex: number }

/**
 * Where a document of our own is signed: at the fields its renderer placed (a notice), or, with
 * 'signature-page', on a signature page added after it for every signer, with initials at the foot of
 * each of its pages (an amendment), as the offer packet places them.
 */
export type DocumentFields = readonly DocumentField[] | 'signature-page'

/**
 * Sends a document of our own (a notice, decision 065; an amendment, decision 066) as a packet of
 * `kind`: the same steps as the offer packet (stored original, signers with their language, fields,
 * 'created' and 'sent' events, invitations), in one transaction. `check` runs again inside it on the
 * locked party; `record` writes the caller's own rows with the packet.
 */
export async function sendDocumentPacket<T>(
  db: Db,
  ctx: SigningContext,
  {
    actor,
    offerId,
    kind,
    title,
    filename,
    pdf,
    signers,
    fields,
    message = '',
    expiresInDays = SIGNING_LIMITS.defaultExpiresInDays,
    request = {},
    now = new Date(),
    check,
    record,
  }: {
    actor: User
    offerId: string
    kind: Exclude<PacketKind, 'offer' | 'form'>
    title: string
    filename: string
    pdf: Uint8Array
    signers: readonly SignerInput[]
    fields: DocumentFields
    message?: string
    expiresInDays?: number
    request?: RequestInfo
    now?: Date
    check: (tx: Db, party: Party) => Promise<void>
    record: (tx: Db, packet: PacketRow, party: Party) => Promise<T>
  },
): Promise<{ packet: PacketRow; result: T }> {
  const problems = signerProblems(signers, { requireSmsCode: false })
  if (problems.length > 0) throw badInput(problems)
  const address = await packetAddress(db, (await partyOfOffer(db, actor, offerId)).offer)
  const signaturePage = fields === 'signature-page' ? { title, address, signers: signers.map((signer) => ({ name: signer.name, role: signer.role })) } : null
  const assembled = await runHeavy('assemblePacket', { sources: [{ filename, bytes: pdf, contentType: 'application/pdf' }], signaturePage })
  const packetId = randomUUID()
  const stored = await storeOriginal(ctx.storage, packetId, assembled.pdf)
  return withStoredObject(ctx.storage, stored.key, ignoreCleanupError, async () => ({
    unusedKeys: [],
    result: await db.transaction(async (tx) => {
      const party = await partyOfOffer(tx, actor, offerId)
      await check(tx, party)
      await recordStoredFile(tx, { id: stored.fileId, ownerId: actor.uid, key: stored.key, purpose: SIGNING_FILE_PURPOSE, filename, contentType: 'application/pdf', size: assembled.pdf.length })
      const created = await insertPacket(tx, {
        id: packetId,
        kind,
        offerId: party.offer.id,
        title,
        status: 'sent',
        signingOrder: 'parallel',
        requireSmsCode: false,
        message,
        ...newPacketColumns(actor, stored.fileId, assembled, now),
        sentAt: now,
        expiresAt: expiryOf(now, expiresInDays),
      })
      const signerRows = await addSigners(tx, created.id, signers)
      // Nothing of ours is lined: with a signature page, every signer initials each page at its foot and signs after it.
      const placed: readonly DocumentField[] =
        fields === 'signature-page'
          ? placeAgreementFields({ linedPageCount: 0, contentPageCount: assembled.contentPageCount, reserved: [], initialsBox }, signers.map((signer, index) => ({ key: signerKeyOf(index), role: signer.role }))).map(({ signerKey, ...field }) => ({ ...field, signerIndex: Number(signerKey) }))
          : fields
      await insertFields(
        tx,
        placed.map(({ signerIndex, ...field }) => ({ ...field, packetId: created.id, signerId: signerRows[signerIndex]!.id })),
      )
      const source = actorSource(actor, request)
      await appendEvent(tx, created.id, 'created', source, { at: now, details: { kind, documents: documentsDetail(assembled) } })
      await appendEvent(tx, created.id, 'sent', source, { at: now, details: { signers: signerRows.map((signer) => ({ id: signer.id, email: signer.email, role: signer.role })), order: 'parallel', expiresAt: created.expiresAt?.toISOString() ?? null, requireSmsCode: false } })
      const result = await record(tx, created, party)
      await inviteAbleSigners(tx, ctx, { packet: created, signers: signerRows, address, at: now })
      return { packet: created, result }
    }),
  }))
}
