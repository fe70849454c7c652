import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SESSION_STORAGE_KEY } from '@offerbook/domain/session'
import { ApiClientError, apiClient, buildQueryString, fieldErrorsOf, setApiNavigate } from './api-client'
import { RESOURCES } from '../locales/all-languages'
import { initI18n } from './i18n/i18n'
import { errorText } from './i18n/messages'
import { getSession, initSession, saveSession } from './session'

function jsonResponse(status: number, body: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

let fetchMock: ReturnType<typeof vi.fn>
let navigate: ReturnType<typeof vi.fn<(to: string) => void>>

beforeEach(() => {
  fetchMock = vi.fn(async () => jsonResponse(200, { ok: true }))
  vi.stubGlobal('fetch', fetchMock)
  navigate = vi.fn<(to: string) => void>()
  setApiNavigate(navigate)
  initSession()
})

afterEach(() => {
  vi.unstubAllGlobals()
  window.history.pushState({}, '', '/')
})

function lastCall(): { url: string; init: RequestInit } {
  const call = fetchMock.mock.calls.at(-1) as [string, RequestInit]
  return { url: call[0], init: call[1] }
}

describe('buildQueryString', () => {
  it('skips null and undefined values and repeats arrays', () => {
    expect(buildQueryString({ page: 2, search: null, status: undefined, tag: ['a', 'b'], active: true })).toBe('?page=2&tag=a&tag=b&active=true')
  })

  it('is empty when nothing is left', () => {
    expect(buildQueryString({ a: null })).toBe('')
    expect(buildQueryString(undefined)).toBe('')
  })
})

describe('apiClient', () => {
  it('sends GET and DELETE payloads as a query string under /api', async () => {
    await apiClient.get('/admin/users', { page: 1, search: undefined, pageSize: null })
    expect(lastCall().url).toBe('/api/admin/users?page=1')
    expect(lastCall().init.body).toBeUndefined()

    await apiClient.delete('/things', { id: 'x y' })
    expect(lastCall().url).toBe('/api/things?id=x+y')
    expect(lastCall().init.method).toBe('DELETE')
  })

  it('sends POST and PUT as JSON with dates as ISO strings', async () => {
    const at = new Date('2026-01-02T03:04:05.000Z')
    await apiClient.post('/offers', { at, price: 5 })
    const { init } = lastCall()
    expect(init.method).toBe('POST')
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json')
    expect(JSON.parse(init.body as string)).toEqual({ at: '2026-01-02T03:04:05.000Z', price: 5 })
  })

  it('sends form data when asked', async () => {
    await apiClient.put('/files', { name: 'a.pdf', count: 2 }, { formData: true })
    const body = lastCall().init.body as FormData
    expect(body).toBeInstanceOf(FormData)
    expect(body.get('name')).toBe('a.pdf')
    expect(body.get('count')).toBe('2')
  })

  it('carries the bearer token when signed in, and none otherwise', async () => {
    await apiClient.get('/health')
    expect(new Headers(lastCall().init.headers).get('Authorization')).toBeNull()

    saveSession({ accessToken: 'tok-1', persist: false })
    await apiClient.get('/me')
    expect(new Headers(lastCall().init.headers).get('Authorization')).toBe('Bearer tok-1')
  })

  it('throws the server message by its key, with its parameters and field errors', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, {
        statusCode: 400,
        code: 'BAD_REQUEST',
        key: 'common.tooLong',
        params: { maximum: 200 },
        message: 'Must have at most 200 characters',
        errors: [{ path: 'name', key: 'common.tooLong', params: { maximum: 200 }, message: 'Must have at most 200 characters' }],
      }),
    )
    const error = await apiClient.post('/x', {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiClientError)
    expect(error).toMatchObject({ status: 400, message: 'Must have at most 200 characters', detail: { key: 'common.tooLong', params: { maximum: 200 } } })
    expect((error as ApiClientError).errors).toEqual([{ path: 'name', key: 'common.tooLong', params: { maximum: 200 } }])
  })

  it('shows a generic message for a key this browser does not know, or a body that is no ApiError', async () => {
    const i18n = initI18n('en-us', RESOURCES)
    await i18n.changeLanguage('en-us')
    const generic = errorText(new ApiClientError(500, { key: 'client.unknown' }))
    expect(generic).not.toBe('messages.client.unknown')
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { statusCode: 400, code: 'BAD_REQUEST', key: 'future.thing', message: 'Something new' }))
    const newer = await apiClient.post('/x', {}).catch((error: unknown) => error)
    expect(errorText(newer)).toBe(generic)
    fetchMock.mockResolvedValueOnce(jsonResponse(502, '<html>Bad gateway</html>'))
    await expect(apiClient.post('/x', {})).rejects.toMatchObject({ status: 502, detail: { key: 'client.unknown' } })
  })

  it('on 401 clears the session and goes to sign-in with the full path', async () => {
    saveSession({ accessToken: 'stale', persist: true })
    window.sessionStorage.setItem('other', 'x')
    window.history.pushState({}, '', '/my-properties/list?sort=price')
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { statusCode: 401, code: 'UNAUTHORIZED', key: 'request.signInRequired', message: 'Please sign in' }))

    await expect(apiClient.get('/listings')).rejects.toMatchObject({ status: 401 })
    expect(getSession()).toBeNull()
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull()
    expect(window.sessionStorage.length).toBe(0)
    expect(navigate).toHaveBeenCalledWith('/auth/sign-in?redirect=%2Fmy-properties%2Flist%3Fsort%3Dprice')
  })

  it('on 401 stays put when already on the sign-in page', async () => {
    window.history.pushState({}, '', '/auth/sign-in?redirect=%2Fdashboard')
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { statusCode: 401, code: 'UNAUTHORIZED', key: 'request.signInRequired', message: 'Please sign in' }))
    await expect(apiClient.post('/session', {})).rejects.toMatchObject({ detail: { key: 'request.signInRequired' } })
    expect(navigate).not.toHaveBeenCalled()
  })

  it('on 403 goes Home', async () => {
    saveSession({ accessToken: 'tok', persist: false })
    window.history.pushState({}, '', '/admin/users')
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { statusCode: 403, code: 'FORBIDDEN', key: 'request.forbidden', message: 'You do not have access to this page' }))
    await expect(apiClient.get('/admin/users')).rejects.toMatchObject({ status: 403 })
    expect(navigate).toHaveBeenCalledWith('/')
    expect(getSession()).not.toBeNull()
  })

  it('on a 403 the caller shows itself stays where it is (a sign-in to a deactivated account)', async () => {
    window.history.pushState({}, '', '/auth/sign-in')
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { statusCode: 403, code: 'FORBIDDEN', key: 'adminUsers.accountDeactivated', message: 'This account has been deactivated. Contact support to restore it.' }))
    await expect(apiClient.post('/session', {}, { redirectOnForbidden: false })).rejects.toMatchObject({ status: 403, detail: { key: 'adminUsers.accountDeactivated' } })
    expect(navigate).not.toHaveBeenCalled()
  })

  it('turns a network failure into an ApiClientError', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await expect(apiClient.get('/health')).rejects.toMatchObject({ status: 0, detail: { key: 'client.network' } })
  })
})

describe('fieldErrorsOf', () => {
  it('keeps the first message of each field the form has, and nothing for other errors', () => {
    const error = new ApiClientError(400, { key: 'common.invalidPhone' }, 'BAD_REQUEST', [
      { path: 'phone', key: 'common.invalidPhone' },
      { path: 'phone', key: 'common.required' },
      { path: 'name', key: 'common.tooLong', params: { maximum: 200 } },
      { path: 'somethingElse', key: 'common.invalidValue' },
    ])
    expect(fieldErrorsOf(error, ['phone', 'name', 'email'] as const)).toEqual({ phone: { key: 'common.invalidPhone' }, name: { key: 'common.tooLong', params: { maximum: 200 } } })
    expect(fieldErrorsOf(new Error('boom'), ['zipcode'] as const)).toEqual({})
  })
})
