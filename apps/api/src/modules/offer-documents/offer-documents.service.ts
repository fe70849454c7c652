import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import type { OFFER_ATTACHMENT_CONTENT_TYPES, OfferAttachment, OfferAttachmentKind, OfferTerms } from '@offerbook/domain/offer'
import { formsProblem, OFFER_LIMITS } from '@offerbook/domain/offer'
import type { PropertyTimeZone } from '@offerbook/domain/property-time'
import { dateInZone, propertyTimeZone } from '@offerbook/domain/property-time'
import type { OfferStatus } from '@offerbook/domain/offer-status'
import type { User } from '@offerbook/domain/user'
import { cleanFileName } from '@offerbook/domain/validation'
import { AppError, fieldError } from '../../app-error'
import type { Db } from '../../db/client'
import type { UploadedFile } from '../../http/multipart-upload'
import type { FileStorage } from '../../storage/storage'
import { runHeavy } from '../../workers/heavy-pool'
import type { ClauseFormData } from '@offerbook/domain/clauses/clause-types'
import type { Rf707Parties } from '@offerbook/domain/clauses/rf707-layout'
import { layoutRf707 } from '@offerbook/domain/clauses/rf707-layout'
import type { AgreementAddendum, RecordSignBox, SignerSignBox } from '../contracts/agreement-pdf'
import { agreementSignBoxes } from '../contracts/agreement-pdf'
import { layoutPurchaseAgreement } from '@offerbook/domain/contracts/purchase-agreement'
import type { CleanupLog } from '../files/files.service'
import { ignoreCleanupError, recordStoredFile, removeStoredObjects, sniffImageType, withStoredObject } from '../files/files.service'
import type { OfferDocumentRow } from './offer-documents.queries'
import { countOfferDocuments, deleteDocumentFiles, findAgreementProperty, findOfferDocument, insertOfferDocument, listOfferDocumentsOfKinds } from './offer-documents.queries'
import { isOfferId, loadOfferForViewer, lockOfferForBuyer, offerNotFound, termsOf } from '../offers/offers-access'
import type { OfferRow } from '../offers/offer-rows.service'
import { findOfferVersion, insertOfferEvent, lockOffer, updateOffer } from '../offers/offer-rows.service'
import { dropRanking } from '../offers/offers-optimize-cache'

/**
 * The files of an offer: what the buyer side attaches (any file, and the pre-approval letter) and
 * the generated offer form. They are read by whoever may see the offer, through the offer's own
 * rules, never through the public GET /api/files/:id.
 */

/** The stored_file purpose of an offer's files; not among the public purposes. */
export const OFFER_DOCUMENT_PURPOSE = 'offer-document'

/** What the buyer side uploads; the offer form is generated. */
export const UPLOAD_KINDS = ['attachment', 'pre-approval'] as const satisfies readonly OfferAttachmentKind[]
export type UploadKind = (typeof UPLOAD_KINDS)[number]

/** The statuses in which the buyer side still changes the offer's files. */
const EDITABLE: readonly OfferStatus[] = ['draft', 'active']

type FileType = { contentType: (typeof OFFER_ATTACHMENT_CONTENT_TYPES)[number]; extension: 'pdf' | 'jpg' | 'png' }

const startsWith = (bytes: Buffer, text: string) => bytes.subarray(0, text.length).toString('latin1') === text

/** PDF, JPEG or PNG by the file's first bytes; the declared type and the name are not trusted. */
export function sniffDocumentType(bytes: Buffer): FileType | null {
  if (startsWith(bytes, '%PDF-')) return { contentType: 'application/pdf', extension: 'pdf' }
  const image = sniffImageType(bytes)
  if (image?.extension === 'jpg') return { contentType: 'image/jpeg', extension: 'jpg' }
  if (image?.extension === 'png') return { contentType: 'image/png', extension: 'png' }
  return null
}

