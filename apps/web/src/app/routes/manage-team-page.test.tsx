import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { MyTeam, TeamInvitationPreview, TeamMemberView } from '@offerbook/domain/teams'
import { teamKeys } from '../../shared/query-keys'
import { renderRoutes } from '../../test/render'
import { appRoutes } from '../router'
import { accountApi, apiError, bodyOf, json, preloadPages } from './account-pages.test-helpers'
import { userWith } from '../../test/test-user'

const api = accountApi()
preloadPages('manage-team', 'team-invitation')

const HOME = { id: 'l1', label: '12 Oak St, Franklin' }
const sam: TeamMemberView = { userId: 'u2', name: 'Sam Member', email: 'sam@example.com', kind: 'agent', access: 'all', listingIds: [], offerIds: [], brokerage: false, joinedAt: '2026-03-01T10:00:00.000Z' }

function team(overrides: Partial<MyTeam> = {}): MyTeam {
  return { brokerage: false, members: [], invitations: [], listings: [HOME], offers: [], memberships: [], ...overrides }
}

function openAs(path = '/manageTeam') {
  api.signInAs(userWith({ uid: 'me', name: 'Lena Listing', email: 'lena@example.com', roles: ['SELLER_AGENT'] }))
  return renderRoutes(appRoutes(), path)
}

describe('/manageTeam', () => {
  it('says when the team is empty, invites with a designated listing, and tells a refusal where it happened', async () => {
    api.handlers['GET /api/team'] = () => json(200, team())
    let answer = apiError(409, 'CONFLICT', 'team.onAnotherTeam', [], { email: 'sam@example.com' })
    api.handlers['POST /api/team/invitations'] = () => answer
    openAs()
    expect(await screen.findByText('No one is on your team yet. Invite an agent or support staff above.')).toBeTruthy()
    expect(screen.getByText('No invitations are waiting for an answer.')).toBeTruthy()
    expect(screen.getByText("You are not on anyone's team.")).toBeTruthy()

    const form = screen.getByRole('form', { name: 'Invite a member' })
    // A bad address is told before anything is sent.
    await userEvent.type(within(form).getByRole('textbox', { name: /Email/ }), 'not-an-email')
    await userEvent.click(within(form).getByRole('button', { name: 'Send invitation' }))
    expect(await within(form).findByText('Invalid email')).toBeTruthy()
    expect(api.calls('POST /api/team/invitations')).toHaveLength(0)

    await userEvent.clear(within(form).getByRole('textbox', { name: /Email/ }))
    await userEvent.type(within(form).getByRole('textbox', { name: /Email/ }), 'sam@example.com')
    await userEvent.click(within(form).getByRole('radio', { name: 'Support staff' }))
    await userEvent.click(within(form).getByRole('radio', { name: 'Designated transactions' }))
    await userEvent.click(within(form).getByLabelText('Listings'))
    await userEvent.click(await screen.findByRole('option', { name: HOME.label, hidden: true }))
    await userEvent.click(within(form).getByRole('button', { name: 'Send invitation' }))
    expect(await within(form).findByRole('alert')).toBeTruthy()
    expect(within(form).getByText('sam@example.com is already on another team')).toBeTruthy()
    expect(bodyOf(api.calls('POST /api/team/invitations')[0])).toEqual({ email: 'sam@example.com', kind: 'staff', access: 'designated', listingIds: ['l1'], offerIds: [] })

    answer = json(201, { id: 'i1', email: 'sam@example.com', kind: 'staff', access: 'designated', listingIds: ['l1'], offerIds: [], brokerage: false, state: 'pending', createdAt: '2026-03-01T10:00:00.000Z', expiresAt: '2026-03-08T10:00:00.000Z' })
    await userEvent.click(within(form).getByRole('button', { name: 'Send invitation' }))
    expect(await screen.findByText('Invitation sent to sam@example.com')).toBeTruthy()
  })

  it('changes a member’s access in a modal and removes a member after a confirmation', async () => {
    api.handlers['GET /api/team'] = () => json(200, team({ members: [sam] }))
    api.handlers['PUT /api/team/members/u2'] = () => json(200, { ...sam, access: 'designated', listingIds: ['l1'] })
    api.handlers['DELETE /api/team/members/u2'] = () => new Response(null, { status: 204 })
    openAs()
    expect(await screen.findByText('Sam Member')).toBeTruthy()
    expect(within(screen.getByRole('table')).getByText('All transactions')).toBeTruthy()

    await userEvent.click(screen.getByRole('button', { name: 'Change the access of Sam Member' }))
    const modal = await screen.findByRole('dialog', { name: 'Change the access of Sam Member' })
    await userEvent.click(within(modal).getByRole('radio', { name: 'Designated transactions' }))
    await userEvent.click(within(modal).getByLabelText('Listings'))
    await userEvent.click(await screen.findByRole('option', { name: HOME.label, hidden: true }))
    await userEvent.click(within(modal).getByRole('button', { name: 'Save access' }))
    expect(await screen.findByText('The access of Sam Member was changed')).toBeTruthy()
    expect(bodyOf(api.calls('PUT /api/team/members/u2')[0])).toEqual({ access: 'designated', listingIds: ['l1'], offerIds: [] })

    await userEvent.click(screen.getByRole('button', { name: 'Remove Sam Member' }))
    const confirm = await screen.findByRole('dialog', { name: 'Remove Sam Member?' })
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove from team' }))
    expect(await screen.findByText('Sam Member was removed from your team')).toBeTruthy()
    expect(api.calls('DELETE /api/team/members/u2')).toHaveLength(1)
  })

  it("shows a person on a brokerage's staff and on an agent's team both memberships, each with its own access and Leave", async () => {
    const membership = { leaderEmail: 'x@example.com', kind: 'staff' as const, brokerage: false, joinedAt: '2026-03-01T10:00:00.000Z' }
    api.handlers['GET /api/team'] = () =>
      json(200, team({ memberships: [{ ...membership, leaderId: 'lena', leaderName: 'Lena Listing', access: 'designated', leadsBrokerage: false }, { ...membership, leaderId: 'pat', leaderName: 'Pat Broker', access: 'all', leadsBrokerage: true }] }))
    openAs()
    expect(await screen.findByText('Team of Lena Listing')).toBeTruthy()
    expect(screen.getByText('Brokerage of Pat Broker')).toBeTruthy()
    expect(screen.getByText("You read every transaction of the brokerage's agents; the agents make the changes.")).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Leave the team of Lena Listing' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Leave the team of Pat Broker' })).toBeTruthy()
  })

  it("offers a principal broker the brokerage's transactions to designate, and says what 'All transactions' gives staff", async () => {
    const AGENTS_HOME = { id: 'l9', label: '9 Elm St, Nashville' }
    api.handlers['GET /api/team'] = () => json(200, team({ brokerage: true, listings: [AGENTS_HOME], offers: [{ id: 'o9', label: '4 Pine Rd, Brentwood' }] }))
    api.signInAs(userWith({ uid: 'pat', name: 'Pat Broker', email: 'pat@example.com', roles: ['PRINCIPAL_BROKER'] }))
    renderRoutes(appRoutes(), '/manageTeam')
    const form = await screen.findByRole('form', { name: 'Invite a member' })
    expect(within(form).getByText("Support staff read every listing and offer of your brokerage's agents; the agents keep every change.")).toBeTruthy()
    await userEvent.click(within(form).getByRole('radio', { name: 'Designated transactions' }))
    expect(within(form).getByText("Your listings, and your brokerage's agents' listings this member may read")).toBeTruthy()
    await userEvent.click(within(form).getByLabelText('Listings'))
    expect(await screen.findByRole('option', { name: AGENTS_HOME.label, hidden: true })).toBeTruthy()
  })

  it('shows a load failure with Retry', async () => {
    let fail = true
    api.handlers['GET /api/team'] = () => (fail ? apiError(500, 'INTERNAL', 'request.internal') : json(200, team()))
    openAs()
    expect(await screen.findByText('Your team could not be loaded')).toBeTruthy()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(screen.getByRole('form', { name: 'Invite a member' })).toBeTruthy())
  })
})

