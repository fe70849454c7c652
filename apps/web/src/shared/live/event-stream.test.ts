import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FakeAnswer } from '../../test/fake-api'
import { apiError, eventStream, fakeApi } from '../../test/fake-api'
import type { LiveEvent } from './event-stream'
import { openEventStream, parseEventBlock } from './event-stream'
import { setApiNavigate } from '../api-client'
import { getSession, saveSession } from '../session'

/** A text/event-stream answer that sends `chunks` and then ends, or stays open while `open`. */
const streamResponse = (chunks: string[], { open = false }: { open?: boolean } = {}) => eventStream(chunks, { open }).response

/**
 * Waits for `check` to pass, letting promises and I/O run between tries (setImmediate is not faked);
 * unlike vi.waitFor it never moves fake timers on.
 */
async function until(check: () => void): Promise<void> {
  for (let tries = 0; ; tries++) {
    try {
      check()
      return
    } catch (error) {
      if (tries > 200) throw error
      await new Promise((resolve) => setImmediate(resolve))
    }
  }
}

const api = fakeApi()
/** The answers to GET /api/events in turn; once they run out, the request waits for ever. */
let answers: Array<() => FakeAnswer>
const calls = () => api.calls('GET /api/events')

/** Each next try comes exactly `wait` ms after the one before (on fake timers): not a millisecond sooner. */
async function expectTriesAfter(waits: readonly number[]): Promise<void> {
  for (const wait of waits) {
    const before = calls().length
    await vi.advanceTimersByTimeAsync(wait - 1)
    expect(calls()).toHaveLength(before)
    await vi.advanceTimersByTimeAsync(1)
    await until(() => expect(calls()).toHaveLength(before + 1))
  }
}

beforeEach(() => {
  answers = []
  api.on('GET /api/events', () => answers.shift()?.() ?? new Promise<FakeAnswer>(() => {}))
})

afterEach(() => {
  vi.useRealTimers()
})

describe('parseEventBlock', () => {
  it('reads the id, the type and the JSON data', () => {
    expect(parseEventBlock('id: 42\nevent: offer.changed\ndata: {"offerId":"o1","status":"active"}')).toEqual({
      id: '42',
      type: 'offer.changed',
      data: { offerId: 'o1', status: 'active' },
    })
  })

  it('joins data lines, keeps a value with colons, and takes "message" when no event is named', () => {
    expect(parseEventBlock('data: {"a":\ndata: "x:y"}')).toEqual({ id: '', type: 'message', data: { a: 'x:y' } })
    expect(parseEventBlock('event:chat.read\ndata:{"conversationId":"c1"}')).toEqual({ id: '', type: 'chat.read', data: { conversationId: 'c1' } })
  })

  it('gives null for a heartbeat, a block without data, and data that is not JSON', () => {
    expect(parseEventBlock(': ping')).toBeNull()
    expect(parseEventBlock('id: 3\nevent: offer.changed')).toBeNull()
    expect(parseEventBlock('event: x\ndata: {not json')).toBeNull()
  })

  it('gives empty data for JSON that is not an object', () => {
    expect(parseEventBlock('event: x\ndata: 7')).toEqual({ id: '', type: 'x', data: {} })
    expect(parseEventBlock('event: x\ndata: null')).toEqual({ id: '', type: 'x', data: {} })
  })
})

