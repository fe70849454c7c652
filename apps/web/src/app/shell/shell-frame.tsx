import { Suspense, useEffect } from 'react'
import type { ReactNode } from 'react'
import { Anchor, Box, Burger, Button, Container, Group, Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useTranslation } from '../../shared/i18n/translation'
import type { NavItem } from '@offerbook/domain/route-access'
import { matchRoute } from '@offerbook/domain/route-access'
import { Link, useLocation } from '../../shared/navigation'
import { ErrorBoundary } from '../../shared/ui/error-boundary'
import { lazyPart } from '../../shared/lazy-part'

// The small-screen drawer pulls in the modal code: loaded only when opened.
const MobileNav = lazyPart(() => import('./mobile-nav'))

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

export type ShellFrameProps = {
  navItems: readonly NavItem[]
  footerItems: readonly NavItem[]
  /** The header's right side: the buy/sell switch, the language, and the account or 'Sign in'. */
  controls: ReactNode
  /** Rendered once beside the frame: the live events, the chat's corner button. */
  extras?: ReactNode
  /** Called when a navigation link is hovered or focused: the whole app starts loading that page's chunk. */
  onLinkIntent?: (routeName: string) => void
  children: ReactNode
}

/**
 * The header, navigation and footer every page sits in, the same in the whole app (shell/app-layout)
 * and in the light public shell (public/public-layout), so a prerendered page hydrates into either.
 */
export function ShellFrame({ navItems, footerItems, controls, extras, onLinkIntent, children }: ShellFrameProps) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const [opened, { toggle, close }] = useDisclosure(false)

  useScrollToTop(pathname)
  useEffect(close, [pathname, close])

  const links = (vertical: boolean) =>
    navItems.map((item) => {
      const active = isActive(pathname, item.to)
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
          // In the header the items sit closer than a button's own padding, so an agent's seven items, the
          // Buy/Sell switch, the language and the account fit whole at 1366 px in Spanish, beside a
          // desktop browser's scroll bar; narrower, down to 1200 px, the navigation scrolls.
          px={vertical ? undefined : 8}
          // A partly hidden item does not scroll into view by itself when it takes the focus.
          onFocus={(event) => {
            onLinkIntent?.(item.routeName)
            if (!vertical) event.currentTarget.scrollIntoView({ block: 'nearest', inline: 'nearest' })
          }}
          onMouseEnter={onLinkIntent ? () => onLinkIntent(item.routeName) : undefined}
        >
          {t(item.labelKey)}
        </Button>
      )
    })

  return (
    // A fixed header and the page below it (app.css, .app-header): Mantine's AppShell would add its
    // scroll-lock code to every first visit for what two rules do.
    <>
      <header className="app-header right-scroll-bar-position">
        <Anchor href="#main" className="skip-link">
          {t('shell.skipToContent')}
        </Anchor>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" className="app-header-row">
          {/* The controls on the right never shrink; where a long navigation (an agent's, in Spanish) does not
              fit beside them, it scrolls sideways instead of pushing the account menu out of the window. */}
          <Group gap="sm" wrap="nowrap" miw={0} className="app-header-start">
            <Burger hiddenFrom="lg" opened={opened} onClick={toggle} size="sm" aria-label={t(opened ? 'shell.closeNavigation' : 'shell.openNavigation')} />
            <Anchor component={Link} to="/" fw={800} fz="xl" underline="never" className="app-brand">
              {t('shell.brand')}
            </Anchor>
            <Box component="nav" aria-label={t('shell.mainNavigation')} visibleFrom="lg" miw={0} style={{ overflowX: 'auto', scrollbarWidth: 'none' }}>
              <Group gap={4} wrap="nowrap" w="max-content">
                {links(false)}
              </Group>
            </Box>
          </Group>
          {controls}
        </Group>
      </header>

      {opened && (
        <ErrorBoundary fallback={null}>
          <Suspense fallback={null}>
            <MobileNav opened={opened} onClose={close}>
              {links(true)}
            </MobileNav>
          </Suspense>
        </ErrorBoundary>
      )}

      <main id="main" tabIndex={-1} className="app-main">
        {/* At least the screen's height under the header: while a page loads, the footer waits below the fold
            instead of standing on the first screen and being pushed down when the page draws (a layout shift). */}
        <Box mih="calc(100vh - var(--app-shell-header-offset))" py="xl">
          <Container size="lg">{children}</Container>
        </Box>
        <Box component="footer" pt="lg" className="app-footer" bg="var(--mantine-color-gray-0)" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <Container size="lg">
            <Group justify="space-between" align="flex-start">
              <Text size="sm" c="gray.7" maw={420}>
                {t('shell.footerNote')}
              </Text>
              <Group component="nav" aria-label={t('shell.footerNavigation')} gap="md">
                {footerItems.map((item) => (
                  <Anchor key={item.routeName} component={Link} to={item.to} size="sm" c="dark">
                    {t(item.labelKey)}
                  </Anchor>
                ))}
              </Group>
            </Group>
          </Container>
        </Box>
      </main>
      {extras}
    </>
  )
}

/**
 * The header's right side: the switches, then the account or 'Sign in'. On a phone the switches stack
 * in the header's height and everything sits closer, so the account stays inside 390 px; the width
 * decides in CSS (app.css, .header-controls), the same before and after the page comes to life.
 */
export function HeaderControls({ switches, children }: { switches: ReactNode; children: ReactNode }) {
  return (
    <div className="header-controls">
      <div className="header-switches">{switches}</div>
      {children}
    </div>
  )
}