describe('/team-invitation', () => {
  const preview: TeamInvitationPreview = { leaderName: 'Pat Broker', email: 'me@example.com', kind: 'agent', brokerage: true, state: 'pending', expiresAt: '2030-01-08T10:00:00.000Z' }

  it('shows an anonymous visitor who invites them, with sign-in and sign-up that come back', async () => {
    api.handlers['POST /api/team/invitations/preview'] = () => json(200, preview)
    renderRoutes(appRoutes(), '/team-invitation?token=abc')
    expect(await screen.findByText('Pat Broker, principal broker, invites you to join their brokerage on Offerbook as an agent.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(`/auth/sign-in?redirect=${encodeURIComponent('/team-invitation?token=abc')}`)
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(`/auth/sign-up?redirect=${encodeURIComponent('/team-invitation?token=abc')}`)
    expect(bodyOf(api.calls('POST /api/team/invitations/preview')[0])).toEqual({ token: 'abc' })
  })

  it('lets the invitee accept and keeps the welcome though the link now reads as used', async () => {
    let used = false
    api.handlers['POST /api/team/invitations/preview'] = () => json(200, used ? { ...preview, state: 'accepted' } : preview)
    api.handlers['POST /api/team/invitations/accept'] = () => {
      used = true
      return json(200, { leaderId: 'pb', leaderName: 'Pat Broker', leaderEmail: 'pat@example.com', kind: 'agent', access: 'all', brokerage: true, joinedAt: '2026-03-01T10:00:00.000Z' })
    }
    api.signInAs(userWith({ uid: 'me', email: 'me@example.com', roles: ['SELLER_AGENT'] }))
    const view = renderRoutes(appRoutes(), '/team-invitation?token=abc')
    await userEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }))
    expect(await screen.findByText('You joined the brokerage of Pat Broker.')).toBeTruthy()
    // The team's queries refresh after accepting; the page stays on the welcome.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(screen.getByText('You joined the brokerage of Pat Broker.')).toBeTruthy()
    expect(screen.queryByText('This invitation has already been used.')).toBeNull()
    // The invitation is asked for again (the window regains focus) and now reads as used: still the welcome.
    const asked = api.calls('POST /api/team/invitations/preview').length
    await act(async () => {
      await view.queryClient.refetchQueries({ queryKey: teamKeys.preview('abc') })
      // React Query tells the page on its next tick.
      await new Promise((resolve) => setTimeout(resolve, 100))
    })
    expect(view.queryClient.getQueryData<TeamInvitationPreview>(teamKeys.preview('abc'))?.state).toBe('accepted')
    expect(api.calls('POST /api/team/invitations/preview').length).toBeGreaterThan(asked)
    expect(screen.getByText('You joined the brokerage of Pat Broker.')).toBeTruthy()
    expect(screen.queryByText('This invitation has already been used.')).toBeNull()
  })

  it('tells a signed-in user of another address, and an expired link', async () => {
    api.handlers['POST /api/team/invitations/preview'] = () => json(200, { ...preview, state: 'expired' })
    api.signInAs(userWith({ uid: 'me', email: 'other@example.com', roles: ['SELLER_AGENT'] }))
    renderRoutes(appRoutes(), '/team-invitation?token=abc')
    expect(await screen.findByText('This invitation has expired. Ask Pat Broker for a new one.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull()
  })
})
