import { useSyncExternalStore } from 'react'
import type { StoredSession } from '@offerbook/domain/stored-session'
import { parseStoredSession, SESSION_STORAGE_KEY, SIGNED_IN_HINT_COOKIE } from '@offerbook/domain/stored-session'
import type { SessionTabs } from './session-tabs'
import { connectSessionTabs, SESSION_HANDSHAKE_HINTED_MS, SESSION_HANDSHAKE_MS } from './session-tabs'

/**
 * The browser session of spec sections 3 and 4: `{ accessToken, persist }` under one key, in
 * localStorage when persist is on and in sessionStorage when it is off.
 */

type Listener = () => void

const listeners = new Set<Listener>()
const clearListeners = new Set<Listener>()
let current: StoredSession | null | undefined
/** True while a new tab waits for an open tab to hand it the session (session-tabs.ts). */
let starting = false
let handshake = 0
let tabs: SessionTabs | null = null

function parse(raw: string | null): StoredSession | null {
  if (!raw) return null
  try {
    return parseStoredSession(JSON.parse(raw))
  } catch {
    return null
  }
}

function readFromStorage(): StoredSession | null {
  return parse(window.sessionStorage.getItem(SESSION_STORAGE_KEY)) ?? parse(window.localStorage.getItem(SESSION_STORAGE_KEY))
}

/**
 * Keeps the signed-in hint cookie with the session (decision 034): set while there is one (as long as
 * the session lasts in this browser), removed when there is none. While a new tab waits for another
 * tab's session it is left as it is.
 */
function hasSignedInHint(): boolean {
  try {
    return document.cookie.split(/;\s*/).some((cookie) => cookie.startsWith(`${SIGNED_IN_HINT_COOKIE}=1`))
  } catch {
    return false
  }
}

function syncSignedInHint(): void {
  if (current === undefined || starting) return
  try {
    const present = hasSignedInHint()
    const secure = window.location.protocol === 'https:' ? '; Secure' : ''
    if (current && !present) document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; Path=/; SameSite=Lax${current.persist ? '; Max-Age=31536000' : ''}${secure}`
    if (!current && present) document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0${secure}`
  } catch {
    // Cookies can be blocked: the server then sends the public shell, which hands over to the whole app.
  }
}

function emit() {
  syncSignedInHint()
  for (const listener of listeners) listener()
}

export function getSession(): StoredSession | null {
  if (current === undefined) current = readFromStorage()
  return current
}

export function getAccessToken(): string | null {
  return getSession()?.accessToken ?? null
}

export function isSignedIn(): boolean {
  return getAccessToken() !== null
}

export function saveSession(session: StoredSession): void {
  const json = JSON.stringify(session)
  if (session.persist) {
    window.localStorage.setItem(SESSION_STORAGE_KEY, json)
    window.sessionStorage.removeItem(SESSION_STORAGE_KEY)
  } else {
    window.sessionStorage.setItem(SESSION_STORAGE_KEY, json)
    window.localStorage.removeItem(SESSION_STORAGE_KEY)
  }
  current = session
  starting = false
  emit()
}

/** Another tab signed out of this tab's session: this tab forgets it too. localStorage was already wiped there. */
function signedOutElsewhere(accessToken: string): void {
  if (getSession()?.accessToken !== accessToken) return
  window.sessionStorage.removeItem(SESSION_STORAGE_KEY)
  current = null
  starting = false
  for (const listener of clearListeners) listener()
  emit()
}

function connectTabs(): SessionTabs {
  tabs ??= connectSessionTabs({
    shareable: () => {
      const session = getSession()
      return session && !session.persist ? session : null
    },
    onSignedOut: signedOutElsewhere,
  })
  return tabs
}

/** Wipes the user, the session and both storages entirely (spec section 4). */
export function clearSession(): void {
  const signedOut = getSession()?.accessToken
  window.localStorage.clear()
  window.sessionStorage.clear()
  current = null
  starting = false
  if (signedOut) tabs?.announceSignOut(signedOut)
  for (const listener of clearListeners) listener()
  emit()
}

/**
 * Start-up rule of spec section 4: when the stored session does not persist and this tab holds no
 * session, whatever a previous visit left in localStorage is cleared.
 *
 * A tab with no session then asks the other open tabs for theirs (a new tab of a browser signed in
 * without "Remember me"), and keeps an answer in its own sessionStorage only. Until that ends (at
 * most SESSION_HANDSHAKE_MS, or SESSION_HANDSHAKE_HINTED_MS when the hint cookie says a tab holds a
 * session) `isSessionStarting()` is true, so guards wait instead of sending the
 * visitor to sign-in; the promise settles then.
 */
export function initSession(): Promise<void> {
  const persisted = parse(window.localStorage.getItem(SESSION_STORAGE_KEY))
  const inTab = window.sessionStorage.getItem(SESSION_STORAGE_KEY)
  if (!persisted?.persist && inTab === null) window.localStorage.clear()
  current = readFromStorage()
  const otherTabs = connectTabs()
  const mine = ++handshake
  starting = current === null
  emit()
  if (!starting) return Promise.resolve()
  return otherTabs.requestSession(hasSignedInHint() ? SESSION_HANDSHAKE_HINTED_MS : SESSION_HANDSHAKE_MS).then((session) => {
    // Signing in or out meanwhile, or a later initSession, decided already.
    if (mine !== handshake || !starting) return
    if (session && current === null) {
      window.sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session))
      current = session
    }
    starting = false
    emit()
  })
}

/**
 * Forgets this module's state: the session read, a handshake under way, the channel to the other
 * tabs. For tests that run many files in one page (the next file starts as a new tab would).
 */
export function resetSessionState(): void {
  tabs?.close()
  tabs = null
  current = undefined
  starting = false
  handshake += 1
}

export function isSessionStarting(): boolean {
  return starting
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Called after every clearSession, e.g. to drop cached user data. */
export function onSessionCleared(listener: Listener): () => void {
  clearListeners.add(listener)
  return () => clearListeners.delete(listener)
}

export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null)
}

/** Whether this tab is still asking the open tabs for a session; see initSession. */
export function useSessionStarting(): boolean {
  return useSyncExternalStore(subscribeSession, isSessionStarting, () => false)
}
