import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lt, lte, ne, or, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import type { OfferTerms } from '@offerbook/domain/offer'
import type { Db } from '../../db/client'
import { listing, teamMember } from '../../db/schema/listings'
import { offer } from '../../db/schema/offers'
import { user } from '../../db/schema/users'

/**
 * A principal broker's brokerage as the timeline sees it (decision 067): the agents of `team_member`
 * rows with `brokerage` and `kind = 'agent'` the broker leads (decision 023), and the contracts where
 * one of them is the buyer agent (the offer's maker) or the listing agent (the listing's listing agent
 * or owner). A contract is an accepted offer with a Binding Agreement Date.
 */

function brokerageAgentIds(brokerId: string): SQL {
  return sql`(select ${teamMember.memberId} from ${teamMember} where ${teamMember.leaderId} = ${brokerId} and ${teamMember.brokerage} and ${teamMember.kind} = 'agent')`
}

function brokerageContract(brokerId: string, now: Date): SQL {
  const agents = brokerageAgentIds(brokerId)
  const condition = and(
    eq(offer.status, 'accepted'),
    isNotNull(offer.bindingAgreementAt),
    lte(offer.bindingAgreementAt, now),
    or(inArray(offer.buyerId, agents), inArray(listing.listAgentUserId, agents), inArray(listing.ownerId, agents)),
  )
  if (!condition) throw new Error('the scope is never empty')
  return condition
}

/** Whether the offer is a contract of the broker's brokerage. */
export async function isBrokerageContract(db: Db, { brokerId, offerId, now }: { brokerId: string; offerId: string; now: Date }): Promise<boolean> {
  const [row] = await db
    .select({ id: offer.id })
    .from(offer)
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .where(and(eq(offer.id, offerId), brokerageContract(brokerId, now)))
    .limit(1)
  return row !== undefined
}

export type BrokerContractRow = {
  offerId: string
  listingId: string
  address: string
  county: string | null
  terms: OfferTerms
  bindingAgreementAt: Date | null
  buyerId: string
  ownerId: string | null
  listAgentUserId: string | null
}

/** The brokerage's contracts, the newest binding first, at most `limit`. */
export function brokerageContracts(db: Db, { brokerId, now, limit }: { brokerId: string; now: Date; limit: number }): Promise<BrokerContractRow[]> {
  return db
    .select({
      offerId: offer.id,
      listingId: listing.id,
      address: listing.unparsedAddress,
      county: listing.countyOrParish,
      terms: offer.terms,
      bindingAgreementAt: offer.bindingAgreementAt,
      buyerId: offer.buyerId,
      ownerId: listing.ownerId,
      listAgentUserId: listing.listAgentUserId,
    })
    .from(offer)
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .where(brokerageContract(brokerId, now))
    .orderBy(desc(offer.bindingAgreementAt), asc(offer.id))
    .limit(limit)
}

/** The brokerage's agents, by name. */
export function brokerageAgentNames(db: Db, brokerId: string): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: user.id, name: user.name })
    .from(teamMember)
    .innerJoin(user, eq(user.id, teamMember.memberId))
    .where(and(eq(teamMember.leaderId, brokerId), eq(teamMember.brokerage, true), eq(teamMember.kind, 'agent')))
    .orderBy(asc(user.name), asc(user.id))
}

// ---------------------------------------------------------------------------------------------
// The brokerage's offers for its export to TREC (decision 071)

export type ExportPeriod = { brokerId: string; from: Date | null; until: Date | null }

/**
 * The brokerage's offers: every offer past its draft (contracts and offers that never became one)
 * where the broker or one of his brokerage's agents is the buyer agent (the offer's maker) or the
 * listing agent (the listing's listing agent or owner), made within the period when one is given.
 */
function brokerageOffers({ brokerId, from, until }: ExportPeriod): SQL {
  const agents = brokerageAgentIds(brokerId)
  const ours = or(
    eq(offer.buyerId, brokerId),
    eq(listing.listAgentUserId, brokerId),
    eq(listing.ownerId, brokerId),
    inArray(offer.buyerId, agents),
    inArray(listing.listAgentUserId, agents),
    inArray(listing.ownerId, agents),
  )
  const condition = and(ne(offer.status, 'draft'), ours, from ? gte(offer.createdAt, from) : undefined, until ? lt(offer.createdAt, until) : undefined)
  if (!condition) throw new Error('the scope is never empty')
  return condition
}

export async function countBrokerageOffers(db: Db, period: ExportPeriod): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(offer)
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .where(brokerageOffers(period))
  return Number(row?.count ?? 0)
}

export type ExportOfferRow = {
  id: string
  createdAt: Date
  address: string | null
  status: string
  bindingAgreementAt: Date | null
  buyerId: string
  listAgentUserId: string | null
  ownerId: string | null
}

/** A page of the brokerage's offers by id, after the last one of the previous page (a key that no new offer moves). */
export function brokerageOfferPage(db: Db, period: ExportPeriod & { after: string | null; limit: number }): Promise<ExportOfferRow[]> {
  const { after } = period
  return db
    .select({
      id: offer.id,
      createdAt: offer.createdAt,
      address: listing.unparsedAddress,
      status: offer.status,
      bindingAgreementAt: offer.bindingAgreementAt,
      buyerId: offer.buyerId,
      listAgentUserId: listing.listAgentUserId,
      ownerId: listing.ownerId,
    })
    .from(offer)
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .where(and(brokerageOffers(period), after ? gt(offer.id, after) : undefined))
    .orderBy(asc(offer.id))
    .limit(period.limit)
}
