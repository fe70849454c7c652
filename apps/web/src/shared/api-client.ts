import { parseApiErrorBody } from '@offerbook/domain/api-error-body'
import type { Message, MessageKey } from '@offerbook/domain/messages'
import { COMMON_MESSAGES } from '@offerbook/domain/messages/common'
import { HOME_PATH, SIGN_IN_PATH, signInPathFor } from '@offerbook/domain/route-access'
import { takeFirstAnswer } from './first-answers'
import { clearSession, getAccessToken } from './session'

/** One client for every call to the API (spec section 7, errors of section 8). */

export const API_BASE = '/api'

/** A refused field: its dotted path and its catalogue message. */
export type FieldError = { path: string } & Message

/**
 * A refused call. `detail` is the message by catalogue key, which the browser translates
 * (shared/i18n/messages.ts; a key it has no text for reads as client.unknown); `message` is the
 * English text the server sent, or the client's own.
 */
export class ApiClientError extends Error {
  readonly status: number
  readonly code: string | undefined
  readonly detail: Message
  readonly errors: FieldError[]
  /** offer.versionChanged: the offer's version as it now stands (the body's `current`), for the page to show the difference. */
  current: unknown = undefined

  constructor(status: number, detail: Message, code?: string, errors: FieldError[] = [], english?: string) {
    super(english ?? (detail.key in COMMON_MESSAGES ? COMMON_MESSAGES[detail.key as keyof typeof COMMON_MESSAGES] : detail.key))
    this.name = 'ApiClientError'
    this.status = status
    this.code = code
    this.detail = detail
    this.errors = errors
  }
}

/** The client's own messages: no answer at all, or an answer that is not an ApiError. */
export const NETWORK_ERROR: Message = { key: 'client.network' }
export const UNKNOWN_ERROR: Message = { key: 'client.unknown' }
const UNKNOWN = UNKNOWN_ERROR

/**
 * A message the API sent by key. The client carries no catalogue (the public pages' script stays
 * small, decision 034): whether this browser has a text for the key is decided where it is shown
 * (shared/i18n/messages.ts), and a key it does not know (a newer server) reads as client.unknown.
 */
function fromServer(key: string, params?: Readonly<Record<string, string | number>>): Message {
  const messageKey = key as MessageKey
  return params && Object.keys(params).length > 0 ? { key: messageKey, params } : { key: messageKey }
}

type Navigate = (to: string) => void

let navigate: Navigate = (to) => window.location.assign(to)

/** The app passes the router's navigate here so a 401 or 403 does not reload the page. */
export function setApiNavigate(fn: Navigate): void {
  navigate = fn
}

export type QueryValue = string | number | boolean | Date | null | undefined
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>

function queryValue(value: string | number | boolean | Date): string {
  return value instanceof Date ? value.toISOString() : String(value)
}

/** null and undefined are skipped, arrays repeat their key. */
export function buildQueryString(params: QueryParams | undefined): string {
  if (!params) return ''
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue
    if (Array.isArray(value)) {
      for (const item of value as readonly QueryValue[]) {
        if (item !== null && item !== undefined) search.append(key, queryValue(item))
      }
    } else {
      search.append(key, queryValue(value as string | number | boolean | Date))
    }
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}

/** Date values become ISO strings (JSON.stringify calls Date#toJSON, which is toISOString). */
export function toJsonBody(body: unknown): string {
  return JSON.stringify(body ?? {})
}

export type RequestOptions = {
  /** Send the body as multipart form data instead of JSON. */
  formData?: boolean
  /**
   * A 401 always clears the session; with false the caller decides where to go (the current-user
   * query uses this so a stale token on a public page does not force a sign-in).
   */
  redirectOnUnauthorized?: boolean
  /**
   * A 403 sends the reader home (a page their role may not open); with false the caller shows the
   * refusal where it happened: a sign-in to a deactivated account, an admin action a rule forbids.
   */
  redirectOnForbidden?: boolean
  signal?: AbortSignal
  /** Extra request headers, e.g. a signing link's x-signing-token (decision 016). */
  headers?: Record<string, string>
}

/**
 * A screen's answer asked before the guard knows the reader's roles (decision 076): a refusal moves
 * nobody, as the guard decides where a reader who may not open the page goes (sign-in, per the route
 * table). The page's own ask, if it renders, follows the usual 401/403 rule.
 */
export const PRELOAD: RequestOptions = { redirectOnUnauthorized: false, redirectOnForbidden: false }

function toFormData(body: unknown): FormData {
  if (body instanceof FormData) return body
  const form = new FormData()
  for (const [key, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (value === null || value === undefined) continue
    if (value instanceof Blob) form.append(key, value)
    else if (value instanceof Date) form.append(key, value.toISOString())
    else if (Array.isArray(value)) for (const item of value) form.append(key, item instanceof Blob ? item : String(item))
    else form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value))
  }
  return form
}

/** The error an API answer carries: its message (or first field error) and field errors, else a generic one. */
export function apiErrorOf(status: number, body: unknown): ApiClientError {
  const parsed = parseApiErrorBody(body)
  if (!parsed) return new ApiClientError(status, UNKNOWN)
  const { key, params, errors = [], code, message } = parsed
  const fields = errors.map((item) => ({ path: item.path, ...fromServer(item.key, item.params) }))
  const error = new ApiClientError(status, fromServer(key, params), code, fields, message)
  error.current = (body as { current?: unknown }).current
  return error
}

