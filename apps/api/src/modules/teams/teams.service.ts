import type { MyTeam, TeamAccessInput, TeamMemberKind, TeamMembership, TeamMemberships, TeamMemberView, TeamAccess } from '@offerbook/domain/teams'
import type { User } from '@offerbook/domain/user'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import { recordAudit } from '../admin/admin-audit'
import { teamChanged } from './team-invitations.service'
import { checkedAccess, designatableListings, designatableOffers, isNoUsersId, leadsBrokerage, toInvitationView, toMemberView } from './team-rules'
import type { MembershipRow } from './teams.queries'
import { deleteMember, designationsOf, listMembers, listMemberships, listOpenInvitations, lockMember, replaceDesignations, updateMemberAccess } from './teams.queries'

const memberNotFound = () => new AppError('NOT_FOUND', 'team.memberNotFound')

function toMembership(row: MembershipRow): TeamMembership {
  return {
    leaderId: row.leaderId,
    leaderName: row.leaderName,
    leaderEmail: row.leaderEmail,
    kind: row.kind as TeamMemberKind,
    access: row.access as TeamAccess,
    brokerage: row.brokerage,
    leadsBrokerage: row.leadsBrokerage,
    joinedAt: row.createdAt.toISOString(),
  }
}

/** The actor's team as /manageTeam shows it: members, open invitations, what can be designated, and the teams the actor is in. */
export async function getMyTeam(db: Db, { actor, now = new Date() }: { actor: User; now?: Date }): Promise<MyTeam> {
  const [members, designations, invitations, listings, offers, memberships] = await Promise.all([
    listMembers(db, actor.uid),
    designationsOf(db, actor.uid),
    listOpenInvitations(db, actor.uid),
    designatableListings(db, actor.uid),
    designatableOffers(db, actor.uid),
    listMemberships(db, actor.uid),
  ])
  return {
    brokerage: leadsBrokerage(actor),
    members: members.map((row) => toMemberView(row, designations)),
    invitations: invitations.map((row) => toInvitationView(row, now)),
    listings,
    offers,
    memberships: memberships.map(toMembership),
  }
}

/** The teams the user is a member of (any signed-in user: support staff need not be agents). */
export async function getMyMemberships(db: Db, { actor }: { actor: User }): Promise<TeamMemberships> {
  return { items: (await listMemberships(db, actor.uid)).map(toMembership) }
}

/** Changes a member's access; designated access replaces the designations. The member's next request reads it. */
export async function changeMemberAccess(db: Db, { actor, memberId, input }: { actor: User; memberId: string; input: TeamAccessInput }): Promise<TeamMemberView> {
  if (isNoUsersId(memberId)) throw memberNotFound()
  return db.transaction(async (tx) => {
    const member = await lockMember(tx, { leaderId: actor.uid, memberId })
    if (!member) throw memberNotFound()
    const access = await checkedAccess(tx, actor.uid, input)
    await updateMemberAccess(tx, { leaderId: actor.uid, memberId, access: access.access })
    await replaceDesignations(tx, { leaderId: actor.uid, memberId, listingIds: access.listingIds, offerIds: access.offerIds })
    await recordAudit(tx, {
      actorId: actor.uid,
      targetUserId: memberId,
      action: 'team.access',
      before: { access: member.access },
      after: { access: access.access, listings: access.listingIds.length, offers: access.offerIds.length },
    })
    await teamChanged(tx, [actor.uid, memberId])
    const [rows, designations] = await Promise.all([listMembers(tx, actor.uid), designationsOf(tx, actor.uid)])
    const row = rows.find((candidate) => candidate.memberId === memberId)
    if (!row) throw memberNotFound()
    return toMemberView(row, designations)
  })
}

/** Takes a member off the actor's team: from the next request they manage none of the actor's transactions. */
export async function removeMember(db: Db, { actor, memberId }: { actor: User; memberId: string }): Promise<void> {
  if (isNoUsersId(memberId)) throw memberNotFound()
  await db.transaction(async (tx) => {
    if (!(await deleteMember(tx, { leaderId: actor.uid, memberId }))) throw memberNotFound()
    await recordAudit(tx, { actorId: actor.uid, targetUserId: memberId, action: 'team.remove' })
    await teamChanged(tx, [actor.uid, memberId])
  })
}

/** The member leaves a team they are on (a brokerage too, so they can join another). */
export async function leaveTeam(db: Db, { actor, leaderId }: { actor: User; leaderId: string }): Promise<void> {
  if (isNoUsersId(leaderId)) throw new AppError('NOT_FOUND', 'team.membershipNotFound')
  await db.transaction(async (tx) => {
    if (!(await deleteMember(tx, { leaderId, memberId: actor.uid }))) throw new AppError('NOT_FOUND', 'team.membershipNotFound')
    await recordAudit(tx, { actorId: actor.uid, targetUserId: actor.uid, action: 'team.leave', before: { leaderId } })
    await teamChanged(tx, [leaderId, actor.uid])
  })
}
