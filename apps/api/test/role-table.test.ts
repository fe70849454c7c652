import { randomUUID } from 'node:crypto'
import type { InjectOptions } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '@offerbook/domain/roles'
import { ROLES } from '@offerbook/domain/roles'
import { useTestApp } from './per-file'
import type { CreatedUser } from './factories'
import { bearer, createUser, signIn } from './factories'

// Spec section 2's table, written out here on its own, so that a change to PAGE_ROLES or to a route's
// config.access shows: the API answers the endpoints behind a page to the page's roles only.
const SUBMITTED_OFFERS: Role[] = ['BUYER_SIMPLE', 'BUYER_AGENT', 'SELLER_SIMPLE', 'SELLER_OWNER', 'SELLER_AGENT']
const MY_PROPERTIES: Role[] = ['SELLER_SIMPLE', 'SELLER_AGENT', 'SELLER_OWNER', 'BUYER_AGENT']
const ADD_LISTING: Role[] = ['SELLER_OWNER', 'SELLER_AGENT', 'BUYER_AGENT']
const IMPORT_LISTINGS: Role[] = ['SELLER_AGENT', 'BUYER_AGENT']
const NOTIFICATIONS: Role[] = ['SELLER_OWNER', 'SELLER_AGENT', 'BUYER_SIMPLE', 'BUYER_AGENT']
const ADMIN: Role[] = ['ADMIN', 'SUPER_ADMIN']
const MANAGE_TEAM: Role[] = ['SELLER_AGENT', 'BUYER_AGENT', 'PRINCIPAL_BROKER']
const ANALYTICS: Role[] = ['SELLER_AGENT', 'BUYER_SIMPLE', 'BUYER_AGENT', 'PRINCIPAL_BROKER']
const SIGNED_IN_PAGES: Role[] = ['SELLER_SIMPLE', 'SELLER_OWNER', 'SELLER_AGENT', 'BUYER_SIMPLE', 'BUYER_AGENT']
const PB_DASHBOARD: Role[] = ['SELLER_AGENT', 'BUYER_SIMPLE', 'BUYER_AGENT']
/** Endpoints both offer pages call (/submitted-offers/update/{id} and /my-properties/{id}/offers/{offerId}). */
const OFFER_PARTIES: Role[] = [...new Set([...SUBMITTED_OFFERS, ...MY_PROPERTIES])]
/** One listing's endpoints: the add-listing wizard and /my-properties. */
const LISTING_PAGES: Role[] = [...new Set([...ADD_LISTING, ...MY_PROPERTIES])]

const id = randomUUID()
const other = randomUUID()

type Endpoint = { method: InjectOptions['method']; url: string; payload?: Record<string, unknown>; roles: Role[] }

