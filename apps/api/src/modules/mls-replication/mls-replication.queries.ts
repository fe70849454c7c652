import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { listing } from '../../db/schema/listings'

/** The Offerbook listing written for a feed record, if any: the agent import keys listings by ListingKey. */
export async function findListingByKey(db: Db, listingKey: string): Promise<{ id: string; ownerId: string } | null> {
  const [row] = await db.select({ id: listing.id, ownerId: listing.ownerId }).from(listing).where(eq(listing.listingKey, listingKey)).limit(1)
  return row ?? null
}
