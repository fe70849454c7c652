import { z } from 'zod'
import { emailSchema, freeText } from './validation'

/**
 * Teams (spec section 6, issue #16): an agent or a principal broker leads a team of agents and support
 * staff; each member sees all of the leader's transactions or only the ones designated to them. A
 * principal broker's team is the brokerage, and an agent belongs to at most one brokerage.
 */
export const TEAM_MEMBER_KINDS = ['agent', 'staff'] as const
export type TeamMemberKind = (typeof TEAM_MEMBER_KINDS)[number]

export const TEAM_ACCESS_LEVELS = ['all', 'designated'] as const
export type TeamAccess = (typeof TEAM_ACCESS_LEVELS)[number]

/** How long an invitation link stays good. */
export const TEAM_INVITATION_DAYS = 7

// ---------------------------------------------------------------------------------------------
// The shapes the API (modules/teams) and the pages (/manageTeam, the invitation page) share

export const TeamMemberKindSchema = z.enum(TEAM_MEMBER_KINDS, { error: 'team.unknownKind' })
export const TeamAccessSchema = z.enum(TEAM_ACCESS_LEVELS, { error: 'team.unknownAccess' })

/** How many listings or offers one member can be designated (a team's own transactions are far fewer). */
export const TEAM_MAX_DESIGNATIONS = 200

const designationIds = z
  .array(freeText({ error: 'team.badDesignation' }).trim().max(100, 'team.badDesignation'), { error: 'team.badDesignation' })
  .max(TEAM_MAX_DESIGNATIONS, 'team.tooManyDesignations')
  .default([])

/** The access a leader gives: all transactions, or the designated listings and offers (at least one). */
export const TeamAccessInputSchema = z.object({
  access: TeamAccessSchema,
  listingIds: designationIds,
  offerIds: designationIds,
})
export type TeamAccessInput = z.infer<typeof TeamAccessInputSchema>

/** POST /api/team/invitations */
export const TeamInviteSchema = TeamAccessInputSchema.extend({
  email: emailSchema,
  kind: TeamMemberKindSchema,
})
export type TeamInvite = z.infer<typeof TeamInviteSchema>

/** An invitation link's token, sent in a body so it stays out of addresses and logs. */
export const TeamInvitationTokenSchema = z.object({ token: freeText({ error: 'team.invitationNotFound' }).trim().min(1, 'team.invitationNotFound').max(200, 'team.invitationNotFound') })
export type TeamInvitationToken = z.infer<typeof TeamInvitationTokenSchema>

/** A listing or an offer a leader can designate, with the words the page shows for it. */
export const TeamTransactionSchema = z.object({ id: z.string(), label: z.string() })
export type TeamTransaction = z.infer<typeof TeamTransactionSchema>

/** What a member holds, or an invitation will give: their kind, access, designations and whether it is the brokerage. */
const TEAM_GRANT = {
  kind: TeamMemberKindSchema,
  access: TeamAccessSchema,
  listingIds: z.array(z.string()),
  offerIds: z.array(z.string()),
  brokerage: z.boolean(),
}

export const TeamMemberViewSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  ...TEAM_GRANT,
  joinedAt: z.string(),
})
export type TeamMemberView = z.infer<typeof TeamMemberViewSchema>

export const TEAM_INVITATION_STATES = ['pending', 'expired', 'revoked', 'accepted'] as const
export const TeamInvitationStateSchema = z.enum(TEAM_INVITATION_STATES)
export type TeamInvitationState = z.infer<typeof TeamInvitationStateSchema>

export const TeamInvitationViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  ...TEAM_GRANT,
  state: TeamInvitationStateSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
})
export type TeamInvitationView = z.infer<typeof TeamInvitationViewSchema>

/** A team the user is a member of. */
export const TeamMembershipSchema = z.object({
  leaderId: z.string(),
  leaderName: z.string(),
  leaderEmail: z.string(),
  kind: TeamMemberKindSchema,
  access: TeamAccessSchema,
  brokerage: z.boolean(),
  /** The leader is a principal broker: on their team as staff, the member reads the brokerage's transactions (decision 072). */
  leadsBrokerage: z.boolean().optional(),
  joinedAt: z.string(),
})
export type TeamMembership = z.infer<typeof TeamMembershipSchema>

export const TeamMembershipsSchema = z.object({ items: z.array(TeamMembershipSchema) })
export type TeamMemberships = z.infer<typeof TeamMembershipsSchema>

/** GET /api/team: the caller's own team, what they can designate, and the teams they are in. */
export const MyTeamSchema = z.object({
  /** The caller is a principal broker: their team is the brokerage. */
  brokerage: z.boolean(),
  members: z.array(TeamMemberViewSchema),
  invitations: z.array(TeamInvitationViewSchema),
  listings: z.array(TeamTransactionSchema),
  offers: z.array(TeamTransactionSchema),
  memberships: z.array(TeamMembershipSchema),
})
export type MyTeam = z.infer<typeof MyTeamSchema>

/** What the invitation page shows before the invitee acts. */
export const TeamInvitationPreviewSchema = z.object({
  leaderName: z.string(),
  email: z.string(),
  kind: TeamMemberKindSchema,
  brokerage: z.boolean(),
  state: TeamInvitationStateSchema,
  expiresAt: z.string(),
})
export type TeamInvitationPreview = z.infer<typeof TeamInvitationPreviewSchema>

/**
 * What a list row that reaches the user through a team says: whose transaction it is, and whether the
 * user only reads it (a principal broker's staff reading the brokerage's transactions, decision 072).
 */
export const TeamMarkSchema = z.object({ leaderName: z.string(), readOnly: z.boolean().optional() })
export type TeamMark = z.infer<typeof TeamMarkSchema>

/** The invitation page's path; the token travels in the link's fragment-free query. */
export const TEAM_INVITATION_PATH = '/team-invitation'