const ENDPOINTS: Endpoint[] = [
  // /notifications
  { method: 'GET', url: '/api/notifications', roles: NOTIFICATIONS },
  { method: 'POST', url: `/api/notifications/${id}/read`, roles: NOTIFICATIONS },
  { method: 'POST', url: '/api/notifications/read-all', roles: NOTIFICATIONS },
  // /submitted-offers: the buyer side
  { method: 'GET', url: '/api/offers/mine', roles: SUBMITTED_OFFERS },
  { method: 'POST', url: '/api/offers', payload: { listingId: id }, roles: SUBMITTED_OFFERS },
  { method: 'PATCH', url: `/api/offers/${id}`, payload: { terms: {} }, roles: SUBMITTED_OFFERS },
  { method: 'DELETE', url: `/api/offers/${id}`, roles: SUBMITTED_OFFERS },
  { method: 'POST', url: `/api/offers/${id}/share`, roles: SUBMITTED_OFFERS },
  { method: 'POST', url: `/api/offers/${id}/revisions`, payload: { version: 1 }, roles: SUBMITTED_OFFERS },
  { method: 'POST', url: `/api/offers/${id}/withdraw`, roles: SUBMITTED_OFFERS },
  { method: 'POST', url: `/api/offers/${id}/acknowledge`, roles: SUBMITTED_OFFERS },
  { method: 'POST', url: `/api/offers/${id}/forms`, roles: SUBMITTED_OFFERS },
  { method: 'POST', url: `/api/offers/${id}/attachments`, roles: SUBMITTED_OFFERS },
  { method: 'DELETE', url: `/api/offers/${id}/attachments/${other}`, roles: SUBMITTED_OFFERS },
  { method: 'POST', url: '/api/contracts/rf707/pdf', payload: {}, roles: SUBMITTED_OFFERS },
  { method: 'POST', url: `/api/offers/${id}/counter/accept`, payload: { version: 1 }, roles: SUBMITTED_OFFERS },
  { method: 'POST', url: `/api/offers/${id}/counter/decline`, payload: { version: 1 }, roles: SUBMITTED_OFFERS },
  // /my-properties: the seller side
  { method: 'POST', url: `/api/offers/${id}/accept`, payload: { others: 'decline', version: 1 }, roles: MY_PROPERTIES },
  { method: 'POST', url: `/api/offers/${id}/decline`, payload: { version: 1 }, roles: MY_PROPERTIES },
  { method: 'GET', url: `/api/listings/${id}/offers`, roles: MY_PROPERTIES },
  { method: 'GET', url: `/api/listings/${id}/optimize`, roles: MY_PROPERTIES },
  { method: 'POST', url: `/api/listings/${id}/highest-and-best`, payload: { deadline: '2030-01-01T00:00:00Z', message: 'Best by Friday', versions: {} }, roles: MY_PROPERTIES },
  { method: 'POST', url: `/api/offers/${id}/pre-approval/verify`, roles: MY_PROPERTIES },
  { method: 'GET', url: '/api/listings/mine', roles: MY_PROPERTIES },
  // Either side
  { method: 'POST', url: `/api/offers/${id}/terminate`, roles: OFFER_PARTIES },
  { method: 'POST', url: `/api/offers/${id}/closing/record`, payload: { closingDate: '2026-01-05', finalPrice: 300_000 }, roles: OFFER_PARTIES },
  { method: 'POST', url: `/api/offers/${id}/closing/confirm`, roles: OFFER_PARTIES },
  { method: 'POST', url: `/api/offers/${id}/closing/dispute`, payload: { reason: 'Wrong price' }, roles: OFFER_PARTIES },
  { method: 'POST', url: `/api/offers/${id}/counter`, payload: { terms: { purchasePrice: 400_000 }, version: 1 }, roles: OFFER_PARTIES },
  { method: 'GET', url: `/api/offers/${id}/signing`, roles: OFFER_PARTIES },
  { method: 'POST', url: `/api/offers/${id}/signing`, payload: {}, roles: OFFER_PARTIES },
  { method: 'POST', url: `/api/offers/${id}/signing/documents`, roles: OFFER_PARTIES },
  { method: 'GET', url: `/api/signing/packets/${id}`, roles: OFFER_PARTIES },
  { method: 'DELETE', url: `/api/signing/packets/${id}`, roles: OFFER_PARTIES },
  { method: 'GET', url: `/api/signing/packets/${id}/original`, roles: OFFER_PARTIES },
  { method: 'GET', url: `/api/signing/packets/${id}/signed`, roles: OFFER_PARTIES },
  { method: 'POST', url: `/api/signing/packets/${id}/send`, payload: {}, roles: OFFER_PARTIES },
  { method: 'POST', url: `/api/signing/packets/${id}/remind`, roles: OFFER_PARTIES },
  { method: 'POST', url: `/api/signing/packets/${id}/void`, payload: { reason: 'No longer needed' }, roles: OFFER_PARTIES },
  // /add-listing and /my-properties/{id}/...
  { method: 'POST', url: '/api/listings', payload: {}, roles: ADD_LISTING },
  { method: 'GET', url: `/api/listings/${id}`, roles: LISTING_PAGES },
  { method: 'PATCH', url: `/api/listings/${id}`, payload: {}, roles: LISTING_PAGES },
  { method: 'DELETE', url: `/api/listings/${id}`, roles: LISTING_PAGES },
  { method: 'POST', url: `/api/listings/${id}/publish`, roles: LISTING_PAGES },
  { method: 'POST', url: `/api/listings/${id}/photos`, roles: LISTING_PAGES },
  { method: 'PUT', url: `/api/listings/${id}/photos/order`, payload: { mediaIds: [] }, roles: LISTING_PAGES },
  { method: 'DELETE', url: `/api/listings/${id}/photos/${other}`, roles: LISTING_PAGES },
  { method: 'PATCH', url: `/api/listings/${id}/settings`, payload: {}, roles: LISTING_PAGES },
  { method: 'PUT', url: `/api/listings/${id}/weighting`, payload: {}, roles: LISTING_PAGES },
  // /add-listing/import
  { method: 'GET', url: '/api/listing-import/sources', roles: IMPORT_LISTINGS },
  { method: 'POST', url: '/api/listing-import/jobs/from-feed', payload: {}, roles: IMPORT_LISTINGS },
  { method: 'POST', url: '/api/listing-import/jobs/from-file', roles: IMPORT_LISTINGS },
  { method: 'GET', url: `/api/listing-import/jobs/${id}`, roles: IMPORT_LISTINGS },
  { method: 'GET', url: `/api/listing-import/jobs/${id}/preview`, roles: IMPORT_LISTINGS },
  { method: 'POST', url: `/api/listing-import/jobs/${id}/start`, payload: {}, roles: IMPORT_LISTINGS },
  // /admin
  { method: 'GET', url: '/api/admin/users', roles: ADMIN },
  // /manageTeam: the leader's side of teams (the invitee's and the member's side is any signed-in user's)
  { method: 'GET', url: '/api/team', roles: MANAGE_TEAM },
  { method: 'POST', url: '/api/team/invitations', payload: { email: 'someone@example.com', kind: 'agent', access: 'designated' }, roles: MANAGE_TEAM },
  { method: 'DELETE', url: `/api/team/invitations/${id}`, roles: MANAGE_TEAM },
  { method: 'POST', url: `/api/team/invitations/${id}/resend`, roles: MANAGE_TEAM },
  { method: 'PUT', url: `/api/team/members/${id}`, payload: { access: 'all' }, roles: MANAGE_TEAM },
  { method: 'DELETE', url: `/api/team/members/${id}`, roles: MANAGE_TEAM },
  // /analytics
  { method: 'GET', url: '/api/analytics', roles: ANALYTICS },
  { method: 'GET', url: '/api/analytics?from=2025-06-01&to=2025-01-01', roles: ANALYTICS },
  // /dashboard and /pbDashboard
  { method: 'GET', url: '/api/dashboard', roles: SIGNED_IN_PAGES },
  { method: 'GET', url: '/api/dashboard/pipeline', roles: PB_DASHBOARD },
]

