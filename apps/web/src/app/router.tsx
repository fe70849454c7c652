import { ROUTES } from '@offerbook/domain/route-access'
import { AppLayout } from './shell/app-layout'
import { RouteView } from './route-view'
import type { RouteConfig } from './routing'

/** Every route of the domain table, in the one shell layout. */
export function appRoutes(): RouteConfig[] {
  return [
    {
      element: <AppLayout />,
      children: ROUTES.map((route) => ({ path: route.path, element: <RouteView key={route.name} route={route} /> })),
    },
  ]
}
