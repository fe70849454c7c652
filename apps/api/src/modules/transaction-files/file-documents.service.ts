import { createHash, randomUUID } from 'node:crypto'
import type { FileDocumentKind, FileSide } from '@offerbook/domain/file-checklist'
import { FILE_SIDES } from '@offerbook/domain/file-checklist'
import { addendumClausesText } from '@offerbook/domain/offer-clauses'
import type { FileDocumentSource, FileDocumentView } from '@offerbook/domain/transaction-file-view'
import { cleanFileName } from '@offerbook/domain/validation'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import type { FileStorage } from '../../storage/storage'
import { removeStoredObjects } from '../files/files.service'
import { sniffDocumentType } from '../offer-documents/offer-documents.service'
import { termsOf } from '../offers/offers-access'
import type { FileDocumentRow } from './transaction-files.queries'
import { findAmendmentIdOfPacket, findDocumentBySha, findFileOffer, findNoticeIdOfPacket, insertFileDocument, listFileDocuments, supersedeReturned } from './transaction-files.queries'

/**
 * The documents of a brokerage's file (decision 068): one writer for every way a document comes in
 * (the agent's upload, a completed signing packet, the earnest money holder's receipt), and the
 * list the brokerage's export reads. The same bytes are never filed twice in one file: they are
 * known by their SHA-256, not their name.
 */

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** Where a file's uploaded bytes are kept. */
const storageKeyOf = (offerId: string, id: string, extension: string) => `transaction-files/${offerId}/${id}.${extension}`

export function toDocumentView(row: FileDocumentRow): FileDocumentView {
  return {
    id: row.id,
    filename: row.filename,
    size: row.size,
    sha256: row.sha256,
    kind: row.kind as FileDocumentKind,
    source: row.source as FileDocumentSource,
    review: row.review as FileDocumentView['review'],
    reviewNote: row.reviewNote,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    uploadedAt: row.uploadedAt.toISOString(),
    uploadedByName: row.uploadedByName,
    supersededBy: row.supersededBy,
  }
}

/** 409 file.duplicate, naming the document that already holds these bytes and its slot. */
export function duplicateError(existing: Pick<FileDocumentRow, 'id' | 'slotKey' | 'filename'>): AppError {
  return new AppError('CONFLICT', 'file.duplicate', { params: { documentId: existing.id, slot: existing.slotKey, filename: existing.filename } })
}

export type AddFileDocumentInput = {
  offerId: string
  side: FileSide
  slotKey: string
  kind: FileDocumentKind
  filename: string
  bytes: Buffer
  source: FileDocumentSource
  /** Who filed it; null for the product itself. */
  actor: { uid: string; name: string } | null
  now?: Date
}

/**
 * Files a document (PDF, PNG or JPEG) in a slot of a side's file, review pending. The same bytes
 * already in that file are refused with 409 file.duplicate and nothing is stored; a returned
 * document in the slot is superseded by the new one. The slot is the caller's to check (the upload
 * route checks it against the file's checklist; the trust record files the holder's receipt in
 * 'earnestMoneyReceipt').
 */
export async function addFileDocument(db: Db, storage: FileStorage, input: AddFileDocumentInput): Promise<FileDocumentView> {
  const { offerId, side, slotKey, kind, bytes, source, actor, now = new Date() } = input
  const type = sniffDocumentType(bytes)
  if (!type) throw new AppError('BAD_REQUEST', 'file.documentType', { errors: [{ path: 'file', key: 'file.documentType' }] })
  const sha256 = sha256Of(bytes)
  const existing = await findDocumentBySha(db, { offerId, side, sha256 })
  if (existing) throw duplicateError(existing)
  const id = randomUUID()
  const key = storageKeyOf(offerId, id, type.extension)
  await storage.put(key, bytes, { contentType: type.contentType, contentLength: bytes.length })
  try {
    const row = await db.transaction(async (tx) => {
      // Checked again where it is written: two uploads of the same bytes at once file one of them.
      const again = await findDocumentBySha(tx, { offerId, side, sha256 })
      if (again) throw duplicateError(again)
      const inserted = await insertFileDocument(tx, {
        id,
        offerId,
        side,
        slotKey,
        kind,
        filename: cleanFileName(input.filename, `${kind}.${type.extension}`),
        contentType: type.contentType,
        size: bytes.length,
        sha256,
        storageKey: key,
        source,
        uploadedBy: actor?.uid ?? null,
        uploadedByName: actor?.name ?? null,
        uploadedAt: now,
      })
      if (!inserted) throw new Error('file document insert returned no row')
      await supersedeReturned(tx, { offerId, side, slotKey, supersededBy: inserted.id })
      return inserted
    })
    return toDocumentView(row)
  } catch (error) {
    await removeStoredObjects(storage, [key], () => {})
    throw error
  }
}

export type ExportFileDocument = FileDocumentView & {
  side: FileSide
  slotKey: string
  contentType: string
  /** The bytes' key in the file storage (storage.get). */
  storageKey: string
  reviewedByName: string | null
}

/** Every document of both sides' files of an offer, superseded ones included, oldest first (the TREC export). */
export async function listFileDocumentsForExport(db: Db, offerId: string): Promise<ExportFileDocument[]> {
  const rows = await listFileDocuments(db, offerId)
  return rows.map((row) => ({ ...toDocumentView(row), side: row.side as FileSide, slotKey: row.slotKey, contentType: row.contentType, storageKey: row.storageKey, reviewedByName: row.reviewedByName }))
}

/**
 * A completed packet fills its slot of both sides' files by itself (source 'packet', review
 * pending), in the signing job's transaction: the agreement (and its RF707 addendum when it has
 * clauses), a notice, an amendment. The document names the sealed PDF already stored; a run that
 * meets it again files nothing twice.
 */
export async function fileCompletedPacket(
  tx: Db,
  { packet, storageKey, sha256, size, now }: { packet: { id: string; offerId: string; kind: string; title: string }; storageKey: string; sha256: string; size: number; now: Date },
): Promise<number> {
  const slots: { key: string; kind: FileDocumentKind }[] = []
  if (packet.kind === 'offer') {
    slots.push({ key: 'purchaseAgreement', kind: 'purchaseAgreement' })
    const offer = await findFileOffer(tx, packet.offerId)
    if (offer && addendumClausesText(termsOf(offer)).trim() !== '') slots.push({ key: 'contractLanguageAddendum', kind: 'contractLanguageAddendum' })
  } else if (packet.kind === 'notice') {
    const noticeId = await findNoticeIdOfPacket(tx, packet.id)
    if (noticeId) slots.push({ key: `contractNotice:${noticeId}`, kind: 'contractNotice' })
  } else if (packet.kind === 'amendment') {
    const amendmentId = await findAmendmentIdOfPacket(tx, packet.id)
    if (amendmentId) slots.push({ key: `contractAmendment:${amendmentId}`, kind: 'contractAmendment' })
  }
  let filed = 0
  for (const side of FILE_SIDES) {
    for (const slot of slots) {
      const row = await insertFileDocument(tx, {
        offerId: packet.offerId,
        side,
        slotKey: slot.key,
        kind: slot.kind,
        filename: cleanFileName(`${packet.title} - signed.pdf`, 'signed.pdf'),
        contentType: 'application/pdf',
        size,
        sha256,
        storageKey,
        source: 'packet',
        packetId: packet.id,
        uploadedAt: now,
      })
      if (row) {
        filed += 1
        await supersedeReturned(tx, { offerId: packet.offerId, side, slotKey: slot.key, supersededBy: row.id })
      }
    }
  }
  return filed
}
