import type { SQL } from 'drizzle-orm'
import type { TeamMark } from '@offerbook/domain/teams'
import type { Db } from '../../db/client'
import { buyerSideCondition, leadersOfMember, listingManagers, teamReach } from './teams.queries'

/**
 * What a team gives a member beyond listings (listings.queries managedByCondition holds the listing
 * side): the buyer-side offers of a leader, all of them or the designated ones, and the 'Team' mark
 * of the rows that reach a member through a team. Read on every request, never cached, so a removal
 * or an access change holds from the member's next request.
 */

/** The offers the user sees as the buyer side: their own, every offer of a leader whose team gave them all, and the designated ones (still the leader's). */
export async function buyerSideScope(db: Db, userId: string): Promise<{ condition: SQL; leaders: Map<string, string> }> {
  const reach = await teamReach(db, userId)
  const condition = buyerSideCondition(userId, reach)
  return { condition, leaders: new Map([...reach.all, ...reach.designatedOffers].map((leader) => [leader.leaderId, leader.leaderName])) }
}

/** Whether the user sees the offer through the team of its buyer side (read-only: the changes stay the leader's). */
export async function seesOfferThroughTeam(db: Db, userId: string, row: { id: string; buyerId: string }): Promise<boolean> {
  if (row.buyerId === userId) return false
  const { all, designatedOffers } = await teamReach(db, userId)
  return all.some((leader) => leader.leaderId === row.buyerId) || designatedOffers.some((designated) => designated.offerId === row.id && designated.leaderId === row.buyerId)
}

/** The 'Team' mark of each listing among `listingIds` the user manages through a team rather than as its owner or listing agent. */
export async function listingTeamMarks(db: Db, userId: string, listingIds: readonly string[]): Promise<Map<string, TeamMark>> {
  if (listingIds.length === 0) return new Map()
  const rows = await listingManagers(db, listingIds)
  const others = rows.filter((row) => row.ownerId !== userId && row.listAgentUserId !== userId)
  if (others.length === 0) return new Map()
  const leaders = await leadersOfMember(db, userId)
  const names = new Map(leaders.map((leader) => [leader.leaderId, leader.leaderName]))
  const marks = new Map<string, TeamMark>()
  for (const row of others) {
    const leaderName = names.get(row.ownerId ?? '') ?? names.get(row.listAgentUserId ?? '')
    if (leaderName !== undefined) marks.set(row.id, { leaderName })
  }
  return marks
}
