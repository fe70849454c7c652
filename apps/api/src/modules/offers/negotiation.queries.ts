import { and, asc, eq, gt } from 'drizzle-orm'
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

/** Writes a version unless the offer already has one with its number (version 1 of an offer shared before versions were kept at sharing). */
export async function insertOfferVersionOnce(db: Db, values: typeof offerVersion.$inferInsert): Promise<void> {
  await db.insert(offerVersion).values(values).onConflictDoNothing()
}

/** The sides that sent the offer's versions after `number`. */
export async function sidesOfVersionsAfter(db: Db, { offerId, number }: { offerId: string; number: number }): Promise<string[]> {
  const rows = await db
    .select({ side: offerVersion.side })
    .from(offerVersion)
    .where(and(eq(offerVersion.offerId, offerId), gt(offerVersion.number, number)))
  return rows.map((row) => row.side)
}
