// The roles and spec section 2's page table without zod, so the browser's first script can read them
// (roles.ts adds the schema and re-exports all of this).

export const ROLES = [
  'SELLER_SIMPLE',
  'SELLER_OWNER',
  'SELLER_AGENT',
  'BUYER_SIMPLE',
  'BUYER_AGENT',
  'PRINCIPAL_BROKER',
  'ADMIN',
  'SUPER_ADMIN',
] as const

export type Role = (typeof ROLES)[number]

export function hasAnyRole(userRoles: readonly Role[], allowed: readonly Role[]): boolean {
  return userRoles.some((role) => allowed.includes(role))
}

/**
 * Spec section 2's table of signed-in pages and the roles allowed on each, written once. The web's
 * route guards (route-access.ts) read it, and the API limits the endpoints behind each page to the
 * same roles (config.access), so a role the page refuses is refused by its API too.
 */
export const PAGE_ROLES = {
  /** /auth-how-it-works, /auth-faq, /dashboard, /terms, /profile */
  signedIn: ['SELLER_SIMPLE', 'SELLER_OWNER', 'SELLER_AGENT', 'BUYER_SIMPLE', 'BUYER_AGENT'],
  /** /add-listing, /add-listing/new/{step} */
  addListing: ['SELLER_OWNER', 'SELLER_AGENT', 'BUYER_AGENT'],
  /** /add-listing/import/{step} */
  importListings: ['SELLER_AGENT', 'BUYER_AGENT'],
  /** /my-properties and its children */
  myProperties: ['SELLER_SIMPLE', 'SELLER_AGENT', 'SELLER_OWNER', 'BUYER_AGENT'],
  /** /submitted-offers/{status}, /submitted-offers/update/{id} */
  submittedOffers: ['BUYER_SIMPLE', 'BUYER_AGENT', 'SELLER_SIMPLE', 'SELLER_OWNER', 'SELLER_AGENT'],
  /** /notifications/{type} */
  notifications: ['SELLER_OWNER', 'SELLER_AGENT', 'BUYER_SIMPLE', 'BUYER_AGENT'],
  /** /admin/users, /admin/inactiveusers */
  admin: ['ADMIN', 'SUPER_ADMIN'],
  /** /admin/firebase, /admin/import-users, /admin/mls-grid-listing */
  superAdmin: ['SUPER_ADMIN'],
  /** /pbDashboard */
  pbDashboard: ['SELLER_AGENT', 'BUYER_SIMPLE', 'BUYER_AGENT'],
  /** /analytics */
  analytics: ['SELLER_AGENT', 'BUYER_SIMPLE', 'BUYER_AGENT', 'PRINCIPAL_BROKER'],
  /** /manageTeam */
  manageTeam: ['SELLER_AGENT', 'BUYER_AGENT', 'PRINCIPAL_BROKER'],
  /**
   * /review (issue #35): the brokerage's files, for the principal broker and team leaders. A team leader
   * is an agent who leads a team, which no role tells: the agents' roles open the page, and its API
   * answers an agent who leads no team with 403, which the page explains.
   */
  review: ['SELLER_AGENT', 'BUYER_AGENT', 'PRINCIPAL_BROKER'],
  /** /trust-log: the brokerage's earnest money trust log (issue #35 item 4, decision 070) */
  trustLog: ['PRINCIPAL_BROKER'],
} as const satisfies Record<string, readonly Role[]>

export type PageRoles = keyof typeof PAGE_ROLES

/** The roles of several pages together, for an endpoint more than one of them calls (in ROLES order). */
export function pageRoles(...pages: readonly PageRoles[]): readonly Role[] {
  const allowed = new Set<Role>(pages.flatMap((page) => PAGE_ROLES[page]))
  return ROLES.filter((role) => allowed.has(role))
}
