// The zod-free modules: the browser's first script reads this table.
import type { Role } from './role-table'
import { hasAnyRole, PAGE_ROLES } from './role-table'
import type { UiMode } from './ui-modes'
import { DEFAULT_UI_MODE } from './ui-modes'

/**
 * The route table of spec section 2, as data. The web router is built from it, the guards read it,
 * and the unit tests pin it to the spec. Paths use `:param` segments; `*` is the catch-all.
 */

export type PageType = 'marketing' | 'auth' | 'app' | 'signing' | 'admin'

export type RouteAccess = 'public' | readonly Role[]

export type RouteDef = {
  /** Unique name; the page's style class is `page-<name>`. */
  name: string
  path: string
  access: RouteAccess
  /** Where a bare path sends the browser; `:param` segments are filled from the matched path. */
  redirectTo?: string
  /** The page shows no "sign in" prompt in the shell (spec section 2). */
  hidesAuthPrompt?: boolean
  /**
   * A first-visit page a visitor opens from outside (decision 034): served as public.html, whose
   * light script renders it without the signed-in app's code; a signed-in visitor gets the whole app.
   */
  publicShell?: true
  noScroll?: boolean
  pageType?: PageType
  /** i18n key of the page's title (the navigation labels of spec section 2). */
  titleKey: string
}

// The roles come from the one table of spec section 2 (PAGE_ROLES), which the API's guards read too.
const SELLERS_AND_BUYERS: readonly Role[] = PAGE_ROLES.signedIn
const LISTERS: readonly Role[] = PAGE_ROLES.addListing
const IMPORTERS: readonly Role[] = PAGE_ROLES.importListings
const PROPERTY_MANAGERS: readonly Role[] = PAGE_ROLES.myProperties
const OFFER_MAKERS: readonly Role[] = PAGE_ROLES.submittedOffers
const NOTIFIED: readonly Role[] = PAGE_ROLES.notifications
/** The chat inbox (issue #14): agents answer their listings' visitors, admins the support team. */
const CHAT_INBOX: readonly Role[] = [...PAGE_ROLES.notifications, ...PAGE_ROLES.admin]
const ADMINS: readonly Role[] = PAGE_ROLES.admin
const SUPER_ADMINS: readonly Role[] = PAGE_ROLES.superAdmin
const PB_DASHBOARD: readonly Role[] = PAGE_ROLES.pbDashboard
const ANALYTICS: readonly Role[] = PAGE_ROLES.analytics
const TEAM: readonly Role[] = PAGE_ROLES.manageTeam
const REVIEW: readonly Role[] = PAGE_ROLES.review
const TRUST_LOG: readonly Role[] = PAGE_ROLES.trustLog

