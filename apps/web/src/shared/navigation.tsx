import { createContext, useCallback, useContext, useEffect, useMemo, useRef } from 'react'
import type { AnchorHTMLAttributes, ComponentType, MouseEvent, ReactNode, Ref } from 'react'

/**
 * Links and navigation for every component (decisions 034, 084). The whole app provides them from its
 * own router (app/routing.tsx over app/history.ts); the light public shell from the History API
 * (public/public-navigation.tsx). Components import them from here, never from a router library.
 */

/**
 * `state` travels with the history entry (the location's `state`), as the History API keeps it;
 * `flushSync` draws the next page before the call returns (before what follows it re-renders the old one).
 */
export type NavigateOptions = { replace?: boolean; state?: unknown; flushSync?: boolean }

/** Where the page is; `key` is new at each move, the same page reached again included. */
export type NavigationLocation = { pathname: string; search: string; hash: string; state?: unknown; key?: string }

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string
  replace?: boolean
  state?: unknown
  ref?: Ref<HTMLAnchorElement>
}

/** A navigation held back by a blocker: go on with it, or stay. */
export type BlockedNavigation = { location: NavigationLocation; proceed: () => void; reset: () => void }

/** Whether leaving `current` for `next` must wait for the person (unsaved changes). */
export type ShouldBlock = (current: NavigationLocation, next: NavigationLocation) => boolean

export type Navigation = {
  location: NavigationLocation
  /** To a path (absolute, or a query or hash of this page), or by a number of entries in the history (-1: back). */
  navigate: (to: string | number, options?: NavigateOptions) => void
  Link: ComponentType<LinkProps>
  /** Holds back each navigation `shouldBlock` stops and hands it to `onBlocked`; returns the release. */
  block: (shouldBlock: ShouldBlock, onBlocked: (navigation: BlockedNavigation) => void) => () => void
}

const NavigationContext = createContext<Navigation | null>(null)

export function NavigationProvider({ value, children }: { value: Navigation; children: ReactNode }) {
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>
}

function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext)
  if (!navigation) throw new Error('A link was rendered outside a NavigationProvider')
  return navigation
}

/** A click a link handles in place: the main button, no modifier (those open a new tab or window), not handled already. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
}

/**
 * The anchor of both shells' links: a plain click on a link `inPlace` accepts moves with `go`; a new
 * tab, a download, another target or a place `inPlace` refuses is the browser's own.
 */
export function InPlaceLink({ go, inPlace, to, replace, state, onClick, target, ...rest }: LinkProps & { go: (to: string, options: NavigateOptions) => void; inPlace?: (to: string) => boolean }) {
  return (
    <a
      {...rest}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event)
        if (!isPlainClick(event) || (target && target !== '_self') || rest.download !== undefined) return
        if (inPlace && !inPlace(to)) return
        event.preventDefault()
        go(to, { replace, state })
      }}
    />
  )
}

/** An in-app link: the shell decides whether it changes the page in place or loads it. */
export function Link(props: LinkProps) {
  const { Link: ShellLink } = useNavigation()
  return <ShellLink {...props} />
}

export function useLocation(): NavigationLocation {
  return useNavigation().location
}

export function useNavigate(): Navigation['navigate'] {
  return useNavigation().navigate
}

type SearchParamsInit = URLSearchParams | Record<string, string> | ((current: URLSearchParams) => URLSearchParams)

/** The query string as URLSearchParams, and a setter that navigates to the same page with a new one. */
export function useSearchParams(): [URLSearchParams, (next: SearchParamsInit, options?: NavigateOptions) => void] {
  const { location, navigate } = useNavigation()
  const params = useMemo(() => new URLSearchParams(location.search), [location.search])
  const setParams = useCallback(
    (next: SearchParamsInit, options?: NavigateOptions) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(location.search)) : new URLSearchParams(next)
      const query = value.toString()
      navigate(`${location.pathname}${query ? `?${query}` : ''}`, options)
    },
    [location.pathname, location.search, navigate],
  )
  return [params, setParams]
}

/** Goes to `to` once rendered (a redirect), replacing the entry when asked. */
export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate()
  const done = useRef(false)
  useEffect(() => {
    // Once: the development build's double effects must not push two entries.
    if (done.current) return
    done.current = true
    navigate(to, { replace, state })
  }, [navigate, to, replace, state])
  return null
}

/** Holds back navigations `shouldBlock` stops while mounted, each handed to `onBlocked` (both stable callbacks). */
export function useNavigationBlocker(shouldBlock: ShouldBlock, onBlocked: (navigation: BlockedNavigation) => void): void {
  const { block } = useNavigation()
  useEffect(() => block(shouldBlock, onBlocked), [block, shouldBlock, onBlocked])
}
