import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SESSION_STORAGE_KEY } from '@offerbook/domain/session'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ApiClientError, apiClient, buildQueryString, fieldErrorsOf, setApiNavigate } from './api-client'
import { fetchApiFile } from './download-file'
import { copyOfAllLanguages } from '../locales/all-languages'
import { initI18n } from './i18n/i18n'
import { errorText } from './i18n/messages'
import { getSession, initSession, saveSession } from './session'
import { apiError, fakeApi, reply } from '../test/fake-api'

const api = fakeApi()
let navigate: ReturnType<typeof vi.fn<(to: string) => void>>

beforeEach(() => {
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) api.on(`${method} /api/*`, reply({ ok: true }))
  navigate = vi.fn<(to: string) => void>()
  setApiNavigate(navigate)
  initSession()
})

afterEach(() => {
  window.history.pushState({}, '', '/')
})

function lastCall(): { url: string; init: RequestInit } {
  const call = api.calls().at(-1)
  if (!call) throw new Error('no request was sent')
  return { url: call.url, init: call.init }
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
    api.on('POST /api/x', apiError(400, 'common.tooLong', { params: { maximum: 200 }, fields: ['name'] }))
    const error = await apiClient.post('/x', {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiClientError)
    expect(error).toMatchObject({ status: 400, message: 'Must have at most 200 characters', detail: { key: 'common.tooLong', params: { maximum: 200 } } })
    expect((error as ApiClientError).errors).toEqual([{ path: 'name', key: 'common.tooLong', params: { maximum: 200 } }])
  })

  it("shows the server's own message for a key this browser does not know, and a generic one for a body that is no ApiError", async () => {
    const i18n = initI18n('en-us', copyOfAllLanguages())
    await i18n.changeLanguage('en-us')
    const generic = errorText(new ApiClientError(500, { key: 'client.unknown' }))
    expect(generic).not.toBe('messages.client.unknown')
    // A newer server's key, which no catalogue here has: the body is written out, as apiError takes catalogue keys only.
    api.on('POST /api/x', new Response(JSON.stringify({ statusCode: 400, code: 'BAD_REQUEST', key: 'future.thing', message: 'Something new' }), { status: 400 }))
    const newer = await apiClient.post('/x', {}).catch((error: unknown) => error)
    expect(errorText(newer)).toBe('Something new')
    // A key this browser knows is shown in the reader's language, whatever the server wrote.
    api.on('POST /api/x', new Response(JSON.stringify({ statusCode: 400, code: 'BAD_REQUEST', key: 'common.required', message: 'Server words' }), { status: 400 }))
    expect(errorText(await apiClient.post('/x', {}).catch((error: unknown) => error))).toBe('Required')
    // No message at all: the generic text.
    api.on('POST /api/x', new Response(JSON.stringify({ statusCode: 400, code: 'BAD_REQUEST', key: 'future.other' }), { status: 400 }))
    expect(errorText(await apiClient.post('/x', {}).catch((error: unknown) => error))).toBe(generic)
    api.on('POST /api/x', new Response(JSON.stringify('<html>Bad gateway</html>'), { status: 502 }))
    await expect(apiClient.post('/x', {})).rejects.toMatchObject({ status: 502, detail: { key: 'client.unknown' } })
  })

  it('on 401 clears the session and goes to sign-in with the full path', async () => {
    saveSession({ accessToken: 'stale', persist: true })
    window.sessionStorage.setItem('other', 'x')
    window.history.pushState({}, '', '/my-properties/list?sort=price')
    api.on('GET /api/listings', apiError(401, 'request.signInRequired'))

    await expect(apiClient.get('/listings')).rejects.toMatchObject({ status: 401 })
    expect(getSession()).toBeNull()
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull()
    expect(window.sessionStorage.length).toBe(0)
    expect(navigate).toHaveBeenCalledWith('/auth/sign-in?redirect=%2Fmy-properties%2Flist%3Fsort%3Dprice')
  })

  it('on 401 stays put when already on the sign-in page', async () => {
    window.history.pushState({}, '', '/auth/sign-in?redirect=%2Fdashboard')
    api.on('POST /api/session', apiError(401, 'request.signInRequired'))
    await expect(apiClient.post('/session', {})).rejects.toMatchObject({ detail: { key: 'request.signInRequired' } })
    expect(navigate).not.toHaveBeenCalled()
  })

  it('on 403 goes Home', async () => {
    saveSession({ accessToken: 'tok', persist: false })
    window.history.pushState({}, '', '/admin/users')
    api.on('GET /api/admin/users', apiError(403, 'request.forbidden'))
    await expect(apiClient.get('/admin/users')).rejects.toMatchObject({ status: 403 })
    expect(navigate).toHaveBeenCalledWith('/')
    expect(getSession()).not.toBeNull()
  })

  it('on a 403 the caller shows itself stays where it is (a sign-in to a deactivated account)', async () => {
    window.history.pushState({}, '', '/auth/sign-in')
    api.on('POST /api/session', apiError(403, 'adminUsers.accountDeactivated'))
    await expect(apiClient.post('/session', {}, { redirectOnForbidden: false })).rejects.toMatchObject({ status: 403, detail: { key: 'adminUsers.accountDeactivated' } })
    expect(navigate).not.toHaveBeenCalled()
  })

  it('on 401 from a call that did not carry the session (a guest, a link) ends no session and keeps this browser\'s storage', async () => {
    window.localStorage.setItem('offerbook.chat.guests', '{"support":{"conversationId":"c","token":"t"}}')
    api.on('GET /api/chat/conversations', apiError(401, 'request.signInRequired'))
    await expect(apiClient.get('/chat/conversations', undefined, { redirectOnUnauthorized: false })).rejects.toMatchObject({ status: 401 })
    expect(window.localStorage.getItem('offerbook.chat.guests')).not.toBeNull()
    expect(navigate).not.toHaveBeenCalled()
  })

  it('turns a network failure into an ApiClientError', async () => {
    api.on('GET /api/health', () => {
      throw new TypeError('Failed to fetch')
    })
    await expect(apiClient.get('/health')).rejects.toMatchObject({ status: 0, detail: { key: 'client.network' } })
  })
})

