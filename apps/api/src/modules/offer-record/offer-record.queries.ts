import { and, asc, eq, getTableColumns, inArray, ne } from 'drizzle-orm'
import type { OfferTerms } from '@offerbook/domain/offer'
import type { Db } from '../../db/client'
import { storedFile } from '../../db/schema/files'
import { listing } from '../../db/schema/listings'
import { offer, offerAttachment, offerEvent } from '../../db/schema/offers'
import { signingEvent, signingPacket, signingSealVersion } from '../../db/schema/signing'
import { chainInputOf } from '../../db/offer-ledger'

export type LedgerRow = {
  id: string
  seq: number
  offerId: string
  type: string
  actorName: string | null
  fromStatus: string | null
  toStatus: string | null
  details: Record<string, unknown>
  at: Date
  previousHash: string
  hash: string
}

export type ChainLinkRow = { id: string; seq: number; previousHash: string; hash: string; input: string }

const ledgerColumns = {
  id: offerEvent.id,
  seq: offerEvent.seq,
  offerId: offerEvent.offerId,
  type: offerEvent.type,
  actorName: offerEvent.actorName,
  fromStatus: offerEvent.fromStatus,
  toStatus: offerEvent.toStatus,
  details: offerEvent.details,
  at: offerEvent.at,
  previousHash: offerEvent.previousHash,
  hash: offerEvent.hash,
}

/** The listing's entries in sequence; `offerIds` narrows them to those offers. */
export async function listLedgerRows(db: Db, { listingId, offerIds }: { listingId: string; offerIds?: readonly string[] }): Promise<LedgerRow[]> {
  if (offerIds && offerIds.length === 0) return []
  return db
    .select(ledgerColumns)
    .from(offerEvent)
    .where(and(eq(offerEvent.listingId, listingId), offerIds ? inArray(offerEvent.offerId, [...offerIds]) : undefined))
    .orderBy(asc(offerEvent.seq))
}

/** Every row of the listing's chain with what its hash covers, rebuilt from the stored columns (migration 0014). */
export async function listChainLinks(db: Db, listingId: string): Promise<ChainLinkRow[]> {
  return db
    .select({
      id: offerEvent.id,
      seq: offerEvent.seq,
      previousHash: offerEvent.previousHash,
      hash: offerEvent.hash,
      input: chainInputOf({
        previousHash: offerEvent.previousHash.getSQL(),
        listingId: offerEvent.listingId.getSQL(),
        seq: offerEvent.seq.getSQL(),
        id: offerEvent.id.getSQL(),
        offerId: offerEvent.offerId.getSQL(),
        type: offerEvent.type.getSQL(),
        actorId: offerEvent.actorId.getSQL(),
        actorName: offerEvent.actorName.getSQL(),
        fromStatus: offerEvent.fromStatus.getSQL(),
        toStatus: offerEvent.toStatus.getSQL(),
        details: offerEvent.details.getSQL(),
        at: offerEvent.at.getSQL(),
      }),
    })
    .from(offerEvent)
    .where(eq(offerEvent.listingId, listingId))
    .orderBy(asc(offerEvent.seq))
}

export type RecordOfferRow = { id: string; buyerId: string; status: string; terms: OfferTerms; sharedAt: Date | null; bindingAgreementAt: Date | null; createdAt: Date }

const offerColumns = { id: offer.id, buyerId: offer.buyerId, status: offer.status, terms: offer.terms, sharedAt: offer.sharedAt, bindingAgreementAt: offer.bindingAgreementAt, createdAt: offer.createdAt }

/** The listing's offers the seller side knows of (every one but drafts), or the given buyer's own. */
export async function listRecordOffers(db: Db, { listingId, buyerId }: { listingId: string; buyerId?: string }): Promise<RecordOfferRow[]> {
  return db
    .select(offerColumns)
    .from(offer)
    .where(and(eq(offer.listingId, listingId), buyerId ? eq(offer.buyerId, buyerId) : ne(offer.status, 'draft')))
    .orderBy(asc(offer.createdAt), asc(offer.id))
}

export type RecordListingRow = { id: string; address: string | null; county: string | null }

export async function findRecordListing(db: Db, listingId: string): Promise<RecordListingRow | null> {
  const [row] = await db.select({ id: listing.id, address: listing.unparsedAddress, county: listing.countyOrParish }).from(listing).where(eq(listing.id, listingId)).limit(1)
  return row ?? null
}

// ---------------------------------------------------------------------------------------------
// The transaction file (transaction-file.ts)

/** The offer's attachments with their stored file's name and key, oldest first. */
export async function listTransactionAttachments(db: Db, offerId: string): Promise<{ kind: string; version: number | null; filename: string; key: string; createdAt: Date }[]> {
  return db
    .select({ kind: offerAttachment.kind, version: offerAttachment.version, filename: storedFile.filename, key: storedFile.key, createdAt: offerAttachment.createdAt })
    .from(offerAttachment)
    .innerJoin(storedFile, eq(storedFile.id, offerAttachment.fileId))
    .where(eq(offerAttachment.offerId, offerId))
    .orderBy(asc(offerAttachment.createdAt), asc(offerAttachment.id))
}

/** The offer's signing packets, oldest first. */
export async function listOfferPackets(db: Db, offerId: string): Promise<(typeof signingPacket.$inferSelect)[]> {
  return db.select().from(signingPacket).where(eq(signingPacket.offerId, offerId)).orderBy(asc(signingPacket.createdAt), asc(signingPacket.id))
}

/** The storage key of each of these stored files. */
export async function storedFileKeys(db: Db, fileIds: string[]): Promise<{ id: string; key: string }[]> {
  return db.select({ id: storedFile.id, key: storedFile.key }).from(storedFile).where(inArray(storedFile.id, fileIds))
}

/** The events of these signing packets, by packet and in chain order. */
export async function listPacketEvents(db: Db, packetIds: string[]): Promise<(typeof signingEvent.$inferSelect)[]> {
  return db.select().from(signingEvent).where(inArray(signingEvent.packetId, packetIds)).orderBy(asc(signingEvent.packetId), asc(signingEvent.seq))
}

/** A version of a sealed file, with its stored file's size in bytes (null once that stored file is gone). */
export type SealVersionListing = typeof signingSealVersion.$inferSelect & { size: number | null }

/** Every sealed file version of these signing packets (the seal, then each archive update), by packet and in order. */
export async function listSealVersions(db: Db, packetIds: string[]): Promise<SealVersionListing[]> {
  return db
    .select({ ...getTableColumns(signingSealVersion), size: storedFile.size })
    .from(signingSealVersion)
    .leftJoin(storedFile, eq(storedFile.id, signingSealVersion.fileId))
    .where(inArray(signingSealVersion.packetId, packetIds))
    .orderBy(asc(signingSealVersion.packetId), asc(signingSealVersion.seq))
}
