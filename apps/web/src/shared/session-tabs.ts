import type { StoredSession } from '@offerbook/domain/stored-session'
import { parseStoredSession } from '@offerbook/domain/stored-session'

/**
 * Many tabs, one session. Without "Remember me" the session lives in one tab's sessionStorage, which
 * a new tab does not get; a new tab asks the open ones over this channel, and a tab holding such a
 * session answers with it. Signing out in one tab signs out the others holding the same session. The channel is
 * same-origin only, so the token never leaves this site's own tabs.
 */
export const SESSION_CHANNEL = 'offerbook-session'

/** How long a new tab waits for an answer before it counts as signed out; an open tab answers in a few ms. */
export const SESSION_HANDSHAKE_MS = 300

/**
 * How long it waits when the signed-in hint cookie says some tab of this browser holds a session: an
 * answer is then expected, and a tab busy loading its own page (or a slow machine) may take longer than
 * a few ms to give it. Without an answer by then the tab counts as signed out all the same.
 */
export const SESSION_HANDSHAKE_HINTED_MS = 3000

type Message =
  | { type: 'session-request' }
  // Only a tab session is ever handed over; a remembered one is in localStorage for every tab to read.
  | { type: 'session'; session: StoredSession & { persist: false } }
  // Names the token signed out, so a tab holding another one (say, a new one after a password change) keeps it.
  | { type: 'signed-out'; accessToken: string }

/** A message another tab posted, or null for anything else on the channel (checked by hand: no zod in the first script). */
function parseMessage(data: unknown): Message | null {
  if (typeof data !== 'object' || data === null) return null
  const message = data as Record<string, unknown>
  if (message.type === 'session-request') return { type: 'session-request' }
  if (message.type === 'session') {
    const session = parseStoredSession(message.session)
    return session && session.persist === false ? { type: 'session', session: { accessToken: session.accessToken, persist: false } } : null
  }
  if (message.type === 'signed-out' && typeof message.accessToken === 'string' && message.accessToken.length > 0) {
    return { type: 'signed-out', accessToken: message.accessToken }
  }
  return null
}

/** The part of BroadcastChannel used here, so tests and old browsers can pass their own or none. */
export type SessionChannel = {
  postMessage: (message: Message) => void
  close: () => void
  onmessage: ((event: MessageEvent) => void) | null
}

export type SessionTabsOptions = {
  /** The session this tab would hand to a new tab: its tab session, never a remembered one. */
  shareable: () => StoredSession | null
  /** Another tab signed out of the session with this token. */
  onSignedOut: (accessToken: string) => void
  /** Defaults to a BroadcastChannel, or none where the browser has no BroadcastChannel. */
  createChannel?: (name: string) => SessionChannel | null
}

export type SessionTabs = {
  /** The tab session another open tab answers with, or null once `timeoutMs` passed without one. */
  requestSession: (timeoutMs?: number) => Promise<StoredSession | null>
  announceSignOut: (accessToken: string) => void
  close: () => void
}

function browserChannel(name: string): SessionChannel | null {
  if (typeof BroadcastChannel !== 'function') return null
  try {
    return new BroadcastChannel(name) as unknown as SessionChannel
  } catch {
    return null
  }
}

export function connectSessionTabs({ shareable, onSignedOut, createChannel = browserChannel }: SessionTabsOptions): SessionTabs {
  const channel = createChannel(SESSION_CHANNEL)
  const waiting = new Set<(session: StoredSession | null) => void>()

  const post = (message: Message) => {
    try {
      channel?.postMessage(message)
    } catch {
      // A closed channel: this tab is going away.
    }
  }

  if (channel) {
    channel.onmessage = (event) => {
      const message = parseMessage(event.data)
      if (!message) return
      if (message.type === 'session-request') {
        const session = shareable()
        if (session && !session.persist) post({ type: 'session', session: { accessToken: session.accessToken, persist: false } })
      } else if (message.type === 'session') {
        for (const resolve of [...waiting]) resolve(message.session)
      } else {
        onSignedOut(message.accessToken)
      }
    }
  }

  return {
    requestSession: (timeoutMs = SESSION_HANDSHAKE_MS) => {
      if (!channel) return Promise.resolve(null)
      return new Promise<StoredSession | null>((resolve) => {
        const finish = (session: StoredSession | null) => {
          clearTimeout(timer)
          waiting.delete(finish)
          resolve(session)
        }
        const timer = setTimeout(() => finish(null), timeoutMs)
        waiting.add(finish)
        post({ type: 'session-request' })
      })
    },
    announceSignOut: (accessToken) => post({ type: 'signed-out', accessToken }),
    close: () => {
      for (const resolve of [...waiting]) resolve(null)
      waiting.clear()
      if (channel) channel.onmessage = null
      channel?.close()
    },
  }
}
