import { createHash, randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import type { FastifyBaseLogger } from 'fastify'
import { z } from 'zod'
import { bindingDateText } from '@offerbook/domain/contracts/agreement-signatures'
import type { SigningFieldType } from '@offerbook/domain/signing'
import type { SealedRecord } from '@offerbook/domain/signing'
import { CONSENT_VERSION, SEALED_RECORD_FILENAME, SEALED_RECORD_FORMAT } from '@offerbook/domain/signing'
import { canonicalJson } from '@offerbook/domain/signing-chain'
import type { Db } from '../../db/client'
import type { JobDefinition } from '../jobs/job-runner'
import { recordStoredFile, removeStoredObjects } from '../files/files.service'
import { markOfferSigned, offerById } from '../offers/offers.service'
import { applySignedAmendment } from '../contract-amendments/amendments.service'
import { completeNotice } from '../contract-notices/notices.service'
import { fileCompletedPacket } from '../transaction-files/file-documents.service'
import type { OfferRow } from '../offers/offer-rows.service'
import { runHeavy } from '../../workers/heavy-pool'
import type { EventRow, PacketRow, SignerRow } from './signing.queries'
import { findFileKey, insertSealVersion, latestSealVersion, listEvents, listFields, listSigners, lockDuePackets, lockPacketsDueForArchive, lockPacketsToComplete, markSealWaiting, updatePacket } from './signing.queries'
import type { BurnField } from './signing-pdf-stamp'
import { appendEvent, chainEventOf, sha256Hex } from './signing-events'
import { recordOnOfferLedger } from './signing-ledger'
import { packetAddress, tellEveryone } from './signing-notify'
import type { SigningContext } from './signing.service'
import { SIGNING_FILE_PURPOSE } from './signing.service'
import { addSignatureTimestamp, sealSignatureValue } from './signing-seal'
import type { SignatureTimestamp, TsaOptions } from './signing-tsa'
import { requestTimestamp, TimestampUnavailableError } from './signing-tsa'
import { archiveSealedFile } from './signing-archive'
import { ValidationDataUnavailableError } from './signing-ltv'

/**
 * The signing jobs (decision 016): completing packets whose last signature is in (burn, certificate,
 * seal), and expiring packets past their time. Any number of processes may run them; each packet is
 * taken under FOR UPDATE SKIP LOCKED. A crash between the last signature and the seal leaves the
 * packet 'completing', and the next run finishes it.
 */

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks)
}

/** The time one packet's completion may take in the heavy-work pool: a 200-page packet with ten signers' images. */
const COMPLETION_TIMEOUT_MS = 120_000

const LeftToFillSchema = z.object({ page: z.number().int().min(0), x: z.number(), y: z.number(), width: z.number(), height: z.number(), timeZone: z.string() })

/**
 * The Binding Agreement Date of an offer packet sent before the notice of acceptance was recorded
 * (its place kept blank in the agreement, said by the 'created' event): filled at sealing when the
 * offer has it by then; otherwise left as a line to fill, and the certificate says so.
 */
async function bindingDateRecord(tx: Db, packet: PacketRow, bindingAgreementAt: Date | null): Promise<{ fields: BurnField[]; notes: string[] }> {
  if (packet.kind !== 'offer') return { fields: [], notes: [] }
  const created = (await listEvents(tx, packet.id)).find((event) => event.type === 'created')
  const blank = LeftToFillSchema.safeParse((created?.details as { bindingDateLeftToFill?: unknown } | undefined)?.bindingDateLeftToFill)
  if (!blank.success) return { fields: [], notes: [] }
  const { timeZone, ...box } = blank.data
  if (bindingAgreementAt === null) return { fields: [], notes: ['The Binding Agreement Date was not recorded when the packet was sealed: it is left as a line to fill.'] }
  const value = bindingDateText(bindingAgreementAt, timeZone)
  return { fields: [{ signerId: '', type: 'text', ...box, value }], notes: [`The Binding Agreement Date, recorded after the packet was sent, was filled in at sealing: ${value}.`] }
}

/**
 * The record the sealed file carries (decision 059): the offer's terms at completion (the version
 * signed, clause choices included), the signers and the audit chain through 'completed', as canonical JSON.
 */
