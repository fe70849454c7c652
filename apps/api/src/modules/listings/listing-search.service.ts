import type { ListingSearch } from '@offerbook/domain/listing'
import { DEFAULT_SEARCH_STATUSES, SEARCH_TOTAL_CAP, searchFilters, searchTsQuery } from '@offerbook/domain/listing'
import type { Db, Listen } from '../../db/client'
import type { KeptAnswer } from '../../http/kept-answer'
import { keptAnswer } from '../../http/kept-answer'
import { weakEtag } from '../../plugins/public-cache'
import type { ListingChange } from './listing-changes'
import { LISTINGS_CHANNEL, onLocalListingChange, parseListingChange } from './listing-changes'
import type { IndexRow } from './search-index.queries'
import { searchableListings } from './search-index.queries'
import { toSummary } from './listings-reso'
import { searchListings } from './listings.service'
import type { IndexedListing, IndexTerm } from './search-index'
import { SearchIndex } from './search-index'

/**
 * The public search answered from the process's in-memory index (docs/decisions/027-search-index.md).
 * PostgreSQL stays the truth: the index loads at start (from the read database when there is one),
 * and every listing change event (listing-changes.ts) reloads the rows it names. Until the first
 * load ends, searches go to SQL. Serialized answers are cached by normalized query and dropped on
 * every change.
 */

/** A page as sent: its bytes with their ETag, and its compressed bytes made once (kept-answer.ts). */
export type ReadyPage = KeptAnswer & { etag: string }
export type SearchAnswer = { body: string; etag: string; page: ReadyPage }

/** An answer of the search, its bytes and their encodings kept with it for every later ask. */
function searchAnswer(body: string): SearchAnswer {
  const etag = weakEtag(body)
  return { body, etag, page: { ...keptAnswer(Buffer.from(body, 'utf8')), etag } }
}

export type ListingSearchEngine = {
  /**
   * Listens for changes, then loads the index (awaited). With `deferLoad`, only listens: `load()`
   * starts the load later, in the background (SQL answers until it is in).
   */
  start: (options?: { deferLoad?: boolean }) => Promise<void>
  /** Starts the deferred load in the background. */
  load: () => void
  stop: () => Promise<void>
  /** With `url`, the request's path and query as received: the index's answer is also kept under it (answered). */
  search: (query: ListingSearch, options?: { url?: string }) => Promise<SearchAnswer>
  /**
   * The page answered before for exactly this URL, while nothing has changed since and no change
   * waits: an anonymous GET is answered with it before its query is even parsed. Null: ask search().
   */
  answered: (url: string) => ReadyPage | null
  /** Whether the index answers (false while it first loads: SQL does). */
  readonly ready: boolean
  /** Resolves once every change heard so far is in the index (tests). */
  settled: () => Promise<void>
}

export type SearchLog = { warn: (details: object, message: string) => void; error: (details: object, message: string) => void }

export type ListingSearchOptions = {
  /** Writes and the rows a change names (they must see the change's commit). */
  db: Db
  /** The full loads, which may lag a little: a read replica (DATABASE_READ_URL), else db. */
  readDb?: Db | undefined
  listen?: Listen | undefined
  log?: SearchLog | undefined
  /** Answers kept at most; the oldest go first. */
  cacheSize?: number
  /** Listings read per query of a full load. */
  loadPage?: number
  /** Called after each full load, once the new index is in place (the server gives the load's memory back). */
  afterFullLoad?: (() => Promise<void>) | undefined
}

/**
 * Listings read per query of a full load. PGlite runs a query on the event loop's thread: a page of
 * 1,000 holds it for a short while only, and its memory for the answer stays small.
 */
const LOAD_PAGE = 1000

/** The query's words as index terms: the same words the SQL path gives to_tsquery (searchTsQuery). */
export function searchTerms(text: string | undefined): IndexTerm[] | null {
  const tsQuery = text ? searchTsQuery(text) : null
  if (tsQuery === null) return null
  return tsQuery.split(' & ').map((term) => (term.endsWith(':*') ? { word: term.slice(0, -2), prefix: true } : { word: term, prefix: false }))
}

