import type { Db, Listen } from '../../db/client'
import type { AppEventRow } from './events.queries'
import { eventsByIds, eventsSince, pruneEvents } from './events.queries'
import { EVENTS_CHANNEL } from './events.publish'

/** An event as a NOTIFY carries it inline, or as read back from the table. */
type InlineRow = Pick<AppEventRow, 'id' | 'recipient' | 'type' | 'data'>

/**
 * The process's event hub (docs/decisions/021-live-events.md): one LISTEN for the whole process; on
 * a NOTIFY it writes the rows the payload carries (or, when they were too big for one, reads them by id
 * in one query) to the open streams of each recipient. One heartbeat timer for every stream; old rows pruned every hour.
 */

export const EVENT_LIMITS = {
  streamsPerRecipient: 10,
  /** A stream whose unsent bytes pass this is dropped: a client that never reads costs no more. */
  maxBufferedBytes: 256 * 1024,
  heartbeatMs: 25_000,
  /** A stream ends after this; the client reconnects, and its session is checked again. */
  lifetimeMs: 3_600_000,
  replayLimit: 500,
  retentionMs: 24 * 3_600_000,
  pruneEveryMs: 3_600_000,
} as const

export type EventLimits = { -readonly [K in keyof typeof EVENT_LIMITS]: number }

/** Where a stream's bytes go: the route passes its raw response. */
export type EventSink = {
  write: (chunk: string) => void
  /** Bytes written but not yet taken by the socket. */
  buffered: () => number
  /** Ends the response cleanly (the client reconnects). */
  end: () => void
  /** Drops the connection at once. */
  destroy: () => void
}

export type EventStream = { readonly recipient: string; close: () => void }

type Subscriber = {
  recipient: string
  /** The session the stream was opened with (null for a chat guest). */
  sessionId: string | null
  sink: EventSink
  openedAt: number
  /** Live events held back while the replay of a reconnect is read; null once live. */
  held: InlineRow[] | null
  /** The ids the replay wrote: a notification read while the replay ran may bring them again. */
  replayed: ReadonlySet<number> | null
  closed: boolean
}

export type EventHub = {
  start: () => Promise<void>
  stop: () => Promise<void>
  /**
   * Adds a stream for a recipient (the oldest of theirs closes past the limit). With lastEventId, the
   * recipient's rows after it are written first, then the live ones, none twice and none lost.
   */
  open: (recipient: string, sink: EventSink, lastEventId: number | null, sessionId?: string | null) => Promise<EventStream>
  /** Open streams: of one recipient, or all. */
  streamCount: (recipient?: string) => number
  /** Closes every open stream (a listener that lost its connection; shutdown). */
  closeAll: () => void
}

export type HubLog = { warn: (details: object, message: string) => void; error: (details: object, message: string) => void }

export type EventHubOptions = { db: Db; listen?: Listen | undefined; log?: HubLog; limits?: Partial<EventLimits> }

/** One event as the stream writes it. JSON has no raw new line, so the data is one line. */
export function formatEvent(row: Pick<AppEventRow, 'id' | 'type' | 'data'>): string {
  return `id: ${row.id}\nevent: ${row.type}\ndata: ${JSON.stringify(row.data)}\n\n`
}

const isInlineRow = (value: unknown): value is InlineRow => {
  if (!value || typeof value !== 'object') return false
  const row = value as Record<string, unknown>
  return typeof row.id === 'number' && typeof row.recipient === 'string' && typeof row.type === 'string' && !!row.data && typeof row.data === 'object'
}

/** The rows a NOTIFY payload carries inline (`{"rows":[...]}`), or null when it carries ids. */
export function rowsOf(payload: string): InlineRow[] | null {
  if (!payload.startsWith('{')) return null
  try {
    const parsed: unknown = JSON.parse(payload)
    const rows = parsed && typeof parsed === 'object' ? (parsed as { rows?: unknown }).rows : undefined
    return Array.isArray(rows) ? rows.filter(isInlineRow) : []
  } catch {
    return []
  }
}

/** The users and sessions a revocation payload (`{"revoke":{...}}`) names, or null for any other payload. */
export function revocationOf(payload: string): { users: Set<string>; sessions: Set<string> } | null {
  if (!payload.startsWith('{"revoke"')) return null
  try {
    const revoke = (JSON.parse(payload) as { revoke?: { users?: unknown; sessions?: unknown } }).revoke
    const strings = (value: unknown) => new Set(Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [])
    return { users: strings(revoke?.users), sessions: strings(revoke?.sessions) }
  } catch {
    return null
  }
}

/** The ids of a NOTIFY payload ("12,13,14"); anything else is ignored. */
export function idsOf(payload: string): number[] {
  return payload
    .split(',')
    .filter((part) => /^\d{1,15}$/.test(part))
    .map(Number)
}

