import { afterEach, describe, expect, it, vi } from 'vitest'
import { SESSION_STORAGE_KEY } from '@offerbook/domain/session'
import type { StoredSession } from '@offerbook/domain/session'
import { clearSession, getAccessToken, getSession, initSession, isSessionStarting, saveSession } from './session'
import type { SessionTabs } from './session-tabs'
import { SIGNED_IN_HINT_COOKIE } from '@offerbook/domain/stored-session'
import { connectSessionTabs, SESSION_CHANNEL, SESSION_HANDSHAKE_HINTED_MS, SESSION_HANDSHAKE_MS } from './session-tabs'

// Each "tab" is its own BroadcastChannel in this process; a channel does not hear its own messages, as in a browser.
const opened: SessionTabs[] = []
const rawChannels: BroadcastChannel[] = []

function otherTab(session: StoredSession | null, onSignedOut = vi.fn()) {
  const tab = connectSessionTabs({ shareable: () => session, onSignedOut })
  opened.push(tab)
  return { tab, onSignedOut }
}

afterEach(() => {
  for (const tab of opened.splice(0)) tab.close()
  for (const channel of rawChannels.splice(0)) channel.close()
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Path=/; Max-Age=0`
})

describe('connectSessionTabs', () => {
  it('hands a tab session to a tab that asks', async () => {
    otherTab({ accessToken: 'shared', persist: false })
    const { tab: newTab } = otherTab(null)
    expect(await newTab.requestSession(1_000)).toEqual({ accessToken: 'shared', persist: false })
  })

  it('answers null after the wait when no tab holds a session, and never hands over a remembered one', async () => {
    otherTab(null)
    otherTab({ accessToken: 'remembered', persist: true })
    const { tab: newTab } = otherTab(null)
    const started = Date.now()
    expect(await newTab.requestSession(120)).toBeNull()
    expect(Date.now() - started).toBeGreaterThanOrEqual(100)
  })

  it('ignores messages of another shape, such as a remembered session or an empty token', async () => {
    const { tab: newTab } = otherTab(null)
    const stranger = new BroadcastChannel(SESSION_CHANNEL)
    rawChannels.push(stranger)
    stranger.onmessage = () => {
      stranger.postMessage({ type: 'session', session: { accessToken: 'x', persist: true } })
      stranger.postMessage({ type: 'session', session: { accessToken: '', persist: false } })
      stranger.postMessage('session')
    }
    expect(await newTab.requestSession(150)).toBeNull()
  })

  it('tells the other tabs of a sign-out', async () => {
    const { onSignedOut } = otherTab({ accessToken: 'a', persist: false })
    const { tab } = otherTab({ accessToken: 'a', persist: false })
    tab.announceSignOut('a')
    await vi.waitFor(() => expect(onSignedOut).toHaveBeenCalledWith('a'))
  })

  it('works without a channel: nobody to ask, nobody to tell', async () => {
    const tab = connectSessionTabs({ shareable: () => null, onSignedOut: vi.fn(), createChannel: () => null })
    const started = Date.now()
    expect(await tab.requestSession(5_000)).toBeNull()
    expect(Date.now() - started).toBeLessThan(1_000)
    expect(() => tab.announceSignOut('a')).not.toThrow()
    tab.close()
  })
})

describe('session across tabs', () => {
  it('a new tab takes the open tab session and keeps it in its sessionStorage only', async () => {
    otherTab({ accessToken: 'shared', persist: false })
    const ready = initSession()
    expect(isSessionStarting()).toBe(true)
    await ready
    expect(isSessionStarting()).toBe(false)
    expect(getAccessToken()).toBe('shared')
    expect(JSON.parse(window.sessionStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual({ accessToken: 'shared', persist: false })
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull()
  })

  it('a new tab with no open tab to answer is signed out after a short wait', async () => {
    const started = Date.now()
    const ready = initSession()
    expect(isSessionStarting()).toBe(true)
    await ready
    expect(Date.now() - started).toBeGreaterThanOrEqual(SESSION_HANDSHAKE_MS - 20)
    expect(Date.now() - started).toBeLessThan(SESSION_HANDSHAKE_MS + 1_000)
    expect(isSessionStarting()).toBe(false)
    expect(getSession()).toBeNull()
  })

  it('when the hint cookie says a tab holds a session, a new tab waits for a tab slow to answer', async () => {
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; Path=/`
    // An open tab busy loading its own page answers well after the short wait.
    const busy = new BroadcastChannel(SESSION_CHANNEL)
    rawChannels.push(busy)
    busy.onmessage = () => {
      setTimeout(() => busy.postMessage({ type: 'session', session: { accessToken: 'busy', persist: false } }), SESSION_HANDSHAKE_MS + 400)
    }
    await initSession()
    expect(getAccessToken()).toBe('busy')
  })

  it('with the hint cookie but no tab to answer, the new tab is signed out after the longer wait', async () => {
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; Path=/`
    const started = Date.now()
    await initSession()
    expect(Date.now() - started).toBeGreaterThanOrEqual(SESSION_HANDSHAKE_HINTED_MS - 20)
    expect(getSession()).toBeNull()
    // The browser holds no session after all: the hint goes.
    expect(document.cookie).not.toContain(`${SIGNED_IN_HINT_COOKIE}=1`)
  })

  it('a tab holding a session does not ask, and answers a new tab', async () => {
    window.sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ accessToken: 'mine', persist: false }))
    await initSession()
    expect(isSessionStarting()).toBe(false)
    const { tab: newTab } = otherTab(null)
    expect(await newTab.requestSession(1_000)).toEqual({ accessToken: 'mine', persist: false })
  })

  it('a tab does not take an answer after it signed in on its own', async () => {
    const ready = initSession()
    saveSession({ accessToken: 'own', persist: true })
    otherTab({ accessToken: 'late', persist: false })
    await ready
    expect(getAccessToken()).toBe('own')
  })

  it('signing out in another tab signs this one out', async () => {
    await initSession()
    saveSession({ accessToken: 'shared', persist: false })
    const { tab } = otherTab({ accessToken: 'shared', persist: false })
    tab.announceSignOut('shared')
    await vi.waitFor(() => expect(getSession()).toBeNull())
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull()
  })

  it('a tab holding another session keeps it when a tab signs out of an old one', async () => {
    await initSession()
    // e.g. this tab changed the password and got a new token; another tab still had the old one.
    saveSession({ accessToken: 'new', persist: false })
    const { tab } = otherTab(null)
    tab.announceSignOut('old')
    // Messages of one tab arrive in order: this tab answers after it read the sign-out.
    expect(await tab.requestSession(1_000)).toEqual({ accessToken: 'new', persist: false })
    expect(getAccessToken()).toBe('new')
    expect(JSON.parse(window.sessionStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual({ accessToken: 'new', persist: false })
  })

  it('signing out here tells the other tabs', async () => {
    await initSession()
    saveSession({ accessToken: 'shared', persist: false })
    const { onSignedOut } = otherTab({ accessToken: 'shared', persist: false })
    clearSession()
    await vi.waitFor(() => expect(onSignedOut).toHaveBeenCalledWith('shared'))
  })
})
