import { randomBytes, randomUUID } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CreatedApiKey } from '@offerbook/domain/api-keys'
import { API_KEY_SCOPES } from '@offerbook/domain/api-keys'
import type { Role } from '@offerbook/domain/roles'
import { ROLES } from '@offerbook/domain/roles'
import { makePng } from '../src/modules/files/files.test-helpers'
import { makeJpeg } from '../src/modules/listings/listings.test-helpers'
import { ADOPTED, pdfWithPages } from '../src/modules/signing/signing.test-helpers'
import { session } from '../src/db/schema/auth'
import { teamMember } from '../src/db/schema/listings'
import { teamInvitation } from '../src/db/schema/teams'
import { brokerageExport } from '../src/db/schema/brokerage-exports'
import { webhookDelivery } from '../src/db/schema/webhooks'
import { hashInvitationToken } from '../src/modules/teams/team-invitations.service'
import { KEY_SCOPES } from '../src/modules/api-keys/api-keys.scopes'
import type { CreatedUser } from './factories'
import { errorBodyProblem } from './error-body'
import { bearer, createUser } from './factories'
import type { Hints } from './fuzz/json-schema-arbitrary'
import { arbitraryOf } from './fuzz/json-schema-arbitrary'
import { applyMutation, CONTENT_TYPES, mutation, NASTY_NUMBERS, NASTY_STRINGS, nastyValue, RAW_JSON_BODIES } from './fuzz/malformed'
import type { Body, FileSample, OpenApiDocument, Operation } from './fuzz/operations'
import { encodeComponent, multipartArbitrary, multipartBody, operationsOf, queryString, RAW_QUERIES } from './fuzz/operations'
import type { World } from './world'
import { buildWorld, resoRecord } from './world'

/**
 * The fuzzer: every operation of the OpenAPI document gets FUZZ_RUNS generated requests (well-shaped
 * from its schemas, and malformed), from anonymous callers, bogus tokens, the owners of the seeded
 * objects and a stranger of every role. No answer may be a 5xx, and every 4xx is an ApiError whose
 * keys (its own and each field's) are catalogue keys and whose messages are their English texts.
 * FUZZ_SEED picks another reproducible run.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125)
/** Requests per operation; by default enough for MIN_REQUESTS over all of them. */
const RUNS_OVERRIDE = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : undefined
const MIN_REQUESTS = 10_000
/** FUZZ_ONLY=<text>: only the operations whose key ('PATCH /api/offers/{id}') contains it, to chase one finding. */
const ONLY = process.env.FUZZ_ONLY

/** Operations that end the caller's sessions: they get a throwaway user and a fresh session for each request. */
const SESSION_ENDING = new Set(['DELETE /api/session', 'POST /api/me/password', 'DELETE /api/sessions', 'DELETE /api/sessions/{id}'])
/** Operations that hash a password on most well-shaped requests (~0.1 s each): fewer requests, so the run stays short. */
const PASSWORD_HASHING = new Set(['POST /api/session', 'POST /api/me/password', 'POST /api/accounts', 'POST /api/recovery/reset'])
const PASSWORD_HASHING_RUNS = 15
/**
 * GET /api/events answers a signed-in caller with a stream that never ends, and inject waits for the
 * end: it is left out here and covered on real listening servers in src/modules/events/events-*.test.ts
 * (its refusals, bad Last-Event-ID included, are plain JSON ApiErrors like every other).
 */
const STREAMS = new Set(['GET /api/events'])
/** Operations that use up the seeded objects (delete, decide, void) run after all the others. */
const USES_UP = /\/(withdraw|decline|terminate|void|close|accept|acknowledge)$/

/** The routes a principal broker acts on: the brokerage's own, and the brokerage file of a transaction. */
const BROKERAGE_ROUTES = /^\/api\/(brokerage|broker|review)\b|\/file\//

/** The owners' API keys (decision 078), with every scope: each acts as its owner where keys are taken. */
type KeyLabel = 'owner seller key' | 'owner buyer key'
type CallerLabel = 'anonymous' | 'bogus token' | 'owner seller' | 'owner buyer' | KeyLabel | Role

type FuzzCase = {
  caller: CallerLabel
  bogus: string
  params: Record<string, string>
  query: string
  body: Body
  signerToken: string | undefined
}

type Sent = { options: InjectOptions; response: LightMyRequestResponse; serverError: string | null }

