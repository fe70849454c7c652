import { randomBytes, randomUUID } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiKeyScope, CreatedApiKey } from '@offerbook/domain/api-keys'
import { API_KEY_SCOPES } from '@offerbook/domain/api-keys'
import type { CreatedWebhook } from '@offerbook/domain/webhooks'
import { DEFAULT_LISTING_WEIGHTING } from '@offerbook/domain/listing'
import type { Role } from '@offerbook/domain/roles'
import { ROLES } from '@offerbook/domain/roles'
import { apiKey } from '../src/db/schema/api-keys'
import { webhookEndpoint } from '../src/db/schema/webhooks'
import { session } from '../src/db/schema/auth'
import { chatConversation, chatMessage } from '../src/db/schema/conversations'
import { storedFile } from '../src/db/schema/files'
import { listing, listingImportJob, listingMedia } from '../src/db/schema/listings'
import { notification, offer, offerAttachment, offerShareLink } from '../src/db/schema/offers'
import { signingPacket, signingSigner } from '../src/db/schema/signing'
import { user, userRole } from '../src/db/schema/users'
import { hashApiKey } from '../src/modules/api-keys/api-keys.service'
import { makePng, multipart } from '../src/modules/files/files.test-helpers'
import { ADOPTED, pdfWithPages } from '../src/modules/signing/signing.test-helpers'
import { errorBodyProblem } from './error-body'
import { bearer } from './factories'
import type { OpenApiDocument } from './fuzz/operations'
import { operationsOf } from './fuzz/operations'
import type { World } from './world'
import { buildWorld, resoRecord } from './world'

/**
 * Every operation of the OpenAPI document, called as anonymous and as a stranger of each of the 8
 * roles against objects that belong to two other users (a seller agent and a buyer): their
 * listings, offers, share link, attachment, notification, import job, sessions, signing packets and
 * signer links. The table states the status of every call; after each row the owners' objects must
 * be exactly as they were, and every refusal an ApiError with a catalogue key. An operation without
 * a row fails the test.
 */

// Spec section 2's signed-in pages, written out here rather than imported, so the table is a second
// reading of the spec and not the code's own constants checked against themselves.
const ADD_LISTING: readonly Role[] = ['SELLER_OWNER', 'SELLER_AGENT', 'BUYER_AGENT']
const IMPORT_LISTINGS: readonly Role[] = ['SELLER_AGENT', 'BUYER_AGENT']
const MY_PROPERTIES: readonly Role[] = ['SELLER_SIMPLE', 'SELLER_AGENT', 'SELLER_OWNER', 'BUYER_AGENT']
const SUBMITTED_OFFERS: readonly Role[] = ['BUYER_SIMPLE', 'BUYER_AGENT', 'SELLER_SIMPLE', 'SELLER_OWNER', 'SELLER_AGENT']
const NOTIFICATIONS: readonly Role[] = ['SELLER_OWNER', 'SELLER_AGENT', 'BUYER_SIMPLE', 'BUYER_AGENT']
const ADMINS: readonly Role[] = ['ADMIN', 'SUPER_ADMIN']
const SIGNED_IN_PAGES: readonly Role[] = ['SELLER_SIMPLE', 'SELLER_OWNER', 'SELLER_AGENT', 'BUYER_SIMPLE', 'BUYER_AGENT']
const PB_DASHBOARD: readonly Role[] = ['SELLER_AGENT', 'BUYER_SIMPLE', 'BUYER_AGENT']
const SUPER_ADMINS: readonly Role[] = ['SUPER_ADMIN']
const MANAGE_TEAM: readonly Role[] = ['SELLER_AGENT', 'BUYER_AGENT', 'PRINCIPAL_BROKER']
const ANALYTICS: readonly Role[] = ['SELLER_AGENT', 'BUYER_SIMPLE', 'BUYER_AGENT', 'PRINCIPAL_BROKER']
/** The offer's parties act from /submitted-offers (buyer side) or /my-properties (seller side). */
const OFFER_SIDES: readonly Role[] = ROLES.filter((role) => SUBMITTED_OFFERS.includes(role) || MY_PROPERTIES.includes(role))
/** A listing is edited from /add-listing/new/{step} and /my-properties/{id}/... */
const LISTING_PAGES: readonly Role[] = ROLES.filter((role) => ADD_LISTING.includes(role) || MY_PROPERTIES.includes(role))

/**
 * API keys (decision 078) of strangers: an agent's, a principal broker's and an admin's with every
 * scope, a key with none of the scopes the table's operations need, and a revoked key.
 */
const KEY_CALLERS = ['agent key', 'broker key', 'admin key', 'key without the scope', 'revoked key'] as const
type KeyCaller = (typeof KEY_CALLERS)[number]
/** Whose key each is, and its scopes. */
const KEY_OWNERS: Record<KeyCaller, { role: Role; scopes: ApiKeyScope[] }> = {
  'agent key': { role: 'SELLER_AGENT', scopes: [...API_KEY_SCOPES] },
  'broker key': { role: 'PRINCIPAL_BROKER', scopes: [...API_KEY_SCOPES] },
  'admin key': { role: 'ADMIN', scopes: [...API_KEY_SCOPES] },
  'key without the scope': { role: 'BUYER_AGENT', scopes: ['webhooks'] },
  'revoked key': { role: 'SELLER_SIMPLE', scopes: [...API_KEY_SCOPES] },
}
type Caller = 'anonymous' | Role | KeyCaller
/** The status, or the statuses one of which is right (a refusal whose kind depends on earlier calls). */
type Expected = Record<'anonymous' | Role, number | readonly number[]>

/** Public: the same answer for everyone. */
const everyone = (status: number | readonly number[]): Expected => Object.fromEntries((['anonymous', ...ROLES] as Caller[]).map((caller) => [caller, status])) as Expected
/** Any signed-in user: `status`; anonymous: 401. */
const signedIn = (status: number | readonly number[]): Expected => ({ ...everyone(status), anonymous: 401 })
/** A page's roles get `status`; every other role 403; anonymous 401. */
const onlyFor = (roles: readonly Role[], status: number): Expected => ({ ...everyone(403), ...Object.fromEntries(roles.map((role) => [role, status])), anonymous: 401 })

type Call = {
  url: string
  payload?: unknown
  headers?: Record<string, string>
  multipart?: { field: string; filename: string; type: string; bytes: Buffer }
  /** A text/event-stream that never ends: its first chunk is the body (inject would wait for the end). */
  stream?: boolean
}

type Row = {
  operation: string
  /** What the call tries: a short name for the failure message. */
  attempt: string
  call: (world: World, pdf: Buffer, caller: Caller) => Call
  expected: Expected
  /** Per caller, a fresh session instead of the stranger's own (the call ends it). */
  throwawaySession?: boolean
  /**
   * The scope a key needs for the operation (decision 078): a key with it answers as its owner's
   * session does. Without one, every key is refused with 403. A revoked key is refused with 401 everywhere.
   */
  keyScope?: ApiKeyScope
  /** A key-only route (config.auth 'key-only'): what a key with its scope gets, by its owner's role; every session and anonymous get 401. */
  keyOnly?: Expected
}

/** What a key caller gets: its owner's answer when the operation takes keys and the key has its scope. */
function keyExpected(row: Row, caller: KeyCaller): number | readonly number[] {
  if (caller === 'revoked key') return 401
  if (!row.keyScope || !KEY_OWNERS[caller].scopes.includes(row.keyScope)) return 403
  return (row.keyOnly ?? row.expected)[KEY_OWNERS[caller].role]
}

const expectedOf = (row: Row, caller: Caller) => ((KEY_CALLERS as readonly string[]).includes(caller) ? keyExpected(row, caller as KeyCaller) : row.expected[caller as 'anonymous' | Role])

const PNG = makePng(2, 2, [1, 2, 3])
/** A phone of the caller's own, so one caller's code tries do not count against another's. */
const phoneOf = (caller: Caller) => `+1615555${String(100 + ['anonymous', ...ROLES, ...KEY_CALLERS].indexOf(caller)).padStart(4, '0')}`
const wrongSigner = (world: World) => ({ signerId: world.ids.signers[0]!.signerId, token: world.ids.signers[1]!.token })
const signerHeaders = (world: World) => ({ 'x-signing-token': wrongSigner(world).token })

