import Fastify from 'fastify'
import type { FastifyHttp2SecureOptions, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Http2SecureServer } from 'node:http2'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Auth } from './modules/session/session.auth'
import { createAuth } from './modules/session/session.auth'
import { createSessionCache } from './auth/session-cache'
import { authRoutes } from './modules/session/auth-handler.routes'
import type { Config } from './config'
import type { Db } from './db/client'
import { kindOf, listenOf } from './db/client'
import { requestLogSerializer } from './http/log-redaction'
import { giveBackMemory } from './memory'
import { accountsRoutes } from './modules/accounts/accounts.routes'
import { adminUsersRoutes } from './modules/admin-users/admin-users.routes'
import { feedRoutes } from './modules/feed/feed.routes'
import { resoExportRoutes } from './modules/reso-export/reso-export.routes'
import { webhooksRoutes } from './modules/webhooks/webhooks.routes'
import { apiKeysRoutes, apiKeyWait, DEFAULT_API_KEY_LIMIT, keyScopeOf, verifyApiKey } from './modules/api-keys/api-keys.routes'
import { analyticsRoutes } from './modules/analytics/analytics.routes'
import { transactionFilesRoutes } from './modules/transaction-files/transaction-files.routes'
import { brokerRoutes } from './modules/broker/broker.routes'
import { brokerageExportRoutes } from './modules/brokerage-export/brokerage-export.routes'
import { identityRoutes } from './modules/identity/identity.routes'
import { inactiveUsersRoutes } from './modules/inactive-users/inactive-users.routes'
import { mlsReplicationRoutes } from './modules/mls-replication/mls-replication.routes'
import { jobsRoutes } from './modules/jobs/jobs.routes'
import { userImportRoutes } from './modules/user-import/user-import.routes'
import { chatRoutes } from './modules/chat/chat.routes'
import { resolveChatVisitor } from './modules/chat/chat-visitor'
import { contractsRoutes } from './modules/contracts/contracts.routes'
import { dashboardRoutes } from './modules/dashboard/dashboard.routes'
import { devicesRoutes, recordSessionSeen } from './modules/devices/devices.routes'
import type { EventHub } from './modules/events/events.hub'
import { createEventHub } from './modules/events/events.hub'
import { eventsRoutes } from './modules/events/events.routes'
import { filesRoutes } from './modules/files/files.routes'
import { listingImportRoutes } from './modules/listing-import/listing-import.routes'
import { listingsRoutes } from './modules/listings/listings.routes'
import type { ListingSearchEngine } from './modules/listings/listing-search.service'
import { createListingSearch } from './modules/listings/listing-search.service'
import { listingShareMeta } from './modules/listings/listings.service'
import { healthRoutes } from './modules/health/health.routes'
import { devMailboxRoutes } from './modules/messaging/messaging.routes'
import { notificationsRoutes } from './modules/notifications/notifications.routes'
import { offerDocumentsRoutes } from './modules/offer-documents/offer-documents.routes'
import { offerRecordRoutes } from './modules/offer-record/offer-record.routes'
import { offersRoutes } from './modules/offers/offers.routes'
import { keepOptimizeReads } from './modules/offers/optimize-reads'
import { negotiationRoutes } from './modules/offers/negotiation.routes'
import { profileRoutes } from './modules/profile/profile.routes'
import { sendRoutes } from './modules/send/send.routes'
import { sessionRoutes } from './modules/session/session.routes'
import { createSigningContext } from './modules/signing/signing-context'
import type { SigningContext } from './modules/signing/signing.service'
import { signingRoutes } from './modules/signing/signing.routes'
import { amendmentRoutes } from './modules/contract-amendments/amendments.routes'
import { noticeRoutes } from './modules/contract-notices/notices.routes'
import { earnestMoneyRoutes } from './modules/earnest-money/earnest-money.routes'
import { sealingAdminRoutes } from './modules/signing/sealing-admin.routes'
import { teamsRoutes } from './modules/teams/teams.routes'
import { ssoRoutes } from './modules/sso/sso.routes'
import { usersRoutes } from './modules/users/users.routes'
import { getUser } from './modules/users/users.service'
import authPlugin from './plugins/auth'
import compression from './plugins/compression'
import errorHandler, { errorBody } from './plugins/error-handler'
import openapi from './plugins/openapi'
import publicCache from './plugins/public-cache'
import security from './plugins/security'
import staticSpa from './plugins/static-spa'
import type { FileStorage } from './storage/storage'
import { createFileStorage } from './storage/create-file-storage'
import type { AccountLimit, AddressLimits } from './plugins/rate-limit-store'
import { DEFAULT_ACCOUNT_LIMIT, DEFAULT_ADDRESS_LIMITS } from './plugins/rate-limit-store'

