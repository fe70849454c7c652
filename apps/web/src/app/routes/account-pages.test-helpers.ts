import { configure } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, vi } from 'vitest'
import type { ErrorCode } from '@offerbook/domain/api-error-body'
import type { MessageKey, MessageParams } from '@offerbook/domain/messages'
import type { User } from '@offerbook/domain/user'
import { initSession, saveSession } from '../../shared/session'
import type { FakeAnswer, FakeApi } from '../../test/fake-api'
import { answerAppShell, apiError as fakeApiError, fakeApi, reply } from '../../test/fake-api'
import { pageLoaderFor } from '../page-modules'

// A whole page moves between steps through the router and the query cache; on a busy machine that can
// take longer than the 1 s Testing Library waits by default, so these page tests wait up to 5 s.
configure({ asyncUtilTimeout: 5000 })

/** A successful answer with a JSON body (an error answer is built by apiError, so it has its key). */
export function json(status: number, body: unknown): FakeAnswer {
  return reply(body, status)
}

/** An error as the API answers it: the message's key and English text, and the refused fields. */
export function apiError(status: number, code: ErrorCode, key: MessageKey, fields: string[] = [], params?: MessageParams): FakeAnswer {
  return fakeApiError(status, key, { code, fields, ...(params ? { params } : {}) })
}

export const session = (user: User) => ({ accessToken: 'tok', expiresAt: '2030-01-01T00:00:00.000Z', user })
export const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString()
export const bodyOf = (init: RequestInit | undefined) => JSON.parse((init?.body as string | undefined) ?? 'null') as unknown

type Handler = (init: RequestInit) => FakeAnswer | Promise<FakeAnswer>

export type AccountApi = {
  /** Answers by 'METHOD /api/path' (a route of the fake API); the signed-in user and single sign-on off are answered already. */
  handlers: Record<string, Handler>
  /** Who GET /api/me answers with; null answers 401. */
  me: User | null
  signInAs(user: User): void
  /** The requests made to 'METHOD /api/path', in order. */
  calls(key: string): RequestInit[]
  /** The fake API underneath, for what the handlers do not say. */
  fake: FakeApi
}

/** The fake API with an account around it, fresh for each test of the file that calls it. */
export function accountApi(): AccountApi {
  const fake = fakeApi()
  const api: AccountApi = {
    // Each handler set becomes a route of the fake API for the running test.
    handlers: new Proxy({} as Record<string, Handler>, {
      set(_target, key, handler: Handler) {
        fake.on(String(key), (request) => handler(request.init))
        return true
      },
    }),
    me: null,
    signInAs(user) {
      api.me = user
      saveSession({ accessToken: 'tok', persist: false })
    },
    calls: (key) => fake.calls(key).map((request) => request.init),
    fake,
  }

  beforeEach(() => {
    initSession()
    api.me = null
    answerAppShell(fake)
    fake.on('GET /api/me', () => (api.me ? reply({ user: api.me }) : fakeApiError(401, 'request.signInRequired')))
    fake.on('GET /api/sso', reply({ enabled: false, name: '' }))
  })

  afterEach(() => {
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