function toAttachment(row: Pick<OfferDocumentRow, 'id' | 'kind' | 'filename' | 'contentType' | 'size' | 'createdAt'> & { version?: number | null }): OfferAttachment {
  return { id: row.id, kind: row.kind as OfferAttachmentKind, filename: row.filename, contentType: row.contentType, size: row.size, createdAt: row.createdAt.toISOString(), version: row.version ?? null, superseded: false }
}

function assertEditable(row: OfferRow): void {
  const status = row.status as OfferStatus
  if (!EDITABLE.includes(status)) throw new AppError('CONFLICT', 'offer.locked', { params: { status } })
}

/** A change to a shared offer's files is an edit of the offer the seller has: its time moves and the audit trail says what changed. */
async function recordChange(tx: Db, actor: User, row: OfferRow, now: Date, details: Record<string, unknown>): Promise<void> {
  await updateOffer(tx, row.id, { updatedAt: now })
  dropRanking(row.listingId)
  if (row.status === 'draft') return
  await insertOfferEvent(tx, { offerId: row.id, type: 'updated', actorId: actor.uid, actorName: actor.name, fromStatus: row.status, toStatus: row.status, details, at: now })
}

/** The buyer side's offer, locked, in a status whose files may still change. */
async function lockEditable(tx: Db, actor: User, offerId: string): Promise<OfferRow> {
  const row = await lockOfferForBuyer(tx, actor, offerId)
  assertEditable(row)
  return row
}

/**
 * Adds a file the buyer side chose. Who may and the offer's status are checked before the upload is
 * read and again, locked, before it is recorded; a new pre-approval letter replaces the previous one.
 */
export async function uploadOfferAttachment(
  db: Db,
  storage: FileStorage,
  {
    actor,
    offerId,
    kind,
    readFile,
    now = new Date(),
    onCleanupError = ignoreCleanupError,
  }: { actor: User; offerId: string; kind: UploadKind; readFile: () => Promise<UploadedFile>; now?: Date; onCleanupError?: CleanupLog },
): Promise<OfferAttachment> {
  const checkRoom = async (tx: Db, row: OfferRow) => {
    // The pre-approval letter being replaced does not count; the generated form never does.
    const counted = await countOfferDocuments(tx, { offerId: row.id, kinds: kind === 'pre-approval' ? ['attachment'] : UPLOAD_KINDS })
    if (counted >= OFFER_LIMITS.maxAttachments) throw new AppError('BAD_REQUEST', 'offer.tooManyAttachments')
  }
  await db.transaction(async (tx) => checkRoom(tx, await lockEditable(tx, actor, offerId)))

  const file = await readFile()
  if (file.bytes.length > OFFER_LIMITS.attachmentMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', 'offer.attachmentTooLarge')
  const type = sniffDocumentType(file.bytes)
  if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'offer.attachmentType')

  const id = offerId.toLowerCase()
  const fileId = randomUUID()
  const key = `offers/${id}/${fileId}.${type.extension}`
  const filename = cleanFileName(file.filename, `${kind}.${type.extension}`)
  await storage.put(key, file.bytes, { contentType: type.contentType, contentLength: file.bytes.length })

  return withStoredObject(storage, key, onCleanupError, () =>
    db.transaction(async (tx) => {
      const row = await lockEditable(tx, actor, id)
      await checkRoom(tx, row)
      const replaced = kind === 'pre-approval' ? await listOfferDocumentsOfKinds(tx, { offerId: row.id, kinds: ['pre-approval'] }) : []
      const unusedKeys = await deleteDocumentFiles(
        tx,
        replaced.map((document) => document.fileId),
      )
      await recordStoredFile(tx, { id: fileId, ownerId: row.buyerId, key, purpose: OFFER_DOCUMENT_PURPOSE, filename, contentType: type.contentType, size: file.bytes.length })
      const inserted = await insertOfferDocument(tx, { offerId: row.id, fileId, kind, createdAt: now })
      // A new letter is not the one the seller side verified (decision 029).
      if (kind === 'pre-approval' && row.preApprovalVerifiedAt) await updateOffer(tx, row.id, { preApprovalVerifiedAt: null })
      await recordChange(tx, actor, row, now, { attachmentAdded: filename, kind })
      return { result: toAttachment({ ...inserted, kind, filename, contentType: type.contentType, size: file.bytes.length }), unusedKeys }
    }),
  )
}