type Group = { count: number; example: string }

let world: World
let document: OpenApiDocument
let samples: FileSample[]
let lastError: Error | null = null
/** A team between two strangers (they own nothing the other operations use) and an open invitation, so the team routes are reached too. */
const teamToken = randomBytes(32).toString('base64url')
let teamInvitationId = ''
/** A document in the accepted deal's listing-side file, and a brokerage export, so the file's and the export's routes are reached too. */
let fileDocumentId = ''
let exportId = ''
let fileRuleId = ''
const throwaways = new Map<CallerLabel, CreatedUser>()
/** The owners' keys, and a revoked one (a bogus token). */
const ownerKeys = {} as Record<KeyLabel, string>
const keyIds: string[] = []
/** The owners' webhook endpoints, and a delivery of each (decision 079). */
const hookIds: string[] = []
const deliveryIds: string[] = []
let revokedKey = ''

beforeAll(async () => {
  world = await buildWorld({
    // The limits would answer 429 to most of the generated sign-ins; the fuzzer wants the code behind them.
    config: { signInLimit: { max: 1_000_000, timeWindow: '1 minute' }, accountLimit: { max: 1_000_000, timeWindowMs: 60_000 }, apiKeyLimit: { max: 1_000_000, timeWindowMs: 60_000 } },
    extend: (app) => {
      app.addHook('onError', async (_request, _reply, error) => {
        lastError = error
      })
    },
  })
  document = world.t.app.swagger() as unknown as OpenApiDocument
  samples = [
    { name: 'photo.png', bytes: makePng(3, 3, [10, 200, 30]), type: 'image/png' },
    { name: 'photo.jpg', bytes: makeJpeg(), type: 'image/jpeg' },
    { name: 'form.pdf', bytes: await pdfWithPages(1), type: 'application/pdf' },
    { name: 'listings.json', bytes: Buffer.from(JSON.stringify({ value: [resoRecord(7)] })), type: 'application/json' },
    { name: 'empty.bin', bytes: Buffer.alloc(0), type: 'application/octet-stream' },
  ]
  for (const label of ['owner seller', 'owner buyer', ...ROLES] as CallerLabel[]) {
    const role: Role = label === 'owner seller' ? 'SELLER_AGENT' : label === 'owner buyer' ? 'BUYER_SIMPLE' : (label as Role)
    throwaways.set(label, await createUser(world.t, { roles: [role], name: `Throwaway ${label}` }))
  }
  const { SELLER_AGENT: leader, BUYER_AGENT: member, SELLER_OWNER: invitee } = world.strangers
  await world.t.db.insert(teamMember).values([
    { leaderId: leader.id, memberId: member.id, access: 'all' },
    { leaderId: member.id, memberId: leader.id, access: 'all' },
  ])
  const [invitation] = await world.t.db
    .insert(teamInvitation)
    .values({ leaderId: leader.id, email: invitee.email.toLowerCase(), tokenHash: hashInvitationToken(teamToken), expiresAt: new Date(Date.now() + 86_400_000) })
    .returning()
  teamInvitationId = invitation!.id

  // The stranger principal broker leads the seller's brokerage: the deal's brokerage file has a document to review.
  const { t, seller, ids } = world
  const broker = world.strangers.PRINCIPAL_BROKER
  await t.db.insert(teamMember).values({ leaderId: broker.id, memberId: seller.id, access: 'all' })
  const text = (field: string, value: string) => ({ field, filename: null, type: 'text/plain', bytes: Buffer.from(value) })
  const form = multipartBody([text('slotKey', 'agencyDisclosure'), text('kind', 'agencyDisclosure'), { field: 'file', filename: 'agency.pdf', type: 'application/pdf', bytes: await pdfWithPages(1) }], false)
  if (form.kind !== 'bytes') throw new Error('no multipart body')
  const filed = await t.app.inject({ method: 'POST', url: `/api/offers/${ids.acceptedOfferId}/file/listing/documents`, payload: form.bytes, headers: { 'content-type': form.contentType, ...seller.headers } })
  if (filed.statusCode !== 201) throw new Error(`filing a document answered ${filed.statusCode}: ${filed.body}`)
  fileDocumentId = filed.json<{ id: string }>().id
  const exported = await t.app.inject({ method: 'POST', url: '/api/brokerage/exports', payload: {}, headers: broker.headers })
  if (exported.statusCode !== 202) throw new Error(`starting an export answered ${exported.statusCode}: ${exported.body}`)
  exportId = exported.json<{ id: string }>().id
  // Ended, so a generated request may start another.
  await t.db.update(brokerageExport).set({ state: 'failed' }).where(eq(brokerageExport.id, exportId))
  const rule = await t.app.inject({ method: 'POST', url: '/api/brokerage/file-rules', payload: { title: 'Wire fraud advisory' }, headers: broker.headers })
  if (rule.statusCode !== 201) throw new Error(`adding a file rule answered ${rule.statusCode}: ${rule.body}`)
  fileRuleId = rule.json<{ id: string }>().id

  const makeKey = async (headers: { authorization: string }) => {
    const made = await t.app.inject({ method: 'POST', url: '/api/me/api-keys', payload: { name: 'Fuzz', scopes: [...API_KEY_SCOPES] }, headers })
    if (made.statusCode !== 201) throw new Error(`making a key answered ${made.statusCode}: ${made.body}`)
    const created = made.json<CreatedApiKey>()
    keyIds.push(created.key.id)
    return created
  }
  ownerKeys['owner seller key'] = (await makeKey(seller.headers)).secret
  ownerKeys['owner buyer key'] = (await makeKey(world.buyer.headers)).secret
  const revoked = await makeKey(world.buyer.headers)
  await t.app.inject({ method: 'DELETE', url: `/api/me/api-keys/${revoked.key.id}`, headers: world.buyer.headers })
  revokedKey = revoked.secret
  for (const headers of [seller.headers, world.buyer.headers]) {
    const hook = await t.app.inject({ method: 'POST', url: '/api/me/webhooks', payload: { url: 'https://hooks.example.com/fuzz', events: ['offer.shared'] }, headers })
    if (hook.statusCode !== 201) throw new Error(`making a webhook endpoint answered ${hook.statusCode}: ${hook.body}`)
    const endpointId = hook.json<{ webhook: { id: string } }>().webhook.id
    hookIds.push(endpointId)
    const [delivery] = await t.db
      .insert(webhookDelivery)
      .values({ endpointId, type: 'offer.shared', body: '{}', resource: 'Offer', resourceKey: world.ids.activeOfferId, status: 'failed', retryUntil: new Date() })
      .returning({ id: webhookDelivery.id })
    deliveryIds.push(delivery!.id)
  }
}, 300_000)

