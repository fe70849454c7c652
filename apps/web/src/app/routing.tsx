import { createContext, Fragment, useContext, useMemo, useSyncExternalStore } from 'react'
import { flushSync } from 'react-dom'
import type { ReactNode } from 'react'
import { matchPattern, specificity } from '@offerbook/domain/route-access'
import type { LinkProps, Navigation } from '../shared/navigation'
import { InPlaceLink, NavigationProvider, useNavigate } from '../shared/navigation'
import type { AppHistory } from './history'

/**
 * The whole app's router (decision 084): the history's location matched against a route table, the
 * matched route's layouts around its page. The app's table is one layout with every route of the
 * domain (app/router.tsx); a path's params come from the domain's own pattern matching, so a page and
 * the guard agree on what an address means.
 */

/** A route: a `path` (absolute, or `*` for any) and its element; a route with children is their layout, rendering them at its Outlet. */
export type RouteConfig = { path?: string; element: ReactNode; children?: readonly RouteConfig[] }

/** A route that renders a page, with the layouts around it, outermost first. */
type Leaf = { path: string; elements: readonly ReactNode[] }

function leavesOf(routes: readonly RouteConfig[], around: readonly ReactNode[] = []): Leaf[] {
  return routes.flatMap((route) =>
    route.children ? leavesOf(route.children, [...around, route.element]) : route.path !== undefined ? [{ path: route.path, elements: [...around, route.element] }] : [],
  )
}

/** Static segments before parameters, as the domain matches (route-access.ts); `*` last; else in the table's order. */
function byPrecedence(leaves: Leaf[]): Leaf[] {
  const rank = (leaf: Leaf) => (leaf.path === '*' ? -1 : specificity(leaf.path))
  return leaves.map((leaf, order) => ({ leaf, order })).sort((a, b) => rank(b.leaf) - rank(a.leaf) || a.order - b.order).map(({ leaf }) => leaf)
}

type Match = { elements: readonly ReactNode[]; params: Readonly<Record<string, string>> }

function matchLeaves(leaves: readonly Leaf[], pathname: string): Match | null {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  for (const leaf of leaves) {
    const params = leaf.path === '*' ? {} : matchPattern(leaf.path, clean)
    if (params) return { elements: leaf.elements, params }
  }
  return null
}

const OutletContext = createContext<ReactNode>(null)
const ParamsContext = createContext<Readonly<Record<string, string>>>({})

/** Where a layout shows the route inside it. */
export function Outlet() {
  return <>{useContext(OutletContext)}</>
}

/** The matched route's parameters (`:id` in its path), decoded. */
export function useParams(): Readonly<Record<string, string>> {
  return useContext(ParamsContext)
}

/** The whole app's link: every plain click moves inside the app. */
export function AppLink(props: LinkProps) {
  return <InPlaceLink {...props} go={useNavigate()} />
}

/** Renders the route `history` is at, with its layouts, and gives every component the app's navigation. */
export function Router({ history, routes }: { history: AppHistory; routes: readonly RouteConfig[] }) {
  const location = useSyncExternalStore(history.subscribe, () => history.location, () => history.location)
  const leaves = useMemo(() => byPrecedence(leavesOf(routes)), [routes])
  const match = useMemo(() => matchLeaves(leaves, location.pathname), [leaves, location.pathname])
  // One navigate for the history's whole life: effects that depend on it do not run again at each move.
  const navigate = useMemo<Navigation['navigate']>(() => (to, options) => (options?.flushSync ? flushSync(() => history.navigate(to, options)) : history.navigate(to, options)), [history])
  const navigation = useMemo<Navigation>(() => ({ location, navigate, Link: AppLink, block: history.block }), [location, navigate, history])
  const page = (match?.elements ?? []).reduceRight<ReactNode>(
    (inside, element, depth) => (
      <OutletContext.Provider key={depth} value={inside}>
        <Fragment>{element}</Fragment>
      </OutletContext.Provider>
    ),
    null,
  )
  return (
    <NavigationProvider value={navigation}>
      <ParamsContext.Provider value={match?.params ?? {}}>{page}</ParamsContext.Provider>
    </NavigationProvider>
  )
}
