import swagger from '@fastify/swagger'
import type { SwaggerTransform } from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance, FastifySchema } from 'fastify'
import fp from 'fastify-plugin'
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorSchema, MessageKeySchema } from '@offerbook/domain/api-error'
import { BrokerageExportSchema } from '@offerbook/domain/brokerage-export'
import { EarnestMoneyViewSchema } from '@offerbook/domain/earnest-money'
import { ManagedListingSchema } from '@offerbook/domain/listing-views'
import { OfferViewSchema } from '@offerbook/domain/offer'
import { CounterTermsSchema } from '@offerbook/domain/offer-negotiation'
import { OfferTermsSchema } from '@offerbook/domain/offer-terms'
import { PacketViewSchema } from '@offerbook/domain/signing'
import { FileDocumentViewSchema } from '@offerbook/domain/transaction-file-view'
import { UserSchema } from '@offerbook/domain/user'
import { ContractAmendmentsSchema } from '@offerbook/domain/contract-amendments'
import type { RouteAccess } from './auth'
import { nameRepeatedShapes } from './openapi-shapes'

const DOCS_PREFIX = '/api/docs'

/**
 * The schemas many operations answer with are written once, under components.schemas, and referred
 * to: inlined, the error body alone (on some 300 responses) and the offer made the document 740 kB,
 * which the docs page took seconds to render.
 */
const components = z.registry<{ id: string }>()
components.add(ApiErrorSchema, { id: 'ApiError' })
// The error's `key` is one of the message catalogue's keys, all listed once (decision 081).
components.add(MessageKeySchema, { id: 'MessageKey' })
components.add(OfferViewSchema, { id: 'Offer' })
// Every signing route answers with a packet: written once, the document stays under its size.
components.add(PacketViewSchema, { id: 'SigningPacket' })
components.add(ManagedListingSchema, { id: 'ManagedListing' })
// The terms an offer, a revision and a counter send: each is written once too.
components.add(OfferTermsSchema, { id: 'OfferTerms' })
components.add(CounterTermsSchema, { id: 'CounterTerms' })
components.add(FileDocumentViewSchema, { id: 'FileDocument' })
components.add(UserSchema, { id: 'User' })
components.add(ContractAmendmentsSchema, { id: 'ContractAmendments' })
// The brokerage's export: its start, state and list answer with it.
components.add(BrokerageExportSchema, { id: 'BrokerageExport' })
// A contract's earnest money: its read and its three changes answer with it.
components.add(EarnestMoneyViewSchema, { id: 'EarnestMoney' })
const jsonSchemaTransform = createJsonSchemaTransform({ schemaRegistry: components })
const jsonSchemaTransformObject = createJsonSchemaTransformObject({ schemaRegistry: components })

/** Last segments that name what a POST does to the resource before them: /offers/:id/share -> shareOffer. */
const ACTION_VERBS = new Set([
  'accept',
  'acknowledge',
  'close',
  'confirm',
  'consent',
  'decline',
  'dispute',
  'finish',
  'publish',
  'read',
  'record',
  'remind',
  'resend',
  'reset',
  'send',
  'share',
  'start',
  'terminate',
  'verify',
  'void',
  'withdraw',
])

const METHOD_VERBS: Record<string, string> = { GET: 'get', PUT: 'set', PATCH: 'update', DELETE: 'delete', POST: 'create' }

