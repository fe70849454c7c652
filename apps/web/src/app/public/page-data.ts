import type { QueryClient, QueryKey } from '@tanstack/react-query'

/**
 * What the server read to render a public page (a listing, a page of search results), sent with the
 * page in a JSON script element so the browser starts from the same answers and hydrates the same
 * HTML without asking again. A data block is not run, so the CSP's script rule does not apply to it.
 */
export type PageData = { queries: { key: QueryKey; data: unknown }[] }

export const PAGE_DATA_ID = 'offerbook-page-data'

/** The script element carrying `data`, safe inside HTML: no '<' can close it early. */
export function pageDataScript(data: PageData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
  return `<script type="application/json" id="${PAGE_DATA_ID}">${json}</script>`
}

/** The page's data as the server sent it, or null (a prerendered page, or a page the server did not render). */
export function readPageData(): PageData | null {
  const element = document.getElementById(PAGE_DATA_ID)
  if (!element?.textContent) return null
  try {
    const parsed = JSON.parse(element.textContent) as Partial<PageData>
    return Array.isArray(parsed.queries) ? { queries: parsed.queries } : null
  } catch {
    return null
  }
}

/**
 * How long an answer the page came with counts as fresh: the server read it for this very request, so
 * the page does not ask it again as it comes to life (which re-rendered the whole page in the same task
 * as hydration's end, decision 095). An event or a change the visitor makes still refetches it at once.
 */
export const PAGE_DATA_FRESH_MS = 30_000

export function seedQueries(queryClient: QueryClient, data: PageData): void {
  for (const { key, data: value } of data.queries) {
    queryClient.setQueryDefaults(key, { staleTime: PAGE_DATA_FRESH_MS })
    queryClient.setQueryData(key, value)
  }
}
