import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { AdminUserDetail, AdminUserRow } from '@offerbook/domain/admin-users'
import type { Role } from '@offerbook/domain/roles'
import { renderRoutes } from '../../test/render'
import { appRoutes } from '../router'
import { accountApi, apiError, bodyOf, json, preloadPages } from './account-pages.test-helpers'
import { userWith } from '../../test/test-user'

const api = accountApi()
preloadPages('admin-users')

function row(overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    ...userWith({ uid: 'u2', name: 'Sam Seller', email: 'sam@example.com', roles: ['SELLER_AGENT'] }),
    emailVerified: true,
    deactivatedAt: null,
    lastSignInAt: '2026-03-01T10:00:00.000Z',
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  }
}

function detail(user: AdminUserRow): AdminUserDetail {
  return {
    user,
    signIns: [
      {
        at: '2026-03-01T10:00:00.000Z',
        ipAddress: '203.0.113.7',
        userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      },
    ],
    audit: [
      {
        id: 'a1',
        at: '2026-02-01T10:00:00.000Z',
        action: 'user.roles',
        actor: { id: 'admin', name: 'Ada Admin' },
        before: { roles: ['SELLER_SIMPLE'] },
        after: { roles: ['SELLER_AGENT'] },
        reason: null,
      },
    ],
    listingPhones: ['+16155550123'],
  }
}

function openAs(roles: Role[], path = '/admin/users') {
  api.signInAs(userWith({ uid: 'me', name: 'Ada Admin', roles }))
  return renderRoutes(appRoutes(), path)
}

