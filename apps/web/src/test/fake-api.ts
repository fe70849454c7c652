import { afterEach, beforeEach, vi } from 'vitest'
import type { ApiErrorBody, ErrorCode } from '@offerbook/domain/api-error-body'
import { ERROR_STATUS, parseApiErrorBody } from '@offerbook/domain/api-error-body'
import type { MessageKey, MessageParams } from '@offerbook/domain/messages'
import { messageText } from '@offerbook/domain/messages'

/**
 * The API as a test declares it: routes by method and path answer what the test says, every request
 * is recorded, and a request no route answers fails the test that sent it. Error answers carry their
 * catalogue key, as the API's do (apiError below).
 */

/** One request the page sent, as the fake saw it. */
export type FakeRequest = {
  method: string
  /** The address as sent, with its query string. */
  url: string
  /** The address without the query string, e.g. /api/offers/offer-1. */
  path: string
  query: URLSearchParams
  headers: Headers
  /** A JSON body parsed, form data as sent, else the text or nothing. */
  body: unknown
  /** The values of the route's `:name` segments. */
  params: Record<string, string>
  init: RequestInit
}

/** An answer: a status with a JSON body, or a whole Response (bytes, a body that is no JSON). */
export type FakeAnswer = { status: number; body?: unknown; headers?: Record<string, string> } | Response
export type FakeRoute = FakeAnswer | ((request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>)

/** A successful answer with a JSON body. An error answer is built by apiError, so that it has its key. */
export function reply(body: unknown, status = 200): FakeAnswer {
  if (status >= 400) throw new Error(`reply() answers successes; build the ${status} answer with apiError() so it carries its key`)
  return { status, body }
}

/** 204 No Content. */
export const noContent: FakeAnswer = { status: 204 }

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
}

export type FieldRefusal = string | { path: string; key: MessageKey; params?: MessageParams }

export type ApiErrorOptions = {
  /** The message's parameters, e.g. { maximum: 10 }. */
  params?: MessageParams
  /** The refused fields: a path (refused with the same message) or a path with its own message. */
  fields?: readonly FieldRefusal[]
  /** When the status alone does not say it, e.g. EMAIL_NOT_VERIFIED (409). */
  code?: ErrorCode
}

/** The body of an API error: the catalogue key, its English text, and the refused fields. */
export function apiErrorBody(status: number, key: MessageKey, options: ApiErrorOptions = {}): ApiErrorBody {
  const code = options.code ?? CODE_BY_STATUS[status]
  if (!code || ERROR_STATUS[code] !== status) throw new Error(`no API error code answers with ${status}${options.code ? ` as ${options.code}` : ''}`)
  const { params } = options
  const errors = (options.fields ?? []).map((field) => {
    const item = typeof field === 'string' ? { path: field, key, params } : field
    return { path: item.path, key: item.key, ...(item.params ? { params: item.params } : {}), message: messageText(item.key, item.params) }
  })
  return { statusCode: status, code, key, ...(params ? { params } : {}), message: messageText(key, params), ...(errors.length > 0 ? { errors } : {}) }
}

/** An error answer as the API gives it; the key must be one of the message catalogue's. */
export function apiError(status: number, key: MessageKey, options: ApiErrorOptions = {}): FakeAnswer {
  return { status, body: apiErrorBody(status, key, options) }
}

/** A text/event-stream answer (what GET /api/events gives), with the means to write to it and end it. */
export type FakeEventStream = {
  response: Response
  /** Writes text to the stream, e.g. 'id: 1\nevent: chat.read\ndata: {}\n\n'. */
  send(text: string): void
  /** Ends the stream, as the server does when it closes the connection. */
  end(): void
}

/** A text/event-stream answer that sends `chunks` at once, then ends, or stays open while `open` (the default). */
export function eventStream(chunks: readonly string[] = [], { open = true }: { open?: boolean } = {}): FakeEventStream {
  const encoder = new TextEncoder()
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController
      for (const chunk of chunks) streamController.enqueue(encoder.encode(chunk))
      if (!open) streamController.close()
    },
  })
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send: (text) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  }
}

/** An event stream the page opened: the request that opened it, and the stream to write to. */
export type OpenedEventStream = FakeEventStream & { request: FakeRequest }

/**
 * A route that answers every request with an open event stream of its own, kept in `opened` (the
 * oldest first): api.on('GET /api/events', streams.route), then streams.opened.at(-1)?.send(...).
 */
export function eventStreams(): { route: FakeRoute; opened: OpenedEventStream[] } {
  const opened: OpenedEventStream[] = []
  return {
    opened,
    route: (request) => {
      const stream = { ...eventStream(), request }
      opened.push(stream)
      return stream.response
    },
  }
}