const isParam = (segment: string) => segment.startsWith(':') || segment.startsWith('{')
const isPlural = (word: string) => /s$/.test(word) && !/(ss|us|is)$/.test(word)
const singular = (word: string) => (/ies$/.test(word) ? `${word.slice(0, -3)}y` : isPlural(word) ? word.slice(0, -1) : word)
const pascal = (segment: string) =>
  segment
    .split(/[-_.]/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('')

/**
 * The operationId of a route without one of its own, from its method and URL (the /api prefix and the
 * parameters dropped; a collection followed by a parameter names one item):
 * GET /api/offers -> listOffers, GET /api/offers/:id -> getOffer, POST /api/offers -> createOffer,
 * PATCH -> updateX, PUT -> setX, DELETE -> deleteX, POST /api/offers/:id/share -> shareOffer,
 * POST /api/notifications/read-all -> readAllNotifications, GET /api/offers/mine -> listMyOffers,
 * anything under /api/me -> ...My... (PUT /api/me/language -> setMyLanguage).
 */
export function operationIdFor(method: string, url: string): string {
  const segments = url.split('?')[0]!.split('/').filter(Boolean)
  if (segments[0] === 'api') segments.shift()
  const endsWithParam = segments.length > 0 && isParam(segments.at(-1)!)
  const words: string[] = []
  segments.forEach((segment, index) => {
    if (isParam(segment)) return
    const next = segments[index + 1]
    words.push(next !== undefined && isParam(next) ? singular(segment) : segment)
  })

  const nouns = (list: string[]) => {
    const mine = list.at(-1) === 'mine'
    const rest = mine ? list.slice(0, -1) : list
    const parts = rest.map((word, index) => (word === 'me' ? (index === rest.length - 1 ? 'Me' : 'My') : pascal(word)))
    return mine ? `My${parts.join('')}` : parts.join('')
  }

  const last = words.at(-1)
  // A GET only reads, whatever its last segment says: GET /api/sso/verify -> getSsoVerify, POST -> verifySso.
  const isRead = method.toUpperCase() === 'GET'
  const [firstWord = '', ...remainder] = endsWithParam || isRead || last === undefined ? [] : last.split('-')
  if (ACTION_VERBS.has(firstWord)) {
    const objectWords = words.slice(0, -1)
    // One thing is acted on (/accounts/verify -> verifyAccount), unless the action says all of them.
    if (remainder.join('-') === 'all') return `${firstWord}All${nouns(objectWords)}`
    const object = objectWords.length > 0 ? [...objectWords.slice(0, -1), singular(objectWords.at(-1)!)] : []
    return `${firstWord}${nouns(object)}${pascal(remainder.join('-'))}`
  }

  const verb = METHOD_VERBS[method.toUpperCase()] ?? method.toLowerCase()
  if (verb === 'get' && !endsWithParam && last !== undefined && (isPlural(last) || last === 'mine')) return `list${nouns(words)}`
  // A POST to a collection creates one item of it.
  if (verb === 'create' && !endsWithParam && last !== undefined && isPlural(last)) return `create${nouns([...words.slice(0, -1), singular(last)])}`
  return `${verb}${nouns(words)}`
}

/** A bearer token is read on every route (plugins/auth.ts); a public route merely does not require one. */
type SecurityRequirement = Record<string, string[]>
const BEARER: SecurityRequirement[] = [{ bearer: [] }]
const BEARER_OPTIONAL: SecurityRequirement[] = [{}, { bearer: [] }]

export function securityFor(access: RouteAccess | undefined, keys: 'none' | 'also' | 'only' = 'none', given?: SecurityRequirement[]): SecurityRequirement[] {
  // An API key (decision 078) goes in the same header; a route that takes keys lists it beside the session's.
  if (keys === 'only') return [{ apiKey: [] }]
  const security = given ?? (access === 'public' ? BEARER_OPTIONAL : BEARER)
  return keys === 'also' ? [...security, { apiKey: [] }] : security
}

type RouteSchema = FastifySchema & { operationId?: string; security?: unknown; description?: string; hide?: boolean }

/**
 * Completes what a route does not say itself, from what the app enforces: the operationId, the
 * security (from config.access), the 401 of a route that needs a user and the 403 of one limited to
 * roles (the auth hook answers them before the handler runs), and the roles in the description.
 */
const transform: SwaggerTransform = (document) => {
  const route = document.route
  const given = (document.schema ?? {}) as RouteSchema
  if (given.hide) return jsonSchemaTransform(document)
  const access = route.config?.access
  const method = Array.isArray(route.method) ? route.method[0]! : route.method
  const schema: RouteSchema = {
    ...given,
    operationId: given.operationId ?? operationIdFor(method, document.url),
    security: securityFor(access, route.config?.auth === 'key-only' ? 'only' : route.config?.keyScope ? 'also' : 'none', given.security as SecurityRequirement[] | undefined),
  }
  if (route.config?.keyScope) {
    const scope = `API key scope: ${route.config.keyScope}.`
    schema.description = schema.description ? `${schema.description}\n\n${scope}` : scope
  }
  const response = { ...(given.response as Record<string, unknown> | undefined) }
  // A body or query string that fails its schema is answered 400 (plugins/error-handler.ts).
  if (given.body || given.querystring) response[400] ??= ApiErrorSchema
  if (access !== 'public') {
    response[401] ??= ApiErrorSchema
    if (Array.isArray(access)) {
      response[403] ??= ApiErrorSchema
      const roles = `Roles: ${access.join(', ')}.`
      schema.description = schema.description ? `${schema.description}\n\n${roles}` : roles
    }
  }
  if (Object.keys(response).length > 0) schema.response = response
  return jsonSchemaTransform({ ...document, schema })
}

type Operation = { operationId?: string }

/** Each named schema comes in an input and an output form; only the forms some operation refers to stay. */
function dropUnreferencedSchemas(document: { paths?: unknown; components?: { schemas?: Record<string, unknown> } }): void {
  const schemas = document.components?.schemas
  if (!schemas) return
  // Until none is dropped: a schema only a dropped one referred to goes too (MessageKeyInput, by ApiErrorInput).
  for (let dropped = true; dropped; ) {
    dropped = false
    const referenced = JSON.stringify(document.paths ?? {}) + JSON.stringify(schemas)
    for (const name of Object.keys(schemas)) {
      if (referenced.includes(`"#/components/schemas/${name}"`)) continue
      delete schemas[name]
      dropped = true
    }
  }
}
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

const ERROR_RESPONSE = JSON.stringify({ description: 'Default Response', content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } })

