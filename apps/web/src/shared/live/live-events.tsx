import type { ReactNode } from 'react'
import { useEffect, useRef } from 'react'
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { useQueryClient } from '@tanstack/react-query'
import { chatKeys, listingKeys, notificationKeys, offerKeys, signingKeys, teamKeys } from '../query-keys'
import { getAccessToken, useSession } from '../session'
import type { LiveEvent } from './event-stream'
import { openEventStream } from './event-stream'

export type { LiveEvent } from './event-stream'

/**
 * The signed-in user's live events (GET /api/events, issue #14 part 4): one stream per tab, opened
 * by LiveEventsProvider in the app shell. Each event refreshes the queries it makes stale; components
 * that want the event itself (the chat widget) subscribe with useLiveEvent, wherever they are mounted.
 */

export type LiveEventHandler = (event: LiveEvent) => void

/** Who hears the tab's one stream: useLiveEvent's subscribers. */
const handlers = new Set<LiveEventHandler>()

function dispatch(event: LiveEvent): void {
  for (const handler of [...handlers]) {
    try {
      handler(event)
    } catch (error) {
      // One subscriber's failure must not stop the others, nor the stream.
      console.warn('live event handler failed', error)
    }
  }
}

/** What follows live events, by prefix: after a gap in the stream all of it is refreshed. */
export const LIVE_QUERY_PREFIXES = {
  notifications: notificationKeys.all,
  offers: offerKeys.all,
  signing: signingKeys.all,
  chat: chatKeys.all,
} as const satisfies Record<string, QueryKey>

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

/** The queries an event makes stale, built by the features' own key factories (shared/query-keys.ts); an unknown type, none. */
export function staleKeysOf(event: LiveEvent): QueryKey[] {
  const { data } = event
  const offerId = text(data.offerId)
  const listingId = text(data.listingId)
  switch (event.type) {
    case 'offer.changed': {
      const keys: QueryKey[] = [offerKeys.mineAll()]
      // The offer under every token, the seller side's lists and ranking, the listing itself.
      // A notice delivered or a termination moves the contract's timeline and its notices (decision 065).
      if (offerId) keys.push(offerKeys.oneAnyToken(offerId), signingKeys.offer(offerId), offerKeys.timeline(offerId), offerKeys.notices(offerId))
      if (listingId) keys.push(offerKeys.ofListing(listingId), offerKeys.optimize(listingId), listingKeys.managed(listingId))
      return keys
    }
    case 'notification.created':
      return [notificationKeys.all]
    case 'signing.changed': {
      const keys: QueryKey[] = []
      const packetId = text(data.packetId)
      if (offerId) keys.push(signingKeys.offer(offerId), offerKeys.oneAnyToken(offerId), offerKeys.notices(offerId))
      if (packetId) keys.push(signingKeys.packet(packetId))
      return keys
    }
    case 'chat.message':
    case 'chat.read':
      return [chatKeys.all]
    // A team change (issue #16): the team pages, and the lists the member's access shapes.
    case 'team.changed':
      return [teamKeys.all, listingKeys.mine(), offerKeys.mineAll()]
    // A listing one manages changed (written while some API key may read listings, decision 080): its lists and its page.
    case 'listing.changed':
      return listingId ? [listingKeys.mine(), listingKeys.managed(listingId)] : [listingKeys.mine()]
    default:
      return []
  }
}

/** Refreshes (when shown) or marks stale (otherwise) what the event changed. */
export function invalidateFor(queryClient: QueryClient, event: LiveEvent): void {
  for (const queryKey of staleKeysOf(event)) void queryClient.invalidateQueries({ queryKey })
}

/** After a gap in the stream: everything that follows live events may have changed meanwhile. */
export function invalidateLive(queryClient: QueryClient): void {
  for (const queryKey of Object.values(LIVE_QUERY_PREFIXES)) void queryClient.invalidateQueries({ queryKey })
}

export type LiveEventsProviderProps = {
  /** Whether to open the stream: a signed-in user whose account is loaded. It also needs a session token. */
  enabled: boolean
  children?: ReactNode
}

/**
 * Opens the tab's stream while `enabled` and the session has a token, with that token; closes it on
 * sign-out (the token goes) and on unmount. A new token (another account) opens a new stream. Mount
 * it once (the app shell does); its children, if any, render as they are.
 */
export function LiveEventsProvider({ enabled, children = null }: LiveEventsProviderProps) {
  const queryClient = useQueryClient()
  const token = useSession()?.accessToken ?? null

  useEffect(() => {
    if (!enabled || !token) return
    return openEventStream({
      headers: (): Record<string, string> => {
        // A refreshed session in another tab may have replaced the token; the stream reconnects with the newest.
        const current = getAccessToken() ?? token
        return { Authorization: `Bearer ${current}` }
      },
      onEvent: (event) => {
        invalidateFor(queryClient, event)
        dispatch(event)
      },
      onOpen: (reconnected) => {
        if (reconnected) invalidateLive(queryClient)
      },
    })
  }, [enabled, token, queryClient])

  return children
}

/**
 * Calls `handler` with each event of the signed-in user's stream (the provider's; it never opens a
 * second one). The newest handler is called, so it need not be memoised. No stream open, no calls.
 */
export function useLiveEvent(handler: (event: LiveEvent) => void): void {
  const latest = useRef(handler)
  useEffect(() => {
    latest.current = handler
  })
  useEffect(() => {
    const listener: LiveEventHandler = (event) => latest.current(event)
    handlers.add(listener)
    return () => void handlers.delete(listener)
  }, [])
}