afterAll(async () => {
  await world?.close()
})

function idPools(): { relevant: (path: string, name: string) => string[]; all: string[] } {
  const { ids } = world
  const listings = [ids.publishedListingId, ids.draftListingId, ids.dealListingId]
  const offers = [ids.draftOfferId, ids.activeOfferId, ids.acceptedOfferId]
  const packets = [ids.sentPacketId, ids.draftPacketId]
  const signers = ids.signers.map((signer) => signer.signerId)
  const all = [...listings, ...offers, ...packets, ...signers, ids.mediaId, ids.mediaFileId, ids.attachmentId, ids.notificationId, ids.importJobId, ids.photoFileId]
  // The admin pages act on users: the two owners (a change needs the updatedAt they have, which no
  // generated body carries, so they stay as they are).
  const users = [world.seller.id, world.buyer.id]
  return {
    all,
    relevant: (path, name) => {
      if (name === 'mediaId') return [ids.mediaId]
      if (name === 'attachmentId') return [ids.attachmentId]
      if (name === 'packetId') return packets
      if (name === 'signerId') return signers
      if (name === 'side') return ['listing', 'buyer']
      if (name === 'documentId') return [fileDocumentId]
      if (path.startsWith('/api/brokerage/exports/')) return [exportId]
      if (path.startsWith('/api/brokerage/file-rules/')) return [fileRuleId]
      if (path.startsWith('/api/listings/') || path.startsWith('/api/properties/')) return listings
      if (path.startsWith('/api/offers/')) return offers
      if (path.startsWith('/api/notifications/')) return [ids.notificationId]
      if (path.startsWith('/api/listing-import/jobs/')) return [ids.importJobId]
      if (path.startsWith('/api/files/')) return [ids.photoFileId, ids.mediaFileId]
      if (path.startsWith('/api/admin/users/') || path.startsWith('/api/admin/inactive-users/')) return users
      if (path.startsWith('/api/team/members/') || path.startsWith('/api/team/memberships/')) return [world.strangers.BUYER_AGENT.id]
      if (path.startsWith('/api/team/invitations/')) return [teamInvitationId]
      if (path.startsWith('/api/me/api-keys/')) return keyIds
      if (name === 'deliveryId') return deliveryIds
      if (path.startsWith('/api/me/webhooks/')) return hookIds
      return all
    },
  }
}

