import type { SQL } from 'drizzle-orm'
import type { TeamMark } from '@offerbook/domain/teams'
import type { Db } from '../../db/client'
import {
  brokerageBuyerCondition,
  brokerageGrants,
  brokerageListingCondition,
  buyerSideCondition,
  leadersOfMember,
  listingManagers,
  readsListingThroughBrokerage,
  readsOfferThroughBrokerage,
  teamReach,
  teamReaderCandidates,
} from './teams.queries'

/**
 * What a team gives a member beyond listings (listings.queries managedByCondition holds the listing
 * side): the buyer-side offers of a leader, all of them or the designated ones, and the 'Team' mark
 * of the rows that reach a member through a team. Read on every request, never cached, so a removal
 * or an access change holds from the member's next request.
 *
 * A principal broker's staff (decision 072) read the brokerage's transactions: every listing and
 * offer of its agents with 'All transactions', the designated ones otherwise. Reading only: every
 * change stays with whoever manages the listing or made the offer (the checks of the listings and
 * offers modules never consult these grants).
 */

/** The offers the user sees as the buyer side: their own, every offer of a leader whose team gave them all, and the designated ones (still the leader's). */
export async function buyerSideScope(db: Db, userId: string): Promise<{ condition: SQL; leaders: Map<string, string> }> {
  const [reach, grants] = await Promise.all([teamReach(db, userId), brokerageGrants(db, userId)])
  const condition = buyerSideCondition(userId, reach, brokerageBuyerCondition(grants))
  // The brokerage's name first, so an agent whose own team the user is on is named as that team.
  const byBrokerage = grants.flatMap((grant) => grant.agentIds.map((agentId) => [agentId, grant.leaderName] as const))
  const byTeam = [...reach.all, ...reach.designatedOffers].map((leader) => [leader.leaderId, leader.leaderName] as const)
  return { condition, leaders: new Map([...byBrokerage, ...byTeam]) }
}

/** The listings the user reads through a brokerage, as a condition on listing (undefined: none). */
export async function brokerageReadCondition(db: Db, userId: string): Promise<SQL | undefined> {
  return brokerageListingCondition(await brokerageGrants(db, userId))
}

/** Whether the user reads the listing through a brokerage (read-only). */
export async function readsListingAsBrokerageStaff(db: Db, userId: string, listingId: string): Promise<boolean> {
  const grants = await brokerageGrants(db, userId)
  return grants.length > 0 && readsListingThroughBrokerage(db, grants, listingId)
}

/** Whether the user sees the offer through the team of its buyer side, or through a brokerage (read-only: the changes stay the leader's, or the agents'). */
export async function seesOfferThroughTeam(db: Db, userId: string, row: { id: string; buyerId: string }): Promise<boolean> {
  if (row.buyerId === userId) return false
  const { all, designatedOffers } = await teamReach(db, userId)
  if (all.some((leader) => leader.leaderId === row.buyerId) || designatedOffers.some((designated) => designated.offerId === row.id && designated.leaderId === row.buyerId)) return true
  const grants = await brokerageGrants(db, userId)
  return grants.length > 0 && readsOfferThroughBrokerage(db, grants, row.id)
}

/**
 * Who reads the offer through a team or a brokerage besides `known` (its buyer and its listing's
 * managers): seesOfferThroughTeam read the other way, for the live events and the feed (decision 080).
 * Each candidate is checked with that same rule, so the two never disagree.
 */
export async function offerTeamReaders(db: Db, row: { id: string; buyerId: string }, { agentIds, known }: { agentIds: readonly string[]; known: readonly string[] }): Promise<string[]> {
  const candidates = (await teamReaderCandidates(db, agentIds)).filter((candidate) => !known.includes(candidate))
  const checks = await Promise.all(candidates.map((candidate) => seesOfferThroughTeam(db, candidate, row)))
  return candidates.filter((_candidate, index) => checks[index])
}

/** Who reads the listing through a brokerage (read-only) besides `known` (its managers): readsListingAsBrokerageStaff read the other way. */
export async function listingBrokerageReaders(db: Db, listingId: string, { agentIds, known }: { agentIds: readonly string[]; known: readonly string[] }): Promise<string[]> {
  const candidates = (await teamReaderCandidates(db, agentIds)).filter((candidate) => !known.includes(candidate))
  const checks = await Promise.all(candidates.map((candidate) => readsListingAsBrokerageStaff(db, candidate, listingId)))
  return candidates.filter((_candidate, index) => checks[index])
}

/**
 * The 'Team' mark of each listing among `listingIds` the user manages through a team rather than as
 * its owner or listing agent, and of each the user only reads through a brokerage (those not in
 * `managedIds`: marked read-only, with the principal broker's name).
 */
export async function listingTeamMarks(db: Db, userId: string, listingIds: readonly string[], managedIds: ReadonlySet<string>): Promise<Map<string, TeamMark>> {
  if (listingIds.length === 0) return new Map()
  const rows = await listingManagers(db, listingIds)
  const others = rows.filter((row) => row.ownerId !== userId && row.listAgentUserId !== userId)
  if (others.length === 0) return new Map()
  const [leaders, grants] = await Promise.all([leadersOfMember(db, userId), others.some((row) => !managedIds.has(row.id)) ? brokerageGrants(db, userId) : []])
  const names = new Map(leaders.map((leader) => [leader.leaderId, leader.leaderName]))
  const marks = new Map<string, TeamMark>()
  for (const row of others) {
    if (!managedIds.has(row.id)) {
      const grant = grants.find((candidate) => candidate.agentIds.some((agentId) => agentId === row.ownerId || agentId === row.listAgentUserId))
      if (grant) marks.set(row.id, { leaderName: grant.leaderName, readOnly: true })
      continue
    }
    const leaderName = names.get(row.ownerId ?? '') ?? names.get(row.listAgentUserId ?? '')
    if (leaderName !== undefined) marks.set(row.id, { leaderName })
  }
  return marks
}