describe('the 401 and 403 rules on every call (spec section 8)', () => {
  it('a file download follows them too: an ended session goes to sign-in and back, a 403 Home', async () => {
    saveSession({ accessToken: 'ended', persist: true })
    window.history.pushState({}, '', '/my-properties/l1/offers/o1')
    api.on('GET /api/offers/o1/calendar', apiError(401, 'request.signInRequired'))
    await expect(fetchApiFile('/offers/o1/calendar', { headers: { Authorization: 'Bearer ended' }, fallbackName: 'x.ics' })).rejects.toMatchObject({ status: 401 })
    expect(getSession()).toBeNull()
    expect(navigate).toHaveBeenCalledWith('/auth/sign-in?redirect=%2Fmy-properties%2Fl1%2Foffers%2Fo1')

    api.on('GET /api/offers/o2/calendar', apiError(403, 'request.forbidden'))
    await expect(fetchApiFile('/offers/o2/calendar', { fallbackName: 'x.ics' })).rejects.toMatchObject({ status: 403 })
    expect(navigate).toHaveBeenLastCalledWith('/')
  })

  it("a link's download stays on its page, which says why", async () => {
    api.on('GET /api/offers/o3/attachments/a1', apiError(403, 'offer.linkExpired'))
    const rules = { redirectOnUnauthorized: false, redirectOnForbidden: false }
    await expect(fetchApiFile('/offers/o3/attachments/a1', { fallbackName: 'a.pdf', rules })).rejects.toMatchObject({ status: 403, detail: { key: 'offer.linkExpired' } })
    expect(navigate).not.toHaveBeenCalled()
  })

  it('every call of the web goes through the one place: only api-client.ts fetches, and the stream and the upload follow its rules', () => {
    const src = join(dirname(fileURLToPath(import.meta.url)), '..')
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? (entry.name === 'test' ? [] : files(join(dir, entry.name))) : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.includes('test-') ? [join(dir, entry.name)] : []))
    const calling = files(src).filter((file) => /(^|[^.\w])fetch\(|new XMLHttpRequest\(/m.test(readFileSync(file, 'utf8')))
    const byPath = calling.map((file) => relative(src, file).split('\\').join('/')).sort()
    expect(byPath).toEqual(['features/listings/api/upload-photo.ts', 'shared/api-client.ts', 'shared/live/event-stream.ts'])
    for (const file of calling.filter((name) => !name.endsWith('api-client.ts'))) expect(readFileSync(file, 'utf8'), file).toContain('followStatusRules(')
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
