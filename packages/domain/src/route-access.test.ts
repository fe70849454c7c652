import { describe, expect, it } from 'vitest'
import type { Role } from './roles'
import { ROLES } from './roles'
import { decideAccess, homePathFor, matchRoute, navItemsFor, resolveVisit, ROUTES, safeRedirect } from './route-access'

// Spec section 2, written out independently of the route table so that a change to either shows here.
const S_SIMPLE = 'SELLER_SIMPLE'
const S_OWNER = 'SELLER_OWNER'
const S_AGENT = 'SELLER_AGENT'
const B_SIMPLE = 'BUYER_SIMPLE'
const B_AGENT = 'BUYER_AGENT'

const SPEC_PUBLIC = [
  '/',
  '/how-it-works',
  '/about-us',
  '/offers-optimized',
  '/terms',
  '/boilerplate',
  '/the-team',
  '/auth/sign-in',
  '/auth/sign-up',
  '/auth/recovery',
  '/kitchen-sink',
  '/brand-guide',
  '/onboarding',
  '/onboarding/:step',
  '/property/:id',
  '/property/:id/offers/:offerId',
  '/sign/:offerId/:signerId',
  '/form-sign/:documentId/:signerId',
  '/auth-offers-optimized',
]

const SPEC_PROTECTED: Record<string, readonly Role[]> = {
  '/auth-how-it-works': [S_SIMPLE, S_OWNER, S_AGENT, B_SIMPLE, B_AGENT],
  '/auth-faq': [S_SIMPLE, S_OWNER, S_AGENT, B_SIMPLE, B_AGENT],
  '/dashboard': [S_SIMPLE, S_OWNER, S_AGENT, B_SIMPLE, B_AGENT],
  '/profile': [S_SIMPLE, S_OWNER, S_AGENT, B_SIMPLE, B_AGENT],
  '/add-listing': [S_OWNER, S_AGENT, B_AGENT],
  '/add-listing/new': [S_OWNER, S_AGENT, B_AGENT],
  '/add-listing/new/:step': [S_OWNER, S_AGENT, B_AGENT],
  '/add-listing/import': [S_AGENT, B_AGENT],
  '/add-listing/import/:step': [S_AGENT, B_AGENT],
  '/my-properties': [S_SIMPLE, S_AGENT, S_OWNER, B_AGENT],
  '/my-properties/list': [S_SIMPLE, S_AGENT, S_OWNER, B_AGENT],
  '/my-properties/:id': [S_SIMPLE, S_AGENT, S_OWNER, B_AGENT],
  '/my-properties/:id/edit-listing': [S_SIMPLE, S_AGENT, S_OWNER, B_AGENT],
  '/my-properties/:id/weighting': [S_SIMPLE, S_AGENT, S_OWNER, B_AGENT],
  '/my-properties/:id/settings': [S_SIMPLE, S_AGENT, S_OWNER, B_AGENT],
  '/my-properties/:id/accept-offer-popup': [S_SIMPLE, S_AGENT, S_OWNER, B_AGENT],
  '/my-properties/:id/offers/:offerId': [S_SIMPLE, S_AGENT, S_OWNER, B_AGENT],
  '/my-properties/:id/optimize': [S_SIMPLE, S_AGENT, S_OWNER, B_AGENT],
  '/submitted-offers': [B_SIMPLE, B_AGENT, S_SIMPLE, S_OWNER, S_AGENT],
  '/submitted-offers/:status': [B_SIMPLE, B_AGENT, S_SIMPLE, S_OWNER, S_AGENT],
  '/submitted-offers/update/:id': [B_SIMPLE, B_AGENT, S_SIMPLE, S_OWNER, S_AGENT],
  '/notifications': [S_OWNER, S_AGENT, B_SIMPLE, B_AGENT],
  '/notifications/:type': [S_OWNER, S_AGENT, B_SIMPLE, B_AGENT],
  '/admin': ['ADMIN', 'SUPER_ADMIN'],
  '/admin/users': ['ADMIN', 'SUPER_ADMIN'],
  '/admin/inactiveusers': ['ADMIN', 'SUPER_ADMIN'],
  '/admin/firebase': ['SUPER_ADMIN'],
  '/admin/import-users': ['SUPER_ADMIN'],
  '/admin/mls-grid-listing': ['SUPER_ADMIN'],
  '/pbDashboard': [S_AGENT, B_SIMPLE, B_AGENT],
  '/analytics': [S_AGENT, B_SIMPLE, B_AGENT, 'PRINCIPAL_BROKER'],
  '/manageTeam': [S_AGENT, B_AGENT, 'PRINCIPAL_BROKER'],
}