const ROWS: Row[] = [
  // Public, or the caller's own account: nothing of the owners' is named but their e-mail.
  { operation: 'GET /api/health', attempt: 'health', call: () => ({ url: '/api/health' }), expected: everyone(200) },
  { operation: 'POST /api/session', attempt: "sign in as the seller with a wrong password", call: (w) => ({ url: '/api/session', payload: { email: w.seller.email, password: 'not-the-password' } }), expected: everyone(401) },
  { operation: 'DELETE /api/session', attempt: 'sign out (a session of the caller)', call: () => ({ url: '/api/session' }), expected: signedIn(204), throwawaySession: true },
  { operation: 'GET /api/sessions', attempt: "list the caller's devices", call: () => ({ url: '/api/sessions' }), expected: signedIn(200) },
  { operation: 'DELETE /api/sessions', attempt: 'sign out everywhere else (the caller)', call: () => ({ url: '/api/sessions' }), expected: signedIn(200), throwawaySession: true },
  { operation: 'DELETE /api/sessions/{id}', attempt: "sign out the seller's device by its id", call: (w) => ({ url: `/api/sessions/${w.ids.sellerSessionId}` }), expected: signedIn(404) },
  { operation: 'GET /api/sso', attempt: 'single sign-on status', call: () => ({ url: '/api/sso' }), expected: everyone(200) },
  { operation: 'GET /api/sso/end-session', attempt: "the provider's sign-out page for the caller's session", call: () => ({ url: '/api/sso/end-session' }), expected: signedIn(200) },
  { operation: 'POST /api/accounts', attempt: "sign up with the seller's e-mail", call: (w) => ({ url: '/api/accounts', payload: { name: 'Mallory Taker', email: w.seller.email, password: 'long-enough-password' } }), expected: everyone(409) },
  { operation: 'POST /api/accounts/verify', attempt: "verify the seller's e-mail with a guessed code", call: (w) => ({ url: '/api/accounts/verify', payload: { email: w.seller.email, code: '000000' } }), expected: everyone(400) },
  // One new code a minute per address, whoever asks: the first caller (anonymous) gets the same answer as for any address.
  { operation: 'POST /api/accounts/resend-code', attempt: "resend the seller's code", call: (w) => ({ url: '/api/accounts/resend-code', payload: { email: w.seller.email } }), expected: { ...everyone(429), anonymous: 202 } },
  { operation: 'POST /api/recovery', attempt: "ask for the seller's reset code", call: (w) => ({ url: '/api/recovery', payload: { email: w.seller.email } }), expected: everyone(202) },
  // A wrong code is a 400 until the code's tries are used up, then a 429: a refusal either way.
  { operation: 'POST /api/recovery/reset', attempt: "reset the seller's password with a guessed code", call: (w) => ({ url: '/api/recovery/reset', payload: { email: w.seller.email, code: '000000', password: 'new-password-123' } }), expected: everyone([400, 429]) },
  { operation: 'POST /api/session/phone-code', attempt: 'ask for a phone sign-in code', call: () => ({ url: '/api/session/phone-code', payload: { phone: '+16155550100' } }), expected: everyone(202) },
  { operation: 'POST /api/session/phone', attempt: 'sign in by phone with a guessed code', call: () => ({ url: '/api/session/phone', payload: { phone: '+16155550100', code: '000000' } }), expected: everyone(401) },
  { operation: 'POST /api/me/phone/verify-code', attempt: "prove the caller's phone", call: (_w, _pdf, caller) => ({ url: '/api/me/phone/verify-code', payload: { phone: phoneOf(caller) } }), expected: signedIn(202) },
  { operation: 'POST /api/me/phone/verify', attempt: "prove the caller's phone with a guessed code", call: (_w, _pdf, caller) => ({ url: '/api/me/phone/verify', payload: { phone: phoneOf(caller), code: '000000' } }), expected: signedIn([400, 429]) },
  // Issue #37, API keys (decision 078): the caller's own, from /profile with a session only.
  { operation: 'GET /api/me/api-keys', attempt: "list the caller's API keys", call: () => ({ url: '/api/me/api-keys' }), expected: signedIn(200) },
  { operation: 'POST /api/me/api-keys', attempt: 'make an API key of ones own', call: () => ({ url: '/api/me/api-keys', payload: { name: 'Matrix', scopes: ['offers:read'] } }), expected: signedIn(201) },
  // Key-only (decision 080): a stranger's key reads its own owner's feed, empty of the owners' events.
  { operation: 'GET /api/feed', attempt: "the key owner's event feed", call: () => ({ url: '/api/feed?since=0' }), expected: everyone(401), keyScope: 'offers:read', keyOnly: everyone(200) },
  { operation: 'GET /api/reso/Property', attempt: "the key owner's listings in RESO shape", call: () => ({ url: '/api/reso/Property' }), expected: everyone(401), keyScope: 'listings:read', keyOnly: onlyFor(MY_PROPERTIES, 200) },
  { operation: 'DELETE /api/me/api-keys/{id}', attempt: "revoke the seller's API key", call: () => ({ url: `/api/me/api-keys/${sellerKey.key.id}` }), expected: signedIn(404) },
  // Issue #37, webhooks (decision 079): the caller's own endpoints, with a session or a key of scope `webhooks`.
  { operation: 'GET /api/me/webhooks', attempt: "list the caller's webhook endpoints", call: () => ({ url: '/api/me/webhooks' }), expected: signedIn(200), keyScope: 'webhooks' },
  { operation: 'POST /api/me/webhooks', attempt: 'make a webhook endpoint of ones own', call: () => ({ url: '/api/me/webhooks', payload: { url: 'https://hooks.example.com/matrix', events: ['offer.shared'] } }), expected: signedIn(201), keyScope: 'webhooks' },
  { operation: 'PATCH /api/me/webhooks/{id}', attempt: "turn off the seller's webhook endpoint", call: () => ({ url: `/api/me/webhooks/${sellerHook.webhook.id}`, payload: { enabled: false } }), expected: signedIn(404), keyScope: 'webhooks' },
  { operation: 'DELETE /api/me/webhooks/{id}', attempt: "delete the seller's webhook endpoint", call: () => ({ url: `/api/me/webhooks/${sellerHook.webhook.id}` }), expected: signedIn(404), keyScope: 'webhooks' },
  { operation: 'GET /api/me/webhooks/{id}/deliveries', attempt: "read the seller's delivery log", call: () => ({ url: `/api/me/webhooks/${sellerHook.webhook.id}/deliveries` }), expected: signedIn(404), keyScope: 'webhooks' },
  { operation: 'POST /api/me/webhooks/{id}/deliveries/{deliveryId}/redeliver', attempt: "redeliver to the seller's endpoint", call: () => ({ url: `/api/me/webhooks/${sellerHook.webhook.id}/deliveries/${sellerHook.webhook.id}/redeliver` }), expected: signedIn(404), keyScope: 'webhooks' },
  { operation: 'GET /api/me', attempt: 'read the caller', call: () => ({ url: '/api/me' }), expected: signedIn(200) },
  { operation: 'PATCH /api/me', attempt: "change the caller's name", call: () => ({ url: '/api/me', payload: { name: 'Renamed Stranger' } }), expected: signedIn(200) },
  { operation: 'PUT /api/me/language', attempt: "change the caller's language", call: () => ({ url: '/api/me/language', payload: { language: 'es-es' } }), expected: signedIn(200) },
  { operation: 'PUT /api/me/ui-mode', attempt: "change the caller's buy/sell mode", call: () => ({ url: '/api/me/ui-mode', payload: { uiMode: 'sell' } }), expected: signedIn(200) },
  { operation: 'PUT /api/me/onboarding', attempt: 'onboard again', call: () => ({ url: '/api/me/onboarding', payload: { mode: 'buy', asAgent: false } }), expected: signedIn(400) },
  { operation: 'POST /api/me/password', attempt: 'change the password with a wrong current one', call: () => ({ url: '/api/me/password', payload: { currentPassword: 'not-the-password', newPassword: 'another-password-1' } }), expected: signedIn(400) },
  { operation: 'POST /api/me/principal-broker-request', attempt: 'ask for principal broker access', call: () => ({ url: '/api/me/principal-broker-request' }), expected: signedIn(200) },
  { operation: 'POST /api/me/photo', attempt: "replace the caller's photo", call: () => ({ url: '/api/me/photo', multipart: { field: 'photo', filename: 'me.png', type: 'image/png', bytes: PNG } }), expected: signedIn(200) },
  { operation: 'GET /api/files/{id}', attempt: "the seller's profile photo (public: a photoURL)", call: (w) => ({ url: `/api/files/${w.ids.photoFileId}` }), expected: everyone(200) },
  // Issue #16, /analytics: the caller's own figures; another agent's only for their principal broker.
  { operation: 'GET /api/analytics', attempt: "the caller's own figures", call: () => ({ url: '/api/analytics' }), expected: onlyFor(ANALYTICS, 200) },
  { operation: 'GET /api/analytics', attempt: "the seller's figures by agent id", call: (w) => ({ url: `/api/analytics?agentId=${w.seller.id}` }), expected: { ...onlyFor(ANALYTICS, 403), PRINCIPAL_BROKER: 404 } },
  { operation: 'GET /api/admin/users', attempt: 'list the users', call: () => ({ url: '/api/admin/users' }), expected: onlyFor(ADMINS, 200) },
  // Issue #15, the admin area: users (rows below this line)
  { operation: 'GET /api/admin/users/{id}', attempt: 'read the seller with sign-ins and audit', call: (w) => ({ url: `/api/admin/users/${w.seller.id}` }), expected: onlyFor(ADMINS, 200) },
  // A stale expectedUpdatedAt: an admin is refused with 409 and nothing is written, so later rows see the seller unchanged.
  { operation: 'PUT /api/admin/users/{id}/roles', attempt: "change the seller's roles (stale copy)", call: (w) => ({ url: `/api/admin/users/${w.seller.id}/roles`, payload: { roles: ['SELLER_AGENT'], expectedUpdatedAt: '2000-01-01T00:00:00.000Z' } }), expected: onlyFor(ADMINS, 409) },
  { operation: 'PUT /api/admin/users/{id}/add-listing', attempt: "turn the seller's adding of listings off (stale copy)", call: (w) => ({ url: `/api/admin/users/${w.seller.id}/add-listing`, payload: { enabled: false, expectedUpdatedAt: '2000-01-01T00:00:00.000Z' } }), expected: onlyFor(ADMINS, 409) },
  { operation: 'POST /api/admin/users/{id}/principal-broker', attempt: "decide the seller's principal broker request (stale copy)", call: (w) => ({ url: `/api/admin/users/${w.seller.id}/principal-broker`, payload: { decision: 'approve', expectedUpdatedAt: '2000-01-01T00:00:00.000Z' } }), expected: onlyFor(ADMINS, 409) },
  { operation: 'POST /api/admin/users/{id}/deactivate', attempt: 'deactivate the seller (stale copy)', call: (w) => ({ url: `/api/admin/users/${w.seller.id}/deactivate`, payload: { expectedUpdatedAt: '2000-01-01T00:00:00.000Z' } }), expected: onlyFor(ADMINS, 409) },
  { operation: 'POST /api/admin/users/{id}/reactivate', attempt: 'reactivate the seller (stale copy)', call: (w) => ({ url: `/api/admin/users/${w.seller.id}/reactivate`, payload: { expectedUpdatedAt: '2000-01-01T00:00:00.000Z' } }), expected: onlyFor(ADMINS, 409) },
  { operation: 'POST /api/admin/users/{id}/password-reset', attempt: 'email the seller a password reset code', call: (w) => ({ url: `/api/admin/users/${w.seller.id}/password-reset` }), expected: onlyFor(ADMINS, 202) },
  // The seller verified their email: a new verification code is refused even for an admin.
  { operation: 'POST /api/admin/users/{id}/verification-code', attempt: 'email the seller a verification code', call: (w) => ({ url: `/api/admin/users/${w.seller.id}/verification-code` }), expected: onlyFor(ADMINS, 409) },
  // Issue #15: inactive users
  { operation: 'GET /api/admin/inactive-users', attempt: 'list the inactive accounts', call: () => ({ url: '/api/admin/inactive-users?reason=unverified' }), expected: onlyFor(ADMINS, 200) },
  { operation: 'GET /api/admin/settings/inactivity', attempt: 'read the inactivity threshold', call: () => ({ url: '/api/admin/settings/inactivity' }), expected: onlyFor(ADMINS, 200) },
  { operation: 'PUT /api/admin/settings/inactivity', attempt: 'set the inactivity threshold', call: () => ({ url: '/api/admin/settings/inactivity', payload: { days: 180 } }), expected: onlyFor(ADMINS, 200) },
  { operation: 'POST /api/admin/inactive-users/{id}/reminder', attempt: 'email the seller a reminder', call: (w) => ({ url: `/api/admin/inactive-users/${w.seller.id}/reminder` }), expected: onlyFor(ADMINS, 202) },
  // The seller verified their email: erasing them is refused even for an admin.
  { operation: 'DELETE /api/admin/inactive-users/{id}', attempt: 'erase the seller', call: (w) => ({ url: `/api/admin/inactive-users/${w.seller.id}` }), expected: onlyFor(ADMINS, 409) },
  // Issue #15: the identity provider
  { operation: 'GET /api/admin/identity', attempt: 'read the identity provider configuration', call: () => ({ url: '/api/admin/identity' }), expected: onlyFor(SUPER_ADMINS, 200) },
  { operation: 'POST /api/admin/identity/check', attempt: 'check the identity provider now', call: () => ({ url: '/api/admin/identity/check' }), expected: onlyFor(SUPER_ADMINS, 200) },
  { operation: 'GET /api/admin/identity/accounts', attempt: 'list the accounts linked to the provider', call: () => ({ url: '/api/admin/identity/accounts' }), expected: onlyFor(SUPER_ADMINS, 200) },
  { operation: 'DELETE /api/admin/identity/accounts/{id}', attempt: 'unlink an account (none linked: unknown id)', call: () => ({ url: '/api/admin/identity/accounts/00000000-0000-4000-8000-000000000000' }), expected: onlyFor(SUPER_ADMINS, 404) },
  { operation: 'POST /api/admin/identity/firebase-import', attempt: 'import a Firebase export', call: () => ({ url: '/api/admin/identity/firebase-import', payload: { users: [{ localId: 'matrix', email: 'matrix-firebase@example.com' }] } }), expected: onlyFor(SUPER_ADMINS, 200) },
  { operation: 'GET /api/admin/sealing', attempt: 'read the sealing certificate, the timestamp authorities and the seals per level', call: () => ({ url: '/api/admin/sealing' }), expected: onlyFor(SUPER_ADMINS, 200) },
  // Issue #37: webhooks to private addresses (decision 082); refusing them is what the world's server does anyway.
  { operation: 'GET /api/admin/settings/webhooks', attempt: 'read whether webhooks may go to private addresses', call: () => ({ url: '/api/admin/settings/webhooks' }), expected: onlyFor(SUPER_ADMINS, 200) },
  { operation: 'PUT /api/admin/settings/webhooks', attempt: 'refuse webhooks to private addresses', call: () => ({ url: '/api/admin/settings/webhooks', payload: { allowPrivate: false } }), expected: onlyFor(SUPER_ADMINS, 200) },
  // Issue #15: user import
  { operation: 'POST /api/admin/user-imports', attempt: 'upload a CSV of users for a preview', call: () => ({ url: '/api/admin/user-imports', multipart: { field: 'file', filename: 'users.csv', type: 'text/csv', bytes: Buffer.from('email,name\nmatrix-import@example.com,Matrix Import\n') } }), expected: onlyFor(SUPER_ADMINS, 201) },
  { operation: 'GET /api/admin/user-imports/{id}', attempt: 'read a user import (unknown id)', call: () => ({ url: '/api/admin/user-imports/00000000-0000-4000-8000-000000000000' }), expected: onlyFor(SUPER_ADMINS, 404) },
  { operation: 'POST /api/admin/user-imports/{id}/start', attempt: 'start a user import (unknown id)', call: () => ({ url: '/api/admin/user-imports/00000000-0000-4000-8000-000000000000/start', payload: { onExisting: 'skip' } }), expected: onlyFor(SUPER_ADMINS, 404) },
  { operation: 'GET /api/admin/user-imports/{id}/report', attempt: 'download a user import report (unknown id)', call: () => ({ url: '/api/admin/user-imports/00000000-0000-4000-8000-000000000000/report' }), expected: onlyFor(SUPER_ADMINS, 404) },
  // Issue #15: the MLS Grid feed replication
  { operation: 'GET /api/admin/mls-grid', attempt: 'read the MLS Grid replication', call: () => ({ url: '/api/admin/mls-grid' }), expected: onlyFor(SUPER_ADMINS, 200) },
  { operation: 'PUT /api/admin/mls-grid/schedule', attempt: 'schedule the MLS Grid replication', call: () => ({ url: '/api/admin/mls-grid/schedule', payload: { minutes: 60 } }), expected: onlyFor(SUPER_ADMINS, 200) },
  // The matrix app has no MLS Grid feed: a super admin is told so (409).
  { operation: 'POST /api/admin/mls-grid/runs', attempt: 'run the MLS Grid replication', call: () => ({ url: '/api/admin/mls-grid/runs' }), expected: onlyFor(SUPER_ADMINS, 409) },
  { operation: 'GET /api/admin/mls-grid/listings', attempt: 'list the replicated MLS listings', call: () => ({ url: '/api/admin/mls-grid/listings' }), expected: onlyFor(SUPER_ADMINS, 200) },

  // Issue #30: the background jobs (decision 045)
  { operation: 'GET /api/admin/jobs', attempt: 'list the background jobs and their last runs', call: () => ({ url: '/api/admin/jobs' }), expected: onlyFor(SUPER_ADMINS, 200) },
  { operation: 'POST /api/admin/jobs/{name}/retry', attempt: 'run a job again (no job of that name)', call: () => ({ url: '/api/admin/jobs/no-such-job/retry' }), expected: onlyFor(SUPER_ADMINS, 404) },

  // Listings of the seller
  { operation: 'POST /api/listings', attempt: 'start a listing of ones own', call: () => ({ url: '/api/listings', payload: { ListPrice: 200_000 } }), expected: onlyFor(ADD_LISTING, 201) },
  { operation: 'GET /api/listings/mine', attempt: 'list ones own listings', call: () => ({ url: '/api/listings/mine' }), expected: onlyFor(MY_PROPERTIES, 200), keyScope: 'listings:read' },
  { operation: 'GET /api/listings/{id}', attempt: "read the seller's draft", call: (w) => ({ url: `/api/listings/${w.ids.draftListingId}` }), expected: onlyFor(LISTING_PAGES, 403), keyScope: 'listings:read' },
  { operation: 'GET /api/listings/mine/screen', attempt: "My Listings' first screen in one answer", call: () => ({ url: '/api/listings/mine/screen' }), expected: onlyFor(MY_PROPERTIES, 200) },
  { operation: 'PATCH /api/listings/{id}', attempt: "edit the seller's listing", call: (w) => ({ url: `/api/listings/${w.ids.publishedListingId}`, payload: { ListPrice: 301_000 } }), expected: onlyFor(LISTING_PAGES, 403) },
  { operation: 'DELETE /api/listings/{id}', attempt: "delete the seller's draft", call: (w) => ({ url: `/api/listings/${w.ids.draftListingId}` }), expected: onlyFor(LISTING_PAGES, 403) },
  { operation: 'POST /api/listings/{id}/publish', attempt: "publish the seller's draft", call: (w) => ({ url: `/api/listings/${w.ids.draftListingId}/publish`, payload: {} }), expected: onlyFor(LISTING_PAGES, 403) },
  { operation: 'PUT /api/listings/{id}/photos/order', attempt: "reorder the seller's photos", call: (w) => ({ url: `/api/listings/${w.ids.publishedListingId}/photos/order`, payload: { mediaIds: [w.ids.mediaId] } }), expected: onlyFor(LISTING_PAGES, 403) },
  { operation: 'DELETE /api/listings/{id}/photos/{mediaId}', attempt: "remove the seller's photo", call: (w) => ({ url: `/api/listings/${w.ids.publishedListingId}/photos/${w.ids.mediaId}` }), expected: onlyFor(LISTING_PAGES, 403) },
  { operation: 'PATCH /api/listings/{id}/settings', attempt: "hide the seller's listing", call: (w) => ({ url: `/api/listings/${w.ids.publishedListingId}/settings`, payload: { visibility: 'private' } }), expected: onlyFor(LISTING_PAGES, 403) },
  { operation: 'PUT /api/listings/{id}/weighting', attempt: "set the seller's weighting", call: (w) => ({ url: `/api/listings/${w.ids.publishedListingId}/weighting`, payload: DEFAULT_LISTING_WEIGHTING }), expected: onlyFor(LISTING_PAGES, 403) },
  { operation: 'POST /api/listings/{id}/photos', attempt: "add a photo to the seller's listing", call: (w) => ({ url: `/api/listings/${w.ids.publishedListingId}/photos`, multipart: { field: 'photo', filename: 'x.png', type: 'image/png', bytes: PNG } }), expected: onlyFor(LISTING_PAGES, 403) },
  { operation: 'GET /api/properties', attempt: 'search the public listings', call: () => ({ url: '/api/properties' }), expected: everyone(200), keyScope: 'listings:read' },
  { operation: 'GET /api/properties/{id}', attempt: "the seller's draft as a public page", call: (w) => ({ url: `/api/properties/${w.ids.draftListingId}` }), expected: everyone(404), keyScope: 'listings:read' },

  // The seller's import
  { operation: 'GET /api/listing-import/sources', attempt: 'the import sources', call: () => ({ url: '/api/listing-import/sources' }), expected: onlyFor(IMPORT_LISTINGS, 200) },
  { operation: 'POST /api/listing-import/jobs/from-feed', attempt: 'read the feed (not configured here)', call: () => ({ url: '/api/listing-import/jobs/from-feed' }), expected: onlyFor(IMPORT_LISTINGS, 409) },
  { operation: 'GET /api/listing-import/jobs/{id}', attempt: "the seller's import", call: (w) => ({ url: `/api/listing-import/jobs/${w.ids.importJobId}` }), expected: onlyFor(IMPORT_LISTINGS, 404) },
  { operation: 'GET /api/listing-import/jobs/{id}/preview', attempt: "the seller's import preview", call: (w) => ({ url: `/api/listing-import/jobs/${w.ids.importJobId}/preview` }), expected: onlyFor(IMPORT_LISTINGS, 404) },
  { operation: 'POST /api/listing-import/jobs/{id}/start', attempt: "start the seller's import", call: (w) => ({ url: `/api/listing-import/jobs/${w.ids.importJobId}/start`, payload: { listingKeys: ['world-1'], visibility: 'public' } }), expected: onlyFor(IMPORT_LISTINGS, 404) },
  { operation: 'POST /api/listing-import/jobs/from-file', attempt: 'upload a file of ones own', call: () => ({ url: '/api/listing-import/jobs/from-file', multipart: { field: 'file', filename: 'listings.json', type: 'application/json', bytes: Buffer.from(JSON.stringify([resoRecord(9)])) } }), expected: onlyFor(IMPORT_LISTINGS, 200) },
  { operation: 'POST /api/contracts/rf707/pdf', attempt: 'an RF707 preview (clause M)', call: () => ({ url: '/api/contracts/rf707/pdf', payload: { formData: { MCheckbox: true } } }), expected: onlyFor(SUBMITTED_OFFERS, 200) },

  // The buyer's offers on the seller's listings
  { operation: 'POST /api/offers', attempt: "an offer of ones own on the seller's public listing", call: (w) => ({ url: '/api/offers', payload: { listingId: w.ids.publishedListingId } }), expected: onlyFor(SUBMITTED_OFFERS, 201), keyScope: 'offers:write' },
  { operation: 'GET /api/offers/mine', attempt: 'list ones own offers', call: () => ({ url: '/api/offers/mine' }), expected: onlyFor(SUBMITTED_OFFERS, 200), keyScope: 'offers:read' },
  { operation: 'GET /api/offers/{id}', attempt: "read the buyer's active offer without its link", call: (w) => ({ url: `/api/offers/${w.ids.activeOfferId}` }), expected: everyone(404), keyScope: 'offers:read' },
  { operation: 'GET /api/offers/{id}', attempt: "read the buyer's draft with the active offer's link token", call: (w) => ({ url: `/api/offers/${w.ids.draftOfferId}?token=${w.ids.shareToken}` }), expected: everyone(404), keyScope: 'offers:read' },
  { operation: 'PATCH /api/offers/{id}', attempt: "save the buyer's draft", call: (w) => ({ url: `/api/offers/${w.ids.draftOfferId}`, payload: { terms: {} } }), expected: onlyFor(SUBMITTED_OFFERS, 404), keyScope: 'offers:write' },
  { operation: 'DELETE /api/offers/{id}', attempt: "delete the buyer's draft", call: (w) => ({ url: `/api/offers/${w.ids.draftOfferId}` }), expected: onlyFor(SUBMITTED_OFFERS, 404), keyScope: 'offers:write' },
  { operation: 'POST /api/offers/{id}/share', attempt: "share the buyer's draft", call: (w) => ({ url: `/api/offers/${w.ids.draftOfferId}/share` }), expected: onlyFor(SUBMITTED_OFFERS, 404), keyScope: 'offers:write' },
  { operation: 'POST /api/offers/{id}/revisions', attempt: "send a revision of the buyer's draft", call: (w) => ({ url: `/api/offers/${w.ids.draftOfferId}/revisions`, payload: { version: 1 } }), expected: onlyFor(SUBMITTED_OFFERS, 404), keyScope: 'offers:write' },
  { operation: 'POST /api/offers/{id}/withdraw', attempt: "withdraw the buyer's offer", call: (w) => ({ url: `/api/offers/${w.ids.activeOfferId}/withdraw` }), expected: onlyFor(SUBMITTED_OFFERS, 404), keyScope: 'offers:write' },
  { operation: 'POST /api/offers/{id}/acknowledge', attempt: "acknowledge the buyer's accepted offer", call: (w) => ({ url: `/api/offers/${w.ids.acceptedOfferId}/acknowledge` }), expected: onlyFor(SUBMITTED_OFFERS, 404), keyScope: 'offers:write' },
  { operation: 'POST /api/offers/{id}/decline', attempt: 'decline the offer on the seller listing', call: (w) => ({ url: `/api/offers/${w.ids.activeOfferId}/decline`, payload: { version: 1 } }), expected: onlyFor(MY_PROPERTIES, 404), keyScope: 'offers:write' },
  { operation: 'POST /api/offers/{id}/accept', attempt: 'accept the offer on the seller listing', call: (w) => ({ url: `/api/offers/${w.ids.activeOfferId}/accept`, payload: { others: 'decline', version: 1 } }), expected: onlyFor(MY_PROPERTIES, 404), keyScope: 'offers:write' },
  // Closing (decision 061): either side records, the other confirms or disputes; a stranger to the deal finds none.
  { operation: 'POST /api/offers/{id}/closing/record', attempt: 'record the closing of the accepted deal', call: (w) => ({ url: `/api/offers/${w.ids.acceptedOfferId}/closing/record`, payload: { closingDate: '2026-01-05', finalPrice: 300_000 } }), expected: onlyFor(OFFER_SIDES, 404) },
  { operation: 'POST /api/offers/{id}/closing/confirm', attempt: 'confirm the closing of the accepted deal', call: (w) => ({ url: `/api/offers/${w.ids.acceptedOfferId}/closing/confirm` }), expected: onlyFor(OFFER_SIDES, 404) },
  { operation: 'POST /api/offers/{id}/closing/dispute', attempt: 'dispute the closing of the accepted deal', call: (w) => ({ url: `/api/offers/${w.ids.acceptedOfferId}/closing/dispute`, payload: { reason: 'Wrong price' } }), expected: onlyFor(OFFER_SIDES, 404) },
  { operation: 'POST /api/offers/{id}/terminate', attempt: 'terminate the accepted deal', call: (w) => ({ url: `/api/offers/${w.ids.acceptedOfferId}/terminate` }), expected: onlyFor(OFFER_SIDES, 404) },
  { operation: 'GET /api/listings/{id}/offers', attempt: "the offers on the seller's listing", call: (w) => ({ url: `/api/listings/${w.ids.dealListingId}/offers` }), expected: onlyFor(MY_PROPERTIES, 403), keyScope: 'offers:read' },
  { operation: 'GET /api/listings/{id}/optimize', attempt: "rank the offers on the seller's listing", call: (w) => ({ url: `/api/listings/${w.ids.dealListingId}/optimize` }), expected: onlyFor(MY_PROPERTIES, 403), keyScope: 'offers:read' },
  { operation: 'GET /api/listings/{id}/optimize/screen', attempt: "the optimize page's first screen on the seller's listing", call: (w) => ({ url: `/api/listings/${w.ids.dealListingId}/optimize/screen` }), expected: onlyFor(MY_PROPERTIES, 403) },
  // Negotiation (decision 029): a stranger to the offer finds none; a stranger to the listing may not ask it.
  { operation: 'POST /api/offers/{id}/counter', attempt: "counter the buyer's offer", call: (w) => ({ url: `/api/offers/${w.ids.activeOfferId}/counter`, payload: { terms: { purchasePrice: 350_000 }, message: 'Meet me', version: 1 } }), expected: onlyFor(OFFER_SIDES, 404), keyScope: 'offers:write' },
  { operation: 'POST /api/offers/{id}/counter/accept', attempt: "accept a counter on the buyer's offer", call: (w) => ({ url: `/api/offers/${w.ids.activeOfferId}/counter/accept`, payload: { version: 1 } }), expected: onlyFor(SUBMITTED_OFFERS, 404), keyScope: 'offers:write' },
  { operation: 'POST /api/offers/{id}/counter/decline', attempt: "decline a counter on the buyer's offer", call: (w) => ({ url: `/api/offers/${w.ids.activeOfferId}/counter/decline`, payload: { version: 1 } }), expected: onlyFor(SUBMITTED_OFFERS, 404), keyScope: 'offers:write' },
  { operation: 'POST /api/offers/{id}/pre-approval/verify', attempt: "verify the buyer's pre-approval letter", call: (w) => ({ url: `/api/offers/${w.ids.activeOfferId}/pre-approval/verify` }), expected: onlyFor(MY_PROPERTIES, 404) },
  {
    operation: 'POST /api/listings/{id}/highest-and-best',
    keyScope: 'offers:write',
    attempt: "ask the offers on the seller's listing for highest and best",
    call: (w) => ({ url: `/api/listings/${w.ids.dealListingId}/highest-and-best`, payload: { deadline: '2035-01-01T00:00:00Z', message: 'Best by Friday', versions: {} } }),
    expected: onlyFor(MY_PROPERTIES, 403),
  },
  {
    operation: 'GET /api/listings/{id}/highest-and-best',
    keyScope: 'offers:read',
    attempt: "read the open highest-and-best request on the seller's listing",
    call: (w) => ({ url: `/api/listings/${w.ids.dealListingId}/highest-and-best` }),
    expected: onlyFor(MY_PROPERTIES, 403),
  },
  { operation: 'GET /api/offers/{id}/attachments/{attachmentId}', attempt: "download the buyer's attachment without the link", call: (w) => ({ url: `/api/offers/${w.ids.activeOfferId}/attachments/${w.ids.attachmentId}` }), expected: everyone(404), keyScope: 'offers:read' },
  { operation: 'DELETE /api/offers/{id}/attachments/{attachmentId}', attempt: "remove the buyer's attachment", call: (w) => ({ url: `/api/offers/${w.ids.activeOfferId}/attachments/${w.ids.attachmentId}` }), expected: onlyFor(SUBMITTED_OFFERS, 404), keyScope: 'offers:write' },
  { operation: 'POST /api/offers/{id}/attachments', attempt: "attach a file to the buyer's offer", call: (w, pdf) => ({ url: `/api/offers/${w.ids.activeOfferId}/attachments`, multipart: { field: 'file', filename: 'x.pdf', type: 'application/pdf', bytes: pdf } }), expected: onlyFor(SUBMITTED_OFFERS, 404), keyScope: 'offers:write' },
  { operation: 'GET /api/offers/{id}/agreement', attempt: "read the agreement of the buyer's offer without the link", call: (w) => ({ url: `/api/offers/${w.ids.activeOfferId}/agreement` }), expected: everyone(404), keyScope: 'offers:read' },
  { operation: 'POST /api/offers/{id}/forms', attempt: "generate the buyer's offer form", call: (w) => ({ url: `/api/offers/${w.ids.draftOfferId}/forms` }), expected: onlyFor(SUBMITTED_OFFERS, 404), keyScope: 'offers:write' },

  // The seller's notification
  { operation: 'GET /api/events', attempt: 'open ones own live event stream', call: () => ({ url: '/api/events', stream: true }), expected: signedIn(200) },
  { operation: 'GET /api/notifications', attempt: 'list ones own notifications', call: () => ({ url: '/api/notifications' }), expected: onlyFor(NOTIFICATIONS, 200) },
  // The dashboards answer the caller's own items only: the owners' offers never show (dashboard.test.ts checks the scope).
  { operation: 'GET /api/dashboard', attempt: "read one's next actions", call: () => ({ url: '/api/dashboard' }), expected: onlyFor(SIGNED_IN_PAGES, 200) },
  { operation: 'GET /api/dashboard/pipeline', attempt: "read one's pipeline", call: () => ({ url: '/api/dashboard/pipeline' }), expected: onlyFor(PB_DASHBOARD, 200) },
  { operation: 'POST /api/notifications/{id}/read', attempt: "mark the seller's notification read", call: (w) => ({ url: `/api/notifications/${w.ids.notificationId}/read` }), expected: onlyFor(NOTIFICATIONS, 404) },
  { operation: 'POST /api/notifications/read-all', attempt: 'mark ones own notifications read', call: () => ({ url: '/api/notifications/read-all' }), expected: onlyFor(NOTIFICATIONS, 200) },

  // Teams (issue #16): a leader's side behind /manageTeam, the invitee's and the member's side for anyone signed in; nothing of the owners' is reached.
  { operation: 'GET /api/team', attempt: "read one's own team", call: () => ({ url: '/api/team' }), expected: onlyFor(MANAGE_TEAM, 200) },
  { operation: 'POST /api/team/invitations', attempt: "invite with the seller's listing designated", call: (w) => ({ url: '/api/team/invitations', payload: { email: 'mallory.team@example.com', kind: 'agent', access: 'designated', listingIds: [w.ids.publishedListingId] } }), expected: onlyFor(MANAGE_TEAM, 400) },
  { operation: 'DELETE /api/team/invitations/{id}', attempt: "revoke an invitation that is not one's own", call: () => ({ url: `/api/team/invitations/${randomUUID()}` }), expected: onlyFor(MANAGE_TEAM, 404) },
  { operation: 'POST /api/team/invitations/{id}/resend', attempt: "resend an invitation that is not one's own", call: () => ({ url: `/api/team/invitations/${randomUUID()}/resend` }), expected: onlyFor(MANAGE_TEAM, 404) },
  { operation: 'POST /api/team/invitations/preview', attempt: 'read an invitation with a guessed token', call: () => ({ url: '/api/team/invitations/preview', payload: { token: 'guessed-token' } }), expected: everyone(404) },
  { operation: 'POST /api/team/invitations/accept', attempt: 'accept an invitation with a guessed token', call: () => ({ url: '/api/team/invitations/accept', payload: { token: 'guessed-token' } }), expected: signedIn(404) },
  { operation: 'POST /api/team/invitations/decline', attempt: 'decline an invitation with a guessed token', call: () => ({ url: '/api/team/invitations/decline', payload: { token: 'guessed-token' } }), expected: signedIn(404) },
  { operation: 'PUT /api/team/members/{memberId}', attempt: "change the seller's access as if on one's team", call: (w) => ({ url: `/api/team/members/${w.seller.id}`, payload: { access: 'all' } }), expected: onlyFor(MANAGE_TEAM, 404) },
  { operation: 'DELETE /api/team/members/{memberId}', attempt: "remove the seller as if on one's team", call: (w) => ({ url: `/api/team/members/${w.seller.id}` }), expected: onlyFor(MANAGE_TEAM, 404) },
  { operation: 'GET /api/team/memberships', attempt: "the teams one is on", call: () => ({ url: '/api/team/memberships' }), expected: signedIn(200) },
  { operation: 'DELETE /api/team/memberships/{leaderId}', attempt: "leave the seller's team without being on it", call: (w) => ({ url: `/api/team/memberships/${w.seller.id}` }), expected: signedIn(404) },

  // The Send dialog (any signed-in user) about the seller's draft, which no stranger may see; unsubscribe links and the SMS webhook are public
  { operation: 'POST /api/messages/email', attempt: "email about the seller's draft", call: (w) => ({ url: '/api/messages/email', payload: { emailAddresses: ['friend@example.com'], subject: 'Look', message: 'A home for you', propertyId: w.ids.draftListingId } }), expected: signedIn(404) },
  { operation: 'POST /api/messages/sms', attempt: "text about the seller's draft", call: (w) => ({ url: '/api/messages/sms', payload: { phoneNumber: '+16155550123', message: 'A home for you', propertyId: w.ids.draftListingId } }), expected: signedIn(404) },
  { operation: 'GET /api/messages/unsubscribe/{token}', attempt: 'read an unsubscribe link with a forged token', call: () => ({ url: `/api/messages/unsubscribe/${Buffer.from('email:victim@example.com').toString('base64url')}.forged` }), expected: everyone(404) },
  { operation: 'POST /api/messages/unsubscribe/{token}', attempt: 'unsubscribe an address with a forged token', call: () => ({ url: `/api/messages/unsubscribe/${Buffer.from('email:victim@example.com').toString('base64url')}.forged` }), expected: everyone(404) },
  { operation: 'DELETE /api/messages/unsubscribe/{token}', attempt: 'resubscribe an address with a forged token', call: () => ({ url: `/api/messages/unsubscribe/${Buffer.from('email:victim@example.com').toString('base64url')}.forged` }), expected: everyone(404) },
  // SMS is not configured in this app: the webhook is not there.
  { operation: 'POST /api/messages/sms/inbound', attempt: 'post a STOP to the SMS webhook', call: () => ({ url: '/api/messages/sms/inbound', payload: { From: '+16155550123', Body: 'STOP' } }), expected: everyone(404) },

  // The live chat: the buyer's conversation with the seller about the published listing (chatId), which only they and no admin (it is not support) may open
  { operation: 'POST /api/chat/conversations', attempt: 'start a support chat (a guest must give name and email; admins answer support)', call: () => ({ url: '/api/chat/conversations', payload: {} }), expected: { ...everyone(201), anonymous: 400, ADMIN: 400, SUPER_ADMIN: 400 } },
  { operation: 'GET /api/chat/conversations', attempt: "list one's own conversations", call: () => ({ url: '/api/chat/conversations' }), expected: signedIn(200) },
  { operation: 'GET /api/chat/conversations/{id}/messages', attempt: "read the owners' chat", call: () => ({ url: `/api/chat/conversations/${chatId}/messages` }), expected: signedIn(404) },
  { operation: 'POST /api/chat/conversations/{id}/messages', attempt: "write in the owners' chat", call: () => ({ url: `/api/chat/conversations/${chatId}/messages`, payload: { body: 'mine now' } }), expected: signedIn(404) },
  { operation: 'POST /api/chat/conversations/{id}/read', attempt: "mark the owners' chat read", call: () => ({ url: `/api/chat/conversations/${chatId}/read` }), expected: signedIn(404) },

  // The deal's signing packets
  { operation: 'GET /api/offers/{id}/signing', attempt: "the deal's packets", call: (w) => ({ url: `/api/offers/${w.ids.acceptedOfferId}/signing` }), expected: onlyFor(OFFER_SIDES, 404), keyScope: 'records:read' },
  { operation: 'POST /api/offers/{id}/signing', attempt: 'send the deal for signature', call: (w) => ({ url: `/api/offers/${w.ids.acceptedOfferId}/signing`, payload: { signers: [{ name: 'Mallory Taker', email: 'mallory@example.com', phone: '', role: 'other' }] } }), expected: onlyFor(OFFER_SIDES, 404) },
  { operation: 'POST /api/offers/{id}/signing/documents', attempt: 'upload a form to the deal', call: (w, pdf) => ({ url: `/api/offers/${w.ids.acceptedOfferId}/signing/documents`, multipart: { field: 'file', filename: 'form.pdf', type: 'application/pdf', bytes: pdf } }), expected: onlyFor(OFFER_SIDES, 404) },
  { operation: 'GET /api/signing/packets/{packetId}', attempt: 'the packet out for signature', call: (w) => ({ url: `/api/signing/packets/${w.ids.sentPacketId}` }), expected: onlyFor(OFFER_SIDES, 404), keyScope: 'records:read' },
  { operation: 'DELETE /api/signing/packets/{packetId}', attempt: 'delete the draft form packet', call: (w) => ({ url: `/api/signing/packets/${w.ids.draftPacketId}` }), expected: onlyFor(OFFER_SIDES, 404) },
  { operation: 'GET /api/signing/packets/{packetId}/original', attempt: "the packet's PDF", call: (w) => ({ url: `/api/signing/packets/${w.ids.sentPacketId}/original` }), expected: onlyFor(OFFER_SIDES, 404), keyScope: 'records:read' },
  { operation: 'GET /api/signing/packets/{packetId}/signed', attempt: "the packet's signed PDF", call: (w) => ({ url: `/api/signing/packets/${w.ids.sentPacketId}/signed` }), expected: onlyFor(OFFER_SIDES, 404), keyScope: 'records:read' },
  { operation: 'POST /api/signing/packets/{packetId}/send', attempt: 'send the draft form packet', call: (w) => ({ url: `/api/signing/packets/${w.ids.draftPacketId}/send`, payload: { signers: [{ name: 'Mallory Taker', email: 'mallory@example.com', phone: '', role: 'other' }], fields: [] } }), expected: onlyFor(OFFER_SIDES, 404) },
  { operation: 'POST /api/signing/packets/{packetId}/remind', attempt: 'remind the signers', call: (w) => ({ url: `/api/signing/packets/${w.ids.sentPacketId}/remind` }), expected: onlyFor(OFFER_SIDES, 404) },
  { operation: 'POST /api/signing/packets/{packetId}/void', attempt: 'void the packet', call: (w) => ({ url: `/api/signing/packets/${w.ids.sentPacketId}/void`, payload: { reason: 'mine now' } }), expected: onlyFor(OFFER_SIDES, 404) },
  // Signer links: a signer's id with another signer's token opens nothing, whoever is signed in.
  { operation: 'GET /api/signing/signers/{signerId}', attempt: "open a signer's link with another's token", call: (w) => ({ url: `/api/signing/signers/${wrongSigner(w).signerId}`, headers: signerHeaders(w) }), expected: everyone(404) },
  { operation: 'GET /api/signing/signers/{signerId}/document', attempt: "a signer's document with another's token", call: (w) => ({ url: `/api/signing/signers/${wrongSigner(w).signerId}/document?token=${wrongSigner(w).token}` }), expected: everyone(404) },
  { operation: 'GET /api/signing/signers/{signerId}/signed', attempt: "a signer's signed PDF with another's token", call: (w) => ({ url: `/api/signing/signers/${wrongSigner(w).signerId}/signed`, headers: signerHeaders(w) }), expected: everyone(404) },
  { operation: 'POST /api/signing/signers/{signerId}/code', attempt: "text a signer's code with another's token", call: (w) => ({ url: `/api/signing/signers/${wrongSigner(w).signerId}/code`, headers: signerHeaders(w) }), expected: everyone(404) },
  { operation: 'POST /api/signing/signers/{signerId}/code/verify', attempt: "check a signer's code with another's token", call: (w) => ({ url: `/api/signing/signers/${wrongSigner(w).signerId}/code/verify`, headers: signerHeaders(w), payload: { code: '000000' } }), expected: everyone(404) },
  { operation: 'POST /api/signing/signers/{signerId}/consent', attempt: "consent for a signer with another's token", call: (w) => ({ url: `/api/signing/signers/${wrongSigner(w).signerId}/consent`, headers: signerHeaders(w), payload: { accepted: true } }), expected: everyone(404) },
  { operation: 'POST /api/signing/signers/{signerId}/finish', attempt: "sign for a signer with another's token", call: (w) => ({ url: `/api/signing/signers/${wrongSigner(w).signerId}/finish`, headers: signerHeaders(w), payload: { adopted: ADOPTED, values: {} } }), expected: everyone(404) },
  { operation: 'POST /api/signing/signers/{signerId}/decline', attempt: "decline for a signer with another's token", call: (w) => ({ url: `/api/signing/signers/${wrongSigner(w).signerId}/decline`, headers: signerHeaders(w), payload: { reason: 'not me' } }), expected: everyone(404) },
  // Issue #18, the offer record: parties of the listing only; a stranger is not told the listing has offers.
  { operation: 'GET /api/listings/{id}/offer-record', attempt: "read the seller's listing's offer record", call: (w) => ({ url: `/api/listings/${w.ids.dealListingId}/offer-record` }), expected: onlyFor(SIGNED_IN_PAGES, 404), keyScope: 'records:read' },
  { operation: 'GET /api/listings/{id}/offer-record.csv', attempt: "export the seller's listing's offer record as CSV", call: (w) => ({ url: `/api/listings/${w.ids.dealListingId}/offer-record.csv` }), expected: onlyFor(SIGNED_IN_PAGES, 404), keyScope: 'records:read' },
  { operation: 'GET /api/listings/{id}/offer-record.pdf', attempt: "export the seller's listing's offer record as PDF", call: (w) => ({ url: `/api/listings/${w.ids.dealListingId}/offer-record.pdf` }), expected: onlyFor(SIGNED_IN_PAGES, 404), keyScope: 'records:read' },
  { operation: 'GET /api/offers/{id}/transaction-file', attempt: "download the buyer's offer's transaction file", call: (w) => ({ url: `/api/offers/${w.ids.activeOfferId}/transaction-file` }), expected: onlyFor(SIGNED_IN_PAGES, 404), keyScope: 'records:read' },
  { operation: 'GET /api/offers/{id}/calendar', attempt: "download the buyer's offer's deadlines", call: (w) => ({ url: `/api/offers/${w.ids.activeOfferId}/calendar` }), expected: onlyFor(SIGNED_IN_PAGES, 404), keyScope: 'records:read' },
  // A principal broker may read the timeline of his own agents' contracts (decision 067): this offer is no contract of his agents'.
  { operation: 'GET /api/offers/{id}/timeline', attempt: "read the buyer's offer's contract timeline", call: (w) => ({ url: `/api/offers/${w.ids.activeOfferId}/timeline` }), expected: onlyFor([...SIGNED_IN_PAGES, 'PRINCIPAL_BROKER'], 404), keyScope: 'records:read' },
  { operation: 'GET /api/broker/contracts', attempt: "list the brokerage's agents' contracts (none are the caller's)", call: () => ({ url: '/api/broker/contracts' }), expected: onlyFor(['PRINCIPAL_BROKER'], 200), keyScope: 'records:read' },
  // The brokerage's exports (decision 071): a principal broker's own; another's id answers 404 as one that does not exist.
  { operation: 'POST /api/brokerage/exports', attempt: "start an export of the caller's brokerage's files", call: () => ({ url: '/api/brokerage/exports', payload: {} }), expected: onlyFor(['PRINCIPAL_BROKER'], 202) },
  { operation: 'GET /api/brokerage/exports', attempt: "list the caller's brokerage's exports", call: () => ({ url: '/api/brokerage/exports' }), expected: onlyFor(['PRINCIPAL_BROKER'], 200), keyScope: 'records:read' },
  { operation: 'GET /api/brokerage/exports/{id}', attempt: "read an export that is not the caller's", call: () => ({ url: `/api/brokerage/exports/${randomUUID()}` }), expected: onlyFor(['PRINCIPAL_BROKER'], 404), keyScope: 'records:read' },
  { operation: 'GET /api/brokerage/exports/{id}/download', attempt: "download an export that is not the caller's", call: () => ({ url: `/api/brokerage/exports/${randomUUID()}/download` }), expected: onlyFor(['PRINCIPAL_BROKER'], 404), keyScope: 'records:read' },
  { operation: 'GET /api/offers/{id}/earnest-money', attempt: "the deal's earnest money", call: (w) => ({ url: `/api/offers/${w.ids.acceptedOfferId}/earnest-money` }), expected: onlyFor([...OFFER_SIDES, 'PRINCIPAL_BROKER'], 404), keyScope: 'records:read' },
  { operation: 'GET /api/offers/{id}/earnest-money/receipt', attempt: "download the deal's earnest money receipt", call: (w) => ({ url: `/api/offers/${w.ids.acceptedOfferId}/earnest-money/receipt` }), expected: onlyFor([...OFFER_SIDES, 'PRINCIPAL_BROKER'], 404), keyScope: 'records:read' },
  { operation: 'POST /api/offers/{id}/earnest-money/holder-link', attempt: "send the deal's earnest money holder a link to the caller's address", call: (w) => ({ url: `/api/offers/${w.ids.acceptedOfferId}/earnest-money/holder-link`, payload: { email: 'holder@example.test' } }), expected: onlyFor(OFFER_SIDES, 404) },
  { operation: 'POST /api/offers/{id}/earnest-money/request', attempt: "record a request to disburse the deal's earnest money", call: (w) => ({ url: `/api/offers/${w.ids.acceptedOfferId}/earnest-money/request`, payload: { requestedOn: '2026-01-05', requestedBy: 'Ana', payee: 'Ana' } }), expected: onlyFor(OFFER_SIDES, 404) },
  { operation: 'POST /api/offers/{id}/earnest-money/release', attempt: "record the release of the deal's earnest money", call: (w) => ({ url: `/api/offers/${w.ids.acceptedOfferId}/earnest-money/release`, payload: { kind: 'mutualRelease', releasedOn: '2026-01-05', payee: 'Ana', amount: 5_000 } }), expected: onlyFor(OFFER_SIDES, 404) },
  { operation: 'POST /api/earnest-money/holder/open', attempt: "open a holder's link with a guessed token", call: () => ({ url: '/api/earnest-money/holder/open', payload: { token: 'guessed-token' } }), expected: everyone(404) },
  { operation: 'POST /api/earnest-money/holder/attest', attempt: 'attest an earnest money receipt with a guessed token', call: () => ({ url: '/api/earnest-money/holder/attest', payload: { token: 'guessed-token', attestation: { amount: 5_000, receivedOn: '2026-01-05', method: 'wire' } } }), expected: everyone(404) },
  { operation: 'GET /api/broker/trust-log', attempt: "read the brokerage's trust log (none of the deals are the caller's)", call: () => ({ url: '/api/broker/trust-log' }), expected: onlyFor(['PRINCIPAL_BROKER'], 200), keyScope: 'records:read' },
  { operation: 'GET /api/broker/trust-log.csv', attempt: "export the brokerage's trust log as CSV", call: () => ({ url: '/api/broker/trust-log.csv' }), expected: onlyFor(['PRINCIPAL_BROKER'], 200), keyScope: 'records:read' },
  { operation: 'GET /api/broker/trust-log.pdf', attempt: "export the brokerage's trust log as PDF", call: () => ({ url: '/api/broker/trust-log.pdf' }), expected: onlyFor(['PRINCIPAL_BROKER'], 200), keyScope: 'records:read' },
  { operation: 'GET /api/offers/{id}/notices', attempt: "the deal's notices", call: (w) => ({ url: `/api/offers/${w.ids.acceptedOfferId}/notices` }), expected: onlyFor(OFFER_SIDES, 404), keyScope: 'records:read' },
  { operation: 'POST /api/offers/{id}/notices', attempt: 'send a notice that the earnest money of the deal was delivered', call: (w) => ({ url: `/api/offers/${w.ids.acceptedOfferId}/notices`, payload: { type: 'earnestMoneyDelivered', item: 'earnestMoney', amount: 5_000, deliveredOn: '2026-01-05', holder: 'Title company' } }), expected: onlyFor(OFFER_SIDES, 404) },
  { operation: 'GET /api/offers/{id}/amendments', attempt: "the deal's amendments", call: (w) => ({ url: `/api/offers/${w.ids.acceptedOfferId}/amendments` }), expected: onlyFor(SIGNED_IN_PAGES, 404), keyScope: 'records:read' },
  { operation: 'POST /api/offers/{id}/amendments', attempt: 'amend the closing date of the deal', call: (w) => ({ url: `/api/offers/${w.ids.acceptedOfferId}/amendments`, payload: { version: 1, changes: { closingDate: '2099-01-05' } } }), expected: onlyFor(SIGNED_IN_PAGES, 404) },
  { operation: 'POST /api/offers/{id}/repairs', attempt: 'propose repairs on the deal', call: (w) => ({ url: `/api/offers/${w.ids.acceptedOfferId}/repairs`, payload: { repairs: ['Replace the water heater'] } }), expected: onlyFor(SIGNED_IN_PAGES, 404) },
  { operation: 'POST /api/offers/{id}/repairs/{proposalId}/answer', attempt: 'decline a repair proposal on the deal', call: (w) => ({ url: `/api/offers/${w.ids.acceptedOfferId}/repairs/${randomUUID()}/answer`, payload: { answer: 'declined' } }), expected: onlyFor(SIGNED_IN_PAGES, 404) },
  // Issue #35, the brokerage's file (decision 068): the side's agent and whoever leads that agent; a stranger is not told the file exists.
  { operation: 'GET /api/offers/{offerId}/file/{side}', attempt: "read the listing side's brokerage file of the deal", call: (w) => ({ url: `/api/offers/${w.ids.acceptedOfferId}/file/listing` }), expected: signedIn(404), keyScope: 'records:read' },
  { operation: 'POST /api/offers/{offerId}/file/{side}/documents', attempt: "file a document in the listing side's brokerage file of the deal", call: (w, pdf) => ({ url: `/api/offers/${w.ids.acceptedOfferId}/file/listing/documents`, multipart: { field: 'file', filename: 'x.pdf', type: 'application/pdf', bytes: pdf } }), expected: signedIn(404) },
  { operation: 'GET /api/offers/{offerId}/file/{side}/documents/{documentId}', attempt: "download a document of the deal's brokerage file", call: (w) => ({ url: `/api/offers/${w.ids.acceptedOfferId}/file/listing/documents/${randomUUID()}` }), expected: signedIn(404), keyScope: 'records:read' },
  { operation: 'POST /api/offers/{offerId}/file/{side}/documents/{documentId}/review', attempt: "approve a document of the deal's brokerage file", call: (w) => ({ url: `/api/offers/${w.ids.acceptedOfferId}/file/listing/documents/${randomUUID()}/review`, payload: { decision: 'approve' } }), expected: signedIn(404) },
  { operation: 'POST /api/offers/{offerId}/file/{side}/close', attempt: "close the deal's brokerage file", call: (w) => ({ url: `/api/offers/${w.ids.acceptedOfferId}/file/listing/close` }), expected: signedIn(404) },
  { operation: 'GET /api/review', attempt: "the review queue of the caller's brokerage (no agents)", call: () => ({ url: '/api/review' }), expected: onlyFor(['PRINCIPAL_BROKER'], 200), keyScope: 'records:read' },
  { operation: 'GET /api/brokerage/file-rules', attempt: "the caller's brokerage's own required documents", call: () => ({ url: '/api/brokerage/file-rules' }), expected: onlyFor(['PRINCIPAL_BROKER'], 200) },
  { operation: 'POST /api/brokerage/file-rules', attempt: "add a required document to the caller's brokerage", call: () => ({ url: '/api/brokerage/file-rules', payload: { title: 'Wire fraud advisory' } }), expected: onlyFor(['PRINCIPAL_BROKER'], 201) },
  { operation: 'DELETE /api/brokerage/file-rules/{id}', attempt: 'remove a rule the caller does not have', call: () => ({ url: `/api/brokerage/file-rules/${randomUUID()}` }), expected: onlyFor(['PRINCIPAL_BROKER'], 404) },
  { operation: 'GET /api/me/calendar-feed', attempt: "the caller's own calendar subscription", call: () => ({ url: '/api/me/calendar-feed' }), expected: onlyFor(SIGNED_IN_PAGES, 200) },
  { operation: 'POST /api/me/calendar-feed', attempt: "a new calendar subscription URL for the caller", call: () => ({ url: '/api/me/calendar-feed' }), expected: onlyFor(SIGNED_IN_PAGES, 201) },
  { operation: 'DELETE /api/me/calendar-feed', attempt: "turn the caller's calendar subscription off", call: () => ({ url: '/api/me/calendar-feed' }), expected: onlyFor(SIGNED_IN_PAGES, 204) },
  { operation: 'GET /api/calendar/{file}', attempt: 'follow a calendar feed with a guessed token', call: () => ({ url: `/api/calendar/${'A'.repeat(43)}.ics` }), expected: everyone(404) },
  { operation: 'POST /api/verify', attempt: 'check a hash', call: () => ({ url: '/api/verify', payload: { sha256: '0'.repeat(64) } }), expected: everyone(200) },
  // Outside production only (it is not registered there): the development mailbox is public by design.
  { operation: 'GET /api/dev/mailbox', attempt: 'the development mailbox', call: () => ({ url: '/api/dev/mailbox?to=nobody@example.com' }), expected: everyone(200) },
]

