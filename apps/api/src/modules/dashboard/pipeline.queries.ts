import { aliasedTable, and, asc, desc, eq, gt, inArray, isNotNull, lt, ne, notInArray, sql } from 'drizzle-orm'
import type { PipelineStage } from '@offerbook/domain/dashboard'
import type { Db } from '../../db/client'
import { listing, teamMember } from '../../db/schema/listings'
import { offer } from '../../db/schema/offers'
import { signingPacket } from '../../db/schema/signing'
import { user } from '../../db/schema/users'
import { buyerSideOffer, eitherSideOffer, managedListing } from './dashboard-scope.queries'

const LIMIT = 200
const HOUR = 3_600_000
const DAY = 24 * HOUR

export type ListingTransactionRow = {
  listingId: string
  address: string
  listPrice: number | null
  stage: PipelineStage
  openOffers: number
  /** The accepted (or closed) offer, when there is one. */
  dealOfferId: string | null
  teamOf: string | null
}

const owner = aliasedTable(user, 'owner')

/**
 * The listing side of the pipeline: one row per published listing the user manages, its stage read
 * from its offers in one grouped query. The furthest stage wins: a closed sale, then a signed, being
 * signed or accepted offer, then open offers; a listing with none of these is listed.
 */
export async function listingTransactions(db: Db, userId: string): Promise<ListingTransactionRow[]> {
  const stage = sql<PipelineStage>`case
    when ${listing.standardStatus} = 'Closed' or bool_or(${offer.status} = 'closed') then 'closed'
    when bool_or(${offer.status} = 'accepted' and ${offer.signedAt} is not null) then 'signed'
    when bool_or(${offer.status} = 'accepted' and exists (select 1 from ${signingPacket} where ${signingPacket.offerId} = ${offer.id} and ${signingPacket.status} in ('sent', 'completing'))) then 'signing'
    when bool_or(${offer.status} = 'accepted') then 'accepted'
    when count(${offer.id}) filter (where ${offer.status} in ('active', 'backup', 'countered')) > 0 then 'offersIn'
    else 'listed' end`
  const rows: ListingTransactionRow[] = await db
    .select({
      listingId: listing.id,
      address: listing.unparsedAddress,
      listPrice: listing.listPrice,
      stage,
      openOffers: sql<number>`(count(${offer.id}) filter (where ${offer.status} in ('active', 'backup', 'countered')))::int`,
      dealOfferId: sql<string | null>`((array_agg(${offer.id}::text order by ${offer.decidedAt} desc nulls last) filter (where ${offer.status} in ('accepted', 'closed')))[1])`,
      teamOf: sql<string | null>`case when ${listing.ownerId} = ${userId} or ${listing.listAgentUserId} = ${userId} then null else ${owner.name} end`,
    })
    .from(listing)
    .innerJoin(owner, eq(owner.id, listing.ownerId))
    .leftJoin(offer, and(eq(offer.listingId, listing.id), ne(offer.status, 'draft')))
    .where(and(isNotNull(listing.publishedAt), managedListing(userId)))
    .groupBy(listing.id, owner.name)
    .orderBy(desc(listing.publishedAt), asc(listing.id))
    .limit(LIMIT)
  return rows
}

export type BuyerTransactionRow = { offerId: string; listingId: string; address: string; listPrice: number | null; stage: PipelineStage; teamOf: string | null }

/** The buyer side: the offers the user (or their team) made that are still a deal in the making, or closed. */
export async function buyerTransactions(db: Db, userId: string): Promise<BuyerTransactionRow[]> {
  const buyer = aliasedTable(user, 'buyer')
  const stage = sql<PipelineStage>`case
    when ${offer.status} = 'closed' then 'closed'
    when ${offer.signedAt} is not null then 'signed'
    when exists (select 1 from ${signingPacket} where ${signingPacket.offerId} = ${offer.id} and ${signingPacket.status} in ('sent', 'completing')) then 'signing'
    when ${offer.status} = 'accepted' then 'accepted'
    else 'offersIn' end`
  return db
    .select({
      offerId: offer.id,
      listingId: listing.id,
      address: listing.unparsedAddress,
      listPrice: listing.listPrice,
      stage,
      teamOf: sql<string | null>`case when ${offer.buyerId} = ${userId} then null else ${buyer.name} end`,
    })
    .from(offer)
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .innerJoin(buyer, eq(buyer.id, offer.buyerId))
    .where(and(inArray(offer.status, ['active', 'backup', 'countered', 'accepted', 'closed']), buyerSideOffer(userId)))
    .orderBy(desc(offer.updatedAt), asc(offer.id))
    .limit(LIMIT)
}