export function toIndexed(row: IndexRow): IndexedListing {
  return {
    id: row.id,
    ownerId: row.ownerId,
    status: row.standardStatus,
    propertyType: row.propertyType,
    price: row.listPrice,
    beds: row.bedroomsTotal,
    baths: row.bathroomsTotalInteger,
    area: row.livingArea,
    publishedUs: row.publishedUs === null ? null : Number(row.publishedUs),
    lexemes: row.lexemes,
    summary: toSummary(row),
  }
}

const sortedUnique = (values: readonly string[] | undefined) => (values ? [...new Set(values)].sort() : undefined)

/** One key for every query that must give the same answer (list order and repeats do not matter). */
function cacheKey(query: ListingSearch, terms: IndexTerm[] | null): string {
  return JSON.stringify([
    terms?.map((term) => (term.prefix ? `${term.word}*` : term.word)) ?? null,
    sortedUnique(query.status ?? DEFAULT_SEARCH_STATUSES),
    query.minPrice ?? null,
    query.maxPrice ?? null,
    query.minBeds ?? null,
    query.minBaths ?? null,
    query.type && query.type.length > 0 ? sortedUnique(query.type) : null,
    query.sort,
    query.page,
    query.pageSize,
  ])
}

export function pageBody(items: readonly string[], { total, page, pageSize }: { total: number; page: number; pageSize: number }): string {
  const totalCapped = total > SEARCH_TOTAL_CAP
  return `{"items":[${items.join(',')}],"total":${totalCapped ? SEARCH_TOTAL_CAP : total},"page":${page},"pageSize":${pageSize},"totalCapped":${totalCapped}}`
}

