import { beforeEach, describe, expect, it, vi } from 'vitest'
import { getAccessToken, initSession, saveSession } from '../../../shared/session'
import type { FakeAnswer } from '../../../test/fake-api'
import { apiError, fakeApi, noContent, reply } from '../../../test/fake-api'
import { signOut } from './sign-out'

const api = fakeApi()

function answerEndSession(endSession: FakeAnswer) {
  api.on('GET /api/sso/end-session', endSession)
  api.on('DELETE /api/session', noContent)
}

beforeEach(() => {
  initSession()
  saveSession({ accessToken: 'tok', persist: false })
})

describe('signOut', () => {
  it("after a single sign-on session, clears the session and then sends the browser to the provider's sign-out", async () => {
    answerEndSession(reply({ url: 'https://idp.example/logout?client_id=offerbook' }))
    const leave = vi.fn((_url: string) => expect(getAccessToken()).toBeNull())
    await signOut(undefined, leave)
    expect(api.calls().map((request) => `${request.method} ${request.path}`)).toEqual(['GET /api/sso/end-session', 'DELETE /api/session'])
    expect(leave).toHaveBeenCalledWith('https://idp.example/logout?client_id=offerbook')
    expect(getAccessToken()).toBeNull()
  })

  it('stays in the app after any other session, or when the question fails', async () => {
    for (const answer of [reply({ url: null }), apiError(500, 'request.internal')]) {
      saveSession({ accessToken: 'tok', persist: false })
      answerEndSession(answer)
      const leave = vi.fn()
      await signOut(undefined, leave)
      expect(leave).not.toHaveBeenCalled()
      expect(getAccessToken()).toBeNull()
    }
  })
})
