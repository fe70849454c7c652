import { z } from 'zod'

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

const RecentSearchSchema = z.object({ query: z.string().max(2000), seen: z.array(z.string().max(100)).max(SEEN_MAX) })
export type RecentSearch = z.infer<typeof RecentSearchSchema>

export function readRecentSearches(): RecentSearch[] {
  try {
    const parsed = z.array(RecentSearchSchema).safeParse(JSON.parse(window.localStorage.getItem(RECENT_SEARCHES_KEY) ?? '[]'))
    return parsed.success ? parsed.data.slice(0, RECENT_SEARCHES_MAX) : []
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
