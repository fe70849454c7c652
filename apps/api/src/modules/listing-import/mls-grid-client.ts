import { LISTING_IMPORT_LIMITS } from '@offerbook/domain/listing-import'
import { LISTING_LIMITS } from '@offerbook/domain/listing'
import type { HttpResponse } from '../../http/safe-get'
import { RefusedHostError, safeGet, TooLargeError } from '../../http/safe-get'

/**
 * A client of the MLS Grid v2 API (RESO Web API, OData v4; ../shared/domain.md section 3): replication
 * of one agent's Property records with their Media, gzip, a bearer token, @odata.nextLink paging,
 * and the 2 requests a second the feed allows, shared by every call of this process to the same host.
 * Each request is one safeGet (../../http/safe-get.ts): a deadline, a size cap, public addresses only
 * where a record names the host.
 */

export type FeedErrorKind = 'unauthorized' | 'unavailable' | 'rate-limited' | 'http' | 'malformed' | 'too-many'

/**
 * What went wrong talking to the feed. Its text is for the log; the service turns its kind into a
 * catalogue message the agent understands.
 */
export class FeedError extends Error {
  override name = 'FeedError'
  readonly kind: FeedErrorKind
  readonly status: number | null

  constructor(kind: FeedErrorKind, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.kind = kind
    this.status = options.status ?? null
  }
}

// ---------------------------------------------------------------------------------------------
// The rate limit

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Spaces requests to one host at least `intervalMs` apart, measured from when each request was
 * actually sent: callers take turns, and a turn ends when its request has been written out (or has
 * failed). A 429's Retry-After holds every caller.
 */
export class RequestSpacer {
  private lastSent = 0
  private pausedUntil = 0
  private queue: Promise<void> = Promise.resolve()

  constructor(readonly intervalMs: number) {}

  /** Waits for this caller's turn; call the returned function once the request is sent. */
  async take(): Promise<() => void> {
    let endTurn!: () => void
    const turn = new Promise<void>((resolve) => (endTurn = resolve))
    const previous = this.queue
    this.queue = previous.then(() => turn)
    await previous
    for (;;) {
      const wait = Math.max(this.lastSent + this.intervalMs, this.pausedUntil) - Date.now()
      if (wait <= 0) break
      await sleep(wait)
    }
    let ended = false
    return () => {
      if (ended) return
      ended = true
      this.lastSent = Date.now()
      endTurn()
    }
  }

  pauseUntil(time: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, time)
  }
}

const spacers = new Map<string, RequestSpacer>()

/**
 * The feed counts requests as they reach it, not as we send them: a request held up on its way (a
 * busy process, the network) arrives late and the next, sent on time, arrives early. A tenth more
 * than the bare interval keeps the feed's view within its limit through such delays.
 */
const SPACING_MARGIN = 1.1

/** One spacer per host and rate for the whole process, so concurrent imports share the feed's limit. */
export function spacerFor(host: string, requestsPerSecond: number): RequestSpacer | null {
  if (!Number.isFinite(requestsPerSecond) || requestsPerSecond <= 0) return null
  const key = `${host}|${requestsPerSecond}`
  let spacer = spacers.get(key)
  if (!spacer) {
    spacer = new RequestSpacer(Math.ceil((1000 / requestsPerSecond) * SPACING_MARGIN))
    spacers.set(key, spacer)
  }
  return spacer
}

/** Retry-After in seconds or as an HTTP date; a missing or odd value waits a second. */
export function retryAfterMs(header: string | string[] | undefined, now = Date.now()): number {
  const value = Array.isArray(header) ? header[0] : header
  if (value === undefined || value.trim() === '') return 1000
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, Math.min(seconds, 300)) * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? 1000 : Math.max(0, Math.min(date - now, 300_000))
}

// ---------------------------------------------------------------------------------------------
// Spaced requests and photos

export const DEFAULT_USER_AGENT = 'Offerbook-Listing-Import/1.0'

function asFeedError(url: URL, error: unknown): Error {
  if (error instanceof RefusedHostError || error instanceof TooLargeError || error instanceof FeedError) return error
  return new FeedError('unavailable', `GET ${url.origin}${url.pathname} failed: ${(error as Error).message}`, { cause: error })
}