function sealedRecord({ packet, offer, signers, events, completedAt }: { packet: PacketRow; offer: OfferRow; signers: SignerRow[]; events: EventRow[]; completedAt: Date }): { bytes: Uint8Array; sha256: string } {
  const record: SealedRecord = {
    format: SEALED_RECORD_FORMAT,
    packet: { id: packet.id, kind: packet.kind, title: packet.title, completedAt: completedAt.toISOString() },
    offer: { id: offer.id, version: offer.version, terms: offer.terms as unknown as Record<string, unknown> },
    signers: signers.map((signer) => ({ name: signer.name, role: signer.role, signedAt: signer.signedAt?.toISOString() ?? null })),
    audit: { chainHead: events.at(-1)?.hash ?? '', events: events.map((event) => ({ ...chainEventOf(event), previousHash: event.previousHash, hash: event.hash })) },
  }
  const bytes = Buffer.from(canonicalJson(record), 'utf8')
  return { bytes, sha256: sha256Hex(bytes) }
}

/** Completes one packet in the caller's transaction; returns the key of the stored sealed PDF. */
async function completePacket(tx: Db, ctx: SigningContext, packet: PacketRow, now: Date): Promise<string> {
  const offer = await offerById(tx, packet.offerId)
  if (!offer) throw new Error(`the offer of signing packet ${packet.id} is gone`)
  const [signers, fields] = await Promise.all([listSigners(tx, packet.id), listFields(tx, packet.id)])
  const original = packet.originalFileId ? await findFileKey(tx, packet.originalFileId) : null
  const content = original ? await ctx.storage.get(original.key) : null
  if (!content) throw new Error(`the original PDF of signing packet ${packet.id} is missing from the file storage`)
  const originalBytes = await readAll(content.body)
  const identity = await ctx.sealing()
  const address = await packetAddress(tx, offer)
  const binding = await bindingDateRecord(tx, packet, offer.bindingAgreementAt)

  // The completed event is the chain's last link: the certificate prints the head that includes it.
  const completed = await appendEvent(tx, packet.id, 'completed', { actorName: null }, { at: now, details: { signers: signers.length, documents: packet.documents.map((document) => document.sha256) } })
  // With a TSA configured (decision 052), it first attests the chain head, so the certificate can name
  // it and its time; the seal's own timestamp comes from the same TSA after signing. No answer throws
  // TimestampUnavailableError: this transaction rolls back and the packet waits for a later run.
  const attested = ctx.timestamps ? await requestTimestamp(Buffer.from(completed.hash, 'hex'), ctx.timestamps) : null
  const record = sealedRecord({ packet, offer, signers, events: await listEvents(tx, packet.id), completedAt: now })
  // Burnt in, certified and sealed (B-B) in the heavy-work pool; a packet too heavy for it fails this run (and is logged).
  const sealedBB = await runHeavy('completePacketPdf', {
    original: originalBytes,
    fields: [...fields.map((field) => ({ signerId: field.signerId, type: field.type as SigningFieldType, page: field.page, x: field.x, y: field.y, width: field.width, height: field.height, value: field.value })), ...binding.fields],
    images: new Map(signers.filter((signer) => signer.signaturePng && signer.initialsPng).map((signer) => [signer.id, { signature: signer.signaturePng!, initials: signer.initialsPng!, name: signer.name }])),
    certificate: {
      packetId: packet.id,
      title: packet.title,
      address,
      sentBy: packet.createdByName,
      sentAt: packet.sentAt,
      completedAt: now,
      documents: packet.documents,
      signers: signers.map((signer) => ({
        name: signer.name,
        email: signer.email,
        role: signer.role as 'buyer',
        authMethod: packet.requireSmsCode ? 'email-link+sms-code' : 'email-link',
        consentedAt: signer.consentedAt,
        viewedAt: signer.viewedAt,
        signedAt: signer.signedAt,
        ip: signer.signedIp,
        userAgent: signer.signedUserAgent,
        signatureMethod: signer.signatureMethod as 'typed' | 'drawn' | null,
        signaturePng: signer.signaturePng,
      })),
      chainHead: completed.hash,
      eventCount: completed.seq,
      consentVersion: signers.find((signer) => signer.consentVersion)?.consentVersion ?? CONSENT_VERSION,
      verifyUrl: new URL('/verify', `${ctx.publicUrl.replace(/\/+$/, '')}/`).toString(),
      notes: binding.notes,
      record: { filename: SEALED_RECORD_FILENAME, sha256: record.sha256 },
      seal: attested ? { level: 'B-T', tsaName: attested.tsaName, attestedAt: attested.time } : { level: 'B-B' },
    },
    identity,
    sealedAt: now,
    record: { filename: SEALED_RECORD_FILENAME, bytes: record.bytes, description: 'The terms signed and the audit trail, as canonical JSON' },
  }, { timeoutMs: COMPLETION_TIMEOUT_MS, tooHeavy: () => new Error(`signing packet ${packet.id} took more time or memory to complete than the heavy-work pool allows`) })

  const timestamp = attested && ctx.timestamps ? await signatureTimestamp(sealedBB, attested, ctx.timestamps) : null
  const sealed = timestamp ? addSignatureTimestamp(sealedBB, timestamp.token) : sealedBB

  const fileId = randomUUID()
  const key = `signing/${packet.id}/${fileId}.pdf`
  await ctx.storage.put(key, Buffer.from(sealed), { contentType: 'application/pdf', contentLength: sealed.length })
  try {
    await recordStoredFile(tx, { id: fileId, ownerId: packet.createdBy ?? offer.buyerId, key, purpose: SIGNING_FILE_PURPOSE, filename: `${packet.title} - signed.pdf`, contentType: 'application/pdf', size: sealed.length })
    const done = await updatePacket(tx, packet.id, {
      status: 'completed',
      completedAt: now,
      signedFileId: fileId,
      signedSha256: sha256Hex(sealed),
      sealLevel: timestamp ? 'B-T' : 'B-B',
      sealTimestampAt: timestamp?.time ?? null,
      sealTsaName: timestamp?.tsaName ?? null,
      sealWaitingReason: null,
      sealWaitingSince: null,
      // A B-T seal is taken to B-LTA by the archive step, in this same job run (decision 056).
      sealArchiveDueAt: timestamp ? now : null,
      updatedAt: now,
    })
    await insertSealVersion(tx, { packetId: packet.id, seq: 1, fileId, sha256: done.signedSha256!, previousSha256: null, level: done.sealLevel, timestampAt: timestamp?.time ?? null, tsaName: timestamp?.tsaName ?? null, tsaExpiresAt: timestamp?.tsaExpiresAt ?? null, recordSha256: record.sha256, createdAt: now })
    if (packet.kind === 'offer') await markOfferSigned(tx, { offerId: offer.id, at: now, packetId: packet.id })
    // A notice of the contract is delivered to the other side and recorded on the timeline (decision 065).
    else if (packet.kind === 'notice') await completeNotice(tx, ctx, { packet: done, now })
    else await recordOnOfferLedger(tx, packet, 'form-completed', { at: now })
    // Both sides signed an amendment: the contract's terms follow it in this same transaction (decision 066).
    if (packet.kind === 'amendment') await applySignedAmendment(tx, { packet, publicUrl: ctx.publicUrl, at: now })
    // The sealed PDF fills its slot of the brokerage's files, review pending (decision 068).
    await fileCompletedPacket(tx, { packet, storageKey: key, sha256: done.signedSha256!, size: sealed.length, now })
    await tellEveryone(tx, ctx, { packet: done, offer, signers, event: 'completed', address })
  } catch (error) {
    await removeStoredObjects(ctx.storage, [key], () => {})
    throw error
  }
  return key
}

