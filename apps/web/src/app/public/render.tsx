import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import type { QueryClient } from '@tanstack/react-query'
import type { ListingSearchPage, PublicListing } from '@offerbook/domain/listing'
import { DEFAULT_LANGUAGE } from '@offerbook/domain/languages'
import { matchRoute, ROUTES } from '@offerbook/domain/route-access'
import { propertyKeys } from '../../features/property/api/properties'
import { apiQueryOf, SEARCH_PAGE_SIZE, searchStateFromParams } from '../../features/property/search-state'
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

/** The static public pages: every public-shell marketing route without a parameter. */
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

/** Reads what the page at `url` shows first into the query client; false when it cannot be rendered here. */
async function prefetch(url: URL, queryClient: QueryClient, fetchApi: FetchApi | undefined): Promise<boolean> {
  const { route, params } = matchRoute(url.pathname)
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
    const query = apiQueryOf(searchStateFromParams(url.searchParams), SEARCH_PAGE_SIZE)
    const search = new URLSearchParams()
    for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value))
    const { status, body } = await fetchApi(`/api/properties?${search.toString()}`)
    if (status !== 200) return false
    queryClient.setQueryData(propertyKeys.search(query), body as ListingSearchPage)
    return true
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