type SpacedGetOptions = { headers: Record<string, string>; timeoutMs: number; maxBytes: number; maxRetries: number; spacer: RequestSpacer | null; publicOnly?: boolean }

/** A GET that waits its turn and waits out 429s (Retry-After); network failures and timeouts become FeedErrors. */
async function spacedGet(url: URL, { spacer, maxRetries, ...options }: SpacedGetOptions): Promise<HttpResponse> {
  for (let attempt = 0; ; attempt++) {
    const sent = (await spacer?.take()) ?? (() => {})
    let response: HttpResponse
    try {
      response = await safeGet(url, { ...options, onSent: sent })
    } catch (error) {
      throw asFeedError(url, error)
    } finally {
      sent()
    }
    if (response.status !== 429) return response
    const wait = retryAfterMs(response.headers['retry-after'])
    spacer?.pauseUntil(Date.now() + wait)
    if (attempt >= maxRetries) throw new FeedError('rate-limited', `GET ${url.origin}${url.pathname} answered 429 ${attempt + 1} times`, { status: 429 })
    if (!spacer) await sleep(wait)
  }
}

export type PhotoDownloadOptions = {
  userAgent?: string
  timeoutMs?: number
  /** The feed host's spacer when the photo is on that host. */
  spacer?: RequestSpacer | null
  /** Refuse loopback, private and link-local addresses: an uploaded file may name any URL. */
  publicOnly?: boolean
}

/**
 * Downloads one photo with a User-Agent (media hosts refuse requests without one) and never the
 * feed's token. Throws FeedError for a failed download, TooLargeError past the photo limit,
 * RefusedHostError for an address it may not ask.
 */
export async function downloadPhoto(url: string, { userAgent = DEFAULT_USER_AGENT, timeoutMs = 30_000, spacer = null, publicOnly = false }: PhotoDownloadOptions = {}): Promise<Buffer> {
  if (!URL.canParse(url)) throw new FeedError('http', 'the MediaURL is not a URL')
  const target = new URL(url)
  const response = await spacedGet(target, { headers: { 'User-Agent': userAgent, Accept: 'image/*' }, timeoutMs, maxBytes: LISTING_LIMITS.photoMaxBytes, maxRetries: 3, spacer, publicOnly })
  if (response.status < 200 || response.status >= 300) throw new FeedError('http', `the photo answered HTTP ${response.status}`, { status: response.status })
  return response.body
}

// ---------------------------------------------------------------------------------------------
// The client

export type MlsGridClientOptions = {
  /** The API root, e.g. https://api.mlsgrid.com/v2 */
  url: string
  token: string
  /** OriginatingSystemName: MLS Grid replicates exactly one system per query. */
  originatingSystem?: string | undefined
  /** Default 2 (MLS Grid's limit); 0 or Infinity turns the limit off (the bench against its own server). */
  requestsPerSecond?: number
  timeoutMs?: number
  /** How many times a 429 is waited out before giving up. */
  maxRetries?: number
  pageSize?: number
  maxRecords?: number
  userAgent?: string
}

export type AgentPropertiesQuery = {
  agentMlsId: string
  /** The high-water mark: only records modified after it. Null on the first load, which asks only for viewable records. */
  since: Date | null
}

const MAX_PAGE_BYTES = 200 * 1024 * 1024

