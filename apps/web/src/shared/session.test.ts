import { describe, expect, it, vi } from 'vitest'
import { SESSION_STORAGE_KEY } from '@offerbook/domain/session'
import { clearSession, getAccessToken, getSession, initSession, isSignedIn, onSessionCleared, saveSession } from './session'

describe('session', () => {
  it('keeps a persistent session in localStorage and a tab session in sessionStorage', () => {
    initSession()
    saveSession({ accessToken: 'a', persist: true })
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual({ accessToken: 'a', persist: true })
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull()

    saveSession({ accessToken: 'b', persist: false })
    expect(JSON.parse(window.sessionStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual({ accessToken: 'b', persist: false })
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull()
    expect(getAccessToken()).toBe('b')
    expect(isSignedIn()).toBe(true)
  })

  it('at start, clears localStorage when the session does not persist and the tab holds none', () => {
    window.localStorage.setItem('left-over', '1')
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ accessToken: 'old', persist: false }))
    initSession()
    expect(window.localStorage.length).toBe(0)
    expect(getSession()).toBeNull()
  })

  it('at start, keeps a persisted session', () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ accessToken: 'kept', persist: true }))
    window.localStorage.setItem('other', '1')
    initSession()
    expect(getAccessToken()).toBe('kept')
    expect(window.localStorage.getItem('other')).toBe('1')
  })

  it('at start, keeps localStorage when this tab holds a session', () => {
    window.sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ accessToken: 'tab', persist: false }))
    window.localStorage.setItem('other', '1')
    initSession()
    expect(getAccessToken()).toBe('tab')
    expect(window.localStorage.getItem('other')).toBe('1')
  })

  it('ignores a malformed stored session', () => {
    window.sessionStorage.setItem(SESSION_STORAGE_KEY, '{"accessToken":""}')
    initSession()
    expect(isSignedIn()).toBe(false)
  })

  it('clear wipes the session and both storages entirely', () => {
    initSession()
    const cleared = vi.fn()
    const stop = onSessionCleared(cleared)
    saveSession({ accessToken: 'a', persist: true })
    window.localStorage.setItem('x', '1')
    window.sessionStorage.setItem('y', '2')
    clearSession()
    stop()
    expect(window.localStorage.length).toBe(0)
    expect(window.sessionStorage.length).toBe(0)
    expect(getSession()).toBeNull()
    expect(cleared).toHaveBeenCalledOnce()
  })
})
