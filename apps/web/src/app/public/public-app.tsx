import { useCallback, useEffect, useMemo, useState } from 'react'
import { useTranslation } from '../../shared/i18n/translation'
import { matchRoute } from '@offerbook/domain/route-access'
import type { Navigation, NavigationLocation } from '../../shared/navigation'
import { NavigationProvider } from '../../shared/navigation'
import { LazyPage, preloadPage } from '../lazy-page'
import { pageClassName } from '../page-class'
import type { Navigate } from './public-navigation'
import { PublicLink, PublicNavigateContext, staysInShell } from './public-navigation'
import { PublicLayout } from './public-layout'
import { publicPageLoader } from './public-pages'

function windowLocation(): NavigationLocation {
  return { pathname: window.location.pathname, search: window.location.search, hash: window.location.hash }
}

/** Loads the module of the page at `pathname` (already there when it was shown before). */
async function loadPageAt(pathname: string): Promise<void> {
  const loader = publicPageLoader(matchRoute(pathname).route.name)
  if (loader) await preloadPage(loader)
}

/** No public page holds a form that could be left unsaved: nothing is ever held back. */
const noBlocking: Navigation['block'] = () => () => {}

/**
 * The public shell (decision 034): one public page in the public frame, and the moves between public
 * pages made in place. `initialLocation` is the address rendered first (the browser's, or the one the
 * prerender or the server renders); `onShown` is called once that first render is on screen.
 */
export function PublicApp({ initialLocation, onShown }: { initialLocation: NavigationLocation; onShown?: () => void }) {
  const { t } = useTranslation()
  const [location, setLocation] = useState(initialLocation)

  const navigate = useCallback<Navigate>((to, options) => {
    if (typeof to === 'number') {
      window.history.go(to)
      return
    }
    const url = staysInShell(to, window.location.href)
    if (!url) {
      if (options?.replace) window.location.replace(to)
      else window.location.assign(to)
      return
    }
    // The next page's module first: the current page stays on screen until the next one can show.
    loadPageAt(url.pathname).then(
      () => {
        if (options?.replace) window.history.replaceState(null, '', url.href)
        else window.history.pushState(null, '', url.href)
        setLocation({ pathname: url.pathname, search: url.search, hash: url.hash })
      },
      // Offline, or a new deployment: the browser loads the page itself and shows what it can.
      () => window.location.assign(url.href),
    )
  }, [])

  // Once the first render (or the hydration of the server's HTML) is on screen.
  useEffect(() => onShown?.(), [onShown])

  useEffect(() => {
    const onPopState = () => {
      const next = windowLocation()
      loadPageAt(next.pathname).then(
        () => setLocation(next),
        () => window.location.reload(),
      )
    }
    window.addEventListener('popstate', onPopState)
    return () => window.removeEventListener('popstate', onPopState)
  }, [])

  const navigation = useMemo<Navigation>(() => ({ location, navigate, Link: PublicLink, block: noBlocking }), [location, navigate])
  const { route, params } = matchRoute(location.pathname)
  const loader = publicPageLoader(route.name)
  const title = t(route.titleKey)

  useEffect(() => {
    document.title = `${title} · Offerbook`
  }, [title])

  return (
    <PublicNavigateContext.Provider value={navigate}>
      <NavigationProvider value={navigation}>
        <PublicLayout route={route}>
          <div className={pageClassName(route)} data-route={route.name}>
            {loader && <LazyPage key={route.name} loader={loader} route={route} params={params} />}
          </div>
        </PublicLayout>
      </NavigationProvider>
    </PublicNavigateContext.Provider>
  )
}