/** An OData string literal: single quotes doubled. */
export function odataString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`
}

/** The replication $filter of MLS Grid for one agent's listings. */
export function agentPropertiesFilter({ originatingSystem, agentMlsId, since }: AgentPropertiesQuery & { originatingSystem?: string | undefined }): string {
  const parts: string[] = []
  if (originatingSystem) parts.push(`OriginatingSystemName eq ${odataString(originatingSystem)}`)
  parts.push(`ListAgentMlsId eq ${odataString(agentMlsId)}`)
  // The first load takes only what may be shown; later runs need the MlgCanView=false records to delete them.
  parts.push(since ? `ModificationTimestamp gt ${since.toISOString()}` : 'MlgCanView eq true')
  return parts.join(' and ')
}

export type MlsGridClient = ReturnType<typeof createMlsGridClient>

export function createMlsGridClient(options: MlsGridClientOptions) {
  const base = new URL(options.url.replace(/\/+$/, '') + '/')
  const requestsPerSecond = options.requestsPerSecond ?? LISTING_IMPORT_LIMITS.feedRequestsPerSecond
  const timeoutMs = options.timeoutMs ?? 30_000
  const maxRetries = options.maxRetries ?? 3
  const pageSize = options.pageSize ?? LISTING_IMPORT_LIMITS.feedPageSize
  const maxRecords = options.maxRecords ?? LISTING_IMPORT_LIMITS.maxRecords
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT
  const feedSpacer = () => spacerFor(base.host, requestsPerSecond)

  async function getPage(url: URL, number: number): Promise<{ records: unknown[]; next: URL | null }> {
    const response = await spacedGet(url, {
      headers: { Authorization: `Bearer ${options.token}`, Accept: 'application/json', 'Accept-Encoding': 'gzip', 'User-Agent': userAgent },
      timeoutMs,
      maxBytes: MAX_PAGE_BYTES,
      maxRetries,
      spacer: feedSpacer(),
    })
    if (response.status === 401 || response.status === 403) throw new FeedError('unauthorized', `the feed refused the token (HTTP ${response.status})`, { status: response.status })
    if (response.status < 200 || response.status >= 300) throw new FeedError('http', `the feed answered HTTP ${response.status} for page ${number}`, { status: response.status })
    let page: unknown
    try {
      page = JSON.parse(response.body.toString('utf8'))
    } catch (error) {
      throw new FeedError('malformed', `page ${number} is not JSON`, { cause: error })
    }
    if (typeof page !== 'object' || page === null || Array.isArray(page)) throw new FeedError('malformed', `page ${number} is not a JSON object`)
    const { value, '@odata.nextLink': nextLink } = page as { value?: unknown; '@odata.nextLink'?: unknown }
    if (!Array.isArray(value)) throw new FeedError('malformed', `page ${number} has no "value" array`)
    if (nextLink === undefined || nextLink === null) return { records: value, next: null }
    if (typeof nextLink !== 'string' || !URL.canParse(nextLink)) throw new FeedError('malformed', `page ${number} has an @odata.nextLink that is not a URL`)
    const next = new URL(nextLink)
    // The bearer token goes only where the configured feed is.
    if (next.origin !== base.origin) throw new FeedError('malformed', `page ${number} links to another host (${next.origin})`)
    return { records: value, next }
  }

  /** The URL of the first page for an agent: Property with the replication filter, Media expanded. */
  function agentPropertiesUrl(query: AgentPropertiesQuery): URL {
    const filter = agentPropertiesFilter({ ...query, originatingSystem: options.originatingSystem })
    return new URL(`Property?$filter=${encodeURIComponent(filter)}&$expand=Media&$top=${pageSize}`, base)
  }

  return {
    requestsPerSecond,
    agentPropertiesUrl,

    /** Every record of the agent's query, following @odata.nextLink until it is absent. */
    async fetchAgentProperties(query: AgentPropertiesQuery): Promise<{ records: unknown[]; pages: number }> {
      const records: unknown[] = []
      let url: URL | null = agentPropertiesUrl(query)
      let pages = 0
      while (url) {
        pages++
        const page = await getPage(url, pages)
        records.push(...page.records)
        if (records.length > maxRecords) throw new FeedError('too-many', `the feed has more than ${maxRecords} records for this agent`)
        url = page.next
      }
      return { records, pages }
    },

    /**
     * Downloads one of the feed's photos. On the feed's own host it waits its turn with the API calls;
     * any other host must be a public address, so a record cannot point the server at its own network.
     */
    downloadMedia(url: string): Promise<Buffer> {
      const sameHost = URL.canParse(url) && new URL(url).host === base.host
      return downloadPhoto(url, { userAgent, timeoutMs, spacer: sameHost ? feedSpacer() : null, publicOnly: !sameHost })
    },
  }
}
