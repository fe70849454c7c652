import { expect } from 'vitest'
import type { Role } from '@offerbook/domain/roles'
import type { TeamInvitationView, TeamInvite } from '@offerbook/domain/teams'
import type { TestApp } from '../../../test/build-test-app'
import type { CreatedUser } from '../../../test/factories'
import { createUser } from '../../../test/factories'
import type { OffersCall } from '../offers/offers.test-helpers'
import { emailsTo } from '../offers/offers.test-helpers'

/** A new user with these roles and, when given, a name. */
export const person = (t: TestApp, roles: Role[], name?: string): Promise<CreatedUser> => createUser(t, name ? { roles, name } : { roles })

/** The token of the newest invitation email to `email`, read from its link as the invitee would. */
export async function invitationToken(t: TestApp, email: string): Promise<string> {
  const mails = await emailsTo(t, email)
  const last = mails.at(-1)
  const match = last?.textBody.match(/team-invitation\?token=([A-Za-z0-9_-]+)/)
  if (!match?.[1]) throw new Error(`no invitation link in the mail to ${email}`)
  return match[1]
}

/** Invites and answers the invitation and its emailed token. */
export async function invite(call: OffersCall, t: TestApp, leader: CreatedUser, input: Partial<TeamInvite> & { email: string }): Promise<{ invitation: TeamInvitationView; token: string }> {
  const response = await call(leader, 'POST', '/api/team/invitations', { kind: 'agent', access: 'all', ...input })
  expect(response.statusCode, response.body).toBe(201)
  return { invitation: response.json<TeamInvitationView>(), token: await invitationToken(t, input.email.toLowerCase()) }
}

/** The member joins the leader's team through a real invitation. */
export async function joinByInvitation(call: OffersCall, t: TestApp, leader: CreatedUser, member: CreatedUser, input: Partial<TeamInvite> = {}): Promise<void> {
  const { token } = await invite(call, t, leader, { email: member.email, ...input })
  const accepted = await call(member, 'POST', '/api/team/invitations/accept', { token })
  expect(accepted.statusCode, accepted.body).toBe(200)
}

/** Pat leads a brokerage of Lena (listing agent) and Alex (buyer agent), who joined through invitations. */
export async function brokerageOfTwo(call: OffersCall, t: TestApp): Promise<{ pat: CreatedUser; lena: CreatedUser; alex: CreatedUser }> {
  const pat = await person(t, ['PRINCIPAL_BROKER'], 'Pat Broker')
  const lena = await person(t, ['SELLER_AGENT'], 'Lena Listing')
  const alex = await person(t, ['BUYER_AGENT'], 'Alex Agent')
  await joinByInvitation(call, t, pat, lena, { kind: 'agent', access: 'all' })
  await joinByInvitation(call, t, pat, alex, { kind: 'agent', access: 'all' })
  return { pat, lena, alex }
}
