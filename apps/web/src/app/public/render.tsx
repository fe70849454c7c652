import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import type { QueryClient } from '@tanstack/react-query'
import type { ListingSearchPage, PublicListing } from '@offerbook/domain/listing'
import { DEFAULT_LANGUAGE } from '@offerbook/domain/languages'
import { matchRoute, ROUTES } from '@offerbook/domain/route-access'
import { propertyKeys } from '../../features/property/api/properties'
import { HOME_LISTINGS } from '../../features/property/components/home-search'
import type { SearchState } from '../../features/property/search-state'
import { apiQueryOf, EMPTY_SEARCH, SEARCH_PAGE_SIZE, searchStateFromParams } from '../../features/property/search-state'
import publicEnglish from '../../locales/public-en-us'
import { preloadPage } from '../lazy-page'
import { createQueryClient } from '../query-client'
import { pageDataScript } from './page-data'
import { PublicApp } from './public-app'
import { publicPageLoader } from './public-pages'
import { PublicProviders } from './public-providers'
import { addPublicTree, publicTranslator } from './public-texts'

/**
 * The public shell rendered to HTML, in the default language and signed out, as the browser's first
 * render will draw it (public/main.tsx hydrates it):
 * - at build, for the static public pages (build/prerender.ts writes dist/prerendered/);
 * - by the API server, per request, for /property/{id} and /listings, with the answers it read
 *   (`fetchApi`) sent along as the page's data.
 */

/** The pages that show listings, rendered per request with the listings of the moment: the home page, search, a property. */
const LIVE_ROUTES: ReadonlySet<string> = new Set(['home', 'listings', 'property'])

/** Whether the server renders the page at `url` per request (else the build's prerendered copy serves). */
export function rendersPerRequest(url: string): boolean {
  return LIVE_ROUTES.has(matchRoute(new URL(url, 'http://localhost').pathname).route.name)
}

/**
 * The static public pages: every public-shell marketing route without a parameter. The home page is
 * one too, as a fallback: the server renders it per request with the newest homes.
 */
export const PRERENDERED_PATHS: readonly string[] = ROUTES.filter((route) => route.publicShell && route.pageType === 'marketing' && !route.path.includes(':')).map(
  (route) => route.path,
)

/** An API GET made inside the server: its status and parsed body. */
export type FetchApi = (path: string) => Promise<{ status: number; body: unknown }>

/** The page's HTML for #root, its tab title, and the script element of its data (page-data.ts) to put after #root. */
export type RenderedPage = { html: string; title: string; dataScript: string }

function translatorForRender() {
  const translator = publicTranslator(DEFAULT_LANGUAGE)
  addPublicTree(DEFAULT_LANGUAGE, publicEnglish)
  return translator
}

/** Reads one search into the query client, under the key the page asks for it by; null when the API refused it. */
async function prefetchSearch(state: SearchState, pageSize: number, queryClient: QueryClient, fetchApi: FetchApi): Promise<ListingSearchPage | null> {
  const query = apiQueryOf(state, pageSize)
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value))
  const { status, body } = await fetchApi(`/api/properties?${search.toString()}`)
  if (status !== 200) return null
  queryClient.setQueryData(propertyKeys.search(query), body as ListingSearchPage)
  return body as ListingSearchPage
}

/**
 * Reads what the page at `url` shows first into the query client; false when it cannot be rendered
 * here. Without `fetchApi` (the build) the home page shows its listings as loading.
 */
async function prefetch(url: URL, queryClient: QueryClient, fetchApi: FetchApi | undefined): Promise<boolean> {
  const { route, params } = matchRoute(url.pathname)
  if (route.name === 'home') {
    if (!fetchApi) return true
    // What the home page lists (home-search.tsx): the newest homes taking offers, filled up with the newest others.
    const active = await prefetchSearch({ ...EMPTY_SEARCH, statuses: ['Active'] }, HOME_LISTINGS, queryClient, fetchApi)
    if (!active) return false
    if (active.items.length < HOME_LISTINGS) return (await prefetchSearch(EMPTY_SEARCH, HOME_LISTINGS * 2, queryClient, fetchApi)) !== null
    return true
  }
  if (route.name === 'property') {
    const id = params.id ?? ''
    if (!fetchApi) return false
    const { status, body } = await fetchApi(`/api/properties/${encodeURIComponent(id)}`)
    if (status !== 200) return false
    queryClient.setQueryData(propertyKeys.detail(id, 'anonymous'), (body as { property: PublicListing }).property)
    return true
  }
  if (route.name === 'listings') {
    if (!fetchApi) return false
    return (await prefetchSearch(searchStateFromParams(url.searchParams), SEARCH_PAGE_SIZE, queryClient, fetchApi)) !== null
  }
  return true
}

/** The page at `url` (a path with its query) as HTML, or null when it is not a public-shell page or its data is missing. */
export async function renderPublicPage(url: string, fetchApi?: FetchApi): Promise<RenderedPage | null> {
  const address = new URL(url, 'http://localhost')
  const { route } = matchRoute(address.pathname)
  const loader = publicPageLoader(route.name)
  if (!route.publicShell || !loader) return null
  const translator = translatorForRender()
  const queryClient = createQueryClient()
  const [ready] = await Promise.all([prefetch(address, queryClient, fetchApi), preloadPage(loader)])
  if (!ready) return null
  const html = renderToString(
    <StrictMode>
      <PublicProviders queryClient={queryClient} translator={translator}>
        <PublicApp initialLocation={{ pathname: address.pathname, search: address.search, hash: '' }} />
      </PublicProviders>
    </StrictMode>,
  )
  const queries = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.data !== undefined)
    .map((query) => ({ key: query.queryKey, data: query.state.data }))
  queryClient.clear()
  return { html, title: `${translator.t(route.titleKey)} · Offerbook`, dataScript: queries.length > 0 ? pageDataScript({ queries }) : '' }
}
