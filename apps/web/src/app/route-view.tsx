import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useLocation, useParams } from 'react-router'
import type { RouteDef } from '@offerbook/domain/route-access'
import { fillPath } from '@offerbook/domain/route-access'
import { LazyPage } from './lazy-page'
import { pageClassName } from './page-class'
import { pageLoaderFor } from './page-modules'
import { RouteGuard } from './route-guard'

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

/** The element of one domain route: a redirect, or the guarded, lazily loaded page. */
export function RouteView({ route }: { route: RouteDef }) {
  const params = useDefinedParams()
  const location = useLocation()

  if (route.redirectTo) return <Navigate replace to={fillPath(route.redirectTo, params) + location.search + location.hash} />
  return (
    <RouteGuard route={route}>
      <RoutePage route={route} params={params} />
    </RouteGuard>
  )
}
