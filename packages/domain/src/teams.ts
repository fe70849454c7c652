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