function paramArbitrary(relevant: string[], all: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...relevant), weight: 8 },
    { arbitrary: fc.constantFrom(...all), weight: 1 },
    { arbitrary: fc.uuid(), weight: 2 },
    { arbitrary: fc.constantFrom(...NASTY_STRINGS.filter((value) => value.length < 2000)), weight: 2 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
    { arbitrary: fc.constantFrom('x'.repeat(501), '1'.repeat(5000), `${relevant[0]}00`, relevant[0]!.toUpperCase()), weight: 1 },
  )
}

function realTokens(): string[] {
  return [world.ids.shareToken, ...world.ids.signers.map((signer) => signer.token)]
}

function tokenArbitrary(own: string | undefined): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { arbitrary: own === undefined ? fc.constant(undefined) : fc.constant(own), weight: 6 },
    { arbitrary: fc.constantFrom(...realTokens()), weight: 2 },
    { arbitrary: fc.constant(undefined), weight: 1 },
    { arbitrary: fc.string({ maxLength: 60 }), weight: 1 },
    { arbitrary: fc.constantFrom('', 'x'.repeat(5000), `${own ?? 'a'}x`), weight: 1 },
  )
}

function bodyHints(): Hints {
  const { ids, strangers, seller, buyer } = world
  return {
    listingId: fc.constantFrom(ids.publishedListingId, ids.draftListingId, ids.dealListingId),
    mediaIds: fc.constant([ids.mediaId]),
    attachmentIds: fc.constant([ids.attachmentId]),
    email: fc.constantFrom(seller.email, buyer.email, ...Object.values(strangers).map((actor) => actor.email)),
    // Rules the document cannot show (zod refinements): without these, few generated bodies would pass.
    lenderEmail: fc.constantFrom('', 'lender@example.com'),
    phone: fc.constantFrom('', '(615) 555-0100'),
    lenderPhone: fc.constantFrom('', '(615) 555-0101'),
    password: fc.constant(seller.password),
    currentPassword: fc.constant(seller.password),
    token: fc.constantFrom(teamToken, ...realTokens()),
    signature: fc.constant(ADOPTED.signature),
    initials: fc.constant(ADOPTED.initials),
  }
}

const RESO_QUERY_SAMPLES: Record<string, string[]> = {
  $filter: ["StandardStatus eq 'Active'", 'ModificationTimestamp gt 2020-01-01T00:00:00Z', "ModificationTimestamp le 2030-01-01T00:00:00Z and StandardStatus eq 'Pending'"],
  $select: ['ListingKey,ListPrice,StandardStatus', 'ListingKey,Media'],
}

function queryArbitrary(operation: Operation): fc.Arbitrary<string> {
  const model: Record<string, fc.Arbitrary<unknown>> = {}
  for (const parameter of operation.queryParams) {
    const generated = arbitraryOf(parameter.schema)
    // Real tokens, and the RESO export's own query language (decision 080), so some requests pass.
    const real = parameter.name === 'token' ? realTokens() : (RESO_QUERY_SAMPLES[parameter.name] ?? [])
    model[parameter.name] = real.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...real), weight: 3 }, { arbitrary: generated, weight: 1 }) : generated
  }
  const required = operation.queryParams.filter((parameter) => parameter.required).map((parameter) => parameter.name)
  const wellShaped = fc.record(model, { requiredKeys: required })
  const names = operation.queryParams.map((parameter) => parameter.name)
  const malformed = fc
    .record({
      values: wellShaped,
      key: names.length > 0 ? fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 8 })) : fc.string({ maxLength: 8 }),
      value: fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.constantFrom(...NASTY_NUMBERS).map(String), fc.string({ unit: 'binary', maxLength: 20 })),
      twice: fc.boolean(),
    })
    .map(({ values, key, value, twice }) => queryString({ ...values, [key]: twice ? [value, value] : value }))
  return fc.oneof({ arbitrary: wellShaped.map(queryString), weight: names.length > 0 ? 5 : 3 }, { arbitrary: malformed, weight: 3 }, { arbitrary: fc.constantFrom(...RAW_QUERIES), weight: 1 })
}

