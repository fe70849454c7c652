import { and, eq, inArray, or } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import type { TeamMark } from '@offerbook/domain/teams'
import type { Db } from '../../db/client'
import { listing, teamMember } from '../../db/schema/listings'
import { offer } from '../../db/schema/offers'
import { teamMemberOffer } from '../../db/schema/teams'
import { user } from '../../db/schema/users'

/**
 * What a team gives a member beyond listings (listings.queries managedByCondition holds the listing
 * side): the buyer-side offers of a leader, all of them or the designated ones, and the 'Team' mark
 * of the rows that reach a member through a team. Read on every request, never cached, so a removal
 * or an access change holds from the member's next request.
 */

type Leader = { leaderId: string; leaderName: string }

/** The leaders whose every transaction the user sees, and the offers designated to the user. */
async function teamReach(db: Db, userId: string): Promise<{ all: Leader[]; designatedOffers: (Leader & { offerId: string })[] }> {
  const [all, designatedOffers] = await Promise.all([
    db
      .select({ leaderId: teamMember.leaderId, leaderName: user.name })
      .from(teamMember)
      .innerJoin(user, eq(user.id, teamMember.leaderId))
      .where(and(eq(teamMember.memberId, userId), eq(teamMember.access, 'all'))),
    db
      .select({ leaderId: teamMemberOffer.leaderId, leaderName: user.name, offerId: teamMemberOffer.offerId })
      .from(teamMemberOffer)
      .innerJoin(teamMember, and(eq(teamMember.leaderId, teamMemberOffer.leaderId), eq(teamMember.memberId, teamMemberOffer.memberId), eq(teamMember.access, 'designated')))
      .innerJoin(user, eq(user.id, teamMemberOffer.leaderId))
      .where(eq(teamMemberOffer.memberId, userId)),
  ])
  return { all, designatedOffers }
}

/** The offers the user sees as the buyer side: their own, every offer of a leader whose team gave them all, and the designated ones (still the leader's). */
export async function buyerSideScope(db: Db, userId: string): Promise<{ condition: SQL; leaders: Map<string, string> }> {
  const { all, designatedOffers } = await teamReach(db, userId)
  const condition = or(
    eq(offer.buyerId, userId),
    all.length > 0 ? inArray(offer.buyerId, all.map((leader) => leader.leaderId)) : undefined,
    ...designatedOffers.map((row) => and(eq(offer.id, row.offerId), eq(offer.buyerId, row.leaderId))),
  )
  if (!condition) throw new Error('the buyer-side condition is never empty')
  return { condition, leaders: new Map([...all, ...designatedOffers].map((leader) => [leader.leaderId, leader.leaderName])) }
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
  const rows = await db
    .select({ id: listing.id, ownerId: listing.ownerId, listAgentUserId: listing.listAgentUserId })
    .from(listing)
    .where(inArray(listing.id, [...listingIds]))
  const others = rows.filter((row) => row.ownerId !== userId && row.listAgentUserId !== userId)
  if (others.length === 0) return new Map()
  const leaders = await db
    .select({ leaderId: teamMember.leaderId, leaderName: user.name })
    .from(teamMember)
    .innerJoin(user, eq(user.id, teamMember.leaderId))
    .where(eq(teamMember.memberId, userId))
  const names = new Map(leaders.map((leader) => [leader.leaderId, leader.leaderName]))
  const marks = new Map<string, TeamMark>()
  for (const row of others) {
    const leaderName = names.get(row.ownerId ?? '') ?? names.get(row.listAgentUserId ?? '')
    if (leaderName !== undefined) marks.set(row.id, { leaderName })
  }
  return marks
}