let world: World
let document: OpenApiDocument
let pdf: Buffer
/** The buyer's chat with the seller about the published listing. */
let chatId: string
/** An API key of the seller's, which no stranger may revoke. */
let sellerKey: CreatedApiKey
/** A webhook endpoint of the seller's, which no stranger may see or change. */
let sellerHook: CreatedWebhook
/** The key callers' keys. */
const keys = {} as Record<KeyCaller, string>

async function makeKey(headers: { authorization: string }, scopes: ApiKeyScope[]): Promise<CreatedApiKey> {
  const response = await world.t.app.inject({ method: 'POST', url: '/api/me/api-keys', headers, payload: { name: 'Matrix key', scopes } })
  if (response.statusCode !== 201) throw new Error(`making a key answered ${response.statusCode}: ${response.body}`)
  return response.json<CreatedApiKey>()
}

beforeAll(async () => {
  // The sign-in and sign-up limits are tested elsewhere; here they would answer 429 before the access check.
  world = await buildWorld({ config: { signInLimit: { max: 100_000, timeWindow: '1 minute' }, accountLimit: { max: 100_000, timeWindowMs: 60_000 }, apiKeyLimit: { max: 100_000, timeWindowMs: 60_000 } } })
  document = world.t.app.swagger() as unknown as OpenApiDocument
  pdf = await pdfWithPages(1)
  const [chat] = await world.t.db
    .insert(chatConversation)
    .values({ kind: 'listing', listingId: world.ids.publishedListingId, staffUserId: world.seller.id, visitorUserId: world.buyer.id, visitorName: 'Ben Buyer', visitorEmail: world.buyer.email })
    .returning()
  chatId = chat!.id
  sellerKey = await makeKey(world.seller.headers, ['offers:read'])
  const hook = await world.t.app.inject({ method: 'POST', url: '/api/me/webhooks', headers: world.seller.headers, payload: { url: 'https://hooks.example.com/seller', events: ['offer.shared'] } })
  if (hook.statusCode !== 201) throw new Error(`making a webhook endpoint answered ${hook.statusCode}: ${hook.body}`)
  sellerHook = hook.json<CreatedWebhook>()
  for (const caller of KEY_CALLERS) keys[caller] = (await makeKey(world.strangers[KEY_OWNERS[caller].role].headers, KEY_OWNERS[caller].scopes)).secret
  const revoked = await world.t.db.select({ id: apiKey.id }).from(apiKey).where(eq(apiKey.keyHash, hashApiKey(keys['revoked key'])))
  const revokedAnswer = await world.t.app.inject({ method: 'DELETE', url: `/api/me/api-keys/${revoked[0]!.id}`, headers: world.strangers[KEY_OWNERS['revoked key'].role].headers })
  if (revokedAnswer.statusCode !== 204) throw new Error(`revoking a key answered ${revokedAnswer.statusCode}`)
  await world.t.db.insert(chatMessage).values({ conversationId: chatId, side: 'visitor', senderUserId: world.buyer.id, senderName: 'Ben Buyer', body: 'Is it still available?' })
}, 300_000)

