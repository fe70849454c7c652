/**
 * The last few searches of /listings, kept in this browser (issue #16: /dashboard shows new homes
 * matching them). A search is its address query (without the page), and the ids of the homes the
 * dashboard already showed for it: a home not among them is new since the last visit. Nothing of
 * it goes to the server; clearing the session (spec section 4) forgets it with the rest of storage.
 */
export const RECENT_SEARCHES_KEY = 'offerbook.recentSearches'
export const RECENT_SEARCHES_MAX = 3
/** The ids remembered per search: enough for the few homes the dashboard shows. */
const SEEN_MAX = 50

export type RecentSearch = { query: string; seen: string[] }

// Checked by hand rather than with a schema: /listings is a first-visit page, and its script carries no zod.
function isRecentSearch(value: unknown): value is RecentSearch {
  if (typeof value !== 'object' || value === null) return false
  const { query, seen } = value as Record<string, unknown>
  return (
    typeof query === 'string' &&
    query.length <= 2000 &&
    Array.isArray(seen) &&
    seen.length <= SEEN_MAX &&
    seen.every((id) => typeof id === 'string' && id.length <= 100)
  )
}

/** The searches stored here; anything else found under the key (an older shape, an edit by hand) counts as none. */
export function readRecentSearches(): RecentSearch[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(RECENT_SEARCHES_KEY) ?? '[]')
    if (!Array.isArray(stored) || !stored.every(isRecentSearch)) return []
    return stored.slice(0, RECENT_SEARCHES_MAX).map(({ query, seen }) => ({ query, seen: [...seen] }))
  } catch {
    return []
  }
}

function write(searches: readonly RecentSearch[]): void {
  try {
    window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(searches.slice(0, RECENT_SEARCHES_MAX)))
  } catch {
    // Storage can be full or blocked: the dashboard then has no searches to follow.
  }
}

/** Puts a search first (an earlier copy of it moves up and keeps what was seen). An empty query is no search. */
export function rememberSearch(query: string): void {
  if (query === '') return
  const searches = readRecentSearches()
  const earlier = searches.find((search) => search.query === query)
  write([{ query, seen: earlier?.seen ?? [] }, ...searches.filter((search) => search.query !== query)])
}

/** Notes the homes the dashboard showed for a search, so the next visit tells the new ones. */
export function markSearchSeen(query: string, ids: readonly string[]): void {
  const searches = readRecentSearches()
  write(searches.map((search) => (search.query === query ? { query, seen: [...new Set([...ids, ...search.seen])].slice(0, SEEN_MAX) } : search)))
}