const t = useTestApp({ config: { signInLimit: { max: 1000, timeWindow: '1 minute' } } })
const tokens = new Map<Role, string>()

beforeAll(async () => {
  for (const role of ROLES) {
    const user: CreatedUser = await createUser(t, { roles: [role] })
    tokens.set(role, (await signIn(t.app, user.email, user.password)).accessToken)
  }
})

function call(endpoint: Endpoint, role: Role | null) {
  const token = role ? tokens.get(role) : undefined
  return t.app.inject({
    method: endpoint.method,
    url: endpoint.url,
    headers: token ? bearer(token) : {},
    ...(endpoint.payload === undefined ? {} : { payload: endpoint.payload }),
  })
}

describe('the API holds the role table of spec section 2', () => {
  it.each(ENDPOINTS.map((endpoint) => [`${endpoint.method} ${endpoint.url.replaceAll(id, ':id').replaceAll(other, ':other')}`, endpoint] as const))(
    '%s answers 403 to a role outside its pages and lets the roles of its pages through',
    async (_, endpoint) => {
      for (const role of ROLES) {
        const response = await call(endpoint, role)
        if (endpoint.roles.includes(role)) {
          // Past the guard: the resource does not exist or the body is incomplete, but the role is not what is refused.
          expect([401, 403], `${role}: ${response.body}`).not.toContain(response.statusCode)
        } else {
          expect(response.statusCode, `${role}: ${response.body}`).toBe(403)
        }
        expect(response.statusCode, `${role}: ${response.body}`).toBeLessThan(500)
      }
    },
  )

  it('asks an anonymous caller to sign in on every role-limited endpoint', async () => {
    for (const endpoint of ENDPOINTS) {
      const response = await call(endpoint, null)
      expect(response.statusCode, `${endpoint.method} ${endpoint.url}`).toBe(401)
    }
  })

  it('keeps the public pages working: share links, signing links and property pages need no sign-in', async () => {
    const publicCalls: Endpoint[] = [
      { method: 'GET', url: `/api/offers/${id}?token=nope`, roles: [] },
      { method: 'GET', url: `/api/offers/${id}/attachments/${other}?token=nope`, roles: [] },
      { method: 'GET', url: `/api/signing/signers/${id}?token=nope`, roles: [] },
      { method: 'GET', url: `/api/properties/${id}`, roles: [] },
    ]
    for (const endpoint of publicCalls) {
      const response = await call(endpoint, null)
      expect(response.statusCode, `${endpoint.url}: ${response.body}`).toBe(404)
    }
    expect((await call({ method: 'GET', url: '/api/properties', roles: [] }, null)).statusCode).toBe(200)
  })

  it('refuses the roles the issue found reaching notifications and the buyer-side offer list', async () => {
    const notifications = ENDPOINTS[0]!
    const mine = ENDPOINTS.find((endpoint) => endpoint.url === '/api/offers/mine')!
    for (const role of ['SELLER_SIMPLE', 'PRINCIPAL_BROKER', 'ADMIN', 'SUPER_ADMIN'] as const) expect((await call(notifications, role)).statusCode, role).toBe(403)
    for (const role of ['PRINCIPAL_BROKER', 'ADMIN', 'SUPER_ADMIN'] as const) expect((await call(mine, role)).statusCode, role).toBe(403)
    expect((await call(notifications, 'BUYER_SIMPLE')).statusCode).toBe(200)
    expect((await call(mine, 'SELLER_SIMPLE')).statusCode).toBe(200)
  })
})
