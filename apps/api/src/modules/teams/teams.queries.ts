import { and, asc, desc, eq, getTableColumns, inArray, isNull, ne, or } from 'drizzle-orm'
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

export type MembershipRow = MemberRow & { leaderName: string; leaderEmail: string }

/** The teams the user is a member of, with their leaders. */
export async function listMemberships(db: Db, memberId: string): Promise<MembershipRow[]> {
  return db
    .select({ ...getTableColumns(teamMember), leaderName: user.name, leaderEmail: user.email })
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

/** Another team the user is on, of the same kind (a brokerage, or an agent's team). */
export async function otherTeamOf(db: Db, { memberId, leaderId, brokerage }: { memberId: string; leaderId: string; brokerage: boolean }): Promise<{ leaderName: string } | null> {
  const [row] = await db
    .select({ leaderName: user.name })
    .from(teamMember)
    .innerJoin(user, eq(user.id, teamMember.leaderId))
    .where(and(eq(teamMember.memberId, memberId), ne(teamMember.leaderId, leaderId), eq(teamMember.brokerage, brokerage)))
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

/** The where condition on offer for the buyer side: the user's own offers, every offer of the leaders in `all`, and the designated ones (still the leader's). */
export function buyerSideCondition(userId: string, { all, designatedOffers }: TeamReach): SQL {
  const condition = or(
    eq(offer.buyerId, userId),
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
