import type { RouteDef } from '@offerbook/domain/route-access'
import { meQueryOptions } from '../features/auth/api/get-me'
import { dashboardQuery } from '../features/dashboard/api/dashboard'
import { myListingsScreenQuery } from '../features/listings/api/my-listings'
import { myListingsParamsOf } from '../features/listings/api/my-listings-screen'
import { offerQuery, optimizeScreenQuery } from '../features/offers/api/offer-query'
import { PRELOAD } from '../shared/api-client'
import { getSession, onSessionCleared } from '../shared/session'
import { preloadPage } from './lazy-page'
import { loadTextAreas, textAreasLoaded } from '../shared/i18n/i18n'
import { PAGE_FILES, PLACEHOLDER_PAGE } from './page-files'
import PAGE_TEXTS from './page-texts.json'
import type { PageLoader, PageModule, ScreenContext } from './page-props'


/** Each page is its own chunk (src/app/routes/*-page.tsx). */
const MODULES = import.meta.glob<PageModule>('./routes/*-page.tsx')
const PAGE_AREAS: Readonly<Record<string, readonly string[]>> = PAGE_TEXTS.pages
/** The texts of what a page loads by `import()`: asked for with it, waited for by those parts only (decision 088). */
const LATER_AREAS: Readonly<Record<string, readonly string[]>> = PAGE_TEXTS.later

/** The frame's own texts (header, navigation, errors): the areas loaded before the first render with the page's. */
export const FRAME_AREAS: readonly string[] = PAGE_TEXTS.frame

const loaders = new Map<string, PageLoader>()

/**
 * A route's loader: its page's module and texts (app/page-texts.json, decision 074) side by side, so the
 * page first renders in the reader's language, and the texts of its later parts beside them (decision 088);
 * one loader per route, kept, as LazyPage remembers a loaded page by its loader.
 */
function pageLoader(routeName: string, page: string): PageLoader {
  const known = loaders.get(routeName)
  if (known) return known
  const load = MODULES[`./routes/${page}.tsx`]
  if (!load) throw new Error(`No page module routes/${page}.tsx`)
  const areas = PAGE_AREAS[page] ?? []
  const later = LATER_AREAS[page] ?? []
  // Texts already here (the whole language, in tests too): the module alone, as a page without texts loads.
  const loader: PageLoader = () => {
    // Not waited for here: a part waits for them as it arrives (shared/texts-settled.ts); one that failed
    // leaves its keys to the whole language, which follows the first render and draws them again.
    if (!textAreasLoaded(later)) void loadTextAreas(later).catch(() => undefined)
    return textAreasLoaded(areas) ? load() : Promise.all([load(), loadTextAreas(areas)]).then(([module]) => module)
  }
  loaders.set(routeName, loader)
  return loader
}

/** Whether a route has a page of its own; the others show what will be there (`soon.<name>`). */
export function hasOwnPage(routeName: string): boolean {
  return routeName in PAGE_FILES
}

export function pageLoaderFor(routeName: string): PageLoader {
  return pageLoader(routeName, PAGE_FILES[routeName] ?? PLACEHOLDER_PAGE)
}

function offerScreen(id: string | null | undefined, { queryClient }: ScreenContext): void {
  if (id) void queryClient.prefetchQuery(offerQuery(id, null, PRELOAD))
}

/**
 * The signed-in pages whose first screen is one answer: asked at once, beside the chunk and /api/me
 * (decisions 076, 090), through light query modules that keep the frame small.
 */
const SCREEN_PRELOADS: Readonly<Record<string, (context: ScreenContext) => void>> = {
  dashboard: ({ queryClient }) => void queryClient.prefetchQuery(dashboardQuery(PRELOAD)),
  'my-properties-list': ({ queryClient, search }) => void queryClient.prefetchQuery(myListingsScreenQuery(queryClient, myListingsParamsOf(search), PRELOAD)),
  'submitted-offer-update': (context) => offerScreen(context.params.id, context),
  'my-property-offer': (context) => offerScreen(context.params.offerId, context),
  'my-property-accept-offer': (context) => offerScreen(context.search.get('offer'), context),
  'my-property-optimize': ({ queryClient, params }) => {
    if (params.id) void queryClient.prefetchQuery(optimizeScreenQuery(queryClient, params.id, PRELOAD))
  },
}

/** The route and its parameters last preloaded: the start and the route's first render ask once. */
let lastPreloaded: string | null = null
onSessionCleared(() => {
  lastPreloaded = null
})

/** A page somebody signed in is shown: not a public page, not a redirect. */
function isSignedInPage(route: RouteDef): boolean {
  return !route.redirectTo && route.access !== 'public' && getSession() !== null
}

/**
 * A signed-in page's chunk and its first screen's one answer, asked at once (decision 076).
 * Once per route and parameters in a row: a search or tab changed in the address is the page's own.
 */
export function preloadScreen(route: RouteDef, context: ScreenContext): void {
  if (getSession() === null) return
  const key = `${route.name}\n${JSON.stringify(context.params)}`
  if (lastPreloaded === key) return
  lastPreloaded = key
  if (!isSignedInPage(route)) return
  SCREEN_PRELOADS[route.name]?.(context)
  // A failed load is the page's to show (LazyPage, with Retry).
  preloadPage(pageLoaderFor(route.name)).catch(() => {})
}

/**
 * The start of the app on a signed-in page (boot.tsx, decision 090): the user (/api/me) and the page's
 * first answer are asked before the page's code and texts arrive, not after the first render commits.
 * The API decides what the user may see; a refused answer is the page's to show. Whether it asked:
 * a page with nobody signed in, or a public one, asks nothing here.
 */
export function preloadFirstScreen(route: RouteDef, context: ScreenContext): boolean {
  if (!isSignedInPage(route)) return false
  void context.queryClient.prefetchQuery(meQueryOptions())
  preloadScreen(route, context)
  return true
}

/**
 * The page a route's visitor goes to next, whatever they do there: its chunk is asked for as the
 * route shows. A new account goes from the code step to the onboarding's first step, which then draws
 * with the verify answer (decision 076).
 */
const LIKELY_NEXT: Readonly<Record<string, string>> = {
  'sign-up': 'onboarding-step',
}

export function likelyNextPage(routeName: string): string | undefined {
  return LIKELY_NEXT[routeName]
}