/** Removes one of the offer's files; the offer form stays once the offer was shared (the seller has it). */
export async function removeOfferAttachment(
  db: Db,
  storage: FileStorage,
  { actor, offerId, attachmentId, now = new Date(), onCleanupError = ignoreCleanupError }: { actor: User; offerId: string; attachmentId: string; now?: Date; onCleanupError?: CleanupLog },
): Promise<void> {
  const keys = await db.transaction(async (tx) => {
    const row = await lockEditable(tx, actor, offerId)
    const document = isOfferId(attachmentId) ? await findOfferDocument(tx, { offerId: row.id, id: attachmentId.toLowerCase() }) : null
    if (!document) throw new AppError('NOT_FOUND', 'offer.attachmentNotFound')
    if (document.kind === 'offer-form' && row.sharedAt !== null) throw new AppError('FORBIDDEN', 'offer.offerFormKept')
    const removed = await deleteDocumentFiles(tx, [document.fileId])
    await recordChange(tx, actor, row, now, { attachmentRemoved: document.filename, kind: document.kind })
    return removed
  })
  await removeStoredObjects(storage, keys, onCleanupError)
}

export type OfferFile = { body: Readable; contentType: string; size: number; filename: string }

/** One file of an offer, for whoever may see the offer: its buyer side, its seller side once shared, a valid link. */
export async function openOfferAttachment(
  db: Db,
  storage: FileStorage,
  { viewer, offerId, attachmentId, token, now = new Date() }: { viewer: User | null; offerId: string; attachmentId: string; token?: string | null; now?: Date },
): Promise<OfferFile> {
  const { row } = await loadOfferForViewer(db, { viewer, id: offerId, token, now })
  const document = isOfferId(attachmentId) ? await findOfferDocument(db, { offerId: row.id, id: attachmentId.toLowerCase() }) : null
  if (!document) throw new AppError('NOT_FOUND', 'offer.attachmentNotFound')
  const content = await storage.get(document.key)
  if (!content) throw new AppError('NOT_FOUND', 'offer.attachmentNotFound')
  return { body: content.body, contentType: document.contentType, size: content.size, filename: document.filename }
}

// ---------------------------------------------------------------------------------------------
// The offer form

/** The buyers as the addendum's header names them. */
function buyerNames(terms: OfferTerms): string {
  return terms.buyers
    .map((buyer) => buyer.fullName.trim())
    .filter(Boolean)
    .join(' and ')
}

/**
 * An offer's agreement as a PDF, with the places it keeps for its signers and the Binding Agreement
 * Date's place when it is not known yet (agreementSignBoxes).
 */
export type RenderedAgreement = { pdf: Buffer; timeZone: PropertyTimeZone; signing: { places: SignerSignBox[]; bindingDatePlace: RecordSignBox | null; pageCount: number } }

/** The RF707 addendum laid out for the offer's PDF; choices that cannot fit on the form's 6 pages are refused with the layout's message. */
function fittedRf707(formData: ClauseFormData, parties: Rf707Parties): AgreementAddendum {
  const layout = layoutRf707(formData, parties)
  if (!layout.fits) throw fieldError('formData', layout.message.key, layout.message.params)
  return { layout, parties }
}

/**
 * The purchase and sale agreement of an offer as its terms are now (its latest version's, decision 029: an
 * accepted counter-offer's terms are the offer's), with the RF707 addendum when it has one.
 */