/** One server-sent event as the API writes it on the stream. */
export function eventBlock(id: number | string, type: string, data: unknown): string {
  return `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`
}

type Route = { method: string; pattern: string; match: (path: string) => Record<string, string> | null; answer: FakeRoute }

/** 'GET /api/offers/:id' matches /api/offers/offer-1 with { id: 'offer-1' }; a last `*` matches the rest of the path. */
function compile(pattern: string): Route['match'] {
  const names: string[] = []
  const source = pattern
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*'
      if (segment.startsWith(':')) {
        names.push(segment.slice(1))
        return '([^/]+)'
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    })
    .join('/')
  const regex = new RegExp(`^${source}$`)
  return (path) => {
    const found = regex.exec(path)
    if (!found) return null
    return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(found[index + 1] ?? '')]))
  }
}

function parseRoute(route: string): { method: string; pattern: string } {
  const [method, pattern, ...rest] = route.trim().split(/\s+/)
  if (!method || !pattern || rest.length > 0 || !pattern.startsWith('/')) throw new Error(`a route reads 'METHOD /path', not '${route}'`)
  return { method: method.toUpperCase(), pattern }
}

function bodyOf(body: RequestInit['body']): unknown {
  if (typeof body !== 'string') return body ?? undefined
  try {
    return JSON.parse(body) as unknown
  } catch {
    return body
  }
}

function toResponse(answer: FakeAnswer, request: FakeRequest): Response {
  if (answer instanceof Response) return answer
  const { status, body, headers } = answer
  if (status >= 400 && !parseApiErrorBody(body)) {
    throw new Error(`the ${status} answer to ${request.method} ${request.path} is no API error body; build it with apiError()`)
  }
  const text = body === undefined || status === 204 ? null : JSON.stringify(body)
  return new Response(text, { status, headers: { ...(text === null ? {} : { 'Content-Type': 'application/json' }), ...headers } })
}

export type FakeApi = {
  /** Declares a route, e.g. api.on('GET /api/offers/:id', reply({ offer })); a later declaration of the same request wins. */
  on(route: string, answer: FakeRoute): FakeApi
  /** The requests a route pattern matched ('POST /api/listings'), or all of them, in the order sent. */
  calls(route?: string): FakeRequest[]
  /** The fetch the page calls, for a test that wraps it. */
  readonly fetch: typeof fetch
}

/**
 * The fake API for the tests of the file that calls it: routes declared in a test last for that test,
 * fetch is the fake's from each test's start to its end, and a request no route answers fails the test.
 */
export function fakeApi(): FakeApi {
  let routes: Route[] = []
  let sent: FakeRequest[] = []
  let unanswered: string[] = []

  async function fakeFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const address = new URL(url, 'http://localhost')
    const method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
    const request: FakeRequest = { method, url, path: address.pathname, query: address.searchParams, headers: new Headers(init.headers), body: bodyOf(init.body), params: {}, init }
    sent.push(request)
    for (let index = routes.length - 1; index >= 0; index -= 1) {
      const route = routes[index]!
      if (route.method !== method) continue
      const params = route.match(request.path)
      if (!params) continue
      request.params = params
      const answer = typeof route.answer === 'function' ? await route.answer(request) : route.answer
      return toResponse(answer, request)
    }
    unanswered.push(`${method} ${url}`)
    throw new Error(`the fake API has no route for ${method} ${url}`)
  }

  const api: FakeApi = {
    on(route, answer) {
      const { method, pattern } = parseRoute(route)
      routes.push({ method, pattern, match: compile(pattern), answer })
      return api
    },
    calls(route) {
      if (route === undefined) return [...sent]
      const { method, pattern } = parseRoute(route)
      const match = compile(pattern)
      return sent.filter((request) => request.method === method && match(request.path) !== null)
    },
    fetch: fakeFetch as typeof fetch,
  }

  beforeEach((context) => {
    routes = []
    sent = []
    unanswered = []
    vi.stubGlobal('fetch', vi.fn(fakeFetch))
    // Told once the test is over and cleaned up, so a failure here leaves nothing behind for the next test.
    context.onTestFinished(() => {
      if (unanswered.length > 0) throw new Error(`requests no route of the fake API answers (declare them with api.on):\n${unanswered.join('\n')}`)
    })
  })

  afterEach(() => {
    vi.unstubAllGlobals()
  })

  return api
}

/**
 * The app shell's own requests in the background (the chat list, the live events, the notifications),
 * answered not found: for a test of a page that does not show them.
 */
export function answerAppShell(api: FakeApi): void {
  for (const route of ['GET /api/chat/conversations', 'GET /api/events', 'GET /api/notifications']) api.on(route, apiError(404, 'request.notFound'))
}
