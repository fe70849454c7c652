import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { earnestMoneyLink, earnestMoneyRecord, earnestMoneyReminder } from '../../db/schema/earnest-money'
import { listing, teamMember } from '../../db/schema/listings'
import { offer } from '../../db/schema/offers'
import { user } from '../../db/schema/users'

export type HolderLinkRow = typeof earnestMoneyLink.$inferSelect
export type EarnestMoneyRow = typeof earnestMoneyRecord.$inferSelect

export async function insertHolderLink(db: Db, values: typeof earnestMoneyLink.$inferInsert): Promise<HolderLinkRow> {
  const [row] = await db.insert(earnestMoneyLink).values(values).returning()
  if (!row) throw new Error('earnest money link insert returned no row')
  return row
}

/** A newer link replaces the contract's links still open. */
export async function replaceOpenLinks(db: Db, offerId: string, at: Date): Promise<void> {
  await db
    .update(earnestMoneyLink)
    .set({ replacedAt: at })
    .where(and(eq(earnestMoneyLink.offerId, offerId), isNull(earnestMoneyLink.usedAt), isNull(earnestMoneyLink.replacedAt)))
}

export function listHolderLinks(db: Db, offerId: string): Promise<HolderLinkRow[]> {
  return db.select().from(earnestMoneyLink).where(eq(earnestMoneyLink.offerId, offerId)).orderBy(desc(earnestMoneyLink.createdAt), desc(earnestMoneyLink.id))
}

export async function countHolderLinks(db: Db, offerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(earnestMoneyLink).where(eq(earnestMoneyLink.offerId, offerId))
  return row?.n ?? 0
}

export async function findHolderLinkByHash(db: Db, tokenHash: string): Promise<HolderLinkRow | null> {
  const [row] = await db.select().from(earnestMoneyLink).where(eq(earnestMoneyLink.tokenHash, tokenHash)).limit(1)
  return row ?? null
}

/** Uses the link once: true only for the one call that found it unused and not replaced. */
export async function useHolderLink(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(earnestMoneyLink)
    .set({ usedAt: at })
    .where(and(eq(earnestMoneyLink.id, id), isNull(earnestMoneyLink.usedAt), isNull(earnestMoneyLink.replacedAt)))
    .returning({ id: earnestMoneyLink.id })
  return rows.length === 1
}

export async function findEarnestMoney(db: Db, offerId: string): Promise<EarnestMoneyRow | null> {
  const [row] = await db.select().from(earnestMoneyRecord).where(eq(earnestMoneyRecord.offerId, offerId)).limit(1)
  return row ?? null
}

/** Locks the contract's record for a change (null when there is none). */
export async function lockEarnestMoney(db: Db, offerId: string): Promise<EarnestMoneyRow | null> {
  const [row] = await db.select().from(earnestMoneyRecord).where(eq(earnestMoneyRecord.offerId, offerId)).for('update').limit(1)
  return row ?? null
}

/** The receipt's row; false when the contract already has one (another attestation won). */
export async function insertEarnestMoney(db: Db, values: typeof earnestMoneyRecord.$inferInsert): Promise<boolean> {
  const rows = await db.insert(earnestMoneyRecord).values(values).onConflictDoNothing().returning({ offerId: earnestMoneyRecord.offerId })
  return rows.length === 1
}

export async function updateEarnestMoney(db: Db, offerId: string, values: Partial<typeof earnestMoneyRecord.$inferInsert>): Promise<void> {
  await db.update(earnestMoneyRecord).set(values).where(eq(earnestMoneyRecord.offerId, offerId))
}

/** A contract whose clock runs: a written request recorded, no release yet. */
export type OpenClockRow = {
  offerId: string
  listingId: string
  address: string | null
  county: string | null
  buyerId: string
  ownerId: string
  listAgentUserId: string | null
  holderKind: string | null
  requestedOn: string
  requestPayee: string | null
  requestRecordedBy: string | null
}

export async function listOpenClocks(db: Db): Promise<OpenClockRow[]> {
  const rows = await db
    .select({
      offerId: earnestMoneyRecord.offerId,
      listingId: offer.listingId,
      address: listing.unparsedAddress,
      county: listing.countyOrParish,
      buyerId: offer.buyerId,
      ownerId: listing.ownerId,
      listAgentUserId: listing.listAgentUserId,
      holderKind: earnestMoneyRecord.holderKind,
      requestedOn: earnestMoneyRecord.requestedOn,
      requestPayee: earnestMoneyRecord.requestPayee,
      requestRecordedBy: earnestMoneyRecord.requestRecordedBy,
    })
    .from(earnestMoneyRecord)
    .innerJoin(offer, eq(offer.id, earnestMoneyRecord.offerId))
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .where(and(isNotNull(earnestMoneyRecord.requestedOn), isNull(earnestMoneyRecord.releasedOn)))
  return rows.flatMap((row) => (row.requestedOn ? [{ ...row, requestedOn: row.requestedOn }] : []))
}