export async function renderOfferFormPdf(db: Db, row: OfferRow, now: Date): Promise<RenderedAgreement> {
  return renderVersionPdf(db, row, { terms: termsOf(row), version: row.version, now })
}

/**
 * One version's agreement: its terms on the offer's form, the Binding Agreement Date filled only on
 * the version that is the offer now (the accepted one, once accepted).
 */
async function renderVersionPdf(db: Db, row: OfferRow, { terms, version, now }: { terms: OfferTerms; version: number; now: Date }): Promise<RenderedAgreement> {
  const property = await findAgreementProperty(db, row.listingId)
  if (!property) throw offerNotFound()
  const timeZone = propertyTimeZone(property.county)
  const addendum = terms.addendum ? fittedRf707(terms.addendum, { buyer: buyerNames(terms), property: property.address, timeZone }) : null
  const bindingAgreementAt = version === row.version ? (row.bindingAgreementAt?.toISOString() ?? null) : null
  const input = { terms, property, createdAt: now, timeZone, bindingAgreementAt, addendum, version }
  // Where its signers sign: laid out here too (a millisecond) from the same property, so the places
  // fall on the lines the PDF prints, the PDF drawn in the heavy-work pool, off the thread that
  // answers requests (decision 039).
  const boxes = agreementSignBoxes(layoutPurchaseAgreement({ terms, property, timeZone, bindingAgreementAt, version }), addendum)
  const signing = {
    places: boxes.places.filter((place): place is SignerSignBox => place.role !== 'record'),
    bindingDatePlace: boxes.places.find((place): place is RecordSignBox => place.role === 'record') ?? null,
    pageCount: boxes.pageCount,
  }
  return { pdf: Buffer.from(await runHeavy('renderOfferPdf', input)), timeZone, signing }
}

/**
 * The agreement of any version of an offer, for whoever may see the offer (its buyer side, its seller
 * side once shared, a share link's holder): the PDF 'Send for signature' sends for that version.
 * Without a version, the offer as it is now (a draft's saved terms).
 */
export async function previewAgreement(
  db: Db,
  { viewer, offerId, version, token = null, now = new Date() }: { viewer: User | null; offerId: string; version?: number | undefined; token?: string | null; now?: Date },
): Promise<{ pdf: Buffer; filename: string }> {
  const { row } = await loadOfferForViewer(db, { viewer, id: offerId, token, now })
  const number = version ?? row.version
  let terms = termsOf(row)
  if (number !== row.version) {
    const found = number < row.version ? await findOfferVersion(db, { offerId: row.id, number }) : null
    if (!found) throw new AppError('NOT_FOUND', 'offer.versionNotFound', { params: { version: number } })
    terms = termsOf({ terms: found.terms })
  }
  const { pdf, timeZone } = await renderVersionPdf(db, row, { terms, version: number, now })
  return { pdf, filename: formFileName(now, timeZone, number) }
}

/**
 * Generates the offer's PDF from its saved terms (with the RF707 addendum when it has one) and
 * keeps it as the offer form, replacing the previous one. Needs the buyer details, then the listing
 * agent's (the spec's messages, in that order).
 */
