import { createHash, randomBytes } from 'node:crypto'
import type { TeamInvitationPreview, TeamInvitationView, TeamInvite, TeamMemberKind, TeamMembership } from '@offerbook/domain/teams'
import { TEAM_INVITATION_DAYS } from '@offerbook/domain/teams'
import type { Language, User } from '@offerbook/domain/user'
import { DEFAULT_LANGUAGE, LanguageSchema } from '@offerbook/domain/user'
import { isUuid } from '@offerbook/domain/validation'
import { AppError, fieldError } from '../../app-error'
import type { Db } from '../../db/client'
import { recordAudit } from '../admin/admin-audit'
import { publishEvent } from '../events/events.publish'
import { enqueueEmail } from '../messaging/messaging.service'
import { checkedAccess, designatableListings, designatableOffers, invitationState, isBrokerageInvitation, isUniqueViolation, leadsBrokerage, refuseUnusable, toInvitationView } from './team-rules'
import type { InvitationRow } from './teams.queries'
import {
  findInvitationByToken,
  findOpenInvitationTo,
  findPerson,
  findPersonByEmail,
  insertInvitation,
  insertMember,
  lockInvitation,
  lockMember,
  otherTeamOf,
  replaceDesignations,
  updateInvitation,
} from './teams.queries'

const DAY_MS = 86_400_000
/** Only the token's SHA-256 is kept; the token itself is only in the invitee's email. */
export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex')
const newToken = () => randomBytes(32).toString('base64url')
const languageOf = (value: string | undefined): Language => LanguageSchema.catch(DEFAULT_LANGUAGE).parse(value)
const invitationNotFound = () => new AppError('NOT_FOUND', 'team.invitationNotFound')

/** The live page of whoever a team change touches follows it (decision 021). */
export const teamChanged = (tx: Db, recipients: string[]) => publishEvent(tx, { recipients, type: 'team.changed', data: {} })

/** Emails the invitation: in the invitee's language when they have an account, otherwise in the leader's. */
async function sendInvitation(tx: Db, { row, token, leader, publicUrl }: { row: InvitationRow; token: string; leader: User & { language?: string }; publicUrl: string }): Promise<void> {
  const invitee = await findPersonByEmail(tx, row.email)
  const leaderPerson = await findPerson(tx, leader.uid)
  const locale = languageOf(invitee?.language ?? leaderPerson?.language)
  await enqueueEmail(tx, 'team-invitation', { leaderName: leader.name, kind: row.kind as TeamMemberKind, brokerage: row.brokerage, token }, { to: row.email, locale, publicUrl })
}

/** Invites an address onto the actor's team with the access chosen now; it applies when the invitee accepts. */
export async function inviteMember(db: Db, { actor, input, publicUrl, now = new Date() }: { actor: User; input: TeamInvite; publicUrl: string; now?: Date }): Promise<TeamInvitationView> {
  const email = input.email.trim().toLowerCase()
  if (email === actor.email.toLowerCase()) throw fieldError('email', 'team.selfInvite')
  const brokerage = isBrokerageInvitation(actor, input.kind)
  return db.transaction(async (tx) => {
    const access = await checkedAccess(tx, actor.uid, input)
    const invitee = await findPersonByEmail(tx, email)
    if (invitee) {
      if (await lockMember(tx, { leaderId: actor.uid, memberId: invitee.id })) throw new AppError('CONFLICT', 'team.alreadyMember', { params: { email } })
      if (await otherTeamOf(tx, { memberId: invitee.id, leaderId: actor.uid })) {
        throw new AppError('CONFLICT', leadsBrokerage(actor) ? 'team.inAnotherBrokerage' : 'team.onAnotherTeam', { params: { email } })
      }
    }
    if (await findOpenInvitationTo(tx, { leaderId: actor.uid, email })) throw new AppError('CONFLICT', 'team.alreadyInvited', { params: { email } })
    const token = newToken()
    const row = await insertInvitation(tx, {
      leaderId: actor.uid,
      email,
      kind: input.kind,
      access: access.access,
      listingIds: access.listingIds,
      offerIds: access.offerIds,
      brokerage,
      tokenHash: hashInvitationToken(token),
      expiresAt: new Date(now.getTime() + TEAM_INVITATION_DAYS * DAY_MS),
    })
    await sendInvitation(tx, { row, token, leader: actor, publicUrl })
    await recordAudit(tx, { actorId: actor.uid, targetUserId: invitee?.id ?? null, action: 'team.invite', after: { email, kind: input.kind, access: access.access, brokerage } })
    return toInvitationView(row, now)
  })
}

/** The leader's open invitation, locked: 404 when it is not theirs, 409 when it was used or revoked meanwhile. */
async function lockOwnInvitation(tx: Db, actor: User, id: string): Promise<InvitationRow> {
  if (!isUuid(id)) throw invitationNotFound()
  const row = await lockInvitation(tx, id.toLowerCase())
  if (!row || row.leaderId !== actor.uid) throw invitationNotFound()
  if (row.acceptedAt) throw new AppError('CONFLICT', 'team.invitationUsed')
  if (row.revokedAt) throw new AppError('CONFLICT', 'team.invitationRevoked')
  return row
}

