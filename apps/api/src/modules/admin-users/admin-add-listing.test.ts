import { describe, expect, it } from 'vitest'
import type { AdminUserChange, AdminUserDetail } from '@offerbook/domain/admin-users'
import type { ApiError } from '@offerbook/domain/api-error'
import type { User } from '@offerbook/domain/user'
import { useTestApp } from '../../../test/per-file'
import { bearer, createUser, signIn } from '../../../test/factories'

const t = useTestApp()

const tokenOf = async (who: { email: string; password: string }) => (await signIn(t.app, who.email, who.password)).accessToken
const stamp = async (id: string, token: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/admin/users/${id}`, headers: bearer(token) })).json<AdminUserDetail>().user.updatedAt
const setAddListing = async (id: string, enabled: unknown, token: string, expectedUpdatedAt?: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/users/${id}/add-listing`,
    headers: bearer(token),
    payload: { enabled, expectedUpdatedAt: expectedUpdatedAt ?? (await stamp(id, token)) },
  })
const startListing = (token: string) => t.app.inject({ method: 'POST', url: '/api/listings', headers: bearer(token), payload: {} })
const me = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).json<{ user: User }>().user

describe('isAddListingEnabled (spec section 3)', () => {
  it('an admin turns adding listings off: the agent can no longer start a listing or an import, and sees why; on again, they can', async () => {
    const admin = await createUser(t, { roles: ['ADMIN'] })
    const agent = await createUser(t, { roles: ['SELLER_AGENT'] })
    const adminToken = await tokenOf(admin)
    const agentToken = await tokenOf(agent)
    expect((await me(agentToken)).isAddListingEnabled).toBe(true)
    expect((await startListing(agentToken)).statusCode).toBe(201)

    const off = await setAddListing(agent.id, false, adminToken)
    expect(off.statusCode, off.body).toBe(200)
    expect(off.json<AdminUserChange>().user.isAddListingEnabled).toBe(false)
    expect((await me(agentToken)).isAddListingEnabled).toBe(false)

    const refused = await startListing(agentToken)
    expect(refused.statusCode).toBe(403)
    expect(refused.json<ApiError>()).toMatchObject({ key: 'listing.addListingDisabled', message: 'Adding listings is turned off for your account. Ask an administrator to turn it on' })
    const feed = await t.app.inject({ method: 'POST', url: '/api/listing-import/jobs/from-feed', headers: bearer(agentToken) })
    expect(feed.statusCode).toBe(403)
    expect(feed.json<ApiError>().key).toBe('listing.addListingDisabled')
    // Their listings stay theirs to manage.
    expect((await t.app.inject({ method: 'GET', url: '/api/listings/mine', headers: bearer(agentToken) })).json<{ total: number }>().total).toBe(1)

    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/users/${agent.id}`, headers: bearer(adminToken) })
    expect(detail.json<AdminUserDetail>().audit[0]).toMatchObject({ action: 'user.addListing', before: { isAddListingEnabled: true }, after: { isAddListingEnabled: false } })

    expect((await setAddListing(agent.id, true, adminToken)).statusCode).toBe(200)
    expect((await startListing(agentToken)).statusCode).toBe(201)
  })

  it("only an admin may change it, never on their own account, an admin's only as a super admin, and not on an old copy", async () => {
    const admin = await createUser(t, { roles: ['ADMIN'] })
    const otherAdmin = await createUser(t, { roles: ['ADMIN'] })
    const superAdmin = await createUser(t, { roles: ['SUPER_ADMIN'] })
    const agent = await createUser(t, { roles: ['BUYER_AGENT'] })
    const adminToken = await tokenOf(admin)
    const agentToken = await tokenOf(agent)

    const byAgent = await t.app.inject({ method: 'PUT', url: `/api/admin/users/${agent.id}/add-listing`, headers: bearer(agentToken), payload: { enabled: false, expectedUpdatedAt: 'x' } })
    expect(byAgent.statusCode).toBe(403)
    expect((await setAddListing(admin.id, false, adminToken)).json<ApiError>()).toMatchObject({ statusCode: 403, key: 'adminUsers.ownAddListing' })
    expect((await setAddListing(otherAdmin.id, true, adminToken)).json<ApiError>()).toMatchObject({ statusCode: 403, key: 'adminUsers.onlySuperAdminChangesAdmin' })
    expect((await setAddListing(otherAdmin.id, true, await tokenOf(superAdmin))).statusCode).toBe(200)

    const old = await stamp(agent.id, adminToken)
    expect((await setAddListing(agent.id, false, adminToken, old)).statusCode).toBe(200)
    expect((await setAddListing(agent.id, true, adminToken, old)).json<ApiError>()).toMatchObject({ statusCode: 409, key: 'adminUsers.changedMeanwhile' })
    const bad = await setAddListing(agent.id, 'maybe', adminToken)
    expect(bad.statusCode).toBe(400)
    expect((await me(agentToken)).isAddListingEnabled).toBe(false)
  })
})
