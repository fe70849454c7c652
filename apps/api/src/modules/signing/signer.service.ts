import type { FinishSigning, SignerView } from '@offerbook/domain/signing'
import { CONSENT_VERSION, SIGNING_LIMITS } from '@offerbook/domain/signing'
import type { FieldProblem } from '@offerbook/domain/signing-rules'
import type { MessageKey, MessageParams } from '@offerbook/domain/messages'
import { AppError, fieldError } from '../../app-error'
import type { Db } from '../../db/client'
import type { ByteRange, FileStorage } from '../../storage/storage'
import type { SentFile } from '../../http/byte-range'
import { runHeavy } from '../../workers/heavy-pool'
import { offerById } from '../offers/offers.service'
import type { PacketRow, SignerRow } from './signing.queries'
import { fillField, findFileKey, listFields, listSigners, lockPacket, updatePacket, updateSigner } from './signing.queries'
import { ableToSign, effectiveStatus, linkNotValid, signerByToken, toSignerView } from './signing-access'
import type { EventSource } from './signing-events'
import { appendEvent, hashSigningCode, newSigningCode } from './signing-events'
import { recordOnOfferLedger } from './signing-ledger'
import { readPngHeader } from './signing-png'
import { packetAddress, sendSignerLink, sendSigningCode, tellEveryone } from './signing-notify'
import type { RequestInfo, SigningContext } from './signing.service'
import { signedFilename } from './signing.service'
import { dateTimeFormat } from '@offerbook/domain/intl-formats'

/**
 * The signer's side (issue #12): what a tokened link opens and does. Every answer is the signer's
 * view, so the page always shows the packet as it now is.
 */

export type SignerRequest = { signerId: string; token: string | null | undefined; request?: RequestInfo; now?: Date }

const conflict = (key: MessageKey, params?: MessageParams) => new AppError('CONFLICT', key, { params })
const source = (signer: SignerRow, request: RequestInfo = {}): EventSource => ({ signerId: signer.id, actorName: signer.name, ip: request.ip ?? null, userAgent: request.userAgent ?? null })

async function viewOf(db: Db, packet: PacketRow, signer: SignerRow, now: Date): Promise<SignerView> {
  const [signers, fields, offer] = await Promise.all([listSigners(db, packet.id), listFields(db, packet.id), offerById(db, packet.offerId)])
  const address = offer ? await packetAddress(db, offer) : ''
  return toSignerView(packet, signer, { signers, fields, address }, now)
}

/**
 * The signer, their packet locked, for a change: the link must still open a packet out for
 * signature and a signer who has not finished.
 */
async function lockOpen(tx: Db, { signerId, token, now }: { signerId: string; token: string | null | undefined; now: Date }): Promise<{ packet: PacketRow; signer: SignerRow; signers: SignerRow[] }> {
  const found = await signerByToken(tx, { signerId, token })
  const packet = await lockPacket(tx, found.packet.id)
  if (!packet) throw linkNotValid()
  const status = effectiveStatus(packet, now)
  if (status !== 'sent') throw conflict('signing.notOpen', { status: status })
  const signers = await listSigners(tx, packet.id)
  const signer = signers.find((row) => row.id === found.signer.id)
  if (!signer) throw linkNotValid()
  if (signer.status === 'signed') throw conflict('signing.alreadySigned')
  if (signer.status === 'declined') throw conflict('signing.notOpen', { status: 'declined' })
  return { packet, signer, signers }
}

/** What the link shows; the first look at an open packet is recorded as 'viewed'. */
export async function openSignerView(db: Db, { signerId, token, request, now = new Date() }: SignerRequest): Promise<SignerView> {
  const found = await signerByToken(db, { signerId, token })
  if (!found.signer.viewedAt && effectiveStatus(found.packet, now) === 'sent') {
    await db.transaction(async (tx) => {
      const packet = await lockPacket(tx, found.packet.id)
      const [signer] = (await listSigners(tx, found.packet.id)).filter((row) => row.id === found.signer.id)
      if (!packet || !signer || signer.viewedAt) return
      await updateSigner(tx, signer.id, { viewedAt: now })
      await appendEvent(tx, packet.id, 'viewed', source(signer, request), { at: now })
      await recordOnOfferLedger(tx, packet, 'signer-viewed', { at: now, signer })
    })
  }
  const again = await signerByToken(db, { signerId, token })
  return viewOf(db, again.packet, again.signer, now)
}

/** Texts a signing code to the signer's phone, when the packet asks for one; at most one a minute. */
export async function sendCode(db: Db, { signerId, token, request, now = new Date() }: SignerRequest): Promise<void> {
  await db.transaction(async (tx) => {
    const { packet, signer } = await lockOpen(tx, { signerId, token, now })
    if (!packet.requireSmsCode) throw new AppError('BAD_REQUEST', 'signing.codeNotNeeded')
    if (!signer.phone) throw new AppError('BAD_REQUEST', 'signing.phoneRequiredForCode')
    if (signer.codeSentAt && now.getTime() - signer.codeSentAt.getTime() < 60_000) throw new AppError('RATE_LIMITED', 'signing.codeWait')
    const { code, hash } = newSigningCode(signer.id)
    await updateSigner(tx, signer.id, { codeHash: hash, codeSentAt: now, codeExpiresAt: new Date(now.getTime() + SIGNING_LIMITS.codeMinutes * 60_000), codeAttempts: 0 })
    await sendSigningCode(tx, { signer, code })
    await appendEvent(tx, packet.id, 'code-sent', source(signer, request), { at: now })
  })
}

