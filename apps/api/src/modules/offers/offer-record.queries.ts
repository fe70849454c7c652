import { and, asc, eq, inArray, ne } from 'drizzle-orm'
import type { OfferTerms } from '@offerbook/domain/offer'
import type { Db } from '../../db/client'
import { listing } from '../../db/schema/listings'
import { offer, offerEvent } from '../../db/schema/offers'
import { chainInputOf } from './offers.queries'

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