export const ROUTES: readonly RouteDef[] = [
  // Public (spec section 2, "Public routes")
  { name: 'home', path: '/', access: 'public', publicShell: true, pageType: 'marketing', titleKey: 'nav.home' },
  { name: 'how-it-works', path: '/how-it-works', access: 'public', publicShell: true, pageType: 'marketing', titleKey: 'nav.howItWorks' },
  { name: 'about-us', path: '/about-us', access: 'public', publicShell: true, pageType: 'marketing', titleKey: 'nav.aboutUs' },
  { name: 'offers-optimized', path: '/offers-optimized', access: 'public', publicShell: true, pageType: 'marketing', titleKey: 'nav.offers' },
  // /terms is listed both as public and as signed-in; legal terms must be readable before sign-up (docs/decisions/002).
  { name: 'terms', path: '/terms', access: 'public', publicShell: true, pageType: 'marketing', titleKey: 'nav.legal' },
  { name: 'boilerplate', path: '/boilerplate', access: 'public', publicShell: true, pageType: 'marketing', titleKey: 'pages.boilerplate' },
  { name: 'the-team', path: '/the-team', access: 'public', publicShell: true, pageType: 'marketing', titleKey: 'nav.theTeam' },
  { name: 'sign-in', path: '/auth/sign-in', access: 'public', pageType: 'auth', hidesAuthPrompt: true, titleKey: 'auth.signIn' },
  { name: 'sign-up', path: '/auth/sign-up', access: 'public', pageType: 'auth', hidesAuthPrompt: true, titleKey: 'auth.signUp' },
  { name: 'recovery', path: '/auth/recovery', access: 'public', pageType: 'auth', hidesAuthPrompt: true, titleKey: 'nav.resetPassword' },
  { name: 'kitchen-sink', path: '/kitchen-sink', access: 'public', titleKey: 'pages.kitchenSink' },
  { name: 'brand-guide', path: '/brand-guide', access: 'public', titleKey: 'pages.brandGuide' },
  { name: 'onboarding', path: '/onboarding', access: 'public', redirectTo: '/onboarding/welcome', titleKey: 'nav.onboarding' },
  { name: 'onboarding-step', path: '/onboarding/:step', access: 'public', pageType: 'auth', titleKey: 'nav.onboarding' },

  // Public pages that accept signers or hide the sign-in prompt
  // Search over the published listings (the Listings issue; decision 009).
  { name: 'listings', path: '/listings', access: 'public', publicShell: true, titleKey: 'pages.listings' },
  { name: 'property', path: '/property/:id', access: 'public', publicShell: true, hidesAuthPrompt: true, titleKey: 'nav.propertyDetail' },
  { name: 'property-offer', path: '/property/:id/offers/:offerId', access: 'public', titleKey: 'pages.propertyOffer' },
  { name: 'sign', path: '/sign/:offerId/:signerId', access: 'public', pageType: 'signing', titleKey: 'pages.sign' },
  { name: 'form-sign', path: '/form-sign/:documentId/:signerId', access: 'public', pageType: 'signing', titleKey: 'pages.formSign' },
  // Anyone who holds a signed PDF checks it here (issue #12).
  { name: 'verify', path: '/verify', access: 'public', pageType: 'signing', titleKey: 'pages.verify' },
  // The unsubscribe link of an email a user sent from the Send dialog (issue #14).
  { name: 'unsubscribe', path: '/unsubscribe/:token', access: 'public', hidesAuthPrompt: true, titleKey: 'unsubscribe.title' },
  // A team invitation's link (issue #16): anyone with the link sees who invites them, then signs in or up to accept.
  { name: 'team-invitation', path: '/team-invitation', access: 'public', hidesAuthPrompt: true, titleKey: 'teams.invitation.title' },
  // The earnest money holder's link (issue #35 item 4): the holder attests receipt without an account.
  { name: 'earnest-money-attest', path: '/earnest-money/attest', access: 'public', hidesAuthPrompt: true, titleKey: 'earnestMoney.holderPage.title' },
  { name: 'auth-offers-optimized', path: '/auth-offers-optimized', access: 'public', publicShell: true, pageType: 'marketing', titleKey: 'nav.offers' },

  // Signed in, by role (spec section 2 table)
  { name: 'auth-how-it-works', path: '/auth-how-it-works', access: SELLERS_AND_BUYERS, pageType: 'marketing', titleKey: 'nav.howItWorks' },
  { name: 'auth-faq', path: '/auth-faq', access: SELLERS_AND_BUYERS, pageType: 'marketing', titleKey: 'nav.faq' },
  { name: 'dashboard', path: '/dashboard', access: SELLERS_AND_BUYERS, pageType: 'marketing', titleKey: 'nav.dashboard' },
  { name: 'profile', path: '/profile', access: SELLERS_AND_BUYERS, pageType: 'app', titleKey: 'pages.profile' },

  { name: 'add-listing', path: '/add-listing', access: LISTERS, pageType: 'app', titleKey: 'nav.addListing' },
  { name: 'add-listing-new', path: '/add-listing/new', access: LISTERS, redirectTo: '/add-listing/new/pricing', titleKey: 'nav.addListing' },
  { name: 'add-listing-new-step', path: '/add-listing/new/:step', access: LISTERS, pageType: 'app', titleKey: 'nav.addListing' },
  { name: 'add-listing-import', path: '/add-listing/import', access: IMPORTERS, redirectTo: '/add-listing/import/list', titleKey: 'nav.addListing' },
  { name: 'add-listing-import-step', path: '/add-listing/import/:step', access: IMPORTERS, pageType: 'app', titleKey: 'nav.addListing' },

  { name: 'my-properties', path: '/my-properties', access: PROPERTY_MANAGERS, redirectTo: '/my-properties/list', titleKey: 'nav.myListings' },
  { name: 'my-properties-list', path: '/my-properties/list', access: PROPERTY_MANAGERS, pageType: 'app', titleKey: 'nav.myListings' },
  { name: 'my-property', path: '/my-properties/:id', access: PROPERTY_MANAGERS, redirectTo: '/my-properties/:id/edit-listing', titleKey: 'nav.propertyDetail' },
  { name: 'my-property-edit-listing', path: '/my-properties/:id/edit-listing', access: PROPERTY_MANAGERS, pageType: 'app', noScroll: true, titleKey: 'nav.propertyDetail' },
  { name: 'my-property-weighting', path: '/my-properties/:id/weighting', access: PROPERTY_MANAGERS, pageType: 'app', noScroll: true, titleKey: 'nav.propertyDetail' },
  { name: 'my-property-settings', path: '/my-properties/:id/settings', access: PROPERTY_MANAGERS, pageType: 'app', noScroll: true, titleKey: 'nav.propertyDetail' },
  { name: 'my-property-accept-offer', path: '/my-properties/:id/accept-offer-popup', access: PROPERTY_MANAGERS, pageType: 'app', titleKey: 'nav.offers' },
  { name: 'my-property-offer', path: '/my-properties/:id/offers/:offerId', access: PROPERTY_MANAGERS, pageType: 'app', titleKey: 'nav.offers' },
  { name: 'my-property-optimize', path: '/my-properties/:id/optimize', access: PROPERTY_MANAGERS, pageType: 'app', titleKey: 'nav.offers' },
  // Issue #18: the offer record of a listing, for its parties (the API tells the seller side from a buyer side).
  { name: 'offer-record', path: '/offer-record/:id', access: SELLERS_AND_BUYERS, pageType: 'app', titleKey: 'offerRecord.title' },

  { name: 'submitted-offers', path: '/submitted-offers', access: OFFER_MAKERS, redirectTo: '/submitted-offers/all', titleKey: 'nav.submittedOffers' },
  { name: 'submitted-offers-status', path: '/submitted-offers/:status', access: OFFER_MAKERS, pageType: 'app', noScroll: true, titleKey: 'nav.submittedOffers' },
  { name: 'submitted-offer-update', path: '/submitted-offers/update/:id', access: OFFER_MAKERS, pageType: 'app', titleKey: 'nav.myOffers' },

  { name: 'notifications', path: '/notifications', access: NOTIFIED, redirectTo: '/notifications/all', titleKey: 'pages.notifications' },
  // Issue #14: the chat inbox; more specific than /notifications/:type, and admins reach it too.
  { name: 'notifications-messages', path: '/notifications/messages', access: CHAT_INBOX, pageType: 'app', noScroll: true, titleKey: 'pages.notifications' },
  { name: 'notifications-type', path: '/notifications/:type', access: NOTIFIED, pageType: 'app', noScroll: true, titleKey: 'pages.notifications' },

  { name: 'admin', path: '/admin', access: ADMINS, redirectTo: '/admin/users', titleKey: 'nav.admin' },
  { name: 'admin-users', path: '/admin/users', access: ADMINS, pageType: 'admin', noScroll: true, titleKey: 'nav.admin' },
  { name: 'admin-inactive-users', path: '/admin/inactiveusers', access: ADMINS, pageType: 'admin', noScroll: true, titleKey: 'nav.admin' },
  { name: 'admin-firebase', path: '/admin/firebase', access: SUPER_ADMINS, pageType: 'admin', noScroll: true, titleKey: 'nav.admin' },
  // Issue #32: the document seal's certificate, chain and timestamp authorities, beside the identity provider.
  { name: 'admin-sealing', path: '/admin/sealing', access: SUPER_ADMINS, pageType: 'admin', noScroll: true, titleKey: 'nav.admin' },
  { name: 'admin-import-users', path: '/admin/import-users', access: SUPER_ADMINS, pageType: 'admin', noScroll: true, titleKey: 'nav.admin' },
  { name: 'admin-mls-grid-listing', path: '/admin/mls-grid-listing', access: SUPER_ADMINS, pageType: 'admin', noScroll: true, titleKey: 'nav.admin' },
  // Issue 30: the background jobs of the job runner and their last runs (decision 045).
  { name: 'admin-jobs', path: '/admin/jobs', access: SUPER_ADMINS, pageType: 'admin', noScroll: true, titleKey: 'nav.admin' },
  { name: 'admin-webhooks', path: '/admin/webhooks', access: SUPER_ADMINS, pageType: 'admin', noScroll: true, titleKey: 'nav.admin' },

  { name: 'pb-dashboard', path: '/pbDashboard', access: PB_DASHBOARD, pageType: 'app', titleKey: 'nav.dashboard' },
  { name: 'analytics', path: '/analytics', access: ANALYTICS, pageType: 'app', titleKey: 'nav.analytics' },
  { name: 'manage-team', path: '/manageTeam', access: TEAM, pageType: 'app', titleKey: 'pages.manageTeam' },
  // Issue #35: the brokerage's files to review, its file rules (decision 069).
  { name: 'review', path: '/review', access: REVIEW, pageType: 'app', titleKey: 'pages.review' },
  // Issue #35 item 4: the brokerage's earnest money trust log, with its CSV and PDF for an audit.
  { name: 'trust-log', path: '/trust-log', access: TRUST_LOG, pageType: 'app', titleKey: 'pages.trustLog' },

  { name: 'not-found', path: '*', access: 'public', titleKey: 'pages.notFound' },
]