afterAll(async () => {
  await world?.close()
})

/** Everything the two owners have, as stored: no call of a stranger may change any of it. */
async function ownersState(w: World) {
  const { db, ids } = { db: w.t.db, ids: w.ids }
  const owners = [w.seller.id, w.buyer.id]
  const listingIds = [ids.publishedListingId, ids.draftListingId, ids.dealListingId]
  const offerIds = [ids.draftOfferId, ids.activeOfferId, ids.acceptedOfferId]
  const packetIds = [ids.sentPacketId, ids.draftPacketId]
  return {
    users: await db.select().from(user).where(inArray(user.id, owners)),
    roles: await db.select().from(userRole).where(inArray(userRole.userId, owners)),
    sessions: (await db.select().from(session).where(inArray(session.userId, owners))).map((row) => ({ ...row, updatedAt: null })),
    listings: await db.select().from(listing).where(inArray(listing.id, listingIds)),
    media: await db.select().from(listingMedia).where(inArray(listingMedia.listingId, listingIds)),
    offers: await db.select().from(offer).where(inArray(offer.buyerId, owners)),
    attachments: await db.select().from(offerAttachment).where(inArray(offerAttachment.offerId, offerIds)),
    shareLinks: await db.select().from(offerShareLink).where(inArray(offerShareLink.offerId, offerIds)),
    notifications: await db.select().from(notification).where(inArray(notification.userId, owners)),
    imports: await db.select().from(listingImportJob).where(inArray(listingImportJob.userId, owners)),
    files: await db.select().from(storedFile).where(inArray(storedFile.ownerId, owners)),
    packets: await db.select().from(signingPacket).where(inArray(signingPacket.id, packetIds)),
    signers: await db.select().from(signingSigner).where(inArray(signingSigner.packetId, packetIds)),
    chats: await db.select().from(chatConversation).where(eq(chatConversation.id, chatId)),
    chatMessages: await db.select().from(chatMessage).where(eq(chatMessage.conversationId, chatId)),
    apiKeys: (await db.select().from(apiKey).where(inArray(apiKey.userId, owners))).map((row) => ({ ...row, lastUsedAt: null })),
    webhooks: await db.select().from(webhookEndpoint).where(inArray(webhookEndpoint.userId, owners)),
  }
}