/**
 * The seal's signature timestamp, over the SHA-256 of its signature value, from the TSA that attested
 * the chain head: the certificate already names that TSA, so no other may stand in for it.
 */
async function signatureTimestamp(sealed: Uint8Array, attested: SignatureTimestamp, timestamps: TsaOptions): Promise<SignatureTimestamp> {
  const stamp = await requestTimestamp(createHash('sha256').update(sealSignatureValue(sealed)).digest(), { ...timestamps, urls: [attested.url] })
  if (stamp.tsaName !== attested.tsaName) throw new TimestampUnavailableError([`${attested.url}: signed by ${stamp.tsaName}, not ${attested.tsaName} as a moment before`])
  return stamp
}

/**
 * Completes every packet waiting for its seal, one transaction each; returns how many. A packet
 * whose timestamp no TSA gave stays 'completing' with the reason recorded for its sender; the others
 * go on, and the run then throws, so the job runner retries with its backoff (decisions 045, 052).
 */
export async function completePendingPackets(db: Db, ctx: SigningContext, { now = () => new Date() }: { now?: () => Date } = {}): Promise<number> {
  let count = 0
  const waiting: string[] = []
  let lastWait: TimestampUnavailableError | null = null
  for (;;) {
    let storedKey: string | null = null
    let packetId: string | null = null
    try {
      const done = await db.transaction(async (tx) => {
        const [packet] = await lockPacketsToComplete(tx, 1, waiting)
        if (!packet) return false
        packetId = packet.id
        storedKey = await completePacket(tx, ctx, packet, now())
        return true
      })
      if (!done) break
      count += 1
    } catch (error) {
      // The commit failed after the sealed file was stored: it would be an orphan.
      if (storedKey) await removeStoredObjects(ctx.storage, [storedKey], () => {})
      if (!(error instanceof TimestampUnavailableError) || packetId === null) throw error
      waiting.push(packetId)
      lastWait = error
      await markSealWaiting(db, packetId, { reason: 'timestamp-unavailable', now: now() })
    }
  }
  if (lastWait) throw new TimestampUnavailableError([`${waiting.length} signing ${waiting.length === 1 ? 'packet waits' : 'packets wait'} for a signature timestamp`, ...lastWait.failures])
  return count
}

