import { act, render } from '@testing-library/react'
import type { QueryKey } from '@tanstack/react-query'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { OpenedEventStream } from '../../test/fake-api'
import { eventBlock, eventStreams, fakeApi } from '../../test/fake-api'
import { chatKeys, notificationKeys, offerKeys, signingKeys } from '../query-keys'
import { clearSession, initSession, saveSession } from '../session'
import type { LiveEvent } from './event-stream'
import { LiveEventsProvider, staleKeysOf, useLiveEvent } from './live-events'

const api = fakeApi()
/** The GET /api/events the provider opened, the oldest first. */
let streams: OpenedEventStream[]
const header = (stream: number, name: string) => streams[stream]!.request.headers.get(name)
const signal = (stream: number) => streams[stream]!.request.init.signal

beforeEach(() => {
  const events = eventStreams()
  streams = events.opened
  api.on('GET /api/events', events.route)
  initSession()
  saveSession({ accessToken: 'tok-1', persist: false })
})

/** Cached as the features cache them: by the same factories the refresh uses. */
const KEYS = {
  offer: offerKeys.one('o1'),
  offerByLink: offerKeys.one('o1', 'share-token'),
  otherOffer: offerKeys.one('o2'),
  myOffers: offerKeys.mine('active', 1),
  listingOffers: offerKeys.ofListing('l1'),
  optimize: offerKeys.optimize('l1'),
  otherListing: offerKeys.ofListing('l2'),
  signing: signingKeys.offer('o1'),
  notifications: notificationKeys.page('all', 1),
  chat: chatKeys.conversations(),
  me: ['me'],
} satisfies Record<string, QueryKey>

function setup({ enabled = true } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  for (const key of Object.values(KEYS)) queryClient.setQueryData(key, { cached: true })
  const seen: LiveEvent[] = []
  function Listener() {
    useLiveEvent((event) => seen.push(event))
    return null
  }
  const view = render(
    <QueryClientProvider client={queryClient}>
      <LiveEventsProvider enabled={enabled}>
        <Listener />
      </LiveEventsProvider>
    </QueryClientProvider>,
  )
  const invalidated = () =>
    Object.entries(KEYS)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort()
  return { ...view, queryClient, seen, invalidated }
}

describe('LiveEventsProvider', () => {
  it('opens one stream with the bearer token, and an offer change refreshes that offer, its lists and its ranking only', async () => {
    const { seen, invalidated } = setup()
    await vi.waitFor(() => expect(streams).toHaveLength(1))
    expect([header(0, 'Authorization'), header(0, 'Accept')]).toEqual(['Bearer tok-1', 'text/event-stream'])
    act(() => streams[0]!.send(eventBlock(1, 'offer.changed', { offerId: 'o1', listingId: 'l1', status: 'active' })))
    await vi.waitFor(() => expect(seen).toHaveLength(1))
    expect(invalidated()).toEqual(['listingOffers', 'myOffers', 'offer', 'offerByLink', 'optimize', 'signing'])
  })

  it('refreshes the notifications on a new notification, and hands every event to each subscriber', async () => {
    const { seen, invalidated } = setup()
    await vi.waitFor(() => expect(streams).toHaveLength(1))
    act(() => streams[0]!.send(eventBlock(5, 'notification.created', { notificationId: 'n1', type: 'offer.updated', offerId: 'o1', listingId: 'l1' }) + eventBlock(6, 'chat.message', { conversationId: 'c1', messageId: 'm1' })))
    await vi.waitFor(() => expect(seen.map((event) => event.type)).toEqual(['notification.created', 'chat.message']))
    expect(invalidated()).toEqual(['chat', 'notifications'])
    expect(streams).toHaveLength(1)
  })

  it('refreshes everything live after a reconnect, asking for what it missed', async () => {
    const { seen, invalidated } = setup()
    await vi.waitFor(() => expect(streams).toHaveLength(1))
    act(() => streams[0]!.send(eventBlock(9, 'chat.read', { conversationId: 'c1' })))
    await vi.waitFor(() => expect(seen).toHaveLength(1))
    expect(invalidated()).toEqual(['chat'])
    act(() => streams[0]!.end())
    // The first retry comes after a second.
    await vi.waitFor(() => expect(streams).toHaveLength(2), { timeout: 3_000 })
    expect(header(1, 'Last-Event-ID')).toBe('9')
    await vi.waitFor(() => expect(invalidated()).toEqual(['chat', 'listingOffers', 'myOffers', 'notifications', 'offer', 'offerByLink', 'optimize', 'otherListing', 'otherOffer', 'signing']))
  })

  it('closes the stream on sign-out and on unmount, and opens none while disabled or signed out', async () => {
    const first = setup()
    await vi.waitFor(() => expect(streams).toHaveLength(1))
    act(() => clearSession())
    expect(signal(0)?.aborted).toBe(true)
    act(() => saveSession({ accessToken: 'tok-2', persist: false }))
    await vi.waitFor(() => expect(streams).toHaveLength(2))
    expect(header(1, 'Authorization')).toBe('Bearer tok-2')
    first.unmount()
    expect(signal(1)?.aborted).toBe(true)

    setup({ enabled: false })
    act(() => clearSession())
    setup({ enabled: true })
    await act(async () => {
      await Promise.resolve()
    })
    expect(streams).toHaveLength(2)
  })
})

describe('staleKeysOf', () => {
  it('maps signing progress to that offer and packet, and ignores what it does not know', () => {
    expect(staleKeysOf({ id: '1', type: 'signing.changed', data: { packetId: 'p1', offerId: 'o1', status: 'completed' } })).toEqual([
      ['signing', 'offer', 'o1'],
      ['offers', 'one', 'o1'],
      // A notice's packet moves the contract's notices (decision 065).
      ['offers', 'notices', 'o1'],
      ['signing', 'packet', 'p1'],
    ])
    expect(staleKeysOf({ id: '2', type: 'message.outcome', data: { messageId: 'm1' } })).toEqual([])
    expect(staleKeysOf({ id: '3', type: 'offer.changed', data: { offerId: 7 } })).toEqual([['offers', 'mine']])
  })

  it('refreshes the team pages and the lists a team shapes on a team change', () => {
    expect(staleKeysOf({ id: '4', type: 'team.changed', data: {} })).toEqual([['team'], ['listings', 'mine'], ['offers', 'mine']])
  })

  it("refreshes My Listings and the listing's own page when a listing one manages changes", () => {
    expect(staleKeysOf({ id: '5', type: 'listing.changed', data: { listingId: 'l1', change: 'status' } })).toEqual([
      ['listings', 'mine'],
      ['listings', 'managed', 'l1'],
    ])
  })
})