function bodyArbitrary(operation: Operation): fc.Arbitrary<Body> {
  if (operation.method === 'GET') return fc.oneof({ arbitrary: fc.constant<Body>({ kind: 'none' }), weight: 9 }, { arbitrary: nastyValue.map((value): Body => ({ kind: 'json', value, contentType: 'application/json' })), weight: 1 })
  const nastyFilenames = NASTY_STRINGS.filter((value) => value.length < 200)
  const upload = multipartArbitrary(samples, nastyFilenames)
  const raw = fc.record({ text: fc.constantFrom(...RAW_JSON_BODIES), contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8') }).map((value): Body => ({ kind: 'raw', ...value }))
  const wrongType = fc.record({ text: fc.oneof(fc.string({ maxLength: 50 }), fc.constant('a=1&b=2')), contentType: fc.constantFrom(...CONTENT_TYPES.filter((type) => !type.startsWith('application/json'))) }).map((value): Body => ({ kind: 'raw', ...value }))
  const invalidUtf8 = fc.constant<Body>({ kind: 'bytes', bytes: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0x22, 0x7d]), contentType: 'application/json' })
  const none = fc.constant<Body>({ kind: 'none' })
  if (!operation.bodySchema) {
    const json = nastyValue.map((value): Body => ({ kind: 'json', value, contentType: 'application/json' }))
    return fc.oneof(
      { arbitrary: none, weight: operation.multipart ? 1 : 5 },
      { arbitrary: upload, weight: operation.multipart ? 6 : 1 },
      { arbitrary: json, weight: 2 },
      { arbitrary: raw, weight: 1 },
      { arbitrary: wrongType, weight: 1 },
      { arbitrary: invalidUtf8, weight: 1 },
    )
  }
  const wellShaped = arbitraryOf(operation.bodySchema, 0, bodyHints())
  return fc.oneof(
    { arbitrary: wellShaped.map((value): Body => ({ kind: 'json', value, contentType: 'application/json' })), weight: 6 },
    { arbitrary: fc.tuple(wellShaped, mutation).map(([value, change]): Body => ({ kind: 'json', value: applyMutation(value, change), contentType: 'application/json' })), weight: 6 },
    { arbitrary: raw, weight: 1 },
    { arbitrary: fc.tuple(wellShaped, fc.constantFrom(...CONTENT_TYPES)).map(([value, contentType]): Body => ({ kind: 'raw', text: JSON.stringify(value) ?? '', contentType })), weight: 1 },
    { arbitrary: upload, weight: 1 },
    { arbitrary: invalidUtf8, weight: 1 },
    { arbitrary: none, weight: 1 },
  )
}

function caseArbitrary(operation: Operation): fc.Arbitrary<FuzzCase> {
  const pools = idPools()
  const params: Record<string, fc.Arbitrary<string>> = {}
  for (const name of operation.pathParams) params[name] = paramArbitrary(pools.relevant(operation.path, name), pools.all)
  // The brokerage's routes and its files have their principal broker (the seller's, seeded above) among their owners.
  const owners: CallerLabel[] = BROKERAGE_ROUTES.test(operation.path) ? ['owner seller', 'PRINCIPAL_BROKER'] : ['owner seller', 'owner buyer']
  const caller = fc.oneof(
    { arbitrary: fc.constantFrom<CallerLabel>(...owners), weight: 5 },
    // The owners' keys mostly where keys are taken; elsewhere they are refused at the door (403).
    { arbitrary: fc.constantFrom<CallerLabel>('owner seller key', 'owner buyer key'), weight: KEY_SCOPES[operation.key] ? 3 : 1 },
    { arbitrary: fc.constantFrom<CallerLabel>('anonymous', 'bogus token'), weight: 3 },
    { arbitrary: fc.constantFrom<CallerLabel>(...ROLES), weight: 3 },
  )
  const bogus = fc.constantFrom('Bearer nope', `Bearer ${'x'.repeat(3000)}`, 'Basic dXNlcjpwYXNz', 'Bearer', 'bearer   ', 'Bearer a.b.c', `Bearer ${world.ids.shareToken}`, `Bearer ${revokedKey}`, 'Bearer obk_', `Bearer obk_${'x'.repeat(43)}`)
  return fc.record({ caller, bogus, params: fc.record(params), query: queryArbitrary(operation), body: bodyArbitrary(operation) }).chain((generated) => {
    if (!operation.signerToken) return fc.constant<FuzzCase>({ ...generated, signerToken: undefined })
    const own = world.ids.signers.find((signer) => signer.signerId === generated.params.signerId)?.token
    return tokenArbitrary(own).map((signerToken): FuzzCase => ({ ...generated, signerToken }))
  })
}

