import { and, asc, desc, eq, gt, isNotNull, lte, or, sql } from 'drizzle-orm'
import type { OfferTerms } from '@offerbook/domain/offer'
import type { Db } from '../../db/client'
import { listing } from '../../db/schema/listings'
import { offer } from '../../db/schema/offers'
import { signingPacket, signingSigner } from '../../db/schema/signing'
import { user } from '../../db/schema/users'
import { buyerSideOffer, eitherSideOffer, managedListing } from './dashboard-scope.queries'

/** Each list is short by nature; the limit keeps a very busy account's page small. */
const LIMIT = 50

export type DraftRow = { offerId: string; listingId: string; address: string; purchasePrice: number | null; updatedAt: Date }

/** The user's draft offers (and their team's), the ones left longest first. */
export async function draftOffers(db: Db, userId: string): Promise<DraftRow[]> {
  return db
    .select({ offerId: offer.id, listingId: listing.id, address: listing.unparsedAddress, purchasePrice: offer.purchasePrice, updatedAt: offer.updatedAt })
    .from(offer)
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .where(and(eq(offer.status, 'draft'), buyerSideOffer(userId)))
    .orderBy(asc(offer.updatedAt), asc(offer.id))
    .limit(LIMIT)
}

export type OfferToAnswerRow = {
  offerId: string
  listingId: string
  address: string
  buyerName: string
  purchasePrice: number | null
  sharedAt: Date | null
  expiresAt: Date | null
}

/** Shared offers still open on the listings the user manages, the soonest to expire first. */
export async function offersToAnswer(db: Db, userId: string): Promise<OfferToAnswerRow[]> {
  return db
    .select({
      offerId: offer.id,
      listingId: listing.id,
      address: listing.unparsedAddress,
      buyerName: user.name,
      purchasePrice: offer.purchasePrice,
      sharedAt: offer.sharedAt,
      expiresAt: offer.expiresAt,
    })
    .from(offer)
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .innerJoin(user, eq(user.id, offer.buyerId))
    .where(and(eq(offer.status, 'active'), managedListing(userId)))
    .orderBy(sql`${offer.expiresAt} asc nulls last`, asc(offer.sharedAt), asc(offer.id))
    .limit(LIMIT)
}

export type DocumentRow = { packetId: string; offerId: string; listingId: string; address: string; title: string; sentAt: Date | null; buyerSide: boolean }

/**
 * Packets out for signature in which the user is a signer who has been invited and not yet signed:
 * matched by the account recorded when the packet was sent, or by the user's e-mail.
 */
export async function documentsToSign(db: Db, { userId, email }: { userId: string; email: string }): Promise<DocumentRow[]> {
  return db
    .select({
      packetId: signingPacket.id,
      offerId: offer.id,
      listingId: listing.id,
      address: listing.unparsedAddress,
      title: signingPacket.title,
      sentAt: signingPacket.sentAt,
      buyerSide: sql<boolean>`coalesce(${buyerSideOffer(userId)}, false)`,
    })
    .from(signingSigner)
    .innerJoin(signingPacket, eq(signingPacket.id, signingSigner.packetId))
    .innerJoin(offer, eq(offer.id, signingPacket.offerId))
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .where(
      and(
        eq(signingPacket.status, 'sent'),
        eq(signingSigner.status, 'pending'),
        isNotNull(signingSigner.invitedAt),
        or(eq(signingSigner.userId, userId), eq(sql`lower(${signingSigner.email})`, email.toLowerCase())),
      ),
    )
    .orderBy(asc(signingPacket.sentAt), asc(signingPacket.id))
    .limit(LIMIT)
}

export type BoundOfferRow = { offerId: string; listingId: string; address: string; county: string | null; terms: OfferTerms; bindingAgreementAt: Date; buyerSide: boolean }

/**
 * Accepted offers with a Binding Agreement Date the user is a party to, from either side. Their
 * timeline is counted from that date by the domain (contractTimeline), in its property's zone; a contract whose agreement is
 * older than a year has none left to show.
 */
export async function boundOffers(db: Db, userId: string, now: Date): Promise<BoundOfferRow[]> {
  const rows = await db
    .select({
      offerId: offer.id,
      listingId: listing.id,
      address: listing.unparsedAddress,
      county: listing.countyOrParish,
      terms: offer.terms,
      bindingAgreementAt: offer.bindingAgreementAt,
      buyerSide: sql<boolean>`coalesce(${buyerSideOffer(userId)}, false)`,
    })
    .from(offer)
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .where(
      and(
        eq(offer.status, 'accepted'),
        isNotNull(offer.bindingAgreementAt),
        gt(offer.bindingAgreementAt, new Date(now.getTime() - 366 * 86_400_000)),
        lte(offer.bindingAgreementAt, now),
        eitherSideOffer(userId),
      ),
    )
    .orderBy(desc(offer.bindingAgreementAt))
    .limit(200)
  return rows.flatMap((row) => (row.bindingAgreementAt ? [{ ...row, bindingAgreementAt: row.bindingAgreementAt }] : []))
}