export type AttentionRow = { offerId: string; listingId: string; address: string; at: Date | null; buyerSide: boolean }

const buyerSideFlag = (userId: string) => sql<boolean>`coalesce(${buyerSideOffer(userId)}, false)`

/** Open offers that expire within the next 24 hours, unanswered, on either side. */
export async function offersExpiringSoon(db: Db, userId: string, now: Date, hours: number): Promise<AttentionRow[]> {
  return db
    .select({ offerId: offer.id, listingId: listing.id, address: listing.unparsedAddress, at: offer.expiresAt, buyerSide: buyerSideFlag(userId) })
    .from(offer)
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .where(and(eq(offer.status, 'active'), gt(offer.expiresAt, now), lt(offer.expiresAt, new Date(now.getTime() + hours * HOUR)), eitherSideOffer(userId)))
    .orderBy(asc(offer.expiresAt))
    .limit(LIMIT)
}

/** Signing packets out for longer than `days`, not yet completed. */
export async function packetsWaiting(db: Db, userId: string, now: Date, days: number): Promise<AttentionRow[]> {
  return db
    .select({ offerId: offer.id, listingId: listing.id, address: listing.unparsedAddress, at: signingPacket.sentAt, buyerSide: buyerSideFlag(userId) })
    .from(signingPacket)
    .innerJoin(offer, eq(offer.id, signingPacket.offerId))
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .where(and(eq(signingPacket.status, 'sent'), lt(signingPacket.sentAt, new Date(now.getTime() - days * DAY)), eitherSideOffer(userId)))
    .orderBy(asc(signingPacket.sentAt))
    .limit(LIMIT)
}

/** Drafts made more than `days` ago and never shared. */
export async function draftsUnshared(db: Db, userId: string, now: Date, days: number): Promise<AttentionRow[]> {
  return db
    .select({ offerId: offer.id, listingId: listing.id, address: listing.unparsedAddress, at: offer.createdAt, buyerSide: sql<boolean>`true` })
    .from(offer)
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .where(and(eq(offer.status, 'draft'), lt(offer.createdAt, new Date(now.getTime() - days * DAY)), buyerSideOffer(userId)))
    .orderBy(asc(offer.createdAt))
    .limit(LIMIT)
}

export type PersonRow = { name: string; email: string }
export type TeamRow = PersonRow & { kind: string; access: string }

/** The user's principal broker (the leader of their brokerage) and the brokerage's other agents. */
export async function brokerageOf(db: Db, userId: string): Promise<{ principalBroker: PersonRow | null; agents: PersonRow[] }> {
  const [broker] = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(teamMember)
    .innerJoin(user, eq(user.id, teamMember.leaderId))
    .where(and(eq(teamMember.memberId, userId), eq(teamMember.brokerage, true)))
    .limit(1)
  if (!broker) return { principalBroker: null, agents: [] }
  const agents = await db
    .select({ name: user.name, email: user.email })
    .from(teamMember)
    .innerJoin(user, eq(user.id, teamMember.memberId))
    .where(and(eq(teamMember.leaderId, broker.id), eq(teamMember.brokerage, true), notInArray(teamMember.memberId, [userId])))
    .orderBy(asc(user.name))
    .limit(LIMIT)
  return { principalBroker: { name: broker.name, email: broker.email }, agents }
}

/** The members of the team the user leads. */
export async function teamOf(db: Db, userId: string): Promise<TeamRow[]> {
  return db
    .select({ name: user.name, email: user.email, kind: teamMember.kind, access: teamMember.access })
    .from(teamMember)
    .innerJoin(user, eq(user.id, teamMember.memberId))
    .where(eq(teamMember.leaderId, userId))
    .orderBy(asc(user.name))
    .limit(LIMIT)
}