export async function revokeInvitation(db: Db, { actor, id, now = new Date() }: { actor: User; id: string; now?: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockOwnInvitation(tx, actor, id)
    await updateInvitation(tx, row.id, { revokedAt: now })
    await recordAudit(tx, { actorId: actor.uid, targetUserId: null, action: 'team.revoke', before: { email: row.email } })
  })
}

/** A new link (the old one stops working) and a new expiry, emailed again. */
export async function resendInvitation(db: Db, { actor, id, publicUrl, now = new Date() }: { actor: User; id: string; publicUrl: string; now?: Date }): Promise<TeamInvitationView> {
  return db.transaction(async (tx) => {
    const old = await lockOwnInvitation(tx, actor, id)
    const token = newToken()
    const row = await updateInvitation(tx, old.id, { tokenHash: hashInvitationToken(token), expiresAt: new Date(now.getTime() + TEAM_INVITATION_DAYS * DAY_MS) })
    await sendInvitation(tx, { row, token, leader: actor, publicUrl })
    return toInvitationView(row, now)
  })
}

/** What the invitation page shows anyone who holds the link: who invites, as what, and whether it can still be used. */
export async function previewInvitation(db: Db, { token, now = new Date() }: { token: string; now?: Date }): Promise<TeamInvitationPreview> {
  const row = await findInvitationByToken(db, hashInvitationToken(token))
  if (!row) throw invitationNotFound()
  const leader = await findPerson(db, row.leaderId)
  if (!leader) throw invitationNotFound()
  return { leaderName: leader.name, email: row.email, kind: row.kind as TeamMemberKind, brokerage: row.brokerage, state: invitationState(row, now), expiresAt: row.expiresAt.toISOString() }
}

/** The invitation the link names, locked, for the signed-in invitee: the address must be theirs and the link still good. */
async function lockInviteeInvitation(tx: Db, actor: User, token: string, now: Date): Promise<InvitationRow> {
  const row = await findInvitationByToken(tx, hashInvitationToken(token), { lock: true })
  if (!row) throw invitationNotFound()
  refuseUnusable(invitationState(row, now))
  if (row.email !== actor.email.toLowerCase()) throw new AppError('FORBIDDEN', 'team.wrongAccount', { params: { email: row.email } })
  return row
}

/**
 * Joins the leader's team with the access of the invitation (single use). It is refused to a member
 * of another team of the same kind (another principal broker's, or another agent's; decision 072);
 * designations the leader can no longer give are dropped.
 */
export async function acceptInvitation(db: Db, { actor, token, now = new Date() }: { actor: User; token: string; now?: Date }): Promise<TeamMembership> {
  try {
    return await db.transaction(async (tx) => {
      const row = await lockInviteeInvitation(tx, actor, token, now)
      const leader = await findPerson(tx, row.leaderId)
      if (!leader) throw invitationNotFound()
      if (await lockMember(tx, { leaderId: row.leaderId, memberId: actor.uid })) throw new AppError('CONFLICT', 'team.alreadyMember', { params: { email: row.email } })
      const other = await otherTeamOf(tx, { memberId: actor.uid, leaderId: row.leaderId })
      if (other) throw new AppError('CONFLICT', row.brokerage ? 'team.alreadyInBrokerage' : 'team.alreadyOnTeam', { params: { leaderName: other.leaderName } })
      const [listings, offers] = await Promise.all([designatableListings(tx, row.leaderId, row.listingIds), designatableOffers(tx, row.leaderId, row.offerIds)])
      await insertMember(tx, { leaderId: row.leaderId, memberId: actor.uid, access: row.access, kind: row.kind, brokerage: row.brokerage, createdAt: now })
      if (row.access === 'designated') await replaceDesignations(tx, { leaderId: row.leaderId, memberId: actor.uid, listingIds: listings.map((l) => l.id), offerIds: offers.map((o) => o.id) })
      await updateInvitation(tx, row.id, { acceptedAt: now, acceptedBy: actor.uid })
      await recordAudit(tx, { actorId: actor.uid, targetUserId: actor.uid, action: 'team.accept', after: { leaderId: row.leaderId, access: row.access, kind: row.kind, brokerage: row.brokerage } })
      await teamChanged(tx, [row.leaderId, actor.uid])
      return {
        leaderId: row.leaderId,
        leaderName: leader.name,
        leaderEmail: leader.email,
        kind: row.kind as TeamMemberKind,
        access: row.access as TeamMembership['access'],
        brokerage: row.brokerage,
        joinedAt: now.toISOString(),
      }
    })
  } catch (error) {
    // The one-brokerage index, or the same link accepted twice at once: the loser hears why.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'team.changedMeanwhile')
    throw error
  }
}

/** The invitee says no: the link stops working and the leader sees the invitation gone. */
export async function declineInvitation(db: Db, { actor, token, now = new Date() }: { actor: User; token: string; now?: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockInviteeInvitation(tx, actor, token, now)
    await updateInvitation(tx, row.id, { revokedAt: now })
    await recordAudit(tx, { actorId: actor.uid, targetUserId: actor.uid, action: 'team.decline', after: { leaderId: row.leaderId } })
    await teamChanged(tx, [row.leaderId])
  })
}
