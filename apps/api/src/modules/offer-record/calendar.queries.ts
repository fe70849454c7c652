import { and, asc, eq, inArray, or } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { listing } from '../../db/schema/listings'
import { calendarFeed, offer } from '../../db/schema/offers'
import { user } from '../../db/schema/users'

const calendarColumns = {
  id: offer.id,
  status: offer.status,
  terms: offer.terms,
  bindingAgreementAt: offer.bindingAgreementAt,
  address: listing.unparsedAddress,
  county: listing.countyOrParish,
  buyerId: offer.buyerId,
  listingId: offer.listingId,
}

/** One offer with what its calendar needs, its buyer and its listing; undefined when there is none. */
export async function findCalendarOffer(db: Db, offerId: string) {
  const [row] = await db
    .select(calendarColumns)
    .from(offer)
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .where(eq(offer.id, offerId))
    .limit(1)
  return row
}

/** When the user's private feed was made, if they have one. */
export async function findFeed(db: Db, userId: string): Promise<{ createdAt: Date } | undefined> {
  const [row] = await db.select({ createdAt: calendarFeed.createdAt }).from(calendarFeed).where(eq(calendarFeed.userId, userId)).limit(1)
  return row
}

/** Sets the user's feed token (its hash), replacing the previous one. */
export async function upsertFeed(db: Db, { userId, tokenHash, createdAt }: { userId: string; tokenHash: string; createdAt: Date }): Promise<void> {
  await db
    .insert(calendarFeed)
    .values({ userId, tokenHash, createdAt })
    .onConflictDoUpdate({ target: calendarFeed.userId, set: { tokenHash, createdAt } })
}

/** Deletes the user's feed. */
export async function deleteFeed(db: Db, userId: string): Promise<void> {
  await db.delete(calendarFeed).where(eq(calendarFeed.userId, userId))
}

/** The user (id and language) whose feed token has this hash, if any. */
export async function findFeedOwner(db: Db, tokenHash: string): Promise<{ id: string; language: string } | undefined> {
  const [owner] = await db
    .select({ id: user.id, language: user.language })
    .from(calendarFeed)
    .innerJoin(user, eq(user.id, calendarFeed.userId))
    .where(eq(calendarFeed.tokenHash, tokenHash))
    .limit(1)
  return owner
}

/** The offers in these statuses the user made, or on the listings of `managed`, oldest first, with what their calendar needs. */
export async function listFeedOffers(db: Db, { buyerId, managed, statuses }: { buyerId: string; managed: SQL; statuses: string[] }) {
  return db
    .select(calendarColumns)
    .from(offer)
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .where(and(inArray(offer.status, statuses), or(eq(offer.buyerId, buyerId), managed)))
    .orderBy(asc(offer.createdAt), asc(offer.id))
}
