import { and, asc, eq, gt, gte, inArray, lt, lte, ne, or } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import type { ResoCondition } from '@offerbook/domain/integrations'
import type { Db } from '../../db/client'
import { listing, listingMedia } from '../../db/schema/listings'

export type ResoListingRow = typeof listing.$inferSelect

const TIME_OPS = { gt, ge: gte, lt, le: lte } as const

function conditionOf(condition: ResoCondition): SQL {
  if (condition.field === 'StandardStatus') return eq(listing.standardStatus, condition.value)
  return TIME_OPS[condition.op](listing.modificationTimestamp, condition.value)
}

/**
 * One page of the listings `reads` lets the caller read (the rule of GET /api/listings/mine), never a
 * deleted one, oldest change first (as a replication reads them), then by id.
 */
export async function resoListingRows(db: Db, { reads, conditions, skip, take }: { reads: SQL; conditions: readonly ResoCondition[]; skip: number; take: number }): Promise<ResoListingRow[]> {
  return db
    .select()
    .from(listing)
    .where(and(reads, ne(listing.standardStatus, 'Delete'), ...conditions.map(conditionOf)))
    .orderBy(asc(listing.modificationTimestamp), asc(listing.id))
    .limit(take)
    .offset(skip)
}

/** The photos of these listings, in their order. */
export async function resoMediaRows(db: Db, listingIds: readonly string[]): Promise<(typeof listingMedia.$inferSelect)[]> {
  if (listingIds.length === 0) return []
  return db
    .select()
    .from(listingMedia)
    .where(inArray(listingMedia.listingId, [...listingIds]))
    .orderBy(asc(listingMedia.listingId), asc(listingMedia.order))
}

/** The caller's reach as one condition: what they manage, or read through a brokerage. */
export function readsCondition(managed: SQL, brokerage: SQL | undefined): SQL {
  return brokerage ? (or(managed, brokerage) as SQL) : managed
}
