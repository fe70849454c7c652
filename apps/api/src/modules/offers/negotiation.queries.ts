import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { offerVersion } from '../../db/schema/offers'

/** An offer's versions (decision 029): inserted, never updated (a trigger refuses an update). */

export type OfferVersionRow = typeof offerVersion.$inferSelect

export async function insertOfferVersion(db: Db, values: typeof offerVersion.$inferInsert): Promise<OfferVersionRow> {
  const [row] = await db.insert(offerVersion).values(values).returning()
  if (!row) throw new Error('offer_version insert returned no row')
  return row
}

export async function listOfferVersions(db: Db, offerId: string): Promise<OfferVersionRow[]> {
  return db.select().from(offerVersion).where(eq(offerVersion.offerId, offerId)).orderBy(asc(offerVersion.number))
}