function actorOf(label: CallerLabel): CreatedUser & { headers: { authorization: string } } {
  if (label === 'owner seller') return world.seller
  if (label === 'owner buyer') return world.buyer
  return world.strangers[label as Role]
}

async function headersOf(operation: Operation, fuzzCase: FuzzCase): Promise<Record<string, string>> {
  const headers: Record<string, string> = {}
  if (fuzzCase.signerToken !== undefined) headers['x-signing-token'] = fuzzCase.signerToken
  if (fuzzCase.caller === 'anonymous') return headers
  if (fuzzCase.caller === 'bogus token') return { ...headers, authorization: fuzzCase.bogus }
  if (fuzzCase.caller === 'owner seller key' || fuzzCase.caller === 'owner buyer key') return { ...headers, ...bearer(ownerKeys[fuzzCase.caller]) }
  if (!SESSION_ENDING.has(operation.key)) return { ...headers, ...actorOf(fuzzCase.caller).headers }
  const throwaway = throwaways.get(fuzzCase.caller)
  if (!throwaway) throw new Error(`no throwaway user for ${fuzzCase.caller}`)
  return { ...headers, ...bearer(await freshSession(throwaway.id)) }
}

/**
 * A new session of the user, stored as better-auth stores one: the bearer plugin takes its raw token
 * (it signs an unsigned one itself). A sign-in would hash the password, 0.1 s a request.
 */
async function freshSession(userId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url')
  await world.t.db.insert(session).values({ id: randomUUID(), token, userId, expiresAt: new Date(Date.now() + 3_600_000), userAgent: 'fuzz' })
  return token
}

function urlOf(operation: Operation, fuzzCase: FuzzCase): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeComponent(fuzzCase.params[name] ?? ''))
  return fuzzCase.query ? `${path}?${fuzzCase.query}` : path
}

async function send(operation: Operation, fuzzCase: FuzzCase): Promise<Sent> {
  const headers = await headersOf(operation, fuzzCase)
  const options: InjectOptions = { method: operation.method, url: urlOf(operation, fuzzCase), headers }
  const { body } = fuzzCase
  if (body.kind === 'json') {
    headers['content-type'] = body.contentType
    options.payload = JSON.stringify(body.value) ?? ''
  } else if (body.kind === 'raw') {
    headers['content-type'] = body.contentType
    options.payload = body.text
  } else if (body.kind === 'bytes') {
    headers['content-type'] = body.contentType
    options.payload = body.bytes
  }
  lastError = null
  const response = await world.t.app.inject(options)
  const serverError = response.statusCode >= 500 && lastError ? `${(lastError as Error).name}: ${(lastError as Error).message}\n${(lastError as Error).stack?.split('\n').slice(1, 4).join('\n') ?? ''}` : null
  // A password that was changed is the throwaway user's password from now on.
  if (operation.key === 'POST /api/me/password' && response.statusCode === 200 && body.kind === 'json') {
    const next = (body.value as { newPassword?: unknown }).newPassword
    const throwaway = throwaways.get(fuzzCase.caller)
    if (throwaway && typeof next === 'string') throwaway.password = next
  }
  return { options, response, serverError }
}

/** What is wrong with an answer, or null. */
function problemOf(response: LightMyRequestResponse): string | null {
  if (response.statusCode >= 500) return `answered ${response.statusCode}`
  return errorBodyProblem(response)
}

function clip(text: string, length = 600): string {
  return text.length > length ? `${text.slice(0, length)}... (${text.length} characters)` : text
}

