import { notifications } from '@mantine/notifications'
import { configure } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, vi } from 'vitest'
import type { MessageKey } from '@offerbook/domain/messages'
import { messageText } from '@offerbook/domain/messages'
import type { User } from '@offerbook/domain/user'
import { initSession, saveSession } from '../../shared/session'
import { pageLoaderFor } from '../page-modules'

// A whole page moves between steps through the router and the query cache; on a busy machine that can
// take longer than the 1 s Testing Library waits by default, so these page tests wait up to 5 s.
configure({ asyncUtilTimeout: 5000 })

export function userWith(overrides: Partial<User> = {}): User {
  return {
    uid: 'u1',
    name: 'Ben Buyer',
    email: 'ben@example.com',
    phone: null,
    photoURL: null,
    roles: ['BUYER_SIMPLE'],
    onboarded: true,
    zipcode: null,
    sellerAgentId: null,
    nrds: null,
    isAddListingEnabled: false,
    isPrincipalBroker: false,
    principalBrokerStatus: 'none',
    language: 'en-us',
    uiMode: 'buy',
    ...overrides,
  }
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

/** An error as the API answers it: the message's key and English text, and the refused fields. */
export function apiError(status: number, code: string, key: MessageKey, fields: string[] = []): Response {
  const message = messageText(key)
  const body = { statusCode: status, code, key, message, ...(fields.length > 0 ? { errors: fields.map((path) => ({ path, key, message })) } : {}) }
  return json(status, body)
}

export const session = (user: User) => ({ accessToken: 'tok', expiresAt: '2030-01-01T00:00:00.000Z', user })
export const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString()
export const bodyOf = (init: RequestInit | undefined) => JSON.parse((init?.body as string | undefined) ?? 'null') as unknown

type Handler = (init: RequestInit) => Response | Promise<Response>

export type AccountApi = {
  /** Answers by 'METHOD /api/path'; anything else is the signed-in user, single sign-on off, or a 404. */
  handlers: Record<string, Handler>
  /** Who GET /api/me answers with; null answers 401. */
  me: User | null
  signInAs(user: User): void
  /** The requests made to 'METHOD /api/path', in order. */
  calls(key: string): RequestInit[]
}

/** A stand-in for the API behind `fetch`, fresh for each test of the file that calls it. */
export function accountApi(): AccountApi {
  let fetchMock = vi.fn()
  const api: AccountApi = {
    handlers: {},
    me: null,
    signInAs(user) {
      api.me = user
      saveSession({ accessToken: 'tok', persist: false })
    },
    calls: (key) =>
      fetchMock.mock.calls.filter(([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${(url as string).split('?')[0]}` === key).map(([, init]) => init as RequestInit),
  }

  beforeEach(() => {
    initSession()
    api.me = null
    api.handlers = {}
    fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${url.split('?')[0]}`
      const handler = api.handlers[key]
      if (handler) return handler(init)
      if (key === 'GET /api/me') return api.me ? json(200, { user: api.me }) : apiError(401, 'UNAUTHORIZED', 'request.signInRequired')
      if (key === 'GET /api/sso') return json(200, { enabled: false, name: '' })
      return apiError(404, 'NOT_FOUND', 'request.notFound')
    })
    vi.stubGlobal('fetch', fetchMock)
  })

  afterEach(() => {
    // The notification store outlives a test; a full queue would hide the next test's notices.
    notifications.clean()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
    vi.useRealTimers()
  })

  return api
}

/**
 * Loads the pages' code before the file's tests: each page is its own chunk, and transforming one on a
 * busy machine can take longer than a test waits for its first element.
 */
export function preloadPages(...routeNames: string[]): void {
  beforeAll(async () => {
    await Promise.all(routeNames.map((name) => pageLoaderFor(name)()))
  }, 120_000)
}