export async function generateOfferForms(
  db: Db,
  storage: FileStorage,
  { actor, offerId, now = new Date(), onCleanupError = ignoreCleanupError }: { actor: User; offerId: string; now?: Date; onCleanupError?: CleanupLog },
): Promise<OfferAttachment> {
  if (!isOfferId(offerId)) throw offerNotFound()
  const id = offerId.toLowerCase()
  const fileId = randomUUID()
  const key = `offers/${id}/${fileId}.pdf`
  // One transaction: the form is made from the terms as they are while the offer is locked. A refusal
  // before the PDF is stored leaves nothing under the key; removing it then does nothing.
  return withStoredObject(storage, key, onCleanupError, () =>
    db.transaction(async (tx) => {
      const row = await lockEditable(tx, actor, id)
      const problem = formsProblem(termsOf(row))
      if (problem) throw fieldError(problem.field, problem.key, problem.params)
      const { pdf, timeZone } = await renderOfferFormPdf(tx, row, now)
      // A shared offer's form is made for its version (decision 036); a draft's has none, and is abandoned once shared.
      const version = row.status === 'draft' ? null : row.version
      const filename = formFileName(now, timeZone, version)
      await storage.put(key, pdf, { contentType: 'application/pdf', contentLength: pdf.length })
      // It replaces the form of the same version only: an earlier version's form stays in the record, superseded.
      const previous = (await listOfferDocumentsOfKinds(tx, { offerId: row.id, kinds: ['offer-form'] })).filter((document) => document.version === version)
      const unusedKeys = await deleteDocumentFiles(
        tx,
        previous.map((document) => document.fileId),
      )
      await recordStoredFile(tx, { id: fileId, ownerId: row.buyerId, key, purpose: OFFER_DOCUMENT_PURPOSE, filename, contentType: 'application/pdf', size: pdf.length })
      const inserted = await insertOfferDocument(tx, { offerId: row.id, fileId, kind: 'offer-form', version, createdAt: now })
      await updateOffer(tx, row.id, { updatedAt: now })
      await insertOfferEvent(tx, {
        offerId: row.id,
        type: 'forms-generated',
        actorId: actor.uid,
        actorName: actor.name,
        fromStatus: row.status,
        toStatus: row.status,
        details: { attachmentId: inserted.id, filename },
        at: now,
      })
      return { result: toAttachment({ ...inserted, kind: 'offer-form', filename, contentType: 'application/pdf', size: pdf.length, version }), unusedKeys }
    }),
  )
}

/** The form's file name, dated in the property's zone as its 'Prepared' line is, and naming its version once shared. */
function formFileName(now: Date, timeZone: PropertyTimeZone, version: number | null): string {
  return version === null ? `Purchase-and-Sale-Agreement-${dateInZone(now, timeZone)}.pdf` : `Purchase-and-Sale-Agreement-v${version}-${dateInZone(now, timeZone)}.pdf`
}

/**
 * Makes the offer form of the offer's current version, when it has none yet (decision 036): sharing
 * and every sent revision or counter call it once their change is committed. Earlier versions' forms
 * stay, superseded. It writes no ledger entry of its own: the sent version's entry stands for it.
 * Returns whether a form was made (a version whose terms cannot make a form yet is left without).
 */
export async function makeVersionForm(db: Db, storage: FileStorage, { offerId, now = new Date(), onCleanupError = ignoreCleanupError }: { offerId: string; now?: Date; onCleanupError?: CleanupLog }): Promise<boolean> {
  const fileId = randomUUID()
  const key = `offers/${offerId}/${fileId}.pdf`
  return withStoredObject(storage, key, onCleanupError, () =>
    db.transaction(async (tx) => {
      const row = await lockOffer(tx, offerId)
      if (!row || row.status === 'draft' || formsProblem(termsOf(row))) return { result: false, unusedKeys: [] }
      const forms = await listOfferDocumentsOfKinds(tx, { offerId: row.id, kinds: ['offer-form'] })
      if (forms.some((form) => form.version === row.version)) return { result: false, unusedKeys: [] }
      const { pdf, timeZone } = await renderOfferFormPdf(tx, row, now)
      const filename = formFileName(now, timeZone, row.version)
      await storage.put(key, pdf, { contentType: 'application/pdf', contentLength: pdf.length })
      await recordStoredFile(tx, { id: fileId, ownerId: row.buyerId, key, purpose: OFFER_DOCUMENT_PURPOSE, filename, contentType: 'application/pdf', size: pdf.length })
      await insertOfferDocument(tx, { offerId: row.id, fileId, kind: 'offer-form', version: row.version, createdAt: now })
      return { result: true, unusedKeys: [] }
    }),
  )
}
