import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from '../shared/i18n/translation'
import { Navigate, useLocation } from '../shared/navigation'
import { useParams } from './routing'
import type { RouteDef } from '@offerbook/domain/route-access'
import { fillPath } from '@offerbook/domain/route-access'
import { LazyPage } from './lazy-page'
import { pageClassName } from './page-class'
import { likelyNextPage, pageLoaderFor, preloadScreen } from './page-modules'
import { prefetchPage } from './prefetch-page'
import { RouteGuard } from './route-guard'
import { useSession } from '../shared/session'

export { pageClassName }

function useDefinedParams(): Record<string, string> {
  const params = useParams()
  const defined: Record<string, string> = {}
  for (const [key, value] of Object.entries(params)) if (value !== undefined) defined[key] = value
  return defined
}

function RoutePage({ route, params }: { route: RouteDef; params: Record<string, string> }) {
  const { t } = useTranslation()
  const title = t(route.titleKey)

  useEffect(() => {
    document.title = `${title} · Offerbook`
  }, [title])

  return (
    <div className={pageClassName(route)} data-route={route.name}>
      <LazyPage key={route.name} loader={pageLoaderFor(route.name)} route={route} params={params} />
    </div>
  )
}

/** The route's first screen asked as it shows (page-modules.ts, decision 076); again only when the session changes. */
function useScreenPreload(route: RouteDef, params: Record<string, string>, search: string) {
  const signedIn = useSession() !== null
  const queryClient = useQueryClient()
  const paramsKey = JSON.stringify(params)
  useEffect(() => {
    if (!signedIn) return
    preloadScreen(route, { queryClient, params: JSON.parse(paramsKey) as Record<string, string>, search: new URLSearchParams(search) })
  }, [signedIn, route, paramsKey, search, queryClient])
}

/** The element of one domain route: a redirect, or the guarded, lazily loaded page. */
export function RouteView({ route }: { route: RouteDef }) {
  const params = useDefinedParams()
  const location = useLocation()
  useScreenPreload(route, params, location.search)
  useEffect(() => {
    const next = likelyNextPage(route.name)
    if (next) prefetchPage(next)
  }, [route.name])

  if (route.redirectTo) return <Navigate replace to={fillPath(route.redirectTo, params) + location.search + location.hash} />
  return (
    <RouteGuard route={route}>
      <RoutePage route={route} params={params} />
    </RouteGuard>
  )
}
