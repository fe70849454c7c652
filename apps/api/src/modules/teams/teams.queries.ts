import { and, asc, desc, eq, getTableColumns, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { listing, teamMember, teamMemberListing } from '../../db/schema/listings'
import { offer } from '../../db/schema/offers'
import { teamInvitation, teamMemberOffer } from '../../db/schema/teams'
import { user } from '../../db/schema/users'

export type InvitationRow = typeof teamInvitation.$inferSelect
export type NewInvitationRow = typeof teamInvitation.$inferInsert
export type MemberRow = typeof teamMember.$inferSelect
export type PersonRow = { id: string; name: string; email: string; language: string }

const personColumns = { id: user.id, name: user.name, email: user.email, language: user.language }

/** Whether the team's leader (a column or a user id) is a principal broker. */
const leadsBrokerageSql = (leaderId: SQL | string) => sql<boolean>`exists (select 1 from "user_role" r where r."user_id" = ${leaderId} and r."role" = 'PRINCIPAL_BROKER')`

// ---------------------------------------------------------------------------------------------
// People

export async function findPerson(db: Db, id: string): Promise<PersonRow | null> {
  const [row] = await db.select(personColumns).from(user).where(eq(user.id, id)).limit(1)
  return row ?? null
}

export async function findPersonByEmail(db: Db, email: string): Promise<PersonRow | null> {
  const [row] = await db.select(personColumns).from(user).where(eq(user.email, email)).limit(1)
  return row ?? null
}

// ---------------------------------------------------------------------------------------------
// Members

export type MemberWithPerson = MemberRow & { name: string; email: string }

export async function listMembers(db: Db, leaderId: string): Promise<MemberWithPerson[]> {
  return db
    .select({ ...getTableColumns(teamMember), name: user.name, email: user.email })
    .from(teamMember)
    .innerJoin(user, eq(user.id, teamMember.memberId))
    .where(eq(teamMember.leaderId, leaderId))
    .orderBy(asc(user.name), asc(teamMember.memberId))
}

export type MembershipRow = MemberRow & { leaderName: string; leaderEmail: string; leadsBrokerage: boolean }

/** The teams the user is a member of, with their leaders (and whether each leads a brokerage). */
export async function listMemberships(db: Db, memberId: string): Promise<MembershipRow[]> {
  return db
    .select({ ...getTableColumns(teamMember), leaderName: user.name, leaderEmail: user.email, leadsBrokerage: leadsBrokerageSql(sql`"team_member"."leader_id"`) })
    .from(teamMember)
    .innerJoin(user, eq(user.id, teamMember.leaderId))
    .where(eq(teamMember.memberId, memberId))
    .orderBy(asc(user.name))
}

/** The member's row, locked until the transaction ends, so two changes to one member do not interleave. */
export async function lockMember(db: Db, { leaderId, memberId }: { leaderId: string; memberId: string }): Promise<MemberRow | null> {
  const [row] = await db
    .select()
    .from(teamMember)
    .where(and(eq(teamMember.leaderId, leaderId), eq(teamMember.memberId, memberId)))
    .for('update')
  return row ?? null
}

export async function insertMember(db: Db, values: typeof teamMember.$inferInsert): Promise<void> {
  await db.insert(teamMember).values(values)
}

export async function updateMemberAccess(db: Db, { leaderId, memberId, access }: { leaderId: string; memberId: string; access: string }): Promise<void> {
  await db.update(teamMember).set({ access }).where(and(eq(teamMember.leaderId, leaderId), eq(teamMember.memberId, memberId)))
}

/** Replaces a member's designated listings and offers. */
export async function replaceDesignations(db: Db, { leaderId, memberId, listingIds, offerIds }: { leaderId: string; memberId: string; listingIds: readonly string[]; offerIds: readonly string[] }): Promise<void> {
  await db.delete(teamMemberListing).where(and(eq(teamMemberListing.leaderId, leaderId), eq(teamMemberListing.memberId, memberId)))
  await db.delete(teamMemberOffer).where(and(eq(teamMemberOffer.leaderId, leaderId), eq(teamMemberOffer.memberId, memberId)))
  if (listingIds.length > 0) await db.insert(teamMemberListing).values(listingIds.map((listingId) => ({ leaderId, memberId, listingId }))).onConflictDoNothing()
  if (offerIds.length > 0) await db.insert(teamMemberOffer).values(offerIds.map((offerId) => ({ leaderId, memberId, offerId }))).onConflictDoNothing()
}

/** Removes a member and their designations: their access ends with the next request. */
export async function deleteMember(db: Db, { leaderId, memberId }: { leaderId: string; memberId: string }): Promise<boolean> {
  await replaceDesignations(db, { leaderId, memberId, listingIds: [], offerIds: [] })
  const rows = await db
    .delete(teamMember)
    .where(and(eq(teamMember.leaderId, leaderId), eq(teamMember.memberId, memberId)))
    .returning({ memberId: teamMember.memberId })
  return rows.length > 0
}

/** The designated listing and offer ids of each of a leader's members. */
export async function designationsOf(db: Db, leaderId: string): Promise<{ listings: Map<string, string[]>; offers: Map<string, string[]> }> {
  const [listingRows, offerRows] = await Promise.all([
    db.select({ memberId: teamMemberListing.memberId, id: teamMemberListing.listingId }).from(teamMemberListing).where(eq(teamMemberListing.leaderId, leaderId)),
    db.select({ memberId: teamMemberOffer.memberId, id: teamMemberOffer.offerId }).from(teamMemberOffer).where(eq(teamMemberOffer.leaderId, leaderId)),
  ])
  const group = (rows: { memberId: string; id: string }[]) => {
    const byMember = new Map<string, string[]>()
    for (const row of rows) byMember.set(row.memberId, [...(byMember.get(row.memberId) ?? []), row.id])
    return byMember
  }
  return { listings: group(listingRows), offers: group(offerRows) }
}

/**
 * Another team the user is on, of the same kind as the leader's (decision 072): a principal broker's
 * team (the brokerage, its agents and its staff), or an agent's team. One of each: a person may be in
 * a brokerage and on an agent's team at the same time.
 */
export async function otherTeamOf(db: Db, { memberId, leaderId }: { memberId: string; leaderId: string }): Promise<{ leaderName: string } | null> {
  const [row] = await db
    .select({ leaderName: user.name })
    .from(teamMember)
    .innerJoin(user, eq(user.id, teamMember.leaderId))
    .where(and(eq(teamMember.memberId, memberId), ne(teamMember.leaderId, leaderId), sql`${leadsBrokerageSql(sql`"team_member"."leader_id"`)} = ${leadsBrokerageSql(leaderId)}`))
    .limit(1)
  return row ?? null
}

// ---------------------------------------------------------------------------------------------
// What a leader can designate

const notDeleted = ne(listing.standardStatus, 'Delete')

/** The leader's own listings (as owner or listing agent), newest change first. */
export async function leaderListings(db: Db, leaderId: string, ids?: readonly string[]): Promise<{ id: string; label: string }[]> {
  if (ids && ids.length === 0) return []
  return db
    .select({ id: listing.id, label: listing.unparsedAddress })
    .from(listing)
    .where(and(or(eq(listing.ownerId, leaderId), eq(listing.listAgentUserId, leaderId)), notDeleted, ids ? inArray(listing.id, [...ids]) : undefined))
    .orderBy(desc(listing.modificationTimestamp), desc(listing.id))
    .limit(500)
    .then((rows) => rows.map((row) => ({ id: row.id, label: row.label ?? '' })))
}

/** The leader's own offers as the buyer side, with the address of the home. */
export async function leaderOffers(db: Db, leaderId: string, ids?: readonly string[]): Promise<{ id: string; label: string }[]> {
  if (ids && ids.length === 0) return []
  const rows = await db
    .select({ id: offer.id, label: listing.unparsedAddress })
    .from(offer)
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .where(and(eq(offer.buyerId, leaderId), ids ? inArray(offer.id, [...ids]) : undefined))
    .orderBy(desc(offer.updatedAt), desc(offer.id))
    .limit(500)
  return rows.map((row) => ({ id: row.id, label: row.label ?? '' }))
}

// ---------------------------------------------------------------------------------------------
// Invitations

export async function insertInvitation(db: Db, values: NewInvitationRow): Promise<InvitationRow> {
  const [row] = await db.insert(teamInvitation).values(values).returning()
  if (!row) throw new Error('invitation insert returned no row')
  return row
}

/** The leader's invitations not yet accepted nor revoked, newest first (expired ones too: they can be sent again). */
export async function listOpenInvitations(db: Db, leaderId: string): Promise<InvitationRow[]> {
  return db
    .select()
    .from(teamInvitation)
    .where(and(eq(teamInvitation.leaderId, leaderId), isNull(teamInvitation.acceptedAt), isNull(teamInvitation.revokedAt)))
    .orderBy(desc(teamInvitation.createdAt), desc(teamInvitation.id))
}

export async function findOpenInvitationTo(db: Db, { leaderId, email }: { leaderId: string; email: string }): Promise<InvitationRow | null> {
  const [row] = await db
    .select()
    .from(teamInvitation)
    .where(and(eq(teamInvitation.leaderId, leaderId), eq(teamInvitation.email, email), isNull(teamInvitation.acceptedAt), isNull(teamInvitation.revokedAt)))
    .limit(1)
  return row ?? null
}

export async function lockInvitation(db: Db, id: string): Promise<InvitationRow | null> {
  const [row] = await db.select().from(teamInvitation).where(eq(teamInvitation.id, id)).for('update')
  return row ?? null
}

export async function findInvitationByToken(db: Db, tokenHash: string, { lock = false }: { lock?: boolean } = {}): Promise<InvitationRow | null> {
  const query = db.select().from(teamInvitation).where(eq(teamInvitation.tokenHash, tokenHash))
  const [row] = lock ? await query.for('update') : await query
  return row ?? null
}

export async function updateInvitation(db: Db, id: string, changes: Partial<NewInvitationRow>): Promise<InvitationRow> {
  const [row] = await db.update(teamInvitation).set(changes).where(eq(teamInvitation.id, id)).returning()
  if (!row) throw new Error('invitation update returned no row')
  return row
}

// ---------------------------------------------------------------------------------------------
// What a team gives a member beyond listings (team-access.ts)

export type Leader = { leaderId: string; leaderName: string }
export type TeamReach = { all: Leader[]; designatedOffers: (Leader & { offerId: string })[] }

/** The leaders whose every transaction the user sees, and the offers designated to the user. */
export async function teamReach(db: Db, userId: string): Promise<TeamReach> {
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

/**
 * The where condition on offer for the buyer side: the user's own offers, every offer of the leaders
 * in `all`, the designated ones (still the leader's), and `alsoReads` (a brokerage's, decision 072).
 */
export function buyerSideCondition(userId: string, { all, designatedOffers }: TeamReach, alsoReads?: SQL): SQL {
  const condition = or(
    eq(offer.buyerId, userId),
    alsoReads,
    all.length > 0 ? inArray(offer.buyerId, all.map((leader) => leader.leaderId)) : undefined,
    ...designatedOffers.map((row) => and(eq(offer.id, row.offerId), eq(offer.buyerId, row.leaderId))),
  )
  if (!condition) throw new Error('the buyer-side condition is never empty')
  return condition
}

/** The owner and listing agent of each of these listings. */
export async function listingManagers(db: Db, listingIds: readonly string[]): Promise<{ id: string; ownerId: string | null; listAgentUserId: string | null }[]> {
  return db
    .select({ id: listing.id, ownerId: listing.ownerId, listAgentUserId: listing.listAgentUserId })
    .from(listing)
    .where(inArray(listing.id, [...listingIds]))
}

/** Every leader whose team the user joined, with the leader's name. */
export async function leadersOfMember(db: Db, memberId: string): Promise<Leader[]> {
  return db
    .select({ leaderId: teamMember.leaderId, leaderName: user.name })
    .from(teamMember)
    .innerJoin(user, eq(user.id, teamMember.leaderId))
    .where(eq(teamMember.memberId, memberId))
}

// ---------------------------------------------------------------------------------------------
// What a principal broker's team gives its staff (decision 072): the brokerage's transactions, read-only

/** A team the user is on as the leader's staff (not as an agent of the leader's brokerage), with the leader's brokerage agents. */
export type BrokerageGrant = Leader & { access: 'all' | 'designated'; agentIds: string[]; listingIds: string[]; offerIds: string[] }

/**
 * The teams the user is on without being an agent of the leader's brokerage, whose leader leads a
 * brokerage (has brokerage agents), with those agents and the listings and offers designated there.
 * A designation counts only while its transaction is still one of the brokerage's (the caller checks).
 */
export async function brokerageGrants(db: Db, userId: string): Promise<BrokerageGrant[]> {
  const teams = await db
    .select({ leaderId: teamMember.leaderId, leaderName: user.name, access: teamMember.access })
    .from(teamMember)
    .innerJoin(user, eq(user.id, teamMember.leaderId))
    // An agent of the brokerage with 'all' sees the broker's own transactions (decision 023), not the other agents'.
    .where(and(eq(teamMember.memberId, userId), or(eq(teamMember.brokerage, false), eq(teamMember.access, 'designated'))))
  if (teams.length === 0) return []
  const leaderIds = teams.map((row) => row.leaderId)
  const [agents, listings, offers] = await Promise.all([
    db
      .select({ leaderId: teamMember.leaderId, agentId: teamMember.memberId })
      .from(teamMember)
      .where(and(inArray(teamMember.leaderId, leaderIds), eq(teamMember.brokerage, true), eq(teamMember.kind, 'agent'), ne(teamMember.memberId, userId))),
    db
      .select({ leaderId: teamMemberListing.leaderId, id: teamMemberListing.listingId })
      .from(teamMemberListing)
      .where(and(eq(teamMemberListing.memberId, userId), inArray(teamMemberListing.leaderId, leaderIds))),
    db
      .select({ leaderId: teamMemberOffer.leaderId, id: teamMemberOffer.offerId })
      .from(teamMemberOffer)
      .where(and(eq(teamMemberOffer.memberId, userId), inArray(teamMemberOffer.leaderId, leaderIds))),
  ])
  const of = <T extends { leaderId: string }>(rows: T[], leaderId: string): T[] => rows.filter((row) => row.leaderId === leaderId)
  return teams.flatMap((team) => {
    const agentIds = of(agents, team.leaderId).map((row) => row.agentId)
    if (agentIds.length === 0) return []
    const designated = team.access === 'designated'
    return [
      {
        leaderId: team.leaderId,
        leaderName: team.leaderName,
        access: designated ? ('designated' as const) : ('all' as const),
        agentIds,
        listingIds: designated ? of(listings, team.leaderId).map((row) => row.id) : [],
        offerIds: designated ? of(offers, team.leaderId).map((row) => row.id) : [],
      },
    ]
  })
}

/** A listing of one of the agents, published at least once (a draft is no transaction yet, and the reader could not open it). */
const listingOfAny = (agentIds: readonly string[]) => and(or(inArray(listing.ownerId, [...agentIds]), inArray(listing.listAgentUserId, [...agentIds])), ne(listing.standardStatus, 'Incomplete'))

/** The listings the grants let the user read, as a condition on listing (undefined: none). */
export function brokerageListingCondition(grants: readonly BrokerageGrant[]): SQL | undefined {
  return or(
    ...grants.map((grant) =>
      grant.access === 'all' ? listingOfAny(grant.agentIds) : grant.listingIds.length > 0 ? and(inArray(listing.id, grant.listingIds), listingOfAny(grant.agentIds)) : undefined,
    ),
  )
}

/** The offers (never a draft) the grants let the user read as the buyer side's, as a condition on offer (undefined: none). */
export function brokerageBuyerCondition(grants: readonly BrokerageGrant[]): SQL | undefined {
  const condition = or(
    ...grants.map((grant) =>
      grant.access === 'all' ? inArray(offer.buyerId, grant.agentIds) : grant.offerIds.length > 0 ? and(inArray(offer.id, grant.offerIds), inArray(offer.buyerId, grant.agentIds)) : undefined,
    ),
  )
  return condition ? and(condition, ne(offer.status, 'draft')) : undefined
}

/**
 * Who might read these agents' transactions through a team (the other direction of teamReach and
 * brokerageGrants): the members of the agents' own teams, and the staff of the brokerages they are
 * agents of (members of the principal broker's team who are not its agents, or who were given
 * 'Designated transactions'). A candidate only: the caller checks each with the reader's own rule.
 */
export async function teamReaderCandidates(db: Db, agentIds: readonly string[]): Promise<string[]> {
  if (agentIds.length === 0) return []
  const brokers = db
    .select({ id: teamMember.leaderId })
    .from(teamMember)
    .where(and(inArray(teamMember.memberId, [...agentIds]), eq(teamMember.brokerage, true), eq(teamMember.kind, 'agent')))
  const rows = await db
    .selectDistinct({ memberId: teamMember.memberId })
    .from(teamMember)
    .where(
      or(
        inArray(teamMember.leaderId, [...agentIds]),
        and(inArray(teamMember.leaderId, brokers), or(eq(teamMember.brokerage, false), eq(teamMember.access, 'designated'))),
      ),
    )
  return rows.map((row) => row.memberId)
}

/** Whether the listing is one the grants let the user read. */
export async function readsListingThroughBrokerage(db: Db, grants: readonly BrokerageGrant[], listingId: string): Promise<boolean> {
  const condition = brokerageListingCondition(grants)
  if (!condition) return false
  const [row] = await db.select({ id: listing.id }).from(listing).where(and(eq(listing.id, listingId), condition)).limit(1)
  return row !== undefined
}

/** What a principal broker can designate: the listings of the brokerage's agents (as owner or listing agent; no draft), newest change first. */
export async function brokerageListings(db: Db, brokerId: string, ids?: readonly string[]): Promise<{ id: string; label: string }[]> {
  if (ids && ids.length === 0) return []
  const agents = db.select({ id: teamMember.memberId }).from(teamMember).where(and(eq(teamMember.leaderId, brokerId), eq(teamMember.brokerage, true), eq(teamMember.kind, 'agent')))
  return db
    .select({ id: listing.id, label: listing.unparsedAddress })
    .from(listing)
    .where(and(or(inArray(listing.ownerId, agents), inArray(listing.listAgentUserId, agents)), notDeleted, ne(listing.standardStatus, 'Incomplete'), ids ? inArray(listing.id, [...ids]) : undefined))
    .orderBy(desc(listing.modificationTimestamp), desc(listing.id))
    .limit(500)
    .then((rows) => rows.map((row) => ({ id: row.id, label: row.label ?? '' })))
}

/** What a principal broker can designate: the offers the brokerage's agents made as the buyer side, with the address of the home. */
export async function brokerageOffers(db: Db, brokerId: string, ids?: readonly string[]): Promise<{ id: string; label: string }[]> {
  if (ids && ids.length === 0) return []
  const agents = db.select({ id: teamMember.memberId }).from(teamMember).where(and(eq(teamMember.leaderId, brokerId), eq(teamMember.brokerage, true), eq(teamMember.kind, 'agent')))
  const rows = await db
    .select({ id: offer.id, label: listing.unparsedAddress })
    .from(offer)
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .where(and(inArray(offer.buyerId, agents), ne(offer.status, 'draft'), ids ? inArray(offer.id, [...ids]) : undefined))
    .orderBy(desc(offer.updatedAt), desc(offer.id))
    .limit(500)
  return rows.map((row) => ({ id: row.id, label: row.label ?? '' }))
}

/** Whether the offer is one the grants let the user read: made by one of the agents, or on one of their listings, never a draft (decision 072). */
export async function readsOfferThroughBrokerage(db: Db, grants: readonly BrokerageGrant[], offerId: string): Promise<boolean> {
  const buyerSide = brokerageBuyerCondition(grants)
  const listingSide = brokerageListingCondition(grants)
  const [row] = await db
    .select({ id: offer.id })
    .from(offer)
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .where(and(eq(offer.id, offerId), ne(offer.status, 'draft'), or(buyerSide, listingSide)))
    .limit(1)
  return row !== undefined
}
