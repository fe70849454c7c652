import type { ReactNode } from 'react'
import { render } from '@testing-library/react'
// react-router/dom loads a second router context under vitest; the app itself uses it for flushSync.
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router'
import type { RouteObject } from 'react-router'
import { Providers } from '../app/providers'
import { RouterNavigation } from '../app/router-navigation'
import { setApiNavigate } from '../shared/api-client'
import { createQueryClient } from '../app/query-client'
import { copyOfAllLanguages } from '../locales/all-languages'
import { initI18n } from '../shared/i18n/i18n'
import { onSessionCleared } from '../shared/session'
import { afterThisTest } from './after-test'

/** Renders routes in the app's providers at `path`, as the browser would open it. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const i18n = initI18n(undefined, copyOfAllLanguages())
  void i18n.changeLanguage('en-us')
  const queryClient = createQueryClient()
  const stop = onSessionCleared(() => queryClient.clear())
  // The session module and the query client outlive the test: unhook one from the other, drop the cache.
  afterThisTest(() => {
    stop()
    queryClient.clear()
  })
  // The links shared with the public shell take the router's navigation, as the app layout gives it.
  const withNavigation: RouteObject[] = [
    {
      element: (
        <RouterNavigation>
          <Outlet />
        </RouterNavigation>
      ),
      children: routes,
    },
  ]
  const router = createMemoryRouter(withNavigation, { initialEntries: [path] })
  setApiNavigate((to) => void router.navigate(to))
  const view = render(
    <Providers queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </Providers>,
  )
  return { ...view, router, queryClient, stop }
}

export function renderAt(element: ReactNode, path = '/') {
  return renderRoutes([{ path: '*', element }], path)
}
