import { exists, inArray, eq, or, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import { listing, teamMember, teamMemberListing } from '../../db/schema/listings'
import { offer } from '../../db/schema/offers'
import { teamMemberOffer } from '../../db/schema/teams'

/**
 * Who sees what on the dashboards, as conditions for the where clause (issue #16, spec section 6):
 * the listings a user owns or lists, every listing of a leader whose team they joined with access to
 * all, and the leader's listings designated to them; on the buyer side the offers they made, a
 * leader's offers (access to all) and the leader's offers designated to them. The queries join
 * listing to offer, so both tables are in scope.
 */
function leadersWithAllAccess(userId: string) {
  return sql`(select ${teamMember.leaderId} from ${teamMember} where ${teamMember.memberId} = ${userId} and ${teamMember.access} = 'all')`
}

export function managedListing(userId: string): SQL {
  const designated = exists(
    sql`(select 1 from ${teamMemberListing} inner join ${teamMember} on ${teamMember.leaderId} = ${teamMemberListing.leaderId} and ${teamMember.memberId} = ${teamMemberListing.memberId}
      where ${teamMemberListing.memberId} = ${userId} and ${teamMemberListing.listingId} = ${listing.id}
        and (${listing.ownerId} = ${teamMemberListing.leaderId} or ${listing.listAgentUserId} = ${teamMemberListing.leaderId}))`,
  )
  const condition = or(
    eq(listing.ownerId, userId),
    eq(listing.listAgentUserId, userId),
    inArray(listing.ownerId, leadersWithAllAccess(userId)),
    inArray(listing.listAgentUserId, leadersWithAllAccess(userId)),
    designated,
  )
  if (!condition) throw new Error('the scope is never empty')
  return condition
}

export function buyerSideOffer(userId: string): SQL {
  const designated = exists(
    sql`(select 1 from ${teamMemberOffer} inner join ${teamMember} on ${teamMember.leaderId} = ${teamMemberOffer.leaderId} and ${teamMember.memberId} = ${teamMemberOffer.memberId}
      where ${teamMemberOffer.memberId} = ${userId} and ${teamMemberOffer.offerId} = ${offer.id} and ${offer.buyerId} = ${teamMemberOffer.leaderId})`,
  )
  const condition = or(eq(offer.buyerId, userId), inArray(offer.buyerId, leadersWithAllAccess(userId)), designated)
  if (!condition) throw new Error('the scope is never empty')
  return condition
}

/** An offer the user is a party to from either side: theirs (or their team's), or on a listing they manage. */
export function eitherSideOffer(userId: string): SQL {
  const condition = or(buyerSideOffer(userId), managedListing(userId))
  if (!condition) throw new Error('the scope is never empty')
  return condition
}
