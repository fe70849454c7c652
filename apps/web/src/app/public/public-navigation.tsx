import { createContext, useContext } from 'react'
import { inPublicShell } from '@offerbook/domain/route-access'
import type { LinkProps, NavigateOptions } from '../../shared/navigation'
import { InPlaceLink } from '../../shared/navigation'

/**
 * Navigation in the public shell, with the History API instead of a router (decision 034). A link to
 * another public page changes the page in place; a link anywhere else (sign-in, the signed-in pages)
 * is an ordinary link, and the browser loads the whole app there.
 */

export type Navigate = (to: string | number, options?: NavigateOptions) => void

export const PublicNavigateContext = createContext<Navigate>((to) => (typeof to === 'number' ? window.history.go(to) : window.location.assign(to)))

/** Whether a link's target stays in the public shell: same origin, and a public-shell route. */
export function staysInShell(to: string, base: string): URL | null {
  const url = new URL(to, base)
  return url.origin === new URL(base).origin && inPublicShell(url.pathname) ? url : null
}

/** An anchor whose plain click on a public page's link navigates in place; any other link loads its page. */
export function PublicLink(props: LinkProps) {
  return <InPlaceLink {...props} go={useContext(PublicNavigateContext)} inPlace={(to) => staysInShell(to, window.location.href) !== null} />
}