/** Checks the texted code; five wrong tries end the code. A wrong try is counted even though the call fails. */
export async function verifyCode(db: Db, { signerId, token, code, request, now = new Date() }: SignerRequest & { code: string }): Promise<SignerView> {
  const outcome = await db.transaction(async (tx) => {
    const { packet, signer } = await lockOpen(tx, { signerId, token, now })
    if (!packet.requireSmsCode || signer.codeVerifiedAt) return 'ok' as const
    if (!signer.codeHash || !signer.codeExpiresAt || signer.codeExpiresAt.getTime() <= now.getTime()) return 'invalid' as const
    if (signer.codeAttempts >= SIGNING_LIMITS.codeMaxAttempts) return 'too-many' as const
    if (hashSigningCode(signer.id, code) !== signer.codeHash) {
      await updateSigner(tx, signer.id, { codeAttempts: signer.codeAttempts + 1 })
      return signer.codeAttempts + 1 >= SIGNING_LIMITS.codeMaxAttempts ? ('too-many' as const) : ('invalid' as const)
    }
    await updateSigner(tx, signer.id, { codeVerifiedAt: now, codeHash: null })
    await appendEvent(tx, packet.id, 'code-verified', source(signer, request), { at: now })
    return 'ok' as const
  })
  if (outcome === 'invalid') throw new AppError('BAD_REQUEST', 'signing.codeInvalid', { errors: [{ path: 'code', key: 'signing.codeInvalid' }] })
  if (outcome === 'too-many') throw new AppError('RATE_LIMITED', 'signing.codeTooManyTries', { errors: [{ path: 'code', key: 'signing.codeTooManyTries' }] })
  return openSignerView(db, { signerId, token, request, now })
}

function assertCodeVerified(packet: PacketRow, signer: SignerRow): void {
  if (packet.requireSmsCode && !signer.codeVerifiedAt) throw new AppError('BAD_REQUEST', 'signing.codeRequired')
}

/** Records the signer's consent to electronic records and signatures (ESIGN 15 U.S.C. 7001(c)). */
export async function consent(db: Db, { signerId, token, version, request, now = new Date() }: SignerRequest & { version: string }): Promise<SignerView> {
  await db.transaction(async (tx) => {
    const { packet, signer } = await lockOpen(tx, { signerId, token, now })
    assertCodeVerified(packet, signer)
    if (signer.consentedAt) return
    await updateSigner(tx, signer.id, { consentedAt: now, consentVersion: version || CONSENT_VERSION })
    await appendEvent(tx, packet.id, 'consented', source(signer, request), { at: now, details: { version: version || CONSENT_VERSION } })
    await recordOnOfferLedger(tx, packet, 'signer-consented', { at: now, signer })
  })
  return openSignerView(db, { signerId, token, request, now })
}

/**
 * The PNG bytes of a data URL, checked: a PNG, at most 1 MB, at most 2000 × 1000 pixels by its
 * header (read before anything is decoded), and its image data inflating within that size (in the
 * heavy-work pool, never beyond the header's size).
 */
async function pngOf(dataUrl: string, path: string): Promise<Buffer> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64')
  if (bytes.length > SIGNING_LIMITS.signatureImageMaxBytes) throw fieldError(path, 'signing.signatureTooLarge')
  const header = bytes.length < 60 ? null : readPngHeader(bytes)
  if (!header) throw fieldError(path, 'signing.signatureNotPng')
  const { signatureMaxWidth: width, signatureMaxHeight: height } = SIGNING_LIMITS
  if (header.width > width || header.height > height) throw fieldError(path, 'signing.signatureDimensions', { width, height })
  const damaged = () => fieldError(path, 'signing.signatureDamaged')
  if (!(await runHeavy('signaturePngReadable', bytes, { tooHeavy: damaged }))) throw damaged()
  return bytes
}

/** The date a date-signed field shows: the day in Tennessee (Central time), as MM/DD/YYYY. */
export function signingDate(at: Date): string {
  return dateTimeFormat('en-US', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)
}

/**
 * The signer finishes: every field of theirs is filled (signature and initials with the adopted
 * images, full name and date by the server, text fields with their values) and they are signed.
 * With the packet locked, the last signer's finish moves the packet to 'completing' (only one
 * finish can see everyone signed); in a sequence the next signer is invited.
 */
