import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { DEFAULT_LANGUAGE } from '@offerbook/domain/languages'
import { matchRoute, ROUTES } from '@offerbook/domain/route-access'
import { RESOURCES } from '../locales/all-languages'
import { initI18n } from '../shared/i18n/i18n'
import { preloadPage } from './lazy-page'
import { pageLoaderFor } from './page-modules'
import { Providers } from './providers'
import { createQueryClient } from './query-client'
import { appRoutes } from './router'

/**
 * Run at build (build/prerender.ts): the public pages anyone may open, rendered to HTML in the
 * default language, so their content is in the first answer before any script runs. The browser
 * then hydrates the same tree (main.tsx). Every public marketing route is listed from the route
 * table, so a page's new content is prerendered without a change here.
 */
export const PRERENDERED_PATHS: readonly string[] = ROUTES.filter((route) => route.access === 'public' && route.pageType === 'marketing' && !route.redirectTo).map((route) => route.path)

export type PrerenderedPage = { html: string; title: string }

export async function render(path: string): Promise<PrerenderedPage> {
  const i18n = initI18n(DEFAULT_LANGUAGE, RESOURCES)
  const { route } = matchRoute(path)
  await preloadPage(pageLoaderFor(route.name))
  const handler = createStaticHandler(appRoutes())
  const context = await handler.query(new Request(new URL(path, 'http://localhost')))
  if (context instanceof Response) throw new Error(`${path} redirects; it cannot be prerendered`)
  const router = createStaticRouter(handler.dataRoutes, context)
  const html = renderToString(
    <StrictMode>
      <Providers queryClient={createQueryClient()} i18n={i18n}>
        {/* hydrate={false}: no inline script (the CSP allows none); the browser's router reads the URL itself. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  )
  return { html, title: `${i18n.t(route.titleKey)} · Offerbook` }
}
