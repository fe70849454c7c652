import { createBrowserRouter } from 'react-router'
import type { RouteObject } from 'react-router'
import { ROUTES } from '@offerbook/domain/route-access'
import { AppLayout } from './shell/app-layout'
import { RouteView } from './route-view'

/** Every route of the domain table, in the one shell layout. */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      children: ROUTES.map((route) => ({ path: route.path, element: <RouteView key={route.name} route={route} /> })),
    },
  ]
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes())
}