export async function finishSigning(db: Db, ctx: SigningContext, { signerId, token, input, request, now = new Date() }: SignerRequest & { input: FinishSigning }): Promise<SignerView> {
  const signature = await pngOf(input.adopted.signature, 'adopted.signature')
  const initials = await pngOf(input.adopted.initials, 'adopted.initials')
  const queued = await db.transaction(async (tx) => {
    const { packet, signer, signers } = await lockOpen(tx, { signerId, token, now })
    if (!ableToSign(packet, signers, now).has(signer.id)) throw conflict('signing.notYourTurn')
    assertCodeVerified(packet, signer)
    if (!signer.consentedAt) throw new AppError('BAD_REQUEST', 'signing.consentRequired')
    const fields = (await listFields(tx, packet.id)).filter((field) => field.signerId === signer.id)
    const problems: FieldProblem[] = []
    for (const fieldId of Object.keys(input.values)) {
      if (!fields.some((field) => field.id === fieldId && field.type === 'text')) problems.push({ path: `values.${fieldId}`, key: 'signing.unknownField' })
    }
    for (const field of fields) {
      if (field.type === 'text' && field.required && !(input.values[field.id] ?? '').trim()) problems.push({ path: `values.${field.id}`, key: 'signing.fieldRequired' })
    }
    if (problems.length > 0) throw new AppError('BAD_REQUEST', problems[0]!.key, { errors: problems })

    const from = source(signer, request)
    const date = signingDate(now)
    for (const field of fields) {
      const value = field.type === 'text' ? (input.values[field.id] ?? '').trim() : field.type === 'full-name' ? signer.name : field.type === 'date-signed' ? date : 'signed'
      if (field.type === 'text' && value === '') continue
      await fillField(tx, field.id, { value, filledAt: now })
      await appendEvent(tx, packet.id, 'field-filled', from, { at: now, details: { fieldId: field.id, type: field.type, page: field.page } })
    }
    await updateSigner(tx, signer.id, { status: 'signed', signedAt: now, signatureMethod: input.adopted.method, signaturePng: signature, initialsPng: initials, signedIp: request?.ip ?? null, signedUserAgent: request?.userAgent ?? null })
    await appendEvent(tx, packet.id, 'signed', from, { at: now, details: { method: input.adopted.method, fields: fields.length } })
    await recordOnOfferLedger(tx, packet, 'signer-signed', { at: now, signer })

    const after = signers.map((row) => (row.id === signer.id ? { ...row, status: 'signed' } : row))
    if (after.every((row) => row.status === 'signed')) {
      await updatePacket(tx, packet.id, { status: 'completing', updatedAt: now })
      return true
    }
    // In a sequence, the next signer is invited now that it is their turn.
    const next = ableToSign(packet, after, now)
    const offer = await offerById(tx, packet.offerId)
    for (const row of after) {
      if (next.has(row.id) && !row.invitedAt) await sendSignerLink(tx, ctx, { packet, signer: row, address: offer ? await packetAddress(tx, offer) : '', at: now, reminder: false })
    }
    return false
  })
  if (queued) ctx.onCompletionQueued?.()
  return openSignerView(db, { signerId, token, request, now })
}

/** The signer declines with a reason: the packet stops (a form document becomes 'form declined') and everyone is told. */
export async function declineSigning(db: Db, ctx: SigningContext, { signerId, token, reason, request, now = new Date() }: SignerRequest & { reason: string }): Promise<SignerView> {
  await db.transaction(async (tx) => {
    const { packet, signer, signers } = await lockOpen(tx, { signerId, token, now })
    await updateSigner(tx, signer.id, { status: 'declined', declinedAt: now, declineReason: reason })
    const declined = await updatePacket(tx, packet.id, { status: 'declined', declinedAt: now, updatedAt: now })
    await appendEvent(tx, packet.id, 'declined', source(signer, request), { at: now, details: { reason } })
    const offer = await offerById(tx, packet.offerId)
    if (offer) {
      await tellEveryone(tx, ctx, {
        packet: declined,
        offer,
        signers: signers.filter((row) => row.id !== signer.id),
        event: 'declined',
        address: await packetAddress(tx, offer),
        signerName: signer.name,
        reason,
      })
    }
  })
  return openSignerView(db, { signerId, token, request, now })
}

/** The packet's PDF for a signer, whole or the part a range asked for holds (http/byte-range.ts). */
export type SignerFile = SentFile

/** The packet's PDF before signing (for the signer's pages) or, once completed, the sealed PDF. */
export async function openSignerFile(
  db: Db,
  storage: FileStorage,
  { signerId, token, which, range = null }: SignerRequest & { which: 'original' | 'signed'; range?: ByteRange | null },
): Promise<SignerFile> {
  const { packet } = await signerByToken(db, { signerId, token })
  // A voided packet's link opens the voided page alone: its document is no longer the signer's to read.
  if (packet.status === 'voided') throw conflict('signing.notOpen', { status: 'voided' })
  if (which === 'signed' && packet.status !== 'completed') throw conflict('signing.notCompleted')
  const fileId = which === 'signed' ? packet.signedFileId : packet.originalFileId
  const file = fileId ? await findFileKey(db, fileId) : null
  const content = file ? await storage.get(file.key, range ?? undefined) : null
  if (!content) throw new AppError('NOT_FOUND', 'signing.notCompleted')
  return { body: content.body, size: content.size, filename: which === 'signed' ? signedFilename(packet) : `${packet.title}.pdf`, ...(content.range ? { range: content.range } : {}) }
}
