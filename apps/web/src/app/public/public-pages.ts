import type { PageLoader } from '../page-props'

const offersOptimized: PageLoader = () => import('../routes/offers-optimized-page')

/**
 * The pages the public shell renders (the routes marked publicShell in the domain's table), each its
 * own chunk as in the whole app. The property page is the visitor's: what a signed-in user may do
 * there (make an offer, share, write to the agent) is the whole app's property page.
 */
export const PUBLIC_PAGES: Readonly<Record<string, PageLoader>> = {
  home: () => import('../routes/home-page'),
  'how-it-works': () => import('../routes/how-it-works-page'),
  'about-us': () => import('../routes/about-us-page'),
  'offers-optimized': offersOptimized,
  'auth-offers-optimized': offersOptimized,
  'the-team': () => import('../routes/the-team-page'),
  terms: () => import('../routes/terms-page'),
  boilerplate: () => import('../routes/boilerplate-page'),
  listings: () => import('../routes/listings-page'),
  property: () => import('../routes/visitor-property-page'),
}

export function publicPageLoader(routeName: string): PageLoader | null {
  return PUBLIC_PAGES[routeName] ?? null
}
