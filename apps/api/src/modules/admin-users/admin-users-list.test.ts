import { beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '@offerbook/domain/demo-accounts'
import type { ApiError } from '@offerbook/domain/api-error'
import type { User } from '@offerbook/domain/user'
import { useTestApp } from '../../../test/per-file'
import { bearer, createUser, signIn } from '../../../test/factories'

type UserPage = { items: User[]; total: number; page: number; pageSize: number }

const t = useTestApp({ seed: true })
let adminToken: string

beforeAll(async () => {
  adminToken = (await signIn(t.app, 'admin@example.com', DEMO_PASSWORD)).accessToken
})

const list = (query: string, token = adminToken) => t.app.inject({ method: 'GET', url: `/api/admin/users${query}`, headers: bearer(token) })

describe('GET /api/admin/users', () => {
  it('gives a buyer 403', async () => {
    const { accessToken } = await signIn(t.app, 'buyer-simple@example.com', DEMO_PASSWORD)
    const response = await list('', accessToken)
    expect(response.statusCode).toBe(403)
    expect(response.json<ApiError>()).toEqual({ statusCode: 403, code: 'FORBIDDEN', key: 'request.forbidden', message: 'You do not have access to this page' })
  })

  it('gives an anonymous caller 401', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/users' })
    expect(response.statusCode).toBe(401)
  })

  it('lists users for an admin and a super admin, a page at a time', async () => {
    const response = await list('')
    expect(response.statusCode).toBe(200)
    const page = response.json<UserPage>()
    expect(page).toMatchObject({ page: 1, pageSize: 20, total: 8 })
    expect(page.items).toHaveLength(8)

    const { accessToken } = await signIn(t.app, 'super-admin@example.com', DEMO_PASSWORD)
    const second = await list('?page=2&pageSize=3', accessToken)
    expect(second.json<UserPage>()).toMatchObject({ page: 2, pageSize: 3, total: 8 })
    expect(second.json<UserPage>().items).toHaveLength(3)
  })

  it('searches name or e-mail, case-insensitively, with % and _ taken literally', async () => {
    await createUser(t, { name: 'Zed 100% Real', email: 'zed_real@example.com', roles: ['BUYER_SIMPLE'] })
    expect((await list('?search=ADA').then((r) => r.json<UserPage>())).items.map((u) => u.email)).toEqual(['admin@example.com'])
    expect((await list('?search=seller-').then((r) => r.json<UserPage>())).total).toBe(3)
    expect((await list('?search=100%25').then((r) => r.json<UserPage>())).items.map((u) => u.email)).toEqual(['zed_real@example.com'])
    expect((await list('?search=%25').then((r) => r.json<UserPage>())).total).toBe(1)
    expect((await list('?search=d_r').then((r) => r.json<UserPage>())).total).toBe(1)
  })

  it('refuses bad paging with 400, never 500', async () => {
    for (const query of ['?pageSize=101', '?page=0', '?page=abc', '?page=1e400', '?page=99999999999999999999', '?pageSize=2.5', '?search=%00', `?search=${'x'.repeat(201)}`, '?page=1&page=2']) {
      const response = await list(query)
      expect(response.statusCode, query).toBe(400)
      expect(response.json<ApiError>().code).toBe('BAD_REQUEST')
    }
    expect((await list('?pageSize=101')).json<ApiError>()).toMatchObject({ key: 'admin.pageSizeTooLarge', params: { maximum: 100 }, message: 'pageSize must be at most 100' })
    expect((await list('?page=abc')).json<ApiError>()).toMatchObject({ key: 'admin.pageWholeNumber', message: 'page must be a whole number' })
    expect((await list(`?search=${'x'.repeat(201)}`)).json<ApiError>()).toMatchObject({ key: 'admin.searchTooLong', message: 'search must have at most 200 characters' })
    const unicode = await list(`?search=${encodeURIComponent('\ud83c\udfe0 ñ')}`)
    expect(unicode.statusCode).toBe(200)
  })
})