const SPEC_REDIRECTS: Record<string, string> = {
  '/my-properties': '/my-properties/list',
  '/admin': '/admin/users',
  '/add-listing/new': '/add-listing/new/pricing',
  '/add-listing/import': '/add-listing/import/list',
  '/submitted-offers': '/submitted-offers/all',
  '/notifications': '/notifications/all',
  '/onboarding': '/onboarding/welcome',
}

const byPath = new Map(ROUTES.map((r) => [r.path, r]))

describe('route table against spec section 2', () => {
  it('has every public route of the spec, open to anyone', () => {
    for (const path of SPEC_PUBLIC) {
      expect(byPath.get(path)?.access, path).toBe('public')
    }
  })

  it('gives every protected route exactly the roles of the spec table', () => {
    for (const [path, roles] of Object.entries(SPEC_PROTECTED)) {
      const route = byPath.get(path)
      expect(route, path).toBeDefined()
      expect(route!.access, path).not.toBe('public')
      expect([...(route!.access as readonly Role[])].sort(), path).toEqual([...roles].sort())
    }
  })

  it('has no route the spec does not name, beyond the catch-all and those an issue adds', () => {
    // /listings: the search page of the Listings issue (decision 009); /verify: the E-signature issue's check of a signed PDF (decision 016);
    // /notifications/messages: the chat inbox of issue #14; /unsubscribe/:token: the unsubscribe link of issue #14's emails;
    // /team-invitation: the link of a team invitation (issue #16); /offer-record/:id: a listing's offer record (issue #18);
    // /admin/jobs: the background jobs, for super admins (issue 30); /admin/sealing: the document seal, for super admins (issue #32); /admin/webhooks: webhooks to private addresses, for super admins (issue #37);
    // /review: the brokerage's files, for the principal broker and team leaders (issue #35); /trust-log and /earnest-money/attest: the earnest money trust record (issue #35).
    const known = new Set([...SPEC_PUBLIC, ...Object.keys(SPEC_PROTECTED), '*', '/listings', '/verify', '/notifications/messages', '/unsubscribe/:token', '/team-invitation', '/offer-record/:id', '/admin/jobs', '/admin/sealing', '/admin/webhooks', '/review', '/earnest-money/attest', '/trust-log'])
    expect(ROUTES.map((r) => r.path).filter((p) => !known.has(p))).toEqual([])
  })

  it("opens the trust log to principal brokers only, and the earnest money holder's link to anyone (issue #35)", () => {
    expect(byPath.get('/trust-log')?.access).toEqual(['PRINCIPAL_BROKER'])
    expect(resolveVisit('/trust-log', ['PRINCIPAL_BROKER']).path).toBe('/trust-log')
    expect(resolveVisit('/trust-log', [S_AGENT]).path).not.toBe('/trust-log')
    expect(byPath.get('/earnest-money/attest')?.access).toBe('public')
    expect(resolveVisit('/earnest-money/attest', null).path).toBe('/earnest-money/attest')
  })

  it('has unique names and paths', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length)
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length)
  })

  it('redirects the bare paths the spec names', () => {
    for (const [from, to] of Object.entries(SPEC_REDIRECTS)) {
      // /onboarding is public: seen by a visitor who is not signed in (an onboarded user is sent home).
      const roles: Role[] | null = from === '/onboarding' ? null : ['SUPER_ADMIN', S_AGENT]
      expect(resolveVisit(from, roles).path, from).toBe(to)
    }
  })

  it('opens the chat inbox to the notified roles and to admins (issue #14)', () => {
    expect(matchRoute('/notifications/messages').route.name).toBe('notifications-messages')
    expect(matchRoute('/notifications/unread').route.name).toBe('notifications-type')
    for (const roles of [[S_AGENT], ['ADMIN'], ['SUPER_ADMIN']] as Role[][]) expect(resolveVisit('/notifications/messages', roles).path).toBe('/notifications/messages')
    expect(resolveVisit('/notifications/messages', [S_SIMPLE]).route.name).toBe('sign-in')
    expect(resolveVisit('/notifications/all', ['ADMIN']).route.name).toBe('sign-in')
  })

  it('opens /review to the principal broker and to agents, who may lead a team (issue #35)', () => {
    expect([...(byPath.get('/review')!.access as readonly Role[])].sort()).toEqual([B_AGENT, 'PRINCIPAL_BROKER', S_AGENT].sort())
    for (const roles of [['PRINCIPAL_BROKER'], [S_AGENT], [B_AGENT]] as Role[][]) expect(resolveVisit('/review', roles).path).toBe('/review')
    for (const roles of [[S_SIMPLE], [S_OWNER], [B_SIMPLE], ['ADMIN']] as Role[][]) expect(resolveVisit('/review', roles).route.name).toBe('sign-in')
  })

  it('hides the sign-in prompt on the property page', () => {
    expect(byPath.get('/property/:id')?.hidesAuthPrompt).toBe(true)
  })

  it('marks the dashboard as a marketing-style page', () => {
    expect(byPath.get('/dashboard')?.pageType).toBe('marketing')
  })
})

