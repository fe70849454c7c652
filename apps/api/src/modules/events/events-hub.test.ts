import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/client'
import { appEvent } from '../../db/schema/conversations'
import type { EventHub, EventSink } from './events.hub'
import { createEventHub, formatEvent, idsOf, rowsOf } from './events.hub'
import type { SharedDatabase } from './events.test-helpers'
import { eventually, publishTo, sharedDatabase } from './events.test-helpers'

/** The hub alone (PGlite, or PostgreSQL with TEST_DATABASE_URL), with sinks that record what they are given. */

type FakeSink = EventSink & { chunks: string[]; ended: boolean; destroyed: boolean; ids: () => string[] }

function fakeSink(): FakeSink {
  const sink: FakeSink = {
    chunks: [],
    ended: false,
    destroyed: false,
    write: (chunk) => void sink.chunks.push(chunk),
    buffered: () => 0,
    end: () => void (sink.ended = true),
    destroy: () => void (sink.destroyed = true),
    ids: () => sink.chunks.flatMap((chunk) => /^id: (\d+)/.exec(chunk)?.[1] ?? []),
  }
  return sink
}

let shared: SharedDatabase
let database: Database
const hubs: EventHub[] = []

beforeAll(async () => {
  shared = await sharedDatabase()
  database = await shared.open()
}, 120_000)

afterAll(async () => {
  for (const hub of hubs) await hub.stop()
  await shared?.close()
})

async function startHub(limits: Parameters<typeof createEventHub>[0]['limits'] = {}): Promise<EventHub> {
  const hub = createEventHub({ db: database.db, listen: database.listen, limits })
  await hub.start()
  hubs.push(hub)
  return hub
}

describe('the event hub', () => {
  it('writes an event as id, event and one data line, and reads only digits from a notification', () => {
    expect(formatEvent({ id: 7, type: 'offer.changed', data: { offerId: 'a\nb', n: 1 } })).toBe('id: 7\nevent: offer.changed\ndata: {"offerId":"a\\nb","n":1}\n\n')
    expect(idsOf('1,22,x,,3;4, 5')).toEqual([1, 22])
    expect(rowsOf('1,22')).toBeNull()
    expect(rowsOf('{"rows":[{"id":3,"recipient":"u","type":"chat.read","data":{}},{"id":"4"},7]}')).toEqual([{ id: 3, recipient: 'u', type: 'chat.read', data: {} }])
    expect(rowsOf('{not json')).toEqual([])
  })

  it('replays after Last-Event-ID while events keep coming: each id once, none lost', async () => {
    const hub = await startHub()
    const recipient = 'user-replay'
    for (let n = 0; n < 5; n++) await publishTo(database.db, [recipient], { n })
    const [first] = await database.db.select({ id: appEvent.id }).from(appEvent).orderBy(appEvent.id).limit(1)
    const sink = fakeSink()
    // Events committed while the replay is read: held, then sent unless the replay had them.
    const live = Promise.all(Array.from({ length: 10 }, (_, n) => publishTo(database.db, [recipient], { n: 5 + n })))
    await hub.open(recipient, sink, first!.id)
    await live
    await eventually('all 14 events after the first', () => sink.ids().length >= 14)
    const ids = sink.ids()
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.map(Number).sort((a, b) => a - b)).toEqual(Array.from({ length: 14 }, (_, n) => first!.id + 1 + n))
  })

  it('ends a stream after its lifetime at a heartbeat, and pings the others', async () => {
    const hub = await startHub({ heartbeatMs: 20, lifetimeMs: 150 })
    const old = fakeSink()
    await hub.open('user-lifetime', old, null)
    await eventually('a ping', () => old.chunks.includes(': ping\n\n'))
    await eventually('the end of its lifetime', () => old.ended)
    expect(hub.streamCount('user-lifetime')).toBe(0)
  })

  it('drops a stream whose unsent bytes pass the limit', async () => {
    const hub = await startHub({ maxBufferedBytes: 1000 })
    const sink = fakeSink()
    let buffered = 0
    sink.buffered = () => buffered
    sink.write = (chunk) => {
      buffered += chunk.length
      sink.chunks.push(chunk)
    }
    await hub.open('user-slow', sink, null)
    await publishTo(database.db, ['user-slow'], { text: 'y'.repeat(2000) })
    await eventually('the stream to be dropped', () => sink.destroyed)
    expect(hub.streamCount('user-slow')).toBe(0)
  })

  it('closes every stream when asked (a listener that reconnected), and stops cleanly', async () => {
    const hub = await startHub()
    const sinks = [fakeSink(), fakeSink()]
    for (const sink of sinks) await hub.open('user-close', sink, null)
    expect(hub.streamCount('user-close')).toBe(2)
    hub.closeAll()
    expect(sinks.every((sink) => sink.ended)).toBe(true)
    expect(hub.streamCount()).toBe(0)
  })

  it('writes the rows a NOTIFY carries, and reads them by id when they were too big for one', async () => {
    const hub = await startHub()
    const sink = fakeSink()
    await hub.open('user-size', sink, null)
    await publishTo(database.db, ['user-size'], { n: 1 })
    await publishTo(database.db, ['user-size'], { big: 'x'.repeat(9000) })
    await expect.poll(() => sink.ids().length).toBe(2)
    expect(sink.chunks.join('')).toContain('"n":1')
    expect(sink.chunks.join('')).toContain('x'.repeat(9000))
  })
})
