import type { ReactNode } from 'react'
import { render } from '@testing-library/react'
import { createMemoryHistory } from '../app/history'
import type { RouteConfig } from '../app/routing'
import { Router } from '../app/routing'
import { Providers } from '../app/providers'
import { setApiNavigate } from '../shared/api-client'
import { createQueryClient } from '../app/query-client'
import { copyOfAllLanguages } from '../locales/all-languages'
import { initI18n } from '../shared/i18n/i18n'
import { onSessionCleared } from '../shared/session'
import { afterThisTest } from './after-test'

// What a feature's test needs of the app's router to build its own routes: features never import the app.
export type { RouteConfig } from '../app/routing'
export { Outlet, useParams } from '../app/routing'

/** Renders routes in the app's providers at `path`, as the browser would open it. */
export function renderRoutes(routes: RouteConfig[], path: string) {
  const i18n = initI18n(undefined, copyOfAllLanguages())
  void i18n.changeLanguage('en-us')
  const queryClient = createQueryClient()
  const stop = onSessionCleared(() => queryClient.clear())
  // The session module and the query client outlive the test: unhook one from the other, drop the cache.
  afterThisTest(() => {
    stop()
    queryClient.clear()
  })
  const history = createMemoryHistory(path)
  // What the tests read and drive, in the words of the router the app once used: its state's location, and navigate.
  const router = {
    navigate: async (to: string | number, options?: { replace?: boolean; state?: unknown }) => history.navigate(to, options),
    get state() {
      return { location: history.location }
    },
  }
  setApiNavigate((to) => history.navigate(to))
  const view = render(
    <Providers queryClient={queryClient} i18n={i18n}>
      <Router history={history} routes={routes} />
    </Providers>,
  )
  return { ...view, router, queryClient, stop }
}

export function renderAt(element: ReactNode, path = '/') {
  return renderRoutes([{ path: '*', element }], path)
}
