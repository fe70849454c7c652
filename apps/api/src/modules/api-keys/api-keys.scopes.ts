import type { ApiKeyScope } from '@offerbook/domain/api-keys'

/**
 * The operations an API key may call, each with the scope it needs (decision 078). Every other
 * operation refuses a key with 403 apiKey.notAccepted: the pages' own (sign-in, the session, the
 * profile, the keys themselves), the admin area, and the changes no integration needs yet. A route
 * may also say its scope itself (config.keyScope), which wins; a route only keys may call says
 * config.auth 'key-only' as well (plugins/auth.ts).
 *
 * Written as the OpenAPI document names the operations (GET /api/offers/{id}).
 */
export const KEY_SCOPES: Readonly<Record<string, ApiKeyScope>> = {
  // Listings: the public search, and one's own listings as the pages show them.
  'GET /api/properties': 'listings:read',
  'GET /api/properties/{id}': 'listings:read',
  'GET /api/listings/mine': 'listings:read',
  'GET /api/listings/{id}': 'listings:read',
  // Offers: one's own, and the offers on one's listings.
  'GET /api/offers/mine': 'offers:read',
  'GET /api/offers/{id}': 'offers:read',
  'GET /api/offers/{id}/agreement': 'offers:read',
  'GET /api/offers/{id}/attachments/{attachmentId}': 'offers:read',
  'GET /api/listings/{id}/offers': 'offers:read',
  'GET /api/listings/{id}/optimize': 'offers:read',
  'GET /api/listings/{id}/highest-and-best': 'offers:read',
  'POST /api/offers': 'offers:write',
  'PATCH /api/offers/{id}': 'offers:write',
  'DELETE /api/offers/{id}': 'offers:write',
  'POST /api/offers/{id}/share': 'offers:write',
  'POST /api/offers/{id}/revisions': 'offers:write',
  'POST /api/offers/{id}/withdraw': 'offers:write',
  'POST /api/offers/{id}/acknowledge': 'offers:write',
  'POST /api/offers/{id}/decline': 'offers:write',
  'POST /api/offers/{id}/accept': 'offers:write',
  'POST /api/offers/{id}/counter': 'offers:write',
  'POST /api/offers/{id}/counter/accept': 'offers:write',
  'POST /api/offers/{id}/counter/decline': 'offers:write',
  'POST /api/offers/{id}/attachments': 'offers:write',
  'DELETE /api/offers/{id}/attachments/{attachmentId}': 'offers:write',
  'POST /api/offers/{id}/forms': 'offers:write',
  'POST /api/listings/{id}/highest-and-best': 'offers:write',
  // Records: what a deal became (the offer record, the timeline, signing, notices, amendments, the
  // earnest money, the brokerage's file) and the brokerage's reads of them.
  'GET /api/listings/{id}/offer-record': 'records:read',
  'GET /api/listings/{id}/offer-record.csv': 'records:read',
  'GET /api/listings/{id}/offer-record.pdf': 'records:read',
  'GET /api/offers/{id}/transaction-file': 'records:read',
  'GET /api/offers/{id}/calendar': 'records:read',
  'GET /api/offers/{id}/timeline': 'records:read',
  'GET /api/offers/{id}/signing': 'records:read',
  'GET /api/signing/packets/{packetId}': 'records:read',
  'GET /api/signing/packets/{packetId}/original': 'records:read',
  'GET /api/signing/packets/{packetId}/signed': 'records:read',
  'GET /api/offers/{id}/notices': 'records:read',
  'GET /api/offers/{id}/amendments': 'records:read',
  'GET /api/offers/{id}/earnest-money': 'records:read',
  'GET /api/offers/{id}/earnest-money/receipt': 'records:read',
  'GET /api/offers/{offerId}/file/{side}': 'records:read',
  'GET /api/offers/{offerId}/file/{side}/documents/{documentId}': 'records:read',
  'GET /api/broker/contracts': 'records:read',
  'GET /api/broker/trust-log': 'records:read',
  'GET /api/broker/trust-log.csv': 'records:read',
  'GET /api/broker/trust-log.pdf': 'records:read',
  'GET /api/review': 'records:read',
  'GET /api/brokerage/exports': 'records:read',
  'GET /api/brokerage/exports/{id}': 'records:read',
  'GET /api/brokerage/exports/{id}/download': 'records:read',
}

/** The scope a route needs of a key, from its method and Fastify URL (/api/offers/:id); undefined: keys are refused. */
export function keyScopeOf(method: string, url: string): ApiKeyScope | undefined {
  const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase()
  return KEY_SCOPES[`${verb} ${url.replace(/:(\w+)/g, '{$1}')}`]
}