/**
 * Every refusal answers with the one error body, so each operation's error responses refer to one
 * response under components.responses: written out, they were a third of the document.
 */
function referErrorResponses(document: { paths?: unknown; components?: { responses?: Record<string, unknown> } }): void {
  const paths = (document.paths ?? {}) as Record<string, Record<string, { responses?: Record<string, unknown> }>>
  let referred = false
  for (const item of Object.values(paths)) {
    for (const method of HTTP_METHODS) {
      const responses = item[method]?.responses
      if (!responses) continue
      for (const [status, response] of Object.entries(responses)) {
        if (JSON.stringify(response) !== ERROR_RESPONSE) continue
        responses[status] = { $ref: '#/components/responses/ApiError' }
        referred = true
      }
    }
  }
  if (referred) document.components = { ...document.components, responses: { ...document.components?.responses, ApiError: { description: 'The ApiError body (statusCode, code, key, message, errors)', content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } } } }
}

/**
 * Two URLs can give the same name (DELETE /api/session and DELETE /api/sessions/:id are both
 * deleteSession); the one that ends with a parameter then says which: deleteSessionById.
 */
export function disambiguateOperationIds(paths: Record<string, Record<string, Operation>>): void {
  const byId = new Map<string, { path: string; operation: Operation }[]>()
  for (const [path, item] of Object.entries(paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method]
      if (!operation?.operationId) continue
      byId.set(operation.operationId, [...(byId.get(operation.operationId) ?? []), { path, operation }])
    }
  }
  for (const [id, uses] of byId) {
    if (uses.length < 2) continue
    for (const { path, operation } of uses) {
      const param = /\{([^}]+)\}$/.exec(path)?.[1]
      if (param) operation.operationId = `${id}By${pascal(param)}`
    }
  }
}

/**
 * The OpenAPI document is generated from the routes' zod schemas (app.swagger()). It and its UI are
 * served at /api/docs only when API_DOCS allows it: by default not in production.
 */
async function openapiPlugin(app: FastifyInstance, { publicUrl, serveDocs }: { publicUrl: string; serveDocs: boolean }): Promise<void> {
  // The docs are public; the routes swagger-ui registers cannot declare that themselves.
  app.addHook('onRoute', (route) => {
    if (route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`)) route.config = { ...route.config, access: 'public' }
  })

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Offerbook API',
        version: '0.0.0',
        description: 'The JSON API the Offerbook web app uses. Every failed call answers with the ApiError body (statusCode, code, message, errors).',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        contact: { name: 'Offerbook', url: publicUrl },
      },
      servers: [{ url: publicUrl, description: 'This server (PUBLIC_URL)' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'The token POST /api/session answers with' },
          // A signer's link token (decision 016): the header, or ?token= on the links that download.
          signingToken: { type: 'apiKey', in: 'header', name: 'x-signing-token', description: "The token of a signer's link" },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'obk_...',
            description:
              'An API key made on /profile (decision 078), sent as Authorization: Bearer obk_... It acts as its owner, within their roles, on the operations that name its scope (listings:read, offers:read, offers:write, records:read, webhooks); any other operation answers 403, a revoked or expired key 401, too many requests 429 with Retry-After.',
          },
        },
      },
    },
    transform,
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) return documentObject.swaggerObject
      const openapiObject = jsonSchemaTransformObject(documentObject) as typeof documentObject.openapiObject
      if (openapiObject.paths) disambiguateOperationIds(openapiObject.paths as Record<string, Record<string, Operation>>)
      dropUnreferencedSchemas(openapiObject)
      referErrorResponses(openapiObject)
      // Every other shape written out twice or more is named once (decision 081).
      nameRepeatedShapes(openapiObject)
      // Each tag an operation carries is listed at the top, as Spectral's operation-tag-defined asks (decision 081),
      // in the order the routes come (health, session, accounts, ...): the docs page shows its tags in this order,
      // and draws the operations as they scroll into view, so signing in comes first as it did.
      const tags = new Set<string>()
      for (const item of Object.values((openapiObject.paths ?? {}) as Record<string, Record<string, { tags?: string[] }>>)) {
        for (const method of HTTP_METHODS) for (const tag of item[method]?.tags ?? []) tags.add(tag)
      }
      openapiObject.tags = [...tags].map((name) => ({ name }))
      return openapiObject
    },
  })
  if (serveDocs) await app.register(swaggerUi, { routePrefix: DOCS_PREFIX })
}

export default fp(openapiPlugin, { name: 'openapi' })