async function errorFrom(response: Response): Promise<ApiClientError> {
  let body: unknown
  try {
    body = await response.json()
  } catch {
    body = null
  }
  return apiErrorOf(response.status, body)
}

/** Whether these request headers carry this tab's session (its bearer token): then a 401 means the session ended. */
export function carriesSession(headers: HeadersInit | undefined): boolean {
  const token = getAccessToken()
  return token !== null && new Headers(headers).get('Authorization') === `Bearer ${token}`
}

/**
 * Spec section 8, the one place every refused call goes through (this client, file downloads, PDFs,
 * photo uploads, the events stream): a 401 on a call that carried the session ends it (a guest's or a
 * link's token failing ends no session) and goes to sign-in with the full path to come back to,
 * unless already there; a 403 goes Home. A caller opts out of the move, never of the session's end,
 * only where the refusal is the page's to say (a sign-in form, a signer's or a link's token, an
 * admin rule). Decision 058.
 */
export function followStatusRules(status: number, options: Pick<RequestOptions, 'redirectOnUnauthorized' | 'redirectOnForbidden'>, carriedSession: boolean): void {
  if (status === 401) {
    if (carriedSession) clearSession()
    if (options.redirectOnUnauthorized === false) return
    const { pathname, search } = window.location
    if (pathname !== SIGN_IN_PATH) navigate(signInPathFor(pathname + search))
    return
  }
  if (status === 403 && options.redirectOnForbidden !== false) navigate(HOME_PATH)
}

/**
 * A fetch of the API under the rules of spec section 8, for the calls the client's JSON methods do
 * not fit (a file, a PDF's bytes): no answer at all is NETWORK_ERROR, a refusal follows
 * followStatusRules and throws its ApiClientError. The caller gives the credentials in `init.headers`;
 * `asked`, an answer the page's HTML asked for already, is taken instead of asking again.
 */
export async function apiFetch(url: string, init: RequestInit, options: RequestOptions = {}, asked: Promise<Response | null> | null = null): Promise<Response> {
  const carriedSession = carriesSession(init.headers)
  let response: Response
  try {
    response = (await asked) ?? (await fetch(url, { ...init, signal: init.signal ?? options.signal }))
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiClientError(0, NETWORK_ERROR)
  }
  if (!response.ok) {
    const error = await errorFrom(response)
    followStatusRules(response.status, options, carriedSession)
    throw error
  }
  return response
}

/** Sends one call with the bearer token; a refused call throws its ApiClientError after the 401/403 rule. */
async function send(method: string, path: string, payload: unknown, options: RequestOptions, accept: string): Promise<Response> {
  const headers = new Headers({ ...options.headers, Accept: accept })
  const token = getAccessToken()
  if (token) headers.set('Authorization', `Bearer ${token}`)

  let url = `${API_BASE}${path}`
  let body: BodyInit | undefined
  if (method === 'GET' || method === 'DELETE') {
    url += buildQueryString(payload as QueryParams | undefined)
  } else if (options.formData) {
    body = toFormData(payload)
  } else {
    headers.set('Content-Type', 'application/json')
    body = toJsonBody(payload)
  }
  // A GET the page's HTML asked already, with this session, takes that answer (first-answers.ts).
  const asked = method === 'GET' && token ? takeFirstAnswer(url, token) : null
  return apiFetch(url, { method, headers, body, signal: options.signal }, options, asked)
}

async function request<T>(method: string, path: string, payload: unknown, options: RequestOptions = {}): Promise<T> {
  const response = await send(method, path, payload, options, 'application/json')
  if (response.status === 204) return undefined as T
  const text = await response.text()
  return (text ? JSON.parse(text) : undefined) as T
}

export type DownloadedFile = { blob: Blob; filename: string }

/** The file name the server gave in Content-Disposition (plain characters only), or the fallback. */
export function filenameFrom(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null
  const name = match?.[1]?.trim()
  return name && /^[\w.-]+$/.test(name) ? name : fallback
}

/** A POST whose answer is a file (e.g. a PDF), with the name the server gave it. */
async function download(path: string, body: unknown, fallbackName: string, options: RequestOptions = {}): Promise<DownloadedFile> {
  const response = await send('POST', path, body, options, '*/*')
  return { blob: await response.blob(), filename: filenameFrom(response.headers.get('content-disposition'), fallbackName) }
}

export const apiClient = {
  get: <T>(path: string, query?: QueryParams, options?: RequestOptions) => request<T>('GET', path, query, options),
  delete: <T>(path: string, query?: QueryParams, options?: RequestOptions) => request<T>('DELETE', path, query, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  download,
}

/** The field errors a refused request names, for the fields a form has, so they show where the user can fix them. */
export function fieldErrorsOf<F extends string>(error: unknown, fields: readonly F[]): Partial<Record<F, Message>> {
  if (!(error instanceof ApiClientError)) return {}
  const found: Partial<Record<F, Message>> = {}
  for (const { path, key, params } of error.errors) {
    const field = fields.find((name) => name === path)
    if (field && !found[field]) found[field] = fromServer(key, params)
  }
  return found
}

export function isClientError(error: unknown): boolean {
  return error instanceof ApiClientError && error.status >= 400 && error.status < 500
}