/** Whether a path opens in the light public shell (public.html) rather than the whole app. */
export function inPublicShell(pathname: string): boolean {
  return matchRoute(pathname).route.publicShell === true
}

/** The route a 403 sends the browser to (spec sections 2 and 6). */
export const HOME_PATH = '/'
export const SIGN_IN_PATH = '/auth/sign-in'
/** Where a signed-in user who has not finished onboarding is led (issue: Accounts, onboarding). */
export const ONBOARDING_PATH = '/onboarding/welcome'

export function routeByName(name: string): RouteDef {
  const route = ROUTES.find((r) => r.name === name)
  if (!route) throw new Error(`Unknown route ${name}`)
  return route
}

export type RouteMatch = { route: RouteDef; params: Record<string, string> }

export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const patternParts = pattern.split('/').filter(Boolean)
  const pathParts = pathname.split('/').filter(Boolean)
  if (patternParts.length !== pathParts.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < patternParts.length; i++) {
    const want = patternParts[i]!
    const got = pathParts[i]!
    if (want.startsWith(':')) {
      let value: string
      try {
        value = decodeURIComponent(got)
      } catch {
        return null
      }
      params[want.slice(1)] = value
    } else if (want !== got) {
      return null
    }
  }
  return params
}

/** Each pattern's specificity, worked out once: the route tables are sorted by it at every start (here and in the web's router). */
const specificities = new Map<string, number>()

