import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { MyTeam, TeamInvitationPreview, TeamMembership } from '@offerbook/domain/teams'
import { adminAudit } from '../../db/schema/admin'
import { teamInvitation } from '../../db/schema/teams'
import { createTestListing, createTestOffer } from '../../../test/factories'
import { said } from '../listings/listings.test-helpers'
import { emailsTo, expectRefusal, offersTestApp } from '../offers/offers.test-helpers'
import { hashInvitationToken } from './team-invitations.service'
import { invitationToken, invite, joinByInvitation, person } from './teams.test-helpers'

const app = offersTestApp()
const { call } = app

describe('team invitations', () => {
  it('emails a link to the accept page; the invitee sees who invites them, accepts once, and joins with the access chosen', async () => {
    const { t } = app
    const lena = await person(t, ['SELLER_AGENT'], 'Lena Listing')
    const sam = await person(t, ['SELLER_AGENT'], 'Sam Member')
    const home = await createTestListing(t, { ownerId: lena.id, listAgentUserId: lena.id })
    const { invitation, token } = await invite(call, t, lena, { email: sam.email.toUpperCase(), kind: 'staff', access: 'designated', listingIds: [home.id] })
    expect(invitation).toMatchObject({ email: sam.email, kind: 'staff', access: 'designated', listingIds: [home.id], brokerage: false, state: 'pending' })
    const [mail] = await emailsTo(t, sam.email)
    expect(mail?.subject).toBe('Lena Listing invited you to join their team on Offerbook')
    expect(mail?.textBody).toContain('as support staff')
    // Only the hash is kept.
    const [stored] = await t.db.select().from(teamInvitation).where(eq(teamInvitation.id, invitation.id))
    expect(stored?.tokenHash).toBe(hashInvitationToken(token))
    expect(JSON.stringify(stored)).not.toContain(token)

    const preview = await call(null, 'POST', '/api/team/invitations/preview', { token })
    expect(preview.statusCode, preview.body).toBe(200)
    expect(preview.json<TeamInvitationPreview>()).toMatchObject({ leaderName: 'Lena Listing', email: sam.email, kind: 'staff', brokerage: false, state: 'pending' })

    const accepted = await call(sam, 'POST', '/api/team/invitations/accept', { token })
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.json<TeamMembership>()).toMatchObject({ leaderId: lena.id, leaderName: 'Lena Listing', access: 'designated', kind: 'staff', brokerage: false })
    const team = (await call(lena, 'GET', '/api/team')).json<MyTeam>()
    expect(team.members).toEqual([expect.objectContaining({ userId: sam.id, kind: 'staff', access: 'designated', listingIds: [home.id], offerIds: [] })])
    expect(team.invitations).toEqual([])
    expect(team.listings.map((listing) => listing.id)).toContain(home.id)

    // Single use: the same link again, by anyone, is refused with a clear word.
    expectRefusal(await call(sam, 'POST', '/api/team/invitations/accept', { token }), 409, said('team.invitationUsed'))
    expect((await call(null, 'POST', '/api/team/invitations/preview', { token })).json<TeamInvitationPreview>().state).toBe('accepted')
    const audit = await t.db.select().from(adminAudit).where(eq(adminAudit.actorId, sam.id))
    expect(audit.map((row) => row.action)).toContain('team.accept')
  })

  it('refuses an expired link, a revoked one, an unknown one, and an account with another email', async () => {
    const { t } = app
    const lena = await person(t, ['SELLER_AGENT'], 'Lena Listing')
    const sam = await person(t, ['BUYER_AGENT'])
    const mallory = await person(t, ['BUYER_AGENT'])
    const expiring = await invite(call, t, lena, { email: sam.email })
    expectRefusal(await call(mallory, 'POST', '/api/team/invitations/accept', { token: expiring.token }), 403, said('team.wrongAccount', { email: sam.email }))
    await t.db.update(teamInvitation).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(teamInvitation.id, expiring.invitation.id))
    expect((await call(null, 'POST', '/api/team/invitations/preview', { token: expiring.token })).json<TeamInvitationPreview>().state).toBe('expired')
    expectRefusal(await call(sam, 'POST', '/api/team/invitations/accept', { token: expiring.token }), 409, said('team.invitationExpired'))
    // The leader sees it expired and sends it again: a new link, and the old one stays dead.
    const listed = (await call(lena, 'GET', '/api/team')).json<MyTeam>().invitations
    expect(listed).toEqual([expect.objectContaining({ id: expiring.invitation.id, state: 'expired' })])
    const resent = await call(lena, 'POST', `/api/team/invitations/${expiring.invitation.id}/resend`)
    expect(resent.statusCode, resent.body).toBe(200)
    const fresh = await invitationToken(t, sam.email)
    expect(fresh).not.toBe(expiring.token)
    expectRefusal(await call(sam, 'POST', '/api/team/invitations/accept', { token: expiring.token }), 404, said('team.invitationNotFound'))

    // Revoked: the link says so, accepting is refused, and revoking twice is a conflict.
    const revoked = await call(lena, 'DELETE', `/api/team/invitations/${expiring.invitation.id}`)
    expect(revoked.statusCode, revoked.body).toBe(204)
    expect((await call(null, 'POST', '/api/team/invitations/preview', { token: fresh })).json<TeamInvitationPreview>().state).toBe('revoked')
    expectRefusal(await call(sam, 'POST', '/api/team/invitations/accept', { token: fresh }), 409, said('team.invitationRevoked'))
    expectRefusal(await call(lena, 'DELETE', `/api/team/invitations/${expiring.invitation.id}`), 409, said('team.invitationRevoked'))
    expectRefusal(await call(null, 'POST', '/api/team/invitations/preview', { token: 'not-a-token' }), 404, said('team.invitationNotFound'))
  })

  it('lets only the leader revoke or resend, and the invitee decline', async () => {
    const { t } = app
    const lena = await person(t, ['SELLER_AGENT'])
    const other = await person(t, ['SELLER_AGENT'])
    const sam = await person(t, ['SELLER_AGENT'])
    const { invitation, token } = await invite(call, t, lena, { email: sam.email })
    expectRefusal(await call(other, 'DELETE', `/api/team/invitations/${invitation.id}`), 404, said('team.invitationNotFound'))
    expectRefusal(await call(other, 'POST', `/api/team/invitations/${invitation.id}/resend`), 404, said('team.invitationNotFound'))
    expectRefusal(await call(lena, 'DELETE', '/api/team/invitations/not-an-id'), 404, said('team.invitationNotFound'))
    expectRefusal(await call(other, 'POST', '/api/team/invitations/decline', { token }), 403, said('team.wrongAccount', { email: sam.email }))
    expect((await call(sam, 'POST', '/api/team/invitations/decline', { token })).statusCode).toBe(204)
    expectRefusal(await call(sam, 'POST', '/api/team/invitations/accept', { token }), 409, said('team.invitationRevoked'))
    expect((await call(lena, 'GET', '/api/team')).json<MyTeam>().invitations).toEqual([])
  })

  it('refuses bad invitations: oneself, twice, a member, a listing or offer that is not the leader’s, nothing designated', async () => {
    const { t } = app
    const lena = await person(t, ['SELLER_AGENT'])
    const sam = await person(t, ['SELLER_AGENT'])
    const stranger = await person(t, ['SELLER_AGENT'])
    const theirs = await createTestListing(t, { ownerId: stranger.id })
    const theirOffer = await createTestOffer(t, { buyer: stranger })
    const newcomer = `newcomer-${Date.now()}@example.com`
    expectRefusal(await call(lena, 'POST', '/api/team/invitations', { email: lena.email, kind: 'agent', access: 'all' }), 400, said('team.selfInvite'))
    expectRefusal(await call(lena, 'POST', '/api/team/invitations', { email: newcomer, kind: 'agent', access: 'designated', listingIds: [theirs.id] }), 400, said('team.listingNotYours'))
    expectRefusal(await call(lena, 'POST', '/api/team/invitations', { email: newcomer, kind: 'agent', access: 'designated', offerIds: [theirOffer.offer.id] }), 400, said('team.offerNotYours'))
    expectRefusal(await call(lena, 'POST', '/api/team/invitations', { email: newcomer, kind: 'agent', access: 'designated', listingIds: ['nope'] }), 400, said('team.listingNotYours'))
    expectRefusal(await call(lena, 'POST', '/api/team/invitations', { email: newcomer, kind: 'agent', access: 'designated' }), 400, said('team.designateSomething'))
    expectRefusal(await call(lena, 'POST', '/api/team/invitations', { email: newcomer, kind: 'boss', access: 'all' }), 400, said('team.unknownKind'))
    expectRefusal(await call(lena, 'POST', '/api/team/invitations', { email: 'not an email', kind: 'agent', access: 'all' }), 400)
    // An address without an account can be invited; it signs up, then accepts.
    await invite(call, t, lena, { email: newcomer })
    expectRefusal(await call(lena, 'POST', '/api/team/invitations', { email: newcomer, kind: 'agent', access: 'all' }), 409, said('team.alreadyInvited', { email: newcomer }))
    await joinByInvitation(call, t, lena, sam)
    expectRefusal(await call(lena, 'POST', '/api/team/invitations', { email: sam.email, kind: 'agent', access: 'all' }), 409, said('team.alreadyMember', { email: sam.email }))
    // Another agent's team: the address is already on a team of that kind.
    expectRefusal(await call(stranger, 'POST', '/api/team/invitations', { email: sam.email, kind: 'agent', access: 'all' }), 409, said('team.onAnotherTeam', { email: sam.email }))
  })

  it('makes a principal broker’s agents the brokerage, one brokerage per agent', async () => {
    const { t } = app
    const pat = await person(t, ['PRINCIPAL_BROKER'], 'Pat Broker')
    const quinn = await person(t, ['PRINCIPAL_BROKER'], 'Quinn Broker')
    const agent = await person(t, ['SELLER_AGENT'])
    const { invitation, token } = await invite(call, t, pat, { email: agent.email })
    expect(invitation.brokerage).toBe(true)
    const [mail] = await emailsTo(t, agent.email)
    expect(mail?.subject).toBe('Pat Broker invited you to join their brokerage on Offerbook')
    // Quinn invited the agent too before the agent joined Pat's brokerage: accepting it is refused, naming the case.
    const second = await invite(call, t, quinn, { email: agent.email })
    expect((await call(agent, 'POST', '/api/team/invitations/accept', { token })).statusCode).toBe(200)
    expectRefusal(await call(agent, 'POST', '/api/team/invitations/accept', { token: second.token }), 409, said('team.alreadyInBrokerage', { leaderName: 'Pat Broker' }))
    // And a new invitation from Quinn says so at once.
    expectRefusal(await call(quinn, 'POST', '/api/team/invitations', { email: agent.email, kind: 'agent', access: 'all' }), 409, said('team.inAnotherBrokerage', { email: agent.email }))
    // Support staff of a broker join the broker's team, not the brokerage.
    const staff = await person(t, ['SELLER_SIMPLE'])
    const staffInvite = await invite(call, t, pat, { email: staff.email, kind: 'staff' })
    expect(staffInvite.invitation.brokerage).toBe(false)
    // The agent leaves Pat's brokerage and can then join Quinn's.
    expect((await call(agent, 'DELETE', `/api/team/memberships/${pat.id}`)).statusCode).toBe(204)
    expect((await call(agent, 'POST', '/api/team/invitations/accept', { token: second.token })).statusCode).toBe(200)
    expect((await call(agent, 'GET', '/api/team/memberships')).json<{ items: TeamMembership[] }>().items).toEqual([expect.objectContaining({ leaderName: 'Quinn Broker', brokerage: true })])
  })

  it('writes the invitation in the invitee’s language when they have an account', async () => {
    const { t } = app
    const lena = await person(t, ['SELLER_AGENT'], 'Lena Listing')
    const ana = await person(t, ['SELLER_AGENT'])
    await call(ana, 'PUT', '/api/me/language', { language: 'es-es' })
    await invite(call, t, lena, { email: ana.email })
    const [mail] = await emailsTo(t, ana.email)
    expect(mail?.locale).toBe('es-es')
    expect(mail?.subject).toBe('Lena Listing le ha invitado a su equipo en Offerbook')
  })
})