/** Claims a reminder about to be sent; false when some run already sent it. In the transaction of its messages. */
export async function claimDisbursementReminder(db: Db, key: { offerId: string; requestedOn: string; day: number }, sentAt: Date): Promise<boolean> {
  const rows = await db.insert(earnestMoneyReminder).values({ ...key, sentAt }).onConflictDoNothing().returning({ day: earnestMoneyReminder.day })
  return rows.length === 1
}

/** The principal broker whose brokerage each agent belongs to. */
export async function brokersOf(db: Db, agentIds: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(agentIds)]
  if (wanted.length === 0) return new Map()
  const rows = await db
    .select({ agentId: teamMember.memberId, brokerId: teamMember.leaderId })
    .from(teamMember)
    .where(and(inArray(teamMember.memberId, wanted), eq(teamMember.brokerage, true), eq(teamMember.kind, 'agent')))
  return new Map(rows.map((row) => [row.agentId, row.brokerId]))
}

export type TrustPersonRow = { id: string; name: string; email: string; language: string }

export async function findTrustPeople(db: Db, ids: readonly string[]): Promise<TrustPersonRow[]> {
  const wanted = [...new Set(ids)]
  if (wanted.length === 0) return []
  return db.select({ id: user.id, name: user.name, email: user.email, language: user.language }).from(user).where(inArray(user.id, wanted))
}

function brokerageAgents(brokerId: string): SQL {
  return sql`(select ${teamMember.memberId} from ${teamMember} where ${teamMember.leaderId} = ${brokerId} and ${teamMember.brokerage} and ${teamMember.kind} = 'agent')`
}

/** Records of contracts where one of the broker's agents is the buyer agent or the listing agent, whatever the contract's state since. */
function brokerageRecord(brokerId: string): SQL {
  const agents = brokerageAgents(brokerId)
  const condition = or(inArray(offer.buyerId, agents), inArray(listing.listAgentUserId, agents), inArray(listing.ownerId, agents))
  if (!condition) throw new Error('the scope is never empty')
  return condition
}

export type TrustLogDbRow = {
  record: EarnestMoneyRow
  address: string | null
  county: string | null
  buyerId: string
  ownerId: string
  listAgentUserId: string | null
}

/** The brokerage's trust log, newest deposit first; `limit` null reads it all (the exports). */
export function brokerageTrustLog(db: Db, { brokerId, limit, offset }: { brokerId: string; limit: number | null; offset: number }): Promise<TrustLogDbRow[]> {
  const query = db
    .select({ record: earnestMoneyRecord, address: listing.unparsedAddress, county: listing.countyOrParish, buyerId: offer.buyerId, ownerId: listing.ownerId, listAgentUserId: listing.listAgentUserId })
    .from(earnestMoneyRecord)
    .innerJoin(offer, eq(offer.id, earnestMoneyRecord.offerId))
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .where(brokerageRecord(brokerId))
    .orderBy(desc(earnestMoneyRecord.receivedOn), asc(earnestMoneyRecord.offerId))
    .offset(offset)
  return limit === null ? query : query.limit(limit)
}

export async function countBrokerageTrustLog(db: Db, brokerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(earnestMoneyRecord)
    .innerJoin(offer, eq(offer.id, earnestMoneyRecord.offerId))
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .where(brokerageRecord(brokerId))
  return row?.n ?? 0
}

/** Whether the offer's earnest money is on the broker's trust log. */
export async function isBrokerageRecord(db: Db, { brokerId, offerId }: { brokerId: string; offerId: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: offer.id })
    .from(earnestMoneyRecord)
    .innerJoin(offer, eq(offer.id, earnestMoneyRecord.offerId))
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .where(and(eq(offer.id, offerId), brokerageRecord(brokerId)))
    .limit(1)
  return row !== undefined
}

/** The brokerage's agents, by id and name. */
export function brokerageAgentNames(db: Db, brokerId: string): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: user.id, name: user.name })
    .from(teamMember)
    .innerJoin(user, eq(user.id, teamMember.memberId))
    .where(and(eq(teamMember.leaderId, brokerId), eq(teamMember.brokerage, true), eq(teamMember.kind, 'agent')))
}