async function freshToken(userId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url')
  await world.t.db.insert(session).values({ id: randomUUID(), token, userId, expiresAt: new Date(Date.now() + 3_600_000) })
  return token
}

async function send(row: Row, caller: Caller, method: string): Promise<LightMyRequestResponse> {
  const call = row.call(world, pdf, caller)
  const headers: Record<string, string> = { ...(call.headers ?? {}) }
  if ((KEY_CALLERS as readonly string[]).includes(caller)) Object.assign(headers, bearer(keys[caller as KeyCaller]))
  else if (caller !== 'anonymous') {
    const stranger = world.strangers[caller as Role]
    Object.assign(headers, row.throwawaySession ? bearer(await freshToken(stranger.id)) : stranger.headers)
  }
  if (call.multipart) {
    const form = await multipart([{ name: call.multipart.field, value: call.multipart.bytes, filename: call.multipart.filename, type: call.multipart.type }])
    return world.t.app.inject({ method: method as 'POST', url: call.url, headers: { ...headers, ...form.headers }, payload: form.payload })
  }
  if (call.stream) return streamStart(await world.t.app.inject({ method: method as 'GET', url: call.url, headers, payloadAsStream: true }))
  return world.t.app.inject({ method: method as 'POST', url: call.url, headers, ...(call.payload === undefined ? {} : { payload: call.payload as object }) })
}

