import { and, asc, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { offer, offerEvent, offerVersion } from '../../db/schema/offers'

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

export async function findOfferVersion(db: Db, { offerId, number }: { offerId: string; number: number }): Promise<OfferVersionRow | null> {
  const [row] = await db
    .select()
    .from(offerVersion)
    .where(and(eq(offerVersion.offerId, offerId), eq(offerVersion.number, number)))
    .limit(1)
  return row ?? null
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

/** The listing's latest highest-and-best request event (one per asked offer, all of one instant). */
export async function findLatestBestRequest(db: Db, listingId: string): Promise<{ at: Date; details: Record<string, unknown> } | null> {
  const [row] = await db
    .select({ at: offerEvent.at, details: offerEvent.details })
    .from(offerEvent)
    .where(and(eq(offerEvent.listingId, listingId), eq(offerEvent.type, 'best-requested')))
    .orderBy(desc(offerEvent.seq))
    .limit(1)
  return row ? { at: row.at, details: row.details as Record<string, unknown> } : null
}

/** The offers that one request asked: their rows, in the order the request's events were written. */
export async function listBestRequestOffers(db: Db, { listingId, requestId }: { listingId: string; requestId: string }) {
  return db
    .select({ id: offer.id, status: offer.status, buyerId: offer.buyerId, terms: offer.terms, bestDeadline: offer.bestDeadline })
    .from(offerEvent)
    .innerJoin(offer, eq(offer.id, offerEvent.offerId))
    .where(and(eq(offerEvent.listingId, listingId), eq(offerEvent.type, 'best-requested'), eq(sql`${offerEvent.details}->>'requestId'`, requestId)))
    .orderBy(asc(offerEvent.seq))
}

/** The first move of each offer's buyer side after `since` (a viewing is none): offer id to its instant. */
export async function firstBuyerMoves(db: Db, { offers, since }: { offers: readonly { id: string; buyerId: string }[]; since: Date }): Promise<Map<string, Date>> {
  if (offers.length === 0) return new Map()
  const rows = await db
    .select({ offerId: offerEvent.offerId, actorId: offerEvent.actorId, at: offerEvent.at })
    .from(offerEvent)
    .where(and(inArray(offerEvent.offerId, offers.map((item) => item.id)), gt(offerEvent.at, since), ne(offerEvent.type, 'viewed')))
    .orderBy(asc(offerEvent.seq))
  const buyerOf = new Map(offers.map((item) => [item.id, item.buyerId]))
  const moves = new Map<string, Date>()
  for (const row of rows) if (row.actorId !== null && row.actorId === buyerOf.get(row.offerId) && !moves.has(row.offerId)) moves.set(row.offerId, row.at)
  return moves
}