export type AppConfig = Omit<Config, 'authSecret'> & {
  authSecret: string
  /** Sign-in attempts per IP and e-mail; tests lower it to see the limit. */
  signInLimit?: { max: number; timeWindow: string }
  /** Tries one account may take from any number of addresses; tests lower it. */
  accountLimit?: AccountLimit
  /** Requests one address may make across accounts (sign-in, sign-up, codes, /api/verify); tests lower them. */
  addressLimits?: Partial<AddressLimits>
  /** Requests one API key may make in a window; tests lower or raise it. */
  apiKeyLimit?: AccountLimit
}

export type BuildAppOptions = {
  config: AppConfig
  db: Db
  auth?: Auth
  logger?: boolean
  /** Where the log goes instead of stdout; tests read it. */
  logStream?: NodeJS.WritableStream
  storage?: FileStorage
  /** The signing module's context; server.ts passes the one its signing jobs use, so a finished packet nudges them. */
  signing?: SigningContext
  /** The process's live event hub (server.ts starts it); without one, the app makes and closes its own. */
  hub?: EventHub
  /** The process's public search index; without one, the app makes, loads and closes its own. */
  listingSearch?: ListingSearchEngine
  /** The database for reads that may lag (DATABASE_READ_URL): the search index's load. */
  readDb?: Db
  /** 'background': the app answers before the search index is loaded (SQL answers meanwhile); tests await it. */
  searchIndexLoad?: 'await' | 'background'
  /** The certificate and key (PEM) when the process serves HTTPS itself (config.tls, read by server.ts). */
  tls?: { cert: string | Buffer; key: string | Buffer }
}

/**
 * Every client of the test runs (the API tests, the e2e server with NODE_ENV=test) is 127.0.0.1: the
 * address limits are a hundred times higher there, and a test that checks them sets its own.
 */
const TEST_ADDRESS_LIMITS = Object.fromEntries(Object.entries(DEFAULT_ADDRESS_LIMITS).map(([name, limit]) => [name, { ...limit, max: limit.max * 100 }])) as AddressLimits

/** How long a checked session is kept in memory (auth/session-cache.ts); every change to it drops it at once. */
export const DEFAULT_SESSION_CACHE_SECONDS = 15

