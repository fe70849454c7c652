import { createContext, useCallback, useContext, useMemo } from 'react'
import type { AnchorHTMLAttributes, ComponentType, ReactNode, Ref } from 'react'

/**
 * Links and navigation for the components both shells show (decision 034). The whole app provides
 * them from its router (app/router-navigation.tsx); the light public shell from the History API
 * (public/public-navigation.tsx), so a first visit does not download the router.
 */

export type NavigateOptions = { replace?: boolean }

export type NavigationLocation = { pathname: string; search: string; hash: string }

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string
  replace?: boolean
  ref?: Ref<HTMLAnchorElement>
}

export type Navigation = {
  location: NavigationLocation
  navigate: (to: string, options?: NavigateOptions) => void
  Link: ComponentType<LinkProps>
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
