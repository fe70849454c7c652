import type { MessageTable } from './table'

/** Keys team.* (issue #16, teams; see ../messages.ts for the rules of the catalogue). */
export const TEAM_MESSAGES = {
  'team.unknownKind': 'kind must be agent or staff',
  'team.unknownAccess': 'access must be all or designated',
  'team.badDesignation': 'Each designated listing or offer must be given by its id',
  'team.tooManyDesignations': 'A member can be designated at most {maximum} listings and {maximum} offers',
  'team.designateSomething': 'Choose at least one listing or offer, or give access to all transactions',
  'team.listingNotYours': 'A designated listing must be one of your own listings',
  'team.offerNotYours': 'A designated offer must be one of your own offers',
  'team.selfInvite': 'You cannot invite yourself',
  'team.alreadyMember': '{email} is already on your team',
  'team.alreadyInvited': '{email} already has a pending invitation. Send it again instead',
  'team.onAnotherTeam': '{email} is already on another team',
  'team.inAnotherBrokerage': '{email} already belongs to another brokerage',
  'team.invitationNotFound': 'This invitation link is not valid',
  'team.invitationExpired': 'This invitation has expired. Ask for a new one',
  'team.invitationRevoked': 'This invitation was withdrawn',
  'team.invitationUsed': 'This invitation has already been used',
  'team.wrongAccount': 'This invitation was sent to {email}. Sign in with that address to accept it',
  'team.alreadyInBrokerage': 'You already belong to the brokerage of {leaderName}. Leave it before joining another',
  'team.alreadyOnTeam': 'You are already on the team of {leaderName}. Leave it before joining another',
  'team.changedMeanwhile': 'Your teams changed meanwhile. Reload the invitation and try again',
  'team.memberNotFound': 'This person is not on your team',
  'team.membershipNotFound': 'You are not on this team',
} as const satisfies MessageTable
