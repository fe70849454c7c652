import { Suspense, lazy, useEffect } from 'react'
import { Anchor, AppShell, Box, Burger, Button, Container, Group, Stack, Text } from '@mantine/core'
import { useDisclosure, useMediaQuery } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { Link, Outlet, useLocation } from 'react-router'
import type { Role } from '@offerbook/domain/roles'
import type { NavItem } from '@offerbook/domain/route-access'
import { FOOTER_ITEMS, SIGN_IN_PATH, decideAccess, matchRoute, navItemsFor, routeByName } from '@offerbook/domain/route-access'
import { useCurrentUser } from '../../features/auth/api/get-me'
import { useSession } from '../../shared/session'
import { LiveEventsProvider } from '../../shared/live/live-events'
import { useUiMode } from '../../features/auth/api/ui-mode'
import { LanguageSwitch } from './language-switch'
import { UiModeSwitch } from './ui-mode-switch'
import { ErrorBoundary } from '../../shared/ui/error-boundary'
import { ChatLauncher } from '../../features/chat/components/chat-launcher'

// The menu and the small-screen drawer pull in the popover and modal code: loaded only when used.
const UserMenu = lazy(() => import('./user-menu'))
const MobileNav = lazy(() => import('./mobile-nav'))
// The notification bell: only for a signed-in user who may open /notifications.
const NotificationBell = lazy(() => import('../../features/notifications/components/notification-bell'))

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

function isActive(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/'
  const section = to.split('/').filter(Boolean)[0]
  return pathname === to || (section !== undefined && pathname.startsWith(`/${section}`))
}

function useScrollToTop(pathname: string) {
  useEffect(() => {
    if (!matchRoute(pathname).route.noScroll) window.scrollTo(0, 0)
  }, [pathname])
}

export function AppLayout() {
  const { t } = useTranslation()
  const location = useLocation()
  const session = useSession()
  const me = useCurrentUser()
  const [opened, { toggle, close }] = useDisclosure(false)
  // Below Mantine's sm breakpoint (36em): a phone.
  const phone = useMediaQuery('(max-width: 35.99em)')
  const user = session ? me.data : undefined
  const roles = user?.roles ?? null
  const route = matchRoute(location.pathname).route

  useScrollToTop(location.pathname)
  useEffect(close, [location.pathname, close])

  const uiMode = useUiMode()
  const navItems = navItemsFor(roles, uiMode)
  const links = (vertical: boolean) =>
    navItems.map((item) => {
      const active = isActive(location.pathname, item.to)
      return (
        <Button
          key={item.routeName}
          component={Link}
          to={item.to}
          variant={active ? 'light' : 'subtle'}
          color={active ? 'brand' : 'gray'}
          styles={vertical ? { inner: { justifyContent: 'flex-start' } } : undefined}
          aria-current={active ? 'page' : undefined}
          size="sm"
          // In the header the items sit closer than a button's own padding, so an agent's six items, the
          // Buy/Sell switch, the language and the account fit from 1200 px in Spanish too.
          px={vertical ? undefined : 10}
          // A partly hidden item does not scroll into view by itself when it takes the focus.
          onFocus={vertical ? undefined : (event) => event.currentTarget.scrollIntoView({ block: 'nearest', inline: 'nearest' })}
        >
          {t(item.labelKey)}
        </Button>
      )
    })

  const notified = user !== undefined && decideAccess(routeByName('notifications-type'), user.roles) === 'allow'

  return (
    <AppShell header={{ height: 64 }} padding={0}>
      <LiveEventsProvider enabled={user !== undefined} />
      <AppShell.Header>
        <Anchor href="#main" className="skip-link">
          {t('shell.skipToContent')}
        </Anchor>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          {/* The controls on the right never shrink; where a long navigation (an agent's, in Spanish) does not
              fit beside them, it scrolls sideways instead of pushing the account menu out of the window. */}
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger hiddenFrom="lg" opened={opened} onClick={toggle} size="sm" aria-label={t(opened ? 'shell.closeNavigation' : 'shell.openNavigation')} />
            <Anchor component={Link} to="/" fw={800} fz="xl" underline="never">
              {t('shell.brand')}
            </Anchor>
            <Box component="nav" aria-label={t('shell.mainNavigation')} visibleFrom="lg" miw={0} style={{ overflowX: 'auto', scrollbarWidth: 'none' }}>
              <Group gap={4} wrap="nowrap" w="max-content">
                {links(false)}
              </Group>
            </Box>
          </Group>
          {/* On a phone the controls sit closer, so the account menu stays inside 390 px. */}
          <Group gap={phone ? 4 : 'sm'} wrap="nowrap" style={{ flexShrink: 0 }}>
            {phone ? (
              // Stacked in the header's height: side by side they would not fit a 390 px phone.
              <Stack gap={2} w={92} style={{ flexShrink: 0 }}>
                <UiModeSwitch compact />
                <LanguageSwitch />
              </Stack>
            ) : (
              <>
                <UiModeSwitch />
                <LanguageSwitch />
              </>
            )}
            {notified && (
              <ErrorBoundary fallback={null}>
                <Suspense fallback={null}>
                  <NotificationBell />
                </Suspense>
              </ErrorBoundary>
            )}
            {user ? (
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
            ) : (
              !session &&
              !route.hidesAuthPrompt && (
                <Button component={Link} to={SIGN_IN_PATH} size="sm">
                  {t('shell.signIn')}
                </Button>
              )
            )}
          </Group>
        </Group>
      </AppShell.Header>

      {opened && (
        <ErrorBoundary fallback={null}>
          <Suspense fallback={null}>
            <MobileNav opened={opened} onClose={close}>
              {links(true)}
            </MobileNav>
          </Suspense>
        </ErrorBoundary>
      )}

      <AppShell.Main id="main" tabIndex={-1}>
        <Box mih="calc(100vh - 64px - 120px)" py="xl">
          <Container size="lg">
            <Outlet />
          </Container>
        </Box>
        <Box component="footer" py="lg" bg="var(--mantine-color-gray-0)" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <Container size="lg">
            <Group justify="space-between" align="flex-start">
              <Text size="sm" c="gray.7" maw={420}>
                {t('shell.footerNote')}
              </Text>
              <Group component="nav" aria-label={t('shell.footerNavigation')} gap="md">
                {footerItemsFor(roles).map((item) => (
                  <Anchor key={item.routeName} component={Link} to={item.to} size="sm" c="dark">
                    {t(item.labelKey)}
                  </Anchor>
                ))}
              </Group>
            </Group>
          </Container>
        </Box>
      </AppShell.Main>
      <ChatLauncher signedIn={session !== null} roles={roles} />
    </AppShell>
  )
}