function describeRequest(operation: Operation, fuzzCase: FuzzCase, sent: Sent): string {
  const { options } = sent
  const payload = options.payload === undefined ? '(no body)' : Buffer.isBuffer(options.payload) ? `<${options.payload.length} bytes> ${clip(options.payload.toString('latin1'), 300)}` : clip(String(options.payload))
  const headers = options.headers as Record<string, string>
  return [
    `operation: ${operation.key}`,
    `caller:    ${fuzzCase.caller}${headers['x-signing-token'] !== undefined ? `, x-signing-token ${clip(JSON.stringify(headers['x-signing-token']), 80)}` : ''}`,
    `request:   ${options.method} ${clip(typeof options.url === 'string' ? options.url : '', 400)}`,
    `           content-type ${headers['content-type'] ?? '(none)'}; body ${payload}`,
    `response:  ${sent.response.statusCode} ${clip(sent.response.body, 400)}`,
    ...(sent.serverError ? [`server:    ${sent.serverError}`] : []),
  ].join('\n')
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it('answers no generated request with a 5xx, and every 4xx with an ApiError', async () => {
    const operations = operationsOf(document).filter((operation) => !STREAMS.has(operation.key) && (!ONLY || operation.key.includes(ONLY)))
    // The ones that use up the seeded objects go last, so the others still find them.
    const ordered = [...operations.filter((operation) => operation.method !== 'DELETE' && !USES_UP.test(operation.path)), ...operations.filter((operation) => operation.method === 'DELETE' || USES_UP.test(operation.path))]
    const hashing = operations.filter((operation) => PASSWORD_HASHING.has(operation.key)).length
    const runs = RUNS_OVERRIDE ?? Math.ceil((MIN_REQUESTS - hashing * PASSWORD_HASHING_RUNS) / (operations.length - hashing))
    const counts = { requests: 0, '2xx': 0, '4xx': 0, '5xx': 0 }
    const groups = new Map<string, Group>()
    const reached = new Set<string>()
    const started = Date.now()
    const timings: string[] = []
    for (const [index, operation] of ordered.entries()) {
      const operationStarted = Date.now()
      // One seed per operation, so a new operation does not change what the others are sent.
      const cases = fc.sample(caseArbitrary(operation), { seed: SEED + index, numRuns: PASSWORD_HASHING.has(operation.key) ? Math.min(runs, PASSWORD_HASHING_RUNS) : runs })
      for (const fuzzCase of cases) {
        const sent = await send(operation, fuzzCase)
        const status = sent.response.statusCode
        counts.requests++
        if (status >= 200 && status < 300) {
          counts['2xx']++
          reached.add(operation.key)
        } else if (status >= 400 && status < 500) counts['4xx']++
        else if (status >= 500) counts['5xx']++
        const problem = problemOf(sent.response)
        if (!problem) continue
        const key = `${operation.key} | ${problem} | ${(sent.serverError?.split('\n')[0] ?? sent.response.body).slice(0, 100)}`
        const group = groups.get(key)
        if (group) group.count++
        else groups.set(key, { count: 1, example: `${problem}\n${describeRequest(operation, fuzzCase, sent)}` })
      }
      timings.push(`${Date.now() - operationStarted} ms ${operation.key}`)
    }
    console.log(`fuzz: ${counts.requests} requests, ${counts['2xx']} 2xx, ${counts['4xx']} 4xx, ${counts['5xx']} 5xx over ${operations.length} operations (seed ${SEED}, ${runs} per operation, ${((Date.now() - started) / 1000).toFixed(1)} s)`)
    const unreached = operations.filter((operation) => !reached.has(operation.key)).map((operation) => operation.key)
    if (unreached.length > 0) console.log(`fuzz: no 2xx for ${unreached.length} operations: ${unreached.join(', ')}`)

    const report = [...groups.values()].map((group, index) => `#${index + 1} (${group.count} requests like it): ${group.example}`).join('\n\n')
    // FUZZ_REPORT=<file> keeps the whole report and each operation's time, for reading outside the test output.
    if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, `${report}\n\n${timings.join('\n')}\n`)
    expect(groups.size, `${groups.size} kinds of bad answer (FUZZ_SEED=${SEED} FUZZ_RUNS=${runs} replays them):\n\n${report}`).toBe(0)
    if (RUNS_OVERRIDE === undefined && !ONLY) expect(counts.requests).toBeGreaterThanOrEqual(MIN_REQUESTS)
    // A fuzzer whose requests all bounce off the door tests nothing behind it.
    if (!ONLY) expect(reached.size, `operations never answered 2xx: ${unreached.join(', ')}`).toBeGreaterThanOrEqual(Math.ceil(operations.length / 2))
  }, 900_000)
})