/** A document timestamp is renewed this long before its TSA's certificate expires. */
const RENEW_BEFORE_EXPIRY_MS = 90 * 24 * 60 * 60 * 1000
/** After a CRL or a TSA did not answer, the archive step tries that packet again this much later. */
const ARCHIVE_RETRY_MS = 60 * 60 * 1000

export type ArchiveRun = { archived: number; deferred: { packetId: string; reason: string }[] }

/**
 * The archive step (decision 056): each completed packet whose sealed file is due gets a DSS and a
 * document timestamp as an incremental update, stored as its new file and recorded as its next
 * version; the next renewal falls due 90 days before that timestamp's certificate expires. A packet
 * whose CRLs or TSA did not answer is tried again an hour later; one whose certificates name no CRL
 * stays at B-T. One transaction per packet: a crash before the commit leaves it due, and the next
 * run does it again.
 */
export async function archiveDuePackets(db: Db, ctx: SigningContext, { now = () => new Date() }: { now?: () => Date } = {}): Promise<ArchiveRun> {
  const run: ArchiveRun = { archived: 0, deferred: [] }
  const timestamps = ctx.timestamps
  if (!timestamps) return run
  const skipped: string[] = []
  for (;;) {
    let storedKey: string | null = null
    let packetId: string | null = null
    try {
      const done = await db.transaction(async (tx) => {
        const [packet] = await lockPacketsDueForArchive(tx, { now: now(), limit: 1, excluding: skipped })
        if (!packet) return false
        packetId = packet.id
        const current = await latestSealVersion(tx, packet.id)
        const file = packet.signedFileId ? await findFileKey(tx, packet.signedFileId) : null
        const content = file ? await ctx.storage.get(file.key) : null
        if (!current || !content) throw new Error(`the sealed PDF of signing packet ${packet.id} is missing from the file storage`)
        const offer = await offerById(tx, packet.offerId)
        if (!offer) throw new Error(`the offer of signing packet ${packet.id} is gone`)
        const at = now()
        const { pdf, timestamp } = await archiveSealedFile(await readAll(content.body), (digest) => requestTimestamp(digest, timestamps), { now: at })
        const fileId = randomUUID()
        storedKey = `signing/${packet.id}/${fileId}.pdf`
        await ctx.storage.put(storedKey, Buffer.from(pdf), { contentType: 'application/pdf', contentLength: pdf.length })
        await recordStoredFile(tx, { id: fileId, ownerId: packet.createdBy ?? offer.buyerId, key: storedKey, purpose: SIGNING_FILE_PURPOSE, filename: `${packet.title} - signed.pdf`, contentType: 'application/pdf', size: pdf.length })
        const sha256 = sha256Hex(pdf)
        await insertSealVersion(tx, { packetId: packet.id, seq: current.seq + 1, fileId, sha256, previousSha256: current.sha256, level: 'B-LTA', timestampAt: timestamp.time, tsaName: timestamp.tsaName, tsaExpiresAt: timestamp.tsaExpiresAt, recordSha256: current.recordSha256, createdAt: at })
        const renewAt = timestamp.tsaExpiresAt ? new Date(Math.max(at.getTime() + ARCHIVE_RETRY_MS, timestamp.tsaExpiresAt.getTime() - RENEW_BEFORE_EXPIRY_MS)) : null
        await updatePacket(tx, packet.id, { signedFileId: fileId, signedSha256: sha256, sealLevel: 'B-LTA', sealArchiveDueAt: renewAt, updatedAt: at })
        return true
      })
      if (!done) break
      run.archived += 1
    } catch (error) {
      if (storedKey) await removeStoredObjects(ctx.storage, [storedKey], () => {})
      if (packetId === null) throw error
      skipped.push(packetId)
      const permanent = error instanceof ValidationDataUnavailableError && error.permanent
      run.deferred.push({ packetId, reason: error instanceof Error ? error.message : String(error) })
      await updatePacket(db, packetId, { sealArchiveDueAt: permanent ? null : new Date(now().getTime() + ARCHIVE_RETRY_MS) })
    }
  }
  return run
}

