import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getAccessToken, initSession, saveSession } from '../../../shared/session'
import { signOut } from './sign-out'

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

let requests: string[]

function stubApi(endSession: () => Response) {
  requests = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${url.split('?')[0]}`
      requests.push(key)
      if (key === 'GET /api/sso/end-session') return endSession()
      if (key === 'DELETE /api/session') return new Response(null, { status: 204 })
      return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' })
    }),
  )
}

beforeEach(() => {
  initSession()
  saveSession({ accessToken: 'tok', persist: false })
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('signOut', () => {
  it("after a single sign-on session, clears the session and then sends the browser to the provider's sign-out", async () => {
    stubApi(() => json(200, { url: 'https://idp.example/logout?client_id=offerbook' }))
    const leave = vi.fn((_url: string) => expect(getAccessToken()).toBeNull())
    await signOut(undefined, leave)
    expect(requests).toEqual(['GET /api/sso/end-session', 'DELETE /api/session'])
    expect(leave).toHaveBeenCalledWith('https://idp.example/logout?client_id=offerbook')
    expect(getAccessToken()).toBeNull()
  })

  it('stays in the app after any other session, or when the question fails', async () => {
    for (const answer of [() => json(200, { url: null }), () => json(500, { statusCode: 500, code: 'INTERNAL', message: 'x' })]) {
      saveSession({ accessToken: 'tok', persist: false })
      stubApi(answer)
      const leave = vi.fn()
      await signOut(undefined, leave)
      expect(leave).not.toHaveBeenCalled()
      expect(getAccessToken()).toBeNull()
    }
  })
})