export function createListingSearch({ db, readDb = db, listen, log, cacheSize = 5000, loadPage = LOAD_PAGE, afterFullLoad }: ListingSearchOptions): ListingSearchEngine {
  let index: SearchIndex | null = null
  let stopped = false
  const cache = new Map<string, SearchAnswer>()
  /** The same answers as bytes, by the URL they were asked with; dropped with the cache. */
  const byUrl = new Map<string, ReadyPage>()
  const pendingIds = new Set<string>()
  const pendingOwners = new Set<string>()
  let pendingAll = false
  let loadingAll = false
  /** Changes this process wrote, maybe not committed yet: read at the next search, when its caller's write has committed. */
  const localIds = new Set<string>()
  const localOwners = new Set<string>()
  let running: Promise<void> | null = null
  let unlisten: (() => Promise<void>) | null = null
  let unlocal: (() => void) | null = null

  const fullLoad = async (): Promise<SearchIndex> => {
    // Page by page into the index: a page's rows are garbage once placed (decision 033).
    const built = SearchIndex.building()
    let afterId: string | null = null
    for (;;) {
      const rows: IndexRow[] = await searchableListings(readDb, { afterId, limit: loadPage })
      built.addPage(rows.map(toIndexed))
      for (const row of rows) {
        // uuids order as their text: the page's largest id is where the next one starts.
        if (afterId === null || row.id > afterId) afterId = row.id
      }
      if (rows.length < loadPage) break
      // PGlite answers without ever leaving the microtask queue: give the event loop its turn, so
      // requests arriving meanwhile are read and answered between two pages.
      await new Promise((resolve) => setImmediate(resolve))
    }
    built.endBuild()
    return built
  }

  const applyChanges = async (target: SearchIndex, ids: string[], owners: string[]) => {
    const [byId, byOwner] = await Promise.all([
      ids.length > 0 ? searchableListings(db, { ids }) : Promise.resolve([]),
      owners.length > 0 ? searchableListings(db, { ownerIds: owners }) : Promise.resolve([]),
    ])
    for (const id of ids) target.remove(id)
    for (const owner of owners) for (const id of target.idsOfOwner(owner)) target.remove(id)
    for (const row of [...byId, ...byOwner]) target.upsert(toIndexed(row))
  }

  // One step at a time: a full load, or the rows the changes heard meanwhile name.
  const drain = async () => {
    while (!stopped && (pendingAll || pendingIds.size > 0 || pendingOwners.size > 0)) {
      try {
        if (pendingAll || index === null || index.needsCompaction()) {
          pendingAll = false
          loadingAll = true
          // Changes heard during the load are applied after it: the load may have read them or not.
          index = await fullLoad().finally(() => {
            loadingAll = false
          })
          await afterFullLoad?.()
        } else {
          const ids = [...pendingIds]
          const owners = [...pendingOwners]
          pendingIds.clear()
          pendingOwners.clear()
          await applyChanges(index, ids, owners)
        }
        cache.clear()
        byUrl.clear()
      } catch (error) {
        log?.error({ err: error }, 'could not bring the search index up to date; it tries again at the next change')
        return
      }
    }
  }

  const schedule = () => {
    if (stopped) return
    running ??= drain().finally(() => {
      running = null
    })
  }

  const hear = (change: ListingChange | null) => {
    if (!change) return
    // A notification comes after its commit: it also settles what this process wrote itself.
    if (change.kind === 'all') pendingAll = true
    else if (change.kind === 'owner') {
      pendingOwners.add(change.ownerId)
      localOwners.delete(change.ownerId)
    } else {
      for (const id of change.ids) {
        pendingIds.add(id)
        localIds.delete(id)
      }
    }
    // Before the first load, the load itself reads every change.
    if (index !== null) schedule()
  }

  const settled = async () => {
    while (running) await running
  }

  return {
    get ready() {
      return index !== null
    },
    start: async ({ deferLoad = false } = {}) => {
      // Listening first: a change that commits during the load is heard, and applied after it.
      if (listen) {
        unlisten = await listen(
          LISTINGS_CHANNEL,
          (payload) => hear(parseListingChange(payload)),
          // Notifications were missed while the listener reconnected: read everything again.
          () => hear({ kind: 'all' }),
        )
      }
      unlocal = onLocalListingChange((change) => {
        if (change.kind === 'owner') localOwners.add(change.ownerId)
        else if (change.kind === 'listings') for (const id of change.ids) localIds.add(id)
      })
      pendingAll = true
      if (deferLoad) return
      schedule()
      await settled()
    },
    load: schedule,
    stop: async () => {
      stopped = true
      unlocal?.()
      unlocal = null
      const stopListening = unlisten
      unlisten = null
      await stopListening?.().catch((error: unknown) => log?.warn({ err: error }, 'could not stop listening for listing changes'))
      await running
    },
    settled,
    answered: (url) => {
      // Not while a change is applied, or one this process wrote waits to be read: search() waits for those.
      if (index === null || running !== null || localIds.size > 0 || localOwners.size > 0) return null
      return byUrl.get(url) ?? null
    },
    search: async (query, { url } = {}) => {
      // A change this process just wrote (or heard) is read before answering: a caller sees its own write.
      if (index !== null && (localIds.size > 0 || localOwners.size > 0)) {
        for (const id of localIds) pendingIds.add(id)
        for (const owner of localOwners) pendingOwners.add(owner)
        localIds.clear()
        localOwners.clear()
        schedule()
      }
      // A full load (a rebuild) does not hold searches: the index it replaces answers meanwhile.
      if (running && index !== null && !loadingAll) await settled()
      const terms = searchTerms(query.q)
      if (index === null) {
        return searchAnswer(JSON.stringify(await searchListings(db, { query })))
      }
      const key = cacheKey(query, terms)
      const remember = (answer: SearchAnswer) => {
        if (url === undefined || running !== null) return
        if (byUrl.size >= cacheSize) byUrl.delete(byUrl.keys().next().value as string)
        byUrl.set(url, answer.page)
      }
      const cached = cache.get(key)
      if (cached) {
        remember(cached)
        return cached
      }
      const found = index.search({
        terms,
        ...searchFilters(query),
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
        countUpTo: SEARCH_TOTAL_CAP + 1,
      })
      const answer = searchAnswer(pageBody(found.items, { total: found.total, page: query.page, pageSize: query.pageSize }))
      if (cache.size >= cacheSize) cache.delete(cache.keys().next().value as string)
      cache.set(key, answer)
      remember(answer)
      return answer
    },
  }
}