export function createEventHub({ db, listen, log, limits: given = {} }: EventHubOptions): EventHub {
  const limits: EventLimits = { ...EVENT_LIMITS, ...given }
  const byRecipient = new Map<string, Set<Subscriber>>()
  let pending: number[] = []
  let draining: Promise<void> | null = null
  let unlisten: (() => Promise<void>) | null = null
  let heartbeat: NodeJS.Timeout | null = null
  let pruning: NodeJS.Timeout | null = null
  let pruneRun: Promise<void> = Promise.resolve()

  const remove = (subscriber: Subscriber) => {
    subscriber.closed = true
    const set = byRecipient.get(subscriber.recipient)
    if (!set) return
    set.delete(subscriber)
    if (set.size === 0) byRecipient.delete(subscriber.recipient)
  }

  const end = (subscriber: Subscriber) => {
    if (subscriber.closed) return
    remove(subscriber)
    subscriber.sink.end()
  }

  const write = (subscriber: Subscriber, chunk: string) => {
    if (subscriber.closed) return
    subscriber.sink.write(chunk)
    if (subscriber.sink.buffered() > limits.maxBufferedBytes) {
      remove(subscriber)
      subscriber.sink.destroy()
    }
  }

  const deliver = (rows: readonly InlineRow[]) => {
    for (const row of rows) {
      const set = byRecipient.get(row.recipient)
      if (!set) continue
      for (const subscriber of [...set]) {
        if (subscriber.held) subscriber.held.push(row)
        else if (!subscriber.replayed?.has(row.id)) write(subscriber, formatEvent(row))
      }
    }
  }

  // One query per NOTIFY at most: the ids that arrive while one is read are read together next.
  const drain = async () => {
    while (pending.length > 0) {
      const ids = pending
      pending = []
      if (byRecipient.size === 0) continue
      try {
        deliver(await eventsByIds(db, ids))
      } catch (error) {
        log?.error({ err: error }, 'could not read the events of a notification; their streams get them at reconnect')
      }
    }
  }

  /** Ends the named users' and sessions' streams at once; each client reconnects and is checked again. */
  const revoke = ({ users, sessions }: { users: Set<string>; sessions: Set<string> }) => {
    for (const [recipient, set] of [...byRecipient]) {
      for (const subscriber of [...set]) {
        if (users.has(recipient) || (subscriber.sessionId !== null && sessions.has(subscriber.sessionId))) end(subscriber)
      }
    }
  }

  const onPayload = (payload: string) => {
    const revocation = revocationOf(payload)
    if (revocation) {
      revoke(revocation)
      return
    }
    // Rows that came inline are written at once: no read of the table between commit and stream.
    const inline = rowsOf(payload)
    if (inline) {
      deliver(inline)
      return
    }
    pending.push(...idsOf(payload))
    draining ??= drain().finally(() => {
      draining = null
      if (pending.length > 0) onPayload('')
    })
  }

  const tick = () => {
    const now = Date.now()
    for (const set of [...byRecipient.values()]) {
      for (const subscriber of [...set]) {
        if (now - subscriber.openedAt >= limits.lifetimeMs) end(subscriber)
        else write(subscriber, ': ping\n\n')
      }
    }
  }

  const prune = () => {
    pruneRun = pruneRun
      .then(() => pruneEvents(db, new Date(Date.now() - limits.retentionMs)))
      .then(
        () => {},
        (error: unknown) => log?.warn({ err: error }, 'could not prune old live events'),
      )
    return pruneRun
  }

  const closeAll = () => {
    for (const set of [...byRecipient.values()]) for (const subscriber of [...set]) end(subscriber)
  }

  return {
    start: async () => {
      if (listen) unlisten = await listen(EVENTS_CHANNEL, onPayload, closeAll)
      heartbeat = setInterval(tick, limits.heartbeatMs)
      heartbeat.unref()
      pruning = setInterval(() => void prune(), limits.pruneEveryMs)
      pruning.unref()
      await prune()
    },
    stop: async () => {
      if (heartbeat) clearInterval(heartbeat)
      if (pruning) clearInterval(pruning)
      heartbeat = null
      pruning = null
      closeAll()
      const stopListening = unlisten
      unlisten = null
      // A database already closed (a test that closes it first) has no listener left to end.
      await stopListening?.().catch((error: unknown) => log?.warn({ err: error }, 'could not stop listening for live events'))
      await draining
      await pruneRun
    },
    open: async (recipient, sink, lastEventId, sessionId = null) => {
      const subscriber: Subscriber = { recipient, sessionId, sink, openedAt: Date.now(), held: lastEventId === null ? null : [], replayed: null, closed: false }
      const set = byRecipient.get(recipient) ?? new Set<Subscriber>()
      byRecipient.set(recipient, set)
      set.add(subscriber)
      // Past the limit, the oldest stream of the recipient gives way (a forgotten tab, not the new one).
      for (const old of set) {
        if (set.size <= limits.streamsPerRecipient) break
        end(old)
      }
      const stream: EventStream = { recipient, close: () => remove(subscriber) }
      if (lastEventId === null) return stream
      // Subscribed first, then the table read: what commits meanwhile is held, and sent after the
      // replay unless the replay had it already.
      let replayed: InlineRow[] = []
      try {
        replayed = await eventsSince(db, { recipient, afterId: lastEventId, limit: limits.replayLimit })
      } catch (error) {
        log?.error({ err: error }, 'could not replay live events after Last-Event-ID')
      }
      const held = subscriber.held ?? []
      const seen = new Set(replayed.map((row) => row.id))
      subscriber.held = null
      subscriber.replayed = seen
      for (const row of [...replayed, ...held.filter((row) => !seen.has(row.id))]) write(subscriber, formatEvent(row))
      return stream
    },
    streamCount: (recipient) => {
      if (recipient !== undefined) return byRecipient.get(recipient)?.size ?? 0
      let total = 0
      for (const set of byRecipient.values()) total += set.size
      return total
    },
    closeAll,
  }
}