describe('matching', () => {
  it('prefers a static segment over a parameter', () => {
    expect(matchRoute('/submitted-offers/update/42').route.name).toBe('submitted-offer-update')
    expect(matchRoute('/submitted-offers/active').route.name).toBe('submitted-offers-status')
    expect(matchRoute('/my-properties/list').route.name).toBe('my-properties-list')
    expect(matchRoute('/my-properties/7').route.name).toBe('my-property')
  })

  it('reads parameters and tolerates a trailing slash', () => {
    expect(matchRoute('/property/abc-1/offers/9/')).toMatchObject({ route: { name: 'property-offer' }, params: { id: 'abc-1', offerId: '9' } })
  })

  it('falls through to not-found for unknown or malformed paths', () => {
    expect(matchRoute('/nowhere').route.name).toBe('not-found')
    expect(matchRoute('/property/%E0%A4%A').route.name).toBe('not-found')
  })
})

describe('access', () => {
  it('sends an anonymous visitor to sign-in with the full path and query', () => {
    expect(resolveVisit('/analytics?range=30d', null).path).toBe('/auth/sign-in?redirect=%2Fanalytics%3Frange%3D30d')
  })

  it('sends a signed-in user without a matching role to sign-in', () => {
    expect(decideAccess(byPath.get('/admin/firebase')!, ['ADMIN'])).toBe('sign-in')
    expect(resolveVisit('/add-listing', [S_SIMPLE]).path).toBe('/auth/sign-in?redirect=%2Fadd-listing')
  })

  it('follows a redirect before the guard, keeping the query', () => {
    expect(resolveVisit('/admin?x=1', null).path).toBe('/auth/sign-in?redirect=%2Fadmin%2Fusers%3Fx%3D1')
    expect(resolveVisit('/my-properties/5', [S_OWNER]).path).toBe('/my-properties/5/edit-listing')
  })

  it('lets every role open public pages', () => {
    for (const role of ROLES) expect(resolveVisit('/property/1', [role]).path).toBe('/property/1')
  })

  it('keeps seller-simple out of add-listing and notifications (spec section 6)', () => {
    expect(resolveVisit('/add-listing/new/pricing', [S_SIMPLE]).route.name).toBe('sign-in')
    expect(resolveVisit('/notifications/all', [S_SIMPLE]).route.name).toBe('sign-in')
  })

  it('shows each role only the navigation it may open', () => {
    const labels = (roles: Role[] | null) => navItemsFor(roles).map((i) => i.labelKey)
    expect(labels(null)).toEqual(['nav.home', 'pages.listings'])
    expect(labels(['ADMIN'])).toEqual(['nav.home', 'pages.listings', 'nav.admin'])
    expect(labels(['PRINCIPAL_BROKER'])).toEqual(['nav.home', 'pages.listings', 'nav.analytics', 'pages.review'])
    // A team leader is an agent: /review opens to him, and he finds it in the account menu, not in every agent's navigation.
    expect(labels([S_AGENT])).not.toContain('pages.review')
    expect(labels([S_SIMPLE])).toEqual(['nav.home', 'nav.dashboard', 'pages.listings', 'nav.myOffers', 'nav.myListings'])
  })

  it('puts the buying entries first in buy mode and the selling entries first in sell mode (spec section 3)', () => {
    const labels = (roles: Role[] | null, mode: 'buy' | 'sell') => navItemsFor(roles, mode).map((i) => i.labelKey)
    expect(labels([S_AGENT], 'buy')).toEqual(['nav.home', 'nav.dashboard', 'pages.listings', 'nav.myOffers', 'nav.myListings', 'nav.addListing', 'nav.analytics'])
    expect(labels([S_AGENT], 'sell')).toEqual(['nav.home', 'nav.dashboard', 'nav.myListings', 'nav.addListing', 'pages.listings', 'nav.myOffers', 'nav.analytics'])
    // Buy is the default (spec section 3, Preferences).
    expect(navItemsFor([S_AGENT])).toEqual(navItemsFor([S_AGENT], 'buy'))
    // A visitor's navigation has nothing of the selling side to move up.
    expect(labels(null, 'sell')).toEqual(['nav.home', 'pages.listings'])
    // The mode changes the order only, never which entries a role may open.
    for (const role of ROLES) expect(new Set(labels([role], 'sell'))).toEqual(new Set(labels([role], 'buy')))
  })

  it('lands each role somewhere it may open', () => {
    for (const role of ROLES) {
      const home = homePathFor([role])
      expect(resolveVisit(home, [role]).path, role).toBe(home)
    }
  })

  it('leads a signed-in user who has not onboarded to onboarding from protected pages only', () => {
    expect(resolveVisit('/dashboard', [B_SIMPLE], false).path).toBe('/onboarding/welcome')
    expect(resolveVisit('/my-properties', [S_OWNER], false).path).toBe('/onboarding/welcome')
    expect(resolveVisit('/about-us', [B_SIMPLE], false).path).toBe('/about-us')
    expect(resolveVisit('/onboarding/details', [], false).path).toBe('/onboarding/details')
  })

  it('sends an onboarded user from the onboarding steps to their home, and lets anyone else in', () => {
    expect(resolveVisit('/onboarding', [B_AGENT]).path).toBe('/dashboard')
    expect(resolveVisit('/onboarding/role', ['ADMIN']).path).toBe('/admin/users')
    expect(resolveVisit('/onboarding', null).path).toBe('/onboarding/welcome')
  })

  it('follows only same-site redirect targets', () => {
    expect(safeRedirect('/analytics?x=1')).toBe('/analytics?x=1')
    expect(safeRedirect('//evil.example')).toBeNull()
    expect(safeRedirect('https://evil.example')).toBeNull()
    expect(safeRedirect('/\\evil.example')).toBeNull()
    expect(safeRedirect(undefined)).toBeNull()
  })
})