describe('openEventStream', () => {
  it('sends the headers, and hands over each event, across chunk boundaries and CRLF line ends, skipping heartbeats', async () => {
    answers.push(() => streamResponse([': ping\n\nid: 1\nevent: offer.changed\ndata: {"offerId":"o1"}\n', '\nid: 2\r\nevent: notification.created\r\ndata: {"notificationId":"n1"}\r\n\r\n'], { open: true }))
    const events: LiveEvent[] = []
    const onOpen = vi.fn()
    const close = openEventStream({ headers: () => ({ Authorization: 'Bearer tok' }), onEvent: (event) => events.push(event), onOpen })
    await until(() => expect(events).toHaveLength(2))
    expect(events.map((event) => [event.id, event.type])).toEqual([
      ['1', 'offer.changed'],
      ['2', 'notification.created'],
    ])
    expect(events[1]!.data).toEqual({ notificationId: 'n1' })
    expect(onOpen).toHaveBeenCalledExactlyOnceWith(false)
    const [first] = calls()
    expect(first!.url).toBe('/api/events')
    expect([first!.headers.get('Accept'), first!.headers.get('Authorization')]).toEqual(['text/event-stream', 'Bearer tok'])
    expect(first!.headers.get('Last-Event-ID')).toBeNull()
    close()
    expect(first!.init.signal?.aborted).toBe(true)
  })

  it('reconnects after the stream ends, with Last-Event-ID and fresh headers, and says it reconnected', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    answers.push(() => streamResponse(['id: 7\nevent: chat.message\ndata: {"conversationId":"c1"}\n\n']))
    answers.push(() => streamResponse([], { open: true }))
    let token = 'first'
    const onOpen = vi.fn()
    const events: LiveEvent[] = []
    const close = openEventStream({ headers: () => ({ Authorization: `Bearer ${token}` }), onEvent: (event) => events.push(event), onOpen })
    await until(() => expect(events).toHaveLength(1))
    token = 'second'
    await vi.advanceTimersByTimeAsync(1_000)
    await until(() => expect(calls()).toHaveLength(2))
    const second = calls()[1]!.headers
    expect([second.get('Authorization'), second.get('Last-Event-ID')]).toEqual(['Bearer second', '7'])
    await until(() => expect(onOpen.mock.calls).toEqual([[false], [true]]))
    close()
  })

  it('waits longer after each failed try, up to 30 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    for (let i = 0; i < 8; i++) answers.push(() => apiError(503, 'health.databaseDown'))
    const close = openEventStream({ headers: () => ({}), onEvent: () => {} })
    await until(() => expect(calls()).toHaveLength(1))
    // 1 s, 2 s, 4 s, 8 s, 16 s, then 30 s each.
    await expectTriesAfter([1_000, 2_000, 4_000, 8_000, 16_000, 30_000])
    expect(calls()).toHaveLength(7)
    close()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(calls()).toHaveLength(7)
  })

  it('keeps backing off when streams end as soon as they open (evicted by newer ones), and waits a second again after one that lasted', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    let endLasting: () => void = () => {}
    answers.push(
      () => streamResponse([]),
      () => streamResponse([]),
      () => streamResponse([]),
      () => {
        const lasting = eventStream()
        endLasting = lasting.end
        return lasting.response
      },
      () => streamResponse([]),
    )
    const close = openEventStream({ headers: () => ({}), onEvent: () => {} })
    await until(() => expect(calls()).toHaveLength(1))
    await expectTriesAfter([1_000, 2_000, 4_000])
    expect(calls()).toHaveLength(4)
    // The fourth stays open a minute, then ends: the next try comes a second later.
    await vi.advanceTimersByTimeAsync(60_000)
    endLasting()
    await vi.advanceTimersByTimeAsync(999)
    expect(calls()).toHaveLength(4)
    await vi.advanceTimersByTimeAsync(1)
    await until(() => expect(calls()).toHaveLength(5))
    close()
  })

  it('stops for good when the server refuses the stream', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    answers.push(() => apiError(401, 'request.signInRequired'))
    const onRefused = vi.fn()
    openEventStream({ headers: () => ({}), onEvent: () => {}, onRefused, rules: { redirectOnUnauthorized: false } })
    await until(() => expect(onRefused).toHaveBeenCalledWith(401))
    await vi.advanceTimersByTimeAsync(60_000)
    expect(calls()).toHaveLength(1)
  })

  it('follows the 401 and 403 rules: an ended session goes to sign-in and back, a 403 Home; a guest stream stays', async () => {
    const navigate = vi.fn<(to: string) => void>()
    setApiNavigate(navigate)
    window.history.pushState({}, '', '/notifications/all')
    saveSession({ accessToken: 'ended', persist: false })
    answers.push(() => apiError(401, 'request.signInRequired'))
    openEventStream({ headers: () => ({ Authorization: 'Bearer ended' }), onEvent: () => {} })
    await until(() => expect(navigate).toHaveBeenCalledWith('/auth/sign-in?redirect=%2Fnotifications%2Fall'))
    expect(getSession()).toBeNull()

    answers.push(() => apiError(403, 'request.forbidden'))
    openEventStream({ headers: () => ({}), onEvent: () => {} })
    await until(() => expect(navigate).toHaveBeenLastCalledWith('/'))

    navigate.mockClear()
    window.localStorage.setItem('offerbook.chat.guests', '{}')
    const onRefused = vi.fn()
    answers.push(() => apiError(401, 'request.signInRequired'))
    openEventStream({ headers: () => ({ 'X-Chat-Visitor': 'c.t' }), onEvent: () => {}, onRefused, rules: { redirectOnUnauthorized: false, redirectOnForbidden: false } })
    await until(() => expect(onRefused).toHaveBeenCalledWith(401))
    expect(navigate).not.toHaveBeenCalled()
    // A guest's refusal ends no session: this browser keeps what it stored.
    expect(window.localStorage.getItem('offerbook.chat.guests')).toBe('{}')
    window.history.pushState({}, '', '/')
  })

  it('connects no more once closed while waiting to reconnect', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    answers.push(() => streamResponse([]))
    const close = openEventStream({ headers: () => ({}), onEvent: () => {} })
    await until(() => expect(calls()).toHaveLength(1))
    // Let the ended stream schedule its retry, then close.
    await vi.advanceTimersByTimeAsync(0)
    close()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(calls()).toHaveLength(1)
  })
})