/** Static segments win over parameters, as in the router: /submitted-offers/update/x is not a status. */
export function specificity(path: string): number {
  let known = specificities.get(path)
  if (known === undefined) {
    known = path
      .split('/')
      .filter(Boolean)
      .reduce((score, part) => score * 2 + (part.startsWith(':') ? 0 : 1), 1)
    specificities.set(path, known)
  }
  return known
}

const BY_SPECIFICITY = [...ROUTES].filter((r) => r.path !== '*').sort((a, b) => specificity(b.path) - specificity(a.path))

export function matchRoute(pathname: string): RouteMatch {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  for (const route of BY_SPECIFICITY) {
    const params = matchPattern(route.path, clean)
    if (params) return { route, params }
  }
  return { route: routeByName('not-found'), params: {} }
}

export function fillPath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''))
}

export type AccessDecision = 'allow' | 'sign-in'

/**
 * Who may open a route (spec sections 4 and 6): anyone for a public route; for a protected one an
 * anonymous visitor and a signed-in user without a matching role are both sent to sign-in.
 */
export function decideAccess(route: RouteDef, roles: readonly Role[] | null): AccessDecision {
  if (route.access === 'public') return 'allow'
  if (!roles) return 'sign-in'
  return hasAnyRole(roles, route.access) ? 'allow' : 'sign-in'
}

export function signInPathFor(fullPath: string): string {
  return `${SIGN_IN_PATH}?redirect=${encodeURIComponent(fullPath)}`
}

/**
 * Where a visit to `fullPath` ends for a user with `roles` (null: anonymous): redirects are
 * followed first, then the guard decides. A signed-in user who has not finished onboarding is led to
 * it from any protected page, and one who has is sent home from the onboarding steps. The browser
 * tests use this as the expected outcome.
 */
export function resolveVisit(fullPath: string, roles: readonly Role[] | null, onboarded = true): { path: string; route: RouteDef } {
  let path = fullPath
  for (let hops = 0; hops < 5; hops++) {
    const [pathname = '/', query] = splitQuery(path)
    const { route, params } = matchRoute(pathname)
    if (route.redirectTo) {
      path = fillPath(route.redirectTo, params) + (query ? `?${query}` : '')
      continue
    }
    if (decideAccess(route, roles) === 'sign-in') return { path: signInPathFor(path), route: routeByName('sign-in') }
    if (roles && !onboarded && route.access !== 'public') return { path: ONBOARDING_PATH, route: routeByName('onboarding-step') }
    if (roles && onboarded && route.name === 'onboarding-step') {
      path = homePathFor(roles)
      continue
    }
    return { path, route }
  }
  throw new Error(`Redirect loop at ${fullPath}`)
}

