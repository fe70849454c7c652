import { preloadPage } from './lazy-page'
import { pageLoaderFor } from './page-modules'

const asked = new Set<string>()

/**
 * Starts loading a route's page chunk before the click: the navigation calls it when a link is
 * hovered or takes the focus. Each route's chunk is asked for once; a failed load is left for the
 * page itself to show with Retry (LazyPage).
 */
export function prefetchPage(routeName: string): void {
  if (asked.has(routeName)) return
  asked.add(routeName)
  preloadPage(pageLoaderFor(routeName)).catch(() => asked.delete(routeName))
}
