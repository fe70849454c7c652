import { and, asc, eq, gt, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm'
import { FEED_EVENT_TYPES } from '@offerbook/domain/integrations'
import type { Db } from '../../db/client'
import { apiKey } from '../../db/schema/api-keys'
import { appEvent } from '../../db/schema/conversations'
import { listing, teamMember, teamMemberListing } from '../../db/schema/listings'
import { offer } from '../../db/schema/offers'
import { signingPacket } from '../../db/schema/signing'

export type AppEventRow = typeof appEvent.$inferSelect

/** The rows of one NOTIFY (its ids), oldest first. */
export async function eventsByIds(db: Db, ids: readonly number[]): Promise<AppEventRow[]> {
  if (ids.length === 0) return []
  return db.select().from(appEvent).where(inArray(appEvent.id, [...ids])).orderBy(asc(appEvent.id))
}

/** A recipient's rows after `afterId` (a reconnect's Last-Event-ID), oldest first. */
export async function eventsSince(db: Db, { recipient, afterId, limit }: { recipient: string; afterId: number; limit: number }): Promise<AppEventRow[]> {
  return db
    .select()
    .from(appEvent)
    .where(and(eq(appEvent.recipient, recipient), gt(appEvent.id, afterId)))
    .orderBy(asc(appEvent.id))
    .limit(limit)
}

/** The event feed's types (FEED_EVENT_TYPES, decision 080) are kept for FEED_RETENTION_MS, not the stream's day. */
export const FEED_RETENTION_MS = 30 * 86_400_000

/** Deletes the rows written before `before` (the feed's types only after FEED_RETENTION_MS); returns how many. */
export async function pruneEvents(db: Db, before: Date): Promise<number> {
  const feedBefore = new Date(Math.min(before.getTime(), Date.now() - FEED_RETENTION_MS))
  const rows = await db
    .delete(appEvent)
    .where(and(lt(appEvent.createdAt, before), or(notInArray(appEvent.type, [...FEED_EVENT_TYPES]), lt(appEvent.createdAt, feedBefore))))
    .returning({ id: appEvent.id })
  return rows.length
}

/** A listing's owner and listing agent (none when the listing is gone). */
export async function listingLeaders(db: Db, listingId: string): Promise<string[]> {
  const [row] = await db.select({ ownerId: listing.ownerId, listAgentUserId: listing.listAgentUserId }).from(listing).where(eq(listing.id, listingId)).limit(1)
  return row ? [...new Set([row.ownerId, row.listAgentUserId].filter((id): id is string => id !== null))] : []
}

/**
 * Everyone who manages a listing (the rule of listings.queries.ts managedByCondition, read the other
 * way): its owner and listing agent, the members of their teams with access to all, and the members
 * the listing was designated to by one of them.
 */
export async function listingAudience(db: Db, listingId: string): Promise<string[]> {
  const leaders = await listingLeaders(db, listingId)
  if (leaders.length === 0) return []
  const [all, designated] = await Promise.all([
    db
      .select({ memberId: teamMember.memberId })
      .from(teamMember)
      .where(and(inArray(teamMember.leaderId, leaders), eq(teamMember.access, 'all'))),
    db
      .select({ memberId: teamMemberListing.memberId })
      .from(teamMemberListing)
      .innerJoin(teamMember, and(eq(teamMember.leaderId, teamMemberListing.leaderId), eq(teamMember.memberId, teamMemberListing.memberId)))
      .where(and(eq(teamMemberListing.listingId, listingId), inArray(teamMemberListing.leaderId, leaders))),
  ])
  return [...new Set([...leaders, ...all.map((member) => member.memberId), ...designated.map((member) => member.memberId)])]
}

/** The accounts a shared offer concerns: its buyer side and its listing's managers. */
export async function offerAudience(db: Db, row: { buyerId: string; listingId: string }): Promise<string[]> {
  return [...new Set([row.buyerId, ...(await listingAudience(db, row.listingId))])]
}

/** A signing packet's parties with an account: the offer's buyer side, its listing's managers, and who sent the packet. */
export async function packetAudience(db: Db, packetId: string): Promise<{ offerId: string; recipients: string[] } | null> {
  const [row] = await db
    .select({ offerId: signingPacket.offerId, createdBy: signingPacket.createdBy, buyerId: offer.buyerId, listingId: offer.listingId })
    .from(signingPacket)
    .innerJoin(offer, eq(offer.id, signingPacket.offerId))
    .where(eq(signingPacket.id, packetId))
    .limit(1)
  if (!row) return null
  const people = await offerAudience(db, row)
  return { offerId: row.offerId, recipients: [...new Set([...people, ...(row.createdBy ? [row.createdBy] : [])])] }
}

/** Inserts one live event row per recipient, in the caller's transaction; the rows as written. */
export async function insertAppEvents(db: Db, rows: Pick<typeof appEvent.$inferInsert, 'recipient' | 'type' | 'data'>[]) {
  return db.insert(appEvent).values(rows).returning({ id: appEvent.id, recipient: appEvent.recipient, type: appEvent.type, data: appEvent.data })
}

/** NOTIFYs the channel; given a transaction, PostgreSQL delivers it at commit. */
export async function notifyChannel(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`)
}

/**
 * Whether any key in force may read listings (decision 080): listing events are written only then, as an
 * MLS import changes thousands of listings in a run and no page needs them.
 */
export async function anyKeyReadsListings(db: Db, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: apiKey.id })
    .from(apiKey)
    .where(and(isNull(apiKey.revokedAt), or(isNull(apiKey.expiresAt), gt(apiKey.expiresAt, now)), sql`${apiKey.scopes} @> array['listings:read']::text[]`))
    .limit(1)
  return row !== undefined
}