function splitQuery(path: string): [string, string | undefined] {
  const index = path.indexOf('?')
  return index === -1 ? [path, undefined] : [path.slice(0, index), path.slice(index + 1)]
}

/**
 * Navigation entries of the shell (spec section 2 labels), each shown when the user may open it. An
 * entry of one side of a sale (`side`) moves with the UI mode (spec section 3, Preferences).
 */
export type NavItem = {
  labelKey: string
  to: string
  routeName: string
  side?: UiMode
  /**
   * Shown in the navigation to these roles only, when the route opens to more: /review opens to every
   * agent because a team leader is an agent, but only the principal broker always has files to review;
   * a team leader reaches it from the account menu, beside Manage team (decision 069).
   */
  navRoles?: readonly Role[]
}

export const NAV_ITEMS: readonly NavItem[] = [
  { labelKey: 'nav.home', to: '/', routeName: 'home' },
  { labelKey: 'pages.listings', to: '/listings', routeName: 'listings', side: 'buy' },
  { labelKey: 'nav.dashboard', to: '/dashboard', routeName: 'dashboard' },
  { labelKey: 'nav.myListings', to: '/my-properties/list', routeName: 'my-properties-list', side: 'sell' },
  { labelKey: 'nav.myOffers', to: '/submitted-offers/all', routeName: 'submitted-offers-status', side: 'buy' },
  { labelKey: 'nav.addListing', to: '/add-listing', routeName: 'add-listing', side: 'sell' },
  { labelKey: 'nav.analytics', to: '/analytics', routeName: 'analytics' },
  { labelKey: 'pages.review', to: '/review', routeName: 'review', navRoles: ['PRINCIPAL_BROKER'] },
  { labelKey: 'nav.admin', to: '/admin/users', routeName: 'admin-users' },
]

/** Marketing links, shown to everyone; signed-in users get the signed-in variants where one exists. */
export const FOOTER_ITEMS: readonly NavItem[] = [
  { labelKey: 'nav.howItWorks', to: '/how-it-works', routeName: 'how-it-works' },
  { labelKey: 'nav.offers', to: '/offers-optimized', routeName: 'offers-optimized' },
  { labelKey: 'nav.aboutUs', to: '/about-us', routeName: 'about-us' },
  { labelKey: 'nav.theTeam', to: '/the-team', routeName: 'the-team' },
  { labelKey: 'nav.legal', to: '/terms', routeName: 'terms' },
]

/**
 * The entries a user may open, in the order of their UI mode: home and the dashboard first, then the
 * mode's own side (buying: the search and my offers; selling: my listings and add listing), then the
 * other side, then the rest in table order.
 */
export function navItemsFor(roles: readonly Role[] | null, mode: UiMode = DEFAULT_UI_MODE): NavItem[] {
  const allowed = NAV_ITEMS.filter((item) => {
    const route = routeByName(item.routeName)
    // Home and the listings search are for everyone; other public pages live in the footer.
    if (item.routeName === 'home' || item.routeName === 'listings') return true
    if (item.navRoles && !(roles && hasAnyRole(roles, item.navRoles))) return false
    return route.access !== 'public' && decideAccess(route, roles) === 'allow'
  })
  const rank = (item: NavItem): number => {
    if (item.routeName === 'home') return 0
    if (item.routeName === 'dashboard') return 1
    if (item.side === mode) return 2
    if (item.side) return 3
    return 4
  }
  // Array.prototype.sort is stable: entries of the same rank keep the table's order.
  return [...allowed].sort((a, b) => rank(a) - rank(b))
}

/** Where a user lands after signing in when no redirect was asked for. */
export function homePathFor(roles: readonly Role[]): string {
  if (hasAnyRole(roles, SELLERS_AND_BUYERS)) return '/dashboard'
  if (hasAnyRole(roles, ADMINS)) return '/admin/users'
  if (hasAnyRole(roles, ANALYTICS)) return '/analytics'
  return HOME_PATH
}

/** A redirect target taken from a query string is followed only when it stays on this site. */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null
  return target
}
