import { useMemo } from 'react'
import type { ReactNode } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import type { Navigation } from '../shared/navigation'
import { NavigationProvider } from '../shared/navigation'

/** The whole app's links and navigation, for the components it shares with the public shell: its router's. */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const location = useLocation()
  const navigate = useNavigate()
  const value = useMemo<Navigation>(
    () => ({
      location: { pathname: location.pathname, search: location.search, hash: location.hash },
      navigate: (to, options) => void navigate(to, options),
      Link,
    }),
    [location.pathname, location.search, location.hash, navigate],
  )
  return <NavigationProvider value={value}>{children}</NavigationProvider>
}