/** Expires the packets out for signature past their time, a batch per transaction; everyone is told. */
export async function expireDuePackets(db: Db, ctx: SigningContext, { now = new Date(), batchSize = 50 }: { now?: Date; batchSize?: number } = {}): Promise<number> {
  let total = 0
  for (;;) {
    const expired = await db.transaction(async (tx) => {
      const due = await lockDuePackets(tx, { now, limit: batchSize })
      for (const packet of due) {
        const changed = await updatePacket(tx, packet.id, { status: 'expired', updatedAt: now })
        await appendEvent(tx, packet.id, 'expired', { actorName: null }, { at: now, details: { expiresAt: packet.expiresAt?.toISOString() ?? null } })
        const offer = await offerById(tx, packet.offerId)
        if (offer) await tellEveryone(tx, ctx, { packet: changed, offer, signers: await listSigners(tx, packet.id), event: 'expired', address: await packetAddress(tx, offer) })
      }
      return due.length
    })
    total += expired
    if (expired < batchSize) return total
  }
}

/**
 * Both signing jobs as one entry of the job runner (decision 045): at start, 30 s after each run ends,
 * and at once when nudged (a packet was queued for completion). A queue: every process drains it.
 */
export function signingJob({ db, ctx, log, everyMs = 30_000 }: { db: Db; ctx: SigningContext; log: Pick<FastifyBaseLogger, 'info'>; everyMs?: number }): JobDefinition<void> {
  return {
    name: 'signing',
    kind: 'queue',
    everyMs,
    runAtStart: true,
    async run() {
      // A packet waiting for a timestamp fails the run after the others are sealed and the due ones
      // expired: the runner records why and tries again with its backoff (decisions 045, 052).
      let waiting: unknown = null
      const completed = await completePendingPackets(db, ctx).catch((error: unknown) => {
        if (!(error instanceof TimestampUnavailableError)) throw error
        waiting = error
        return 0
      })
      if (completed > 0) log.info({ completed }, 'signing packets completed and sealed')
      const expired = await expireDuePackets(db, ctx)
      if (expired > 0) log.info({ expired }, 'signing packets expired')
      const archive = await archiveDuePackets(db, ctx)
      if (archive.archived > 0) log.info({ archived: archive.archived }, 'sealed files given their long-term validation data and a document timestamp')
      if (archive.deferred.length > 0) log.info({ deferred: archive.deferred }, 'sealed files left for a later archive run')
      if (waiting) throw waiting
    },
  }
}