export async function buildApp({
  config,
  db,
  auth: givenAuth,
  logger = true,
  logStream,
  storage = createFileStorage(config.storage),
  signing,
  hub: givenHub,
  listingSearch,
  readDb,
  searchIndexLoad = 'await',
  tls,
}: BuildAppOptions): Promise<FastifyInstance> {
  const auth =
    givenAuth ?? createAuth({ db, secret: config.authSecret, publicUrl: config.publicUrl, production: config.nodeEnv === 'production', oidc: config.oidc })

  const options = {
    // Codes, states and tokens in query strings (the provider's callback) never reach the log.
    logger: logger ? { level: config.logLevel, serializers: { req: requestLogSerializer }, ...(logStream ? { stream: logStream } : {}) } : false,
    bodyLimit: 1024 * 1024,
    // Only the proxies TRUST_PROXY names may set the client address through X-Forwarded-For (rate limits key on it).
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 500 },
    // A URL the router cannot read (bad percent-encoding, a parameter past maxParamLength) is refused
    // before any route's error handler applies: answered here as the ApiError every other refusal is.
    frameworkErrors: (_error: Error, _request: FastifyRequest, reply: FastifyReply) =>
      reply.code(400).type('application/json; charset=utf-8').send(errorBody(400, 'BAD_REQUEST', 'request.badUrl')),
  }
  // With a certificate the process speaks HTTPS itself: HTTP/2 to browsers (one connection for a page's
  // many files), HTTP/1.1 to clients that do not offer it (decision 096). The handlers see the same
  // request and reply either way.
  // The routes are typed for Node's HTTP/1 request and reply; an HTTP/2 stream reaches them as Node's
  // compatibility request and response, which carry the members they use (the tests run both).
  const app = (
    tls ? Fastify({ ...options, http2: true, https: { allowHTTP1: true, cert: tls.cert, key: tls.key } } as unknown as FastifyHttp2SecureOptions<Http2SecureServer>) : Fastify(options)
  ) as unknown as FastifyInstance
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  // The API speaks JSON only; a text body is answered 415 instead of reaching a validator as a string.
  app.removeContentTypeParser('text/plain')

  await app.register(errorHandler)
  await app.register(publicCache)
  await app.register(security, { production: config.nodeEnv === 'production' })
  await app.register(compression)
  // Before any route (and before the OpenAPI plugin reads them): the scope an API key needs on each route that takes keys.
  app.addHook('onRoute', (route) => {
    if (route.config?.keyScope) return
    const method = Array.isArray(route.method) ? route.method[0]! : route.method
    const keyScope = keyScopeOf(method, route.url)
    if (keyScope) route.config = { ...route.config, keyScope }
  })
  await app.register(openapi, { publicUrl: config.publicUrl, serveDocs: config.apiDocs })
  const sessionCache = createSessionCache({ lifeMs: (config.sessionCacheSeconds ?? DEFAULT_SESSION_CACHE_SECONDS) * 1000, db })
  await sessionCache.start()
  app.addHook('onClose', async () => sessionCache.stop())
  await app.register(authPlugin, {
    auth,
    publicUrl: config.publicUrl,
    loadUser: (userId) => getUser(db, userId),
    sessionSeen: (session) => recordSessionSeen(db, session),
    sessionCache,
    apiKeys: {
      verify: (token) => verifyApiKey(db, token, { loadUser: (userId) => getUser(db, userId) }),
      wait: (keyId) => apiKeyWait(db, keyId, config.apiKeyLimit ?? DEFAULT_API_KEY_LIMIT),
    },
  })
  // Keyed on the address alone (one office behind NAT shares it), so above the per-e-mail sign-in limit.
  await app.register(authRoutes, { db, auth, oidc: config.oidc, publicUrl: config.publicUrl, limit: config.signInLimit ?? { max: 30, timeWindow: '1 minute' } })

  const addressLimits: AddressLimits = { ...(config.nodeEnv === 'test' ? TEST_ADDRESS_LIMITS : DEFAULT_ADDRESS_LIMITS), ...config.addressLimits }
  await app.register(healthRoutes, { db })
  await app.register(sessionRoutes, { db, auth, signInLimit: config.signInLimit ?? { max: 10, timeWindow: '1 minute' }, accountLimit: config.accountLimit ?? DEFAULT_ACCOUNT_LIMIT, addressLimits })
  await app.register(devicesRoutes, { db })
  await app.register(ssoRoutes, { db, auth, oidc: config.oidc, publicUrl: config.publicUrl, production: config.nodeEnv === 'production', accountLimit: config.accountLimit ?? DEFAULT_ACCOUNT_LIMIT, limit: config.signInLimit ?? { max: 30, timeWindow: '1 minute' } })
  await app.register(accountsRoutes, { db, auth, limit: config.signInLimit ?? { max: 10, timeWindow: '1 minute' }, accountLimit: config.accountLimit ?? DEFAULT_ACCOUNT_LIMIT, addressLimits })
  await app.register(usersRoutes, { db })
  const adminDeps = { db, auth, config, storage }
  await app.register(adminUsersRoutes, adminDeps)
  await app.register(inactiveUsersRoutes, adminDeps)
  await app.register(identityRoutes, adminDeps)
  await app.register(userImportRoutes, adminDeps)
  await app.register(mlsReplicationRoutes, adminDeps)
  await app.register(jobsRoutes, adminDeps)
  await app.register(profileRoutes, { db, auth, storage, publicUrl: config.publicUrl })
  await app.register(apiKeysRoutes, { db })
  await app.register(feedRoutes, { db })
  await app.register(resoExportRoutes, { db, publicUrl: config.publicUrl })
  await app.register(webhooksRoutes, { db, ctx: { serverSecret: config.authSecret, allowPrivateByDefault: config.webhooksAllowPrivate ?? false } })
  await app.register(filesRoutes, { db, storage })
  let search = listingSearch
  if (!search) {
    const deferLoad = searchIndexLoad === 'background'
    // The server (loading in the background) gives the load's garbage back; tests skip the pause.
    const ownSearch = createListingSearch({ db, readDb, listen: listenOf(db), log: app.log, afterFullLoad: deferLoad ? giveBackMemory : undefined })
    await ownSearch.start({ deferLoad })
    // In the background once the server listens: the first answers do not wait behind the load.
    if (deferLoad) app.addHook('onListen', () => ownSearch.load())
    app.addHook('onClose', async () => ownSearch.stop())
    search = ownSearch
  }
  await app.register(listingsRoutes, { db, storage, publicUrl: config.publicUrl, search })
  await app.register(listingImportRoutes, { db, storage, mlsGrid: config.mlsGrid })
  await app.register(contractsRoutes)
  await app.register(offerDocumentsRoutes, { db, storage })
  const listen = listenOf(db)
  if (listen && kindOf(db) === 'pglite') {
    const stopKeeping = await keepOptimizeReads(db, listen)
    app.addHook('onClose', async () => stopKeeping())
  }
  await app.register(offersRoutes, { db, storage, publicUrl: config.publicUrl })
  await app.register(negotiationRoutes, { db, storage, publicUrl: config.publicUrl })
  await app.register(offerRecordRoutes, { db, storage, publicUrl: config.publicUrl })
  await app.register(notificationsRoutes, { db })
  await app.register(teamsRoutes, { db, publicUrl: config.publicUrl })
  await app.register(analyticsRoutes, { db })
  await app.register(brokerRoutes, { db })
  await app.register(transactionFilesRoutes, { db, storage, publicUrl: config.publicUrl })
  await app.register(brokerageExportRoutes, { db, storage })
  await app.register(earnestMoneyRoutes, { db, storage, publicUrl: config.publicUrl })
  await app.register(dashboardRoutes, { db })
  await app.register(sendRoutes, { db, publicUrl: config.publicUrl, authSecret: config.authSecret, sms: config.sms })
  let hub = givenHub
  if (!hub) {
    const ownHub = createEventHub({ db, listen: listenOf(db), log: app.log })
    await ownHub.start()
    app.addHook('onClose', async () => ownHub.stop())
    hub = ownHub
  }
  await app.register(chatRoutes, { db, authSecret: config.authSecret })
  await app.register(eventsRoutes, { db, hub, resolveVisitor: (header) => resolveChatVisitor(db, config.authSecret, header) })
  const signingContext = signing ?? createSigningContext({ publicUrl: config.publicUrl, storage, dataDir: config.dataDir, signingCert: config.signingCert, tsaUrls: config.signingTsaUrls, db })
  await app.register(signingRoutes, { db, addressLimits, ctx: signingContext })
  await app.register(noticeRoutes, { db, ctx: signingContext })
  await app.register(sealingAdminRoutes, { db, ctx: signingContext })
  await app.register(amendmentRoutes, { db, ctx: signingContext })

  // Outside production only; before the SPA, whose catch-all GET /* would otherwise answer /dev/mailbox.
  if (config.nodeEnv !== 'production') await app.register(devMailboxRoutes, { db })

  await app.register(staticSpa, { webDist: config.webDist, renderMeta: (path) => listingShareMeta(db, { publicUrl: config.publicUrl, path }) })
  return app
}