/** An answer read as far as its first chunk (an open stream) or to its end (a refusal), then let go. */
async function streamStart(response: LightMyRequestResponse): Promise<LightMyRequestResponse> {
  const chunks: Buffer[] = []
  const stream = response.stream()
  for await (const chunk of stream) {
    chunks.push(Buffer.from(chunk as Uint8Array))
    if (response.statusCode === 200) break
  }
  stream.destroy()
  const body = Buffer.concat(chunks).toString()
  return { ...response, body, payload: body, json: () => JSON.parse(body) as unknown } as LightMyRequestResponse
}

/** The owners' ids and secrets that must never appear in an answer to a stranger. */
function ownersSecrets(w: World): string[] {
  return [w.ids.draftListingId, w.ids.draftOfferId, w.ids.activeOfferId, w.ids.acceptedOfferId, w.ids.attachmentId, w.ids.notificationId, w.ids.importJobId, w.ids.sentPacketId, w.ids.draftPacketId, w.ids.shareToken, w.ids.sellerSessionId, chatId, sellerKey.secret, sellerKey.key.id, sellerHook.secret, sellerHook.webhook.id, ...w.ids.signers.flatMap((signer) => [signer.token])]
}

describe('the authorization matrix', () => {
  it('has a row for every operation of the OpenAPI document, and no row for an operation it lacks', () => {
    const operations = operationsOf(document).map((operation) => operation.key)
    const covered = new Set(ROWS.map((row) => row.operation))
    expect(operations.filter((key) => !covered.has(key)), 'operations without a row').toEqual([])
    expect([...covered].filter((key) => !operations.includes(key)), 'rows of operations the document does not have').toEqual([])
  })

  it("gives every caller the table's status and no one another user's objects", async () => {
    const operations = new Set(operationsOf(document).map((operation) => operation.key))
    const mismatches: string[] = []
    let cells = 0
    const secrets = ownersSecrets(world)
    let before = JSON.stringify(await ownersState(world))
    for (const row of ROWS) {
      if (!operations.has(row.operation)) continue
      const method = row.operation.split(' ')[0]!
      for (const caller of ['anonymous', ...ROLES, ...KEY_CALLERS] as Caller[]) {
        const response = await send(row, caller, method)
        cells++
        const expected = expectedOf(row, caller)
        if (typeof expected === 'number' ? response.statusCode !== expected : !expected.includes(response.statusCode)) mismatches.push(`${row.operation} (${row.attempt}) as ${caller}: expected ${String(expected)}, got ${response.statusCode} ${response.body.slice(0, 200)}`)
        // A refusal is an ApiError that names a catalogue key and says its English text.
        const badBody = errorBodyProblem(response)
        if (badBody) mismatches.push(`${row.operation} (${row.attempt}) as ${caller}: ${badBody}`)
        // Public pages may show a published listing; nothing else of the owners' goes to a stranger.
        const leaked = secrets.filter((secret) => response.body.includes(secret))
        if (leaked.length > 0 && row.operation !== 'GET /api/dev/mailbox') mismatches.push(`${row.operation} (${row.attempt}) as ${caller}: the answer holds the owners' ${leaked.join(', ')}`)
      }
      // 'Sign out everywhere else' from a throwaway session ended the strangers' own: give them new ones.
      if (row.throwawaySession) for (const role of ROLES) world.strangers[role].headers = bearer(await freshToken(world.strangers[role].id))
      const after = JSON.stringify(await ownersState(world))
      if (after !== before) mismatches.push(`${row.operation} (${row.attempt}): the owners' objects changed`)
      before = after
    }
    console.log(`authorization matrix: ${cells} cells`)
    expect(mismatches, mismatches.join('\n')).toEqual([])
    expect(cells).toBe(ROWS.length * (ROLES.length + 1 + KEY_CALLERS.length))
  }, 300_000)

  it('documents the API key on exactly the operations the table gives a key scope, with that scope', () => {
    const documented = new Map<string, string>()
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, { security?: Record<string, unknown>[]; description?: string }>>)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!operation.security?.some((requirement) => 'apiKey' in requirement)) continue
        documented.set(`${method.toUpperCase()} ${path}`, /API key scope: ([a-z:]+)\./.exec(operation.description ?? '')?.[1] ?? '(none)')
      }
    }
    const table = new Map(ROWS.filter((row) => row.keyScope).map((row) => [row.operation, row.keyScope!]))
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(table))
  })

  it('still lets the owners reach their own objects after all of it', async () => {
    // The table's refusals are about who asks: the same calls by the owners succeed.
    const asSeller = (url: string) => world.t.app.inject({ method: 'GET', url, headers: world.seller.headers })
    const asBuyer = (url: string) => world.t.app.inject({ method: 'GET', url, headers: world.buyer.headers })
    expect((await asSeller(`/api/listings/${world.ids.draftListingId}`)).statusCode).toBe(200)
    expect((await asSeller(`/api/listing-import/jobs/${world.ids.importJobId}`)).statusCode).toBe(200)
    expect((await asBuyer(`/api/offers/${world.ids.draftOfferId}`)).statusCode).toBe(200)
    expect((await asBuyer(`/api/signing/packets/${world.ids.sentPacketId}`)).statusCode).toBe(200)
    expect((await asBuyer(`/api/chat/conversations/${chatId}/messages`)).statusCode).toBe(200)
    expect((await asSeller(`/api/chat/conversations/${chatId}/messages`)).statusCode).toBe(200)
    expect((await world.t.app.inject({ method: 'GET', url: `/api/offers/${world.ids.activeOfferId}?token=${world.ids.shareToken}` })).statusCode).toBe(200)
    const own = world.ids.signers[0]!
    expect((await world.t.app.inject({ method: 'GET', url: `/api/signing/signers/${own.signerId}`, headers: { 'x-signing-token': own.token } })).statusCode).toBe(200)
    const seller = await world.t.db.select().from(notification).where(eq(notification.id, world.ids.notificationId))
    expect(seller[0]?.readAt ?? null).toBeNull()
  })
})
