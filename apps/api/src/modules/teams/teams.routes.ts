import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { PAGE_ROLES } from '@offerbook/domain/roles'
import {
  MyTeamSchema,
  TeamAccessInputSchema,
  TeamInvitationPreviewSchema,
  TeamInvitationTokenSchema,
  TeamInvitationViewSchema,
  TeamInviteSchema,
  TeamMembershipSchema,
  TeamMembershipsSchema,
  TeamMemberViewSchema,
} from '@offerbook/domain/teams'
import type { Db } from '../../db/client'
import { signedIn } from '../../http/signed-in'
import { acceptInvitation, declineInvitation, inviteMember, previewInvitation, resendInvitation, revokeInvitation } from './team-invitations.service'
import { changeMemberAccess, getMyTeam, getMyMemberships, leaveTeam, removeMember } from './teams.service'
import { errors } from '../../http/api-errors'
import { routeOptions } from '../../http/route-options'

export type TeamsRoutesOptions = { db: Db; publicUrl: string }

/** The leader's side sits behind /manageTeam (spec section 2). */
const leader = PAGE_ROLES.manageTeam
/** The invitee's and the member's side: anyone signed in, as support staff need not hold an agent's role. */
const anyone = 'signed-in' as const
const InvitationParams = z.object({ id: z.string() })
const MemberParams = z.object({ memberId: z.string() })
const LeaderParams = z.object({ leaderId: z.string() })
const NoContent = z.null()

/** Teams (issue #16): the leader's team and invitations, the invitee's accept page, the member's teams. */
export const teamsRoutes: FastifyPluginAsyncZod<TeamsRoutesOptions> = async (app, { db, publicUrl }) => {
  app.get(
    '/api/team',
    routeOptions(leader, 'teams', "The caller's team: members, open invitations, what can be designated, and the teams the caller is in", { operationId: 'getMyTeam', response: { 200: MyTeamSchema, ...errors(401, 403) } }),
    async (request) => getMyTeam(db, { actor: signedIn(request.user) }),
  )

  app.post(
    '/api/team/invitations',
    routeOptions(leader, 'teams', 'Invite an agent or support staff by email, with all or designated access', { operationId: 'inviteTeamMember', body: TeamInviteSchema, response: { 201: TeamInvitationViewSchema, ...errors(400, 401, 403, 409) } }),
    async (request, reply) => reply.code(201).send(await inviteMember(db, { actor: signedIn(request.user), input: request.body, publicUrl })),
  )

  app.delete(
    '/api/team/invitations/:id',
    routeOptions(leader, 'teams', 'Withdraw an open invitation: its link stops working', { operationId: 'revokeTeamInvitation', params: InvitationParams, response: { 204: NoContent, ...errors(401, 403, 404, 409) } }),
    async (request, reply) => {
      await revokeInvitation(db, { actor: signedIn(request.user), id: request.params.id })
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/api/team/invitations/:id/resend',
    routeOptions(leader, 'teams', 'Email an open invitation again with a new link and a new expiry', { operationId: 'resendTeamInvitation', params: InvitationParams, response: { 200: TeamInvitationViewSchema, ...errors(401, 403, 404, 409) } }),
    async (request) => resendInvitation(db, { actor: signedIn(request.user), id: request.params.id, publicUrl }),
  )

  app.post(
    '/api/team/invitations/preview',
    routeOptions('public', 'teams', 'Who invites the holder of a link, as what, and whether the link can still be used', { operationId: 'previewTeamInvitation', body: TeamInvitationTokenSchema, response: { 200: TeamInvitationPreviewSchema, ...errors(400, 404) } }),
    async (request) => previewInvitation(db, { token: request.body.token }),
  )

  app.post(
    '/api/team/invitations/accept',
    routeOptions(anyone, 'teams', "Join the leader's team with the invitation's access (single use; the account's email must be the invitation's)", { operationId: 'acceptTeamInvitation', body: TeamInvitationTokenSchema, response: { 200: TeamMembershipSchema, ...errors(400, 401, 403, 404, 409) } }),
    async (request) => acceptInvitation(db, { actor: signedIn(request.user), token: request.body.token }),
  )

  app.post(
    '/api/team/invitations/decline',
    routeOptions(anyone, 'teams', 'Decline an invitation sent to the caller: its link stops working', { operationId: 'declineTeamInvitation', body: TeamInvitationTokenSchema, response: { 204: NoContent, ...errors(400, 401, 403, 404, 409) } }),
    async (request, reply) => {
      await declineInvitation(db, { actor: signedIn(request.user), token: request.body.token })
      return reply.code(204).send(null)
    },
  )

  app.put(
    '/api/team/members/:memberId',
    routeOptions(leader, 'teams', "Change a member's access: all transactions, or designated listings and offers", { operationId: 'changeTeamMemberAccess', params: MemberParams, body: TeamAccessInputSchema, response: { 200: TeamMemberViewSchema, ...errors(400, 401, 403, 404) } }),
    async (request) => changeMemberAccess(db, { actor: signedIn(request.user), memberId: request.params.memberId, input: request.body }),
  )

  app.delete(
    '/api/team/members/:memberId',
    routeOptions(leader, 'teams', 'Remove a member: their access ends with their next request', { operationId: 'removeTeamMember', params: MemberParams, response: { 204: NoContent, ...errors(401, 403, 404) } }),
    async (request, reply) => {
      await removeMember(db, { actor: signedIn(request.user), memberId: request.params.memberId })
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/api/team/memberships',
    routeOptions(anyone, 'teams', 'The teams the caller is a member of', { operationId: 'listTeamMemberships', response: { 200: TeamMembershipsSchema, ...errors(401) } }),
    async (request) => getMyMemberships(db, { actor: signedIn(request.user) }),
  )

  app.delete(
    '/api/team/memberships/:leaderId',
    routeOptions(anyone, 'teams', "Leave a leader's team (a brokerage too)", { operationId: 'leaveTeam', params: LeaderParams, response: { 204: NoContent, ...errors(401, 404) } }),
    async (request, reply) => {
      await leaveTeam(db, { actor: signedIn(request.user), leaderId: request.params.leaderId })
      return reply.code(204).send(null)
    },
  )
}
