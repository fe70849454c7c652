import { and, asc, eq, gt } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { storedFile } from '../../db/schema/files'
import { offerAttachment, offerShareLink } from '../../db/schema/offers'

/** What an offer's page reads beside the offer: its attachments, and the links shared to the listing agent. */
// ---------------------------------------------------------------------------------------------
// Attachments (read side; the upload belongs to offer-documents)

export type OfferAttachmentRow = { id: string; kind: string; version: number | null; createdAt: Date; filename: string; contentType: string; size: number }

export async function listOfferAttachments(db: Db, offerId: string): Promise<OfferAttachmentRow[]> {
  return db
    .select({
      id: offerAttachment.id,
      kind: offerAttachment.kind,
      version: offerAttachment.version,
      createdAt: offerAttachment.createdAt,
      filename: storedFile.filename,
      contentType: storedFile.contentType,
      size: storedFile.size,
    })
    .from(offerAttachment)
    .innerJoin(storedFile, eq(storedFile.id, offerAttachment.fileId))
    .where(eq(offerAttachment.offerId, offerId))
    .orderBy(asc(offerAttachment.createdAt), asc(offerAttachment.id))
}

// ---------------------------------------------------------------------------------------------
// Share links

export async function insertShareLink(db: Db, values: typeof offerShareLink.$inferInsert): Promise<void> {
  await db.insert(offerShareLink).values(values)
}

export async function findShareLink(db: Db, { offerId, tokenHash }: { offerId: string; tokenHash: string }): Promise<{ expiresAt: Date } | null> {
  const [row] = await db
    .select({ expiresAt: offerShareLink.expiresAt })
    .from(offerShareLink)
    .where(and(eq(offerShareLink.offerId, offerId), eq(offerShareLink.tokenHash, tokenHash)))
    .limit(1)
  return row ?? null
}

/** Ends the offer's share links (the offer is over); a link already past its time keeps it. */
export async function expireShareLinks(db: Db, { offerId, now }: { offerId: string; now: Date }): Promise<void> {
  await db
    .update(offerShareLink)
    .set({ expiresAt: now })
    .where(and(eq(offerShareLink.offerId, offerId), gt(offerShareLink.expiresAt, now)))
}

