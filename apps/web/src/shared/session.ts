import { useSyncExternalStore } from 'react'
import type { StoredSession } from '@offerbook/domain/session'
import { SESSION_STORAGE_KEY, StoredSessionSchema } from '@offerbook/domain/session'

/**
 * The browser session of spec sections 3 and 4: `{ accessToken, persist }` under one key, in
 * localStorage when persist is on and in sessionStorage when it is off.
 */

type Listener = () => void

const listeners = new Set<Listener>()
const clearListeners = new Set<Listener>()
let current: StoredSession | null | undefined

function parse(raw: string | null): StoredSession | null {
  if (!raw) return null
  try {
    const result = StoredSessionSchema.safeParse(JSON.parse(raw))
    return result.success ? result.data : null
  } catch {
    return null
  }
}

function readFromStorage(): StoredSession | null {
  return parse(window.sessionStorage.getItem(SESSION_STORAGE_KEY)) ?? parse(window.localStorage.getItem(SESSION_STORAGE_KEY))
}

function emit() {
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
  emit()
}

/** Wipes the user, the session and both storages entirely (spec section 4). */
export function clearSession(): void {
  window.localStorage.clear()
  window.sessionStorage.clear()
  current = null
  for (const listener of clearListeners) listener()
  emit()
}

/**
 * Start-up rule of spec section 4: when the stored session does not persist and this tab holds no
 * session, whatever a previous visit left in localStorage is cleared.
 */
export function initSession(): void {
  const persisted = parse(window.localStorage.getItem(SESSION_STORAGE_KEY))
  const inTab = window.sessionStorage.getItem(SESSION_STORAGE_KEY)
  if (!persisted?.persist && inTab === null) window.localStorage.clear()
  current = readFromStorage()
  emit()
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
