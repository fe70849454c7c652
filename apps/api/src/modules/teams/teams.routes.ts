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

export type TeamsRoutesOptions = { db: Db; publicUrl: string }

/** The leader's side sits behind /manageTeam (spec section 2). */
const leader = { access: PAGE_ROLES.manageTeam }
/** The invitee's and the member's side: anyone signed in, as support staff need not hold an agent's role. */
const anyone = { access: 'signed-in' } as const
const InvitationParams = z.object({ id: z.string() })
const MemberParams = z.object({ memberId: z.string() })
const LeaderParams = z.object({ leaderId: z.string() })
const NoContent = z.null()

/** Teams (issue #16): the leader's team and invitations, the invitee's accept page, the member's teams. */
export const teamsRoutes: FastifyPluginAsyncZod<TeamsRoutesOptions> = async (app, { db, publicUrl }) => {
  app.get(
    '/api/team',
    {
      config: leader,
      schema: { tags: ['teams'], operationId: 'getMyTeam', summary: "The caller's team: members, open invitations, what can be designated, and the teams the caller is in", response: { 200: MyTeamSchema, ...errors(401, 403) } },
    },
    async (request) => getMyTeam(db, { actor: signedIn(request.user) }),
  )

  app.post(
    '/api/team/invitations',
    {
      config: leader,
      schema: { tags: ['teams'], operationId: 'inviteTeamMember', summary: 'Invite an agent or support staff by email, with all or designated access', body: TeamInviteSchema, response: { 201: TeamInvitationViewSchema, ...errors(400, 401, 403, 409) } },
    },
    async (request, reply) => reply.code(201).send(await inviteMember(db, { actor: signedIn(request.user), input: request.body, publicUrl })),
  )

  app.delete(
    '/api/team/invitations/:id',
    {
      config: leader,
      schema: { tags: ['teams'], operationId: 'revokeTeamInvitation', summary: 'Withdraw an open invitation: its link stops working', params: InvitationParams, response: { 204: NoContent, ...errors(401, 403, 404, 409) } },
    },
    async (request, reply) => {
      await revokeInvitation(db, { actor: signedIn(request.user), id: request.params.id })
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/api/team/invitations/:id/resend',
    {
      config: leader,
      schema: { tags: ['teams'], operationId: 'resendTeamInvitation', summary: 'Email an open invitation again with a new link and a new expiry', params: InvitationParams, response: { 200: TeamInvitationViewSchema, ...errors(401, 403, 404, 409) } },
    },
    async (request) => resendInvitation(db, { actor: signedIn(request.user), id: request.params.id, publicUrl }),
  )

  app.post(
    '/api/team/invitations/preview',
    {
      config: { access: 'public' },
      schema: { tags: ['teams'], operationId: 'previewTeamInvitation', summary: 'Who invites the holder of a link, as what, and whether the link can still be used', body: TeamInvitationTokenSchema, response: { 200: TeamInvitationPreviewSchema, ...errors(400, 404) } },
    },
    async (request) => previewInvitation(db, { token: request.body.token }),
  )

  app.post(
    '/api/team/invitations/accept',
    {
      config: anyone,
      schema: { tags: ['teams'], operationId: 'acceptTeamInvitation', summary: "Join the leader's team with the invitation's access (single use; the account's email must be the invitation's)", body: TeamInvitationTokenSchema, response: { 200: TeamMembershipSchema, ...errors(400, 401, 403, 404, 409) } },
    },
    async (request) => acceptInvitation(db, { actor: signedIn(request.user), token: request.body.token }),
  )

  app.post(
    '/api/team/invitations/decline',
    {
      config: anyone,
      schema: { tags: ['teams'], operationId: 'declineTeamInvitation', summary: 'Decline an invitation sent to the caller: its link stops working', body: TeamInvitationTokenSchema, response: { 204: NoContent, ...errors(400, 401, 403, 404, 409) } },
    },
    async (request, reply) => {
      await declineInvitation(db, { actor: signedIn(request.user), token: request.body.token })
      return reply.code(204).send(null)
    },
  )

  app.put(
    '/api/team/members/:memberId',
    {
      config: leader,
      schema: { tags: ['teams'], operationId: 'changeTeamMemberAccess', summary: "Change a member's access: all transactions, or designated listings and offers", params: MemberParams, body: TeamAccessInputSchema, response: { 200: TeamMemberViewSchema, ...errors(400, 401, 403, 404) } },
    },
    async (request) => changeMemberAccess(db, { actor: signedIn(request.user), memberId: request.params.memberId, input: request.body }),
  )

  app.delete(
    '/api/team/members/:memberId',
    {
      config: leader,
      schema: { tags: ['teams'], operationId: 'removeTeamMember', summary: 'Remove a member: their access ends with their next request', params: MemberParams, response: { 204: NoContent, ...errors(401, 403, 404) } },
    },
    async (request, reply) => {
      await removeMember(db, { actor: signedIn(request.user), memberId: request.params.memberId })
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/api/team/memberships',
    {
      config: anyone,
      schema: { tags: ['teams'], operationId: 'listTeamMemberships', summary: 'The teams the caller is a member of', response: { 200: TeamMembershipsSchema, ...errors(401) } },
    },
    async (request) => getMyMemberships(db, { actor: signedIn(request.user) }),
  )

  app.delete(
    '/api/team/memberships/:leaderId',
    {
      config: anyone,
      schema: { tags: ['teams'], operationId: 'leaveTeam', summary: "Leave a leader's team (a brokerage too)", params: LeaderParams, response: { 204: NoContent, ...errors(401, 404) } },
    },
    async (request, reply) => {
      await leaveTeam(db, { actor: signedIn(request.user), leaderId: request.params.leaderId })
      return reply.code(204).send(null)
    },
  )
}
