import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { offer } from '../../db/schema/offers'

/** An offer's buyer and listing, to compute who may see it now (the live events' audience). */
export async function findOfferParties(db: Db, offerId: string): Promise<{ id: string; buyerId: string; listingId: string } | null> {
  const [row] = await db.select({ id: offer.id, buyerId: offer.buyerId, listingId: offer.listingId }).from(offer).where(eq(offer.id, offerId)).limit(1)
  return row ?? null
}
