import { Suspense } from 'react'
import { Button } from '@mantine/core'
import { useTranslation } from '../../shared/i18n/translation'
import { Link, useLocation } from '../../shared/navigation'
import { Outlet } from '../routing'
import type { Role } from '@offerbook/domain/roles'
import type { NavItem } from '@offerbook/domain/route-access'
import { FOOTER_ITEMS, SIGN_IN_PATH, decideAccess, matchRoute, navItemsFor, routeByName } from '@offerbook/domain/route-access'
import { useCurrentUser } from '../../features/auth/api/get-me'
import { useSession } from '../../shared/session'
import { LiveEventsProvider } from '../../shared/live/live-events'
import { useUiMode } from '../../features/auth/api/ui-mode'
import { useChatUnread } from '../../features/chat/api/chat-summary'
import { prefetchPage } from '../prefetch-page'
import { LanguageSwitch } from './language-switch'
import { UiModeSwitch } from './ui-mode-switch'
import { ErrorBoundary } from '../../shared/ui/error-boundary'
import { ChatLauncher } from '../../features/chat/components/chat-launcher'
import { HeaderControls, ShellFrame } from './shell-frame'
import { lazyPart } from '../../shared/lazy-part'
import { useFirstScreenDrawn } from '../../shared/first-screen'

// The menu pulls in the popover code: loaded only when used.
const UserMenu = lazyPart(() => import('./user-menu'))
// The notification bell: only for a signed-in user who may open /notifications.
const NotificationBell = lazyPart(() => import('../../features/notifications/components/notification-bell'))

/** Footer links with a signed-in variant (spec section 2: /auth-how-it-works, /auth-offers-optimized). */
const SIGNED_IN_VARIANTS: Readonly<Record<string, string>> = {
  'how-it-works': 'auth-how-it-works',
  'offers-optimized': 'auth-offers-optimized',
}

function footerItemsFor(roles: readonly Role[] | null): NavItem[] {
  const items = FOOTER_ITEMS.map((item) => {
    const variant = SIGNED_IN_VARIANTS[item.routeName]
    if (!roles || !variant) return item
    const route = routeByName(variant)
    return decideAccess(route, roles) === 'allow' ? { ...item, to: route.path, routeName: route.name } : item
  })
  const faq = routeByName('auth-faq')
  if (roles && decideAccess(faq, roles) === 'allow') items.splice(1, 0, { labelKey: 'nav.faq', to: faq.path, routeName: faq.name })
  return items
}

/** The whole app's layout: the shell frame with the account's navigation, menu, bell and live events. */
export function AppLayout() {
  const { t } = useTranslation()
  const location = useLocation()
  const session = useSession()
  const me = useCurrentUser()
  const user = session ? me.data : undefined
  const roles = user?.roles ?? null
  const route = matchRoute(location.pathname).route
  const uiMode = useUiMode()
  const unread = useChatUnread(session !== null)
  const notified = user !== undefined && decideAccess(routeByName('notifications-type'), user.roles) === 'allow'
  // The bell and the menu load once the first screen is drawn (decision 090).
  const drawn = useFirstScreenDrawn()

  return (
    <>
      <LiveEventsProvider enabled={user !== undefined} />
      <ShellFrame
        navItems={navItemsFor(roles, uiMode)}
        onLinkIntent={prefetchPage}
        footerItems={footerItemsFor(roles)}
        controls={
          <HeaderControls
            switches={
              <>
                <UiModeSwitch />
                <LanguageSwitch />
              </>
            }
          >
            {notified && drawn && (
              <ErrorBoundary fallback={null}>
                <Suspense fallback={null}>
                  <NotificationBell />
                </Suspense>
              </ErrorBoundary>
            )}
            {user ? (
              drawn && (
                <ErrorBoundary
                  fallback={
                    <Button component={Link} to={SIGN_IN_PATH} variant="default" size="sm">
                      {user.name}
                    </Button>
                  }
                >
                  <Suspense fallback={null}>
                    <UserMenu user={user} />
                  </Suspense>
                </ErrorBoundary>
              )
            ) : (
              !session &&
              !route.hidesAuthPrompt && (
                <Button component={Link} to={SIGN_IN_PATH} size="sm">
                  {t('shell.signIn')}
                </Button>
              )
            )}
          </HeaderControls>
        }
        extras={<ChatLauncher signedIn={session !== null} roles={roles} unread={unread} />}
      >
        <Outlet />
      </ShellFrame>
    </>
  )
}
