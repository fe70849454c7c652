import { useCallback, useSyncExternalStore } from 'react'

/**
 * The chat widget's session state (spec section 1: "flags: loaded, maximized"), in sessionStorage so
 * that it lasts while the tab does and goes with the session (clearing the session empties it).
 * A guest's conversations are kept in localStorage instead: a visitor who closes the tab and comes
 * back finds theirs (issue #33). This module is imported by the launcher, so it stays small and has
 * no dependency.
 */

export type ChatFlags = { loaded: boolean; maximized: boolean }

export const CHAT_FLAGS_KEY = 'offerbook.chat.flags'
export const CHAT_GUESTS_KEY = 'offerbook.chat.guests'

/** A guest's conversation: where it was started (a listing id, or 'support') and its token. */
export type GuestConversation = { conversationId: string; token: string }
type GuestConversations = Record<string, GuestConversation>

const DEFAULT_FLAGS: ChatFlags = { loaded: false, maximized: false }
const listeners = new Set<() => void>()

type Store = 'sessionStorage' | 'localStorage'

function readJson(key: string, store: Store = 'sessionStorage'): unknown {
  try {
    const raw = window[store].getItem(key)
    return raw ? (JSON.parse(raw) as unknown) : null
  } catch {
    return null
  }
}

function writeJson(key: string, value: unknown, store: Store = 'sessionStorage'): void {
  try {
    window[store].setItem(key, JSON.stringify(value))
  } catch {
    // Storage full or blocked: the flag still holds in this page until it is reloaded.
  }
  for (const listener of [...listeners]) listener()
}

let cachedRaw: string | null | undefined
let cachedFlags: ChatFlags = DEFAULT_FLAGS

export function readChatFlags(): ChatFlags {
  let raw: string | null
  try {
    raw = window.sessionStorage.getItem(CHAT_FLAGS_KEY)
  } catch {
    raw = null
  }
  // The same snapshot object while the stored text is unchanged (useSyncExternalStore needs it).
  if (raw === cachedRaw) return cachedFlags
  cachedRaw = raw
  const value = readJson(CHAT_FLAGS_KEY)
  const stored = value && typeof value === 'object' ? (value as Record<string, unknown>) : {}
  cachedFlags = { loaded: stored.loaded === true, maximized: stored.maximized === true }
  return cachedFlags
}

export function writeChatFlags(change: Partial<ChatFlags>): void {
  writeJson(CHAT_FLAGS_KEY, { ...readChatFlags(), ...change })
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** The flags, re-rendering on change, and a setter that stores them. */
export function useChatFlags(): [ChatFlags, (change: Partial<ChatFlags>) => void] {
  const flags = useSyncExternalStore(subscribe, readChatFlags, () => DEFAULT_FLAGS)
  const set = useCallback((change: Partial<ChatFlags>) => writeChatFlags(change), [])
  return [flags, set]
}

/** The scope of a conversation: the listing it is about, or the support team. */
export function chatScope(listingId: string | null): string {
  return listingId ?? 'support'
}

function readGuests(): GuestConversations {
  const value = readJson(CHAT_GUESTS_KEY, 'localStorage')
  if (!value || typeof value !== 'object') return {}
  const guests: GuestConversations = {}
  for (const [scope, entry] of Object.entries(value as Record<string, unknown>)) {
    if (!entry || typeof entry !== 'object') continue
    const { conversationId, token } = entry as Record<string, unknown>
    if (typeof conversationId === 'string' && typeof token === 'string') guests[scope] = { conversationId, token }
  }
  return guests
}

/** The guest's conversation in this scope, if this browser started (or an email's link reopened) one. */
export function readGuestConversation(scope: string): GuestConversation | null {
  return readGuests()[scope] ?? null
}

export function saveGuestConversation(scope: string, conversation: GuestConversation): void {
  writeJson(CHAT_GUESTS_KEY, { ...readGuests(), [scope]: conversation }, 'localStorage')
}

export function forgetGuestConversation(scope: string): void {
  const guests = readGuests()
  delete guests[scope]
  writeJson(CHAT_GUESTS_KEY, guests, 'localStorage')
}

/**
 * The guest's conversations as stored, to keep them across the start-up rule of spec section 4
 * (a browser with no persisting session has its localStorage cleared at start): read before, then
 * written back, as the language and the UI mode are.
 */
export function keepGuestConversations(): () => void {
  const guests = readGuests()
  return () => {
    if (Object.keys(guests).length > 0) writeJson(CHAT_GUESTS_KEY, { ...guests, ...readGuests() }, 'localStorage')
  }
}

/**
 * The conversation an email's link reopens: `#chat=<conversationId>.<key>` in the address (a fragment,
 * which no server sees), or null.
 */
export function guestConversationFromHash(hash: string): GuestConversation | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get('chat')
  const dot = value ? value.indexOf('.') : -1
  if (!value || dot < 1 || dot === value.length - 1) return null
  return { conversationId: value.slice(0, dot), token: value.slice(dot + 1) }
}

/** The guest's conversation in a scope, re-rendering when it is saved or forgotten. */
export function useGuestConversation(scope: string): GuestConversation | null {
  const raw = useSyncExternalStore(
    subscribe,
    () => {
      const found = readGuestConversation(scope)
      return found ? `${found.conversationId}.${found.token}` : ''
    },
    () => '',
  )
  if (!raw) return null
  const dot = raw.indexOf('.')
  return { conversationId: raw.slice(0, dot), token: raw.slice(dot + 1) }
}
