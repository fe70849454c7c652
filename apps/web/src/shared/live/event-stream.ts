import type { RequestOptions } from '../api-client'
import { API_BASE, carriesSession, followStatusRules } from '../api-client'

/** One event of GET /api/events. */
export type LiveEvent = { id: string; type: string; data: Record<string, unknown> }

export type EventStreamOptions = {
  /** Sent with every (re)connection: the bearer token, or a chat guest's X-Chat-Visitor. */
  headers: () => Record<string, string>
  onEvent: (event: LiveEvent) => void
  /** Called on every (re)connection, after a gap: the caller refetches what it shows. */
  onOpen?: (reconnected: boolean) => void
  /** The server refused the stream (401, 403, 404): no retry. */
  onRefused?: (status: number) => void
  /**
   * A 401 or 403 follows the rule of spec section 8 (api-client's followStatusRules): a stream that
   * carried the session ends it and goes to sign-in, a 403 goes Home. A guest's stream opts out of
   * the moves: its refusal is its own conversation's, which it forgets.
   */
  rules?: Pick<RequestOptions, 'redirectOnUnauthorized' | 'redirectOnForbidden'>
}

const FIRST_RETRY_MS = 1_000
const MAX_RETRY_MS = 30_000
/**
 * A stream that stayed open this long ended normally (the server's lifetime limit, a deploy): the next
 * try comes after a second again. One that ends sooner (the server closed it for a newer stream of the
 * same user, past its per-user limit) keeps backing off, so many tabs do not take turns evicting each other.
 */
const HEALTHY_STREAM_MS = 60_000

/**
 * Reads one server-sent event block ("id:", "event:", "data:" lines); comments (heartbeats) and
 * blocks without data give null.
 */
export function parseEventBlock(block: string): LiveEvent | null {
  let id = ''
  let type = 'message'
  const data: string[] = []
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '')
    if (field === 'id') id = value
    else if (field === 'event') type = value
    else if (field === 'data') data.push(value)
  }
  if (data.length === 0) return null
  try {
    const parsed: unknown = JSON.parse(data.join('\n'))
    return { id, type, data: parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {} }
  } catch {
    return null
  }
}

/**
 * Opens GET /api/events over fetch (EventSource cannot send an Authorization header) and keeps it
 * open: after a drop it reconnects with Last-Event-ID, waiting 1 s, 2 s, 4 s... up to 30 s (back to
 * 1 s after a stream that lasted; see HEALTHY_STREAM_MS). Returns the function that closes it for good.
 */
export function openEventStream(options: EventStreamOptions): () => void {
  const controller = new AbortController()
  let lastEventId = ''
  let retryMs = FIRST_RETRY_MS
  let connections = 0
  let openedAt: number | null = null
  let timer: ReturnType<typeof setTimeout> | undefined

  async function connect(): Promise<void> {
    const headers: Record<string, string> = { Accept: 'text/event-stream', ...options.headers() }
    if (lastEventId) headers['Last-Event-ID'] = lastEventId
    const response = await fetch(`${API_BASE}/events`, { headers, signal: controller.signal, cache: 'no-store' })
    if (response.status === 401 || response.status === 403 || response.status === 404) {
      followStatusRules(response.status, options.rules ?? {}, carriesSession(headers))
      options.onRefused?.(response.status)
      controller.abort()
      return
    }
    if (!response.ok || !response.body) throw new Error(`event stream answered ${response.status}`)
    options.onOpen?.(connections > 0)
    connections += 1
    openedAt = Date.now()
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
    let buffer = ''
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return
      buffer += value.replace(/\r\n?/g, '\n')
      let end = buffer.indexOf('\n\n')
      while (end !== -1) {
        const event = parseEventBlock(buffer.slice(0, end))
        buffer = buffer.slice(end + 2)
        if (event) {
          if (event.id) lastEventId = event.id
          options.onEvent(event)
        }
        end = buffer.indexOf('\n\n')
      }
    }
  }

  function run(): void {
    connect()
      .catch(() => undefined)
      .finally(() => {
        if (controller.signal.aborted) return
        if (openedAt !== null && Date.now() - openedAt >= HEALTHY_STREAM_MS) retryMs = FIRST_RETRY_MS
        openedAt = null
        timer = setTimeout(run, retryMs)
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS)
      })
  }

  run()
  return () => {
    clearTimeout(timer)
    controller.abort()
  }
}
