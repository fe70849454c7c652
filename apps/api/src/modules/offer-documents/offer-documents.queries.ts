import { and, count, eq, inArray } from 'drizzle-orm'
import type { OfferAttachmentKind } from '@offerbook/domain/offer'
import type { Db } from '../../db/client'
import { storedFile } from '../../db/schema/files'
import { listing } from '../../db/schema/listings'
import { offerAttachment } from '../../db/schema/offers'

export type OfferDocumentRow = {
  id: string
  offerId: string
  kind: string
  fileId: string
  key: string
  filename: string
  contentType: string
  size: number
  /** A generated offer form's version (decision 036); null for uploads and forms made on the draft. */
  version: number | null
  createdAt: Date
}

const documentColumns = {
  id: offerAttachment.id,
  offerId: offerAttachment.offerId,
  kind: offerAttachment.kind,
  fileId: offerAttachment.fileId,
  key: storedFile.key,
  filename: storedFile.filename,
  contentType: storedFile.contentType,
  size: storedFile.size,
  version: offerAttachment.version,
  createdAt: offerAttachment.createdAt,
}

/** One file of one offer; null when the offer has no such file. */
export async function findOfferDocument(db: Db, { offerId, id }: { offerId: string; id: string }): Promise<OfferDocumentRow | null> {
  const [row] = await db
    .select(documentColumns)
    .from(offerAttachment)
    .innerJoin(storedFile, eq(storedFile.id, offerAttachment.fileId))
    .where(and(eq(offerAttachment.offerId, offerId), eq(offerAttachment.id, id)))
    .limit(1)
  return row ?? null
}

export async function listOfferDocumentsOfKinds(db: Db, { offerId, kinds }: { offerId: string; kinds: readonly OfferAttachmentKind[] }): Promise<OfferDocumentRow[]> {
  return db
    .select(documentColumns)
    .from(offerAttachment)
    .innerJoin(storedFile, eq(storedFile.id, offerAttachment.fileId))
    .where(and(eq(offerAttachment.offerId, offerId), inArray(offerAttachment.kind, [...kinds])))
}

export async function countOfferDocuments(db: Db, { offerId, kinds }: { offerId: string; kinds: readonly OfferAttachmentKind[] }): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(offerAttachment)
    .where(and(eq(offerAttachment.offerId, offerId), inArray(offerAttachment.kind, [...kinds])))
  return row?.count ?? 0
}

export async function insertOfferDocument(db: Db, values: { offerId: string; fileId: string; kind: OfferAttachmentKind; version?: number | null; createdAt: Date }): Promise<{ id: string; createdAt: Date }> {
  const [row] = await db.insert(offerAttachment).values(values).returning({ id: offerAttachment.id, createdAt: offerAttachment.createdAt })
  if (!row) throw new Error('offer_attachment insert returned no row')
  return row
}

/** Deletes the files (their offer_attachment rows go with them); returns the storage keys to remove after the commit. */
export async function deleteDocumentFiles(db: Db, fileIds: readonly string[]): Promise<string[]> {
  if (fileIds.length === 0) return []
  const rows = await db
    .delete(storedFile)
    .where(inArray(storedFile.id, [...fileIds]))
    .returning({ key: storedFile.key })
  return rows.map((row) => row.key)
}

/** What the purchase agreement says of the property an offer is on: its address, county and identification. */
export type AgreementPropertyRow = {
  address: string
  county: string | null
  parcelNumber: string | null
  deedReference: string | null
  legalDescription: string | null
}

export async function findAgreementProperty(db: Db, listingId: string): Promise<AgreementPropertyRow | null> {
  const [row] = await db
    .select({
      address: listing.unparsedAddress,
      county: listing.countyOrParish,
      parcelNumber: listing.parcelNumber,
      deedReference: listing.deedReference,
      legalDescription: listing.taxLegalDescription,
    })
    .from(listing)
    .where(eq(listing.id, listingId))
    .limit(1)
  return row ?? null
}
