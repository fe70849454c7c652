import type { TeamAccessInput, TeamInvitationState, TeamInvitationView, TeamMemberKind, TeamMemberView, TeamAccess } from '@offerbook/domain/teams'
import type { User } from '@offerbook/domain/user'
import { hasUnstorableCharacters, isUuid } from '@offerbook/domain/validation'
import { AppError, fieldError } from '../../app-error'
import type { Db } from '../../db/client'
import type { InvitationRow, MemberWithPerson } from './teams.queries'
import { brokerageListings, brokerageOffers, leaderListings, leaderOffers } from './teams.queries'

/** Ids are text (better-auth's): one longer than this, or with a character PostgreSQL cannot take, is no user's. */
const MAX_USER_ID_LENGTH = 200
export const isNoUsersId = (userId: string) => userId.length === 0 || userId.length > MAX_USER_ID_LENGTH || hasUnstorableCharacters(userId)

/** A principal broker's team is the brokerage; the agents they invite join it (support staff join the team only). */
export const leadsBrokerage = (leader: Pick<User, 'roles'>) => leader.roles.includes('PRINCIPAL_BROKER')
export const isBrokerageInvitation = (leader: Pick<User, 'roles'>, kind: TeamMemberKind) => leadsBrokerage(leader) && kind === 'agent'

export function invitationState(row: Pick<InvitationRow, 'acceptedAt' | 'revokedAt' | 'expiresAt'>, now: Date): TeamInvitationState {
  if (row.acceptedAt) return 'accepted'
  if (row.revokedAt) return 'revoked'
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending'
}

/** Why an invitation that is not pending cannot be used, in the invitee's words. */
export function refuseUnusable(state: TeamInvitationState): void {
  if (state === 'accepted') throw new AppError('CONFLICT', 'team.invitationUsed')
  if (state === 'revoked') throw new AppError('CONFLICT', 'team.invitationRevoked')
  if (state === 'expired') throw new AppError('CONFLICT', 'team.invitationExpired')
}

export function toInvitationView(row: InvitationRow, now: Date): TeamInvitationView {
  return {
    id: row.id,
    email: row.email,
    kind: row.kind as TeamMemberKind,
    access: row.access as TeamAccess,
    listingIds: row.access === 'designated' ? row.listingIds : [],
    offerIds: row.access === 'designated' ? row.offerIds : [],
    brokerage: row.brokerage,
    state: invitationState(row, now),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }
}

export function toMemberView(row: MemberWithPerson, designations: { listings: Map<string, string[]>; offers: Map<string, string[]> }): TeamMemberView {
  const designated = row.access === 'designated'
  return {
    userId: row.memberId,
    name: row.name,
    email: row.email,
    kind: row.kind as TeamMemberKind,
    access: row.access as TeamAccess,
    listingIds: designated ? (designations.listings.get(row.memberId) ?? []) : [],
    offerIds: designated ? (designations.offers.get(row.memberId) ?? []) : [],
    brokerage: row.brokerage,
    joinedAt: row.createdAt.toISOString(),
  }
}

const unique = (ids: readonly string[]) => [...new Set(ids.map((id) => id.toLowerCase()))]

type Transaction = { id: string; label: string }
const merged = (own: Transaction[], brokerage: Transaction[]): Transaction[] => [...own, ...brokerage.filter((row) => !own.some((mine) => mine.id === row.id))]

/**
 * What a leader can designate (decision 072): the listings they own or list, and, when they lead a
 * brokerage, those of the brokerage's agents (a leader with no brokerage agents has none of these).
 */
export async function designatableListings(db: Db, leaderId: string, ids?: readonly string[]): Promise<Transaction[]> {
  const [own, brokerage] = await Promise.all([leaderListings(db, leaderId, ids), brokerageListings(db, leaderId, ids)])
  return merged(own, brokerage)
}

/** The offers a leader made as the buyer side, and, when they lead a brokerage, those of its agents (never a draft). */
export async function designatableOffers(db: Db, leaderId: string, ids?: readonly string[]): Promise<Transaction[]> {
  const [own, brokerage] = await Promise.all([leaderOffers(db, leaderId, ids), brokerageOffers(db, leaderId, ids)])
  return merged(own, brokerage)
}

/**
 * The access as it will be stored: all (no designations), or designated transactions the leader can
 * designate (designatableListings, designatableOffers), at least one of them. Any other id is refused.
 */
export async function checkedAccess(db: Db, leaderId: string, input: TeamAccessInput): Promise<{ access: TeamAccess; listingIds: string[]; offerIds: string[] }> {
  if (input.access === 'all') return { access: 'all', listingIds: [], offerIds: [] }
  const listingIds = unique(input.listingIds)
  const offerIds = unique(input.offerIds)
  if (listingIds.length === 0 && offerIds.length === 0) throw fieldError('listingIds', 'team.designateSomething')
  if (!listingIds.every(isUuid)) throw fieldError('listingIds', 'team.listingNotYours')
  if (!offerIds.every(isUuid)) throw fieldError('offerIds', 'team.offerNotYours')
  const [listings, offers] = await Promise.all([designatableListings(db, leaderId, listingIds), designatableOffers(db, leaderId, offerIds)])
  if (listings.length !== listingIds.length) throw fieldError('listingIds', 'team.listingNotYours')
  if (offers.length !== offerIds.length) throw fieldError('offerIds', 'team.offerNotYours')
  return { access: 'designated', listingIds, offerIds }
}

/** A unique index refused the row: two accepts raced, or the member joined another brokerage meanwhile. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) if ((e as { code?: unknown }).code === '23505') return true
  return false
}