describe('admin users page', () => {
  it('lists the users and asks the API again when sorted or filtered', async () => {
    api.handlers['GET /api/admin/users'] = () => json(200, { items: [row()], total: 1, page: 1, pageSize: 20 })
    // Each list query the page sends.
    const queries = () => api.fake.calls('GET /api/admin/users').map((request) => request.query)
    const view = openAs(['ADMIN'])
    expect(await screen.findByRole('button', { name: 'Open Sam Seller' })).toBeTruthy()
    expect(screen.getByText('1 user')).toBeTruthy()

    const nameHeader = screen.getByRole('columnheader', { name: /Name/ })
    const createdHeader = screen.getByRole('columnheader', { name: /Created/ })
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending')
    expect(createdHeader.getAttribute('aria-sort')).toBe('none')
    await userEvent.click(within(nameHeader).getByRole('button'))
    await waitFor(() => expect(nameHeader.getAttribute('aria-sort')).toBe('descending'))
    await waitFor(() => expect(queries().some((q) => q.get('sort') === 'name' && q.get('order') === 'desc')).toBe(true))
    await userEvent.click(within(createdHeader).getByRole('button'))
    await waitFor(() => expect(createdHeader.getAttribute('aria-sort')).toBe('ascending'))
    expect(nameHeader.getAttribute('aria-sort')).toBe('none')
    await waitFor(() => expect(queries().some((q) => q.get('sort') === 'createdAt' && q.get('order') === 'asc')).toBe(true))

    await userEvent.type(screen.getByLabelText('Search users'), 'sam{Enter}')
    await waitFor(() => expect(queries().some((q) => q.get('search') === 'sam' && q.get('page') === '1')).toBe(true))
    view.stop()
  })

  it('says so when no user matches', async () => {
    api.handlers['GET /api/admin/users'] = () => json(200, { items: [], total: 0, page: 1, pageSize: 20 })
    openAs(['ADMIN'])
    expect(await screen.findByText('No users match.')).toBeTruthy()
  })

  it('opens a user from the link, with the sign-ins and the audit, and approves their principal-broker request', async () => {
    let current = row({ principalBrokerStatus: 'pending' })
    api.handlers['GET /api/admin/users'] = () => json(200, { items: [current], total: 1, page: 1, pageSize: 20 })
    api.handlers['GET /api/admin/users/u2'] = () => json(200, detail(current))
    api.handlers['POST /api/admin/users/u2/principal-broker'] = () => {
      current = row({ principalBrokerStatus: 'approved', isPrincipalBroker: true, roles: ['SELLER_AGENT', 'PRINCIPAL_BROKER'], updatedAt: '2026-03-02T10:00:00.000Z' })
      return json(200, { user: current })
    }
    const view = openAs(['ADMIN'], '/admin/users?user=u2')
    const drawer = await screen.findByRole('dialog', { name: 'Sam Seller' })
    expect(await within(drawer).findByText('203.0.113.7')).toBeTruthy()
    expect(within(drawer).getByText('Chrome 131 on Windows')).toBeTruthy()
    expect(within(drawer).getByText('Ada Admin: changed the roles')).toBeTruthy()
    expect(within(drawer).getByText('roles: Seller → Listing agent')).toBeTruthy()
    // The phone their listing cards dial, though the profile has none.
    expect(within(drawer).getByRole('row', { name: 'Phone None' })).toBeTruthy()
    expect(within(drawer).getByRole('row', { name: 'Phone on their listings (615) 555-0123' })).toBeTruthy()

    await userEvent.click(within(drawer).getByRole('button', { name: 'Approve' }))
    const confirm = await screen.findByRole('dialog', { name: 'Approve Sam Seller as a principal broker?' })
    await userEvent.click(within(confirm).getByRole('button', { name: 'Approve' }))
    expect(await screen.findByText('Sam Seller is now a principal broker.')).toBeTruthy()
    expect(bodyOf(api.calls('POST /api/admin/users/u2/principal-broker')[0])).toEqual({ decision: 'approve', expectedUpdatedAt: '2026-03-01T10:00:00.000Z' })
    await waitFor(() => expect(within(drawer).queryByRole('button', { name: 'Approve' })).toBeNull())

    await userEvent.click(within(drawer).getByRole('button', { name: "Close the user's detail" }))
    await waitFor(() => expect(view.router.state.location.search).toBe(''))
  })

  it('shows the fresh state and the reason when the user changed meanwhile', async () => {
    let current = row()
    api.handlers['GET /api/admin/users'] = () => json(200, { items: [current], total: 1, page: 1, pageSize: 20 })
    api.handlers['GET /api/admin/users/u2'] = () => json(200, detail(current))
    api.handlers['POST /api/admin/users/u2/deactivate'] = () => {
      // Someone else deactivated them first.
      current = row({ deactivatedAt: '2026-03-02T10:00:00.000Z', updatedAt: '2026-03-02T10:00:00.000Z' })
      return apiError(409, 'CONFLICT', 'adminUsers.changedMeanwhile')
    }
    openAs(['ADMIN'], '/admin/users?user=u2')
    const drawer = await screen.findByRole('dialog', { name: 'Sam Seller' })
    await userEvent.click(await within(drawer).findByRole('button', { name: 'Deactivate' }))
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Sam Seller?' })
    await userEvent.type(within(confirm).getByLabelText(/Reason/), 'Spam')
    await userEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }))
    expect(await screen.findByText('This user was changed meanwhile. Reload the user and try again')).toBeTruthy()
    expect(bodyOf(api.calls('POST /api/admin/users/u2/deactivate')[0])).toEqual({ reason: 'Spam', expectedUpdatedAt: '2026-03-01T10:00:00.000Z' })
    expect(await within(drawer).findByRole('button', { name: 'Reactivate' })).toBeTruthy()
  })

  it('asks a reason to deny, and lets only a super admin touch the admin roles', async () => {
    const current = row({ principalBrokerStatus: 'pending' })
    api.handlers['GET /api/admin/users'] = () => json(200, { items: [current], total: 1, page: 1, pageSize: 20 })
    api.handlers['GET /api/admin/users/u2'] = () => json(200, detail(current))
    openAs(['ADMIN'], '/admin/users?user=u2')
    const drawer = await screen.findByRole('dialog', { name: 'Sam Seller' })
    await userEvent.click(await within(drawer).findByRole('button', { name: 'Deny' }))
    const ask = await screen.findByRole('dialog', { name: 'Deny the request of Sam Seller?' })
    await userEvent.click(within(ask).getByRole('button', { name: 'Deny' }))
    expect(await within(ask).findByText('Please give a reason.')).toBeTruthy()
    expect(api.calls('POST /api/admin/users/u2/principal-broker')).toHaveLength(0)
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }))

    expect((within(drawer).getByRole('checkbox', { name: 'Admin' }) as HTMLInputElement).disabled).toBe(true)
    expect((within(drawer).getByRole('checkbox', { name: 'Seller (owner)' }) as HTMLInputElement).disabled).toBe(false)
  })

  it("asks a super admin to type a super admin's email before deactivating them or changing their roles", async () => {
    const current = row({ roles: ['SUPER_ADMIN'], email: 'owner@example.com' })
    api.handlers['GET /api/admin/users'] = () => json(200, { items: [current], total: 1, page: 1, pageSize: 20 })
    api.handlers['GET /api/admin/users/u2'] = () => json(200, detail(current))
    api.handlers['POST /api/admin/users/u2/deactivate'] = () => json(200, { user: row({ roles: ['SUPER_ADMIN'], email: 'owner@example.com', deactivatedAt: '2026-03-02T10:00:00.000Z', updatedAt: '2026-03-02T10:00:00.000Z' }) })
    openAs(['SUPER_ADMIN'], '/admin/users?user=u2')
    const drawer = await screen.findByRole('dialog', { name: 'Sam Seller' })
    await userEvent.click(await within(drawer).findByRole('button', { name: 'Deactivate' }))
    const first = await screen.findByRole('dialog', { name: 'Deactivate Sam Seller?' })
    await userEvent.click(within(first).getByRole('button', { name: 'Deactivate' }))
    const second = await screen.findByRole('dialog', { name: 'Sam Seller is a super admin' })
    const confirm = within(second).getByRole('button', { name: 'Change this super admin' }) as HTMLButtonElement
    expect(confirm.disabled).toBe(true)
    await userEvent.type(within(second).getByRole('textbox', { name: 'Email address of the account' }), 'someone@example.com')
    expect(confirm.disabled).toBe(true)
    expect(api.calls('POST /api/admin/users/u2/deactivate')).toHaveLength(0)
    await userEvent.clear(within(second).getByRole('textbox', { name: 'Email address of the account' }))
    await userEvent.type(within(second).getByRole('textbox', { name: 'Email address of the account' }), ' Owner@Example.com ')
    await userEvent.click(confirm)
    await waitFor(() => expect(api.calls('POST /api/admin/users/u2/deactivate')).toHaveLength(1))
    // The confirmation closes before the admin goes on (it would otherwise still be leaving when the next one opens).
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sam Seller is a super admin' })).toBeNull())

    // Cancelling the second confirmation of a role change sends nothing.
    await userEvent.click(await within(drawer).findByRole('checkbox', { name: 'Seller (owner)' }))
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save roles' }))
    const roles = await screen.findByRole('dialog', { name: /^Change the roles of Sam Seller/ })
    await userEvent.click(within(roles).getByRole('button', { name: 'Change roles' }))
    const again = await screen.findByRole('dialog', { name: 'Sam Seller is a super admin' })
    await userEvent.click(within(again).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sam Seller is a super admin' })).toBeNull())
    expect(api.calls('PUT /api/admin/users/u2/roles')).toHaveLength(0)
  })

  it('hides the actions an admin may not take on a super admin', async () => {
    const current = row({ roles: ['SUPER_ADMIN'] })
    api.handlers['GET /api/admin/users'] = () => json(200, { items: [current], total: 1, page: 1, pageSize: 20 })
    api.handlers['GET /api/admin/users/u2'] = () => json(200, detail(current))
    openAs(['ADMIN'], '/admin/users?user=u2')
    const drawer = await screen.findByRole('dialog', { name: 'Sam Seller' })
    expect(await within(drawer).findByText("Only a super admin can change an admin's account.")).toBeTruthy()
    expect(within(drawer).queryByRole('button', { name: 'Deactivate' })).toBeNull()
  })
})
