import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { ApiKeyScope } from '@offerbook/domain/api-keys'
import { isApiKeyToken } from '@offerbook/domain/api-keys'
import type { Role } from '@offerbook/domain/roles'
import { hasAnyRole } from '@offerbook/domain/roles'
import type { User } from '@offerbook/domain/user'
import { AppError } from '../app-error'
import type { CachedSession, SessionCache } from '../auth/session-cache'

/** Who may call a route. A route that declares nothing is treated as 'signed-in' (fails closed). */
export type RouteAccess = 'public' | 'signed-in' | readonly Role[]

/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
declare module 'fastify' {
  interface FastifyRequest {
    user: User | null
    /** The id (never the token) of the session the request was made with; null when anonymous. */
    sessionId: string | null
    /** The API key the request was made with (its id and scopes, never the key); null for a session or anonymous. */
    apiKey: { id: string; scopes: readonly ApiKeyScope[] } | null
  }
  interface FastifyContextConfig {
    access?: RouteAccess
    /**
     * The scope an API key needs to call the route (decision 078); a route without one refuses keys
     * with 403. app.ts fills it in from modules/api-keys/api-keys.scopes.ts unless the route says it.
     */
    keyScope?: ApiKeyScope
    /** 'key-only': only an API key is accepted (a session token is refused with 401); the route needs a keyScope too. */
    auth?: 'key-only'
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/**
 * What the plugin needs of better-auth (built in modules/session/session.auth.ts): the session of a
 * bearer token. Stated here so the plugin depends on no module.
 */
export type SessionReader = {
  api: {
    getSession: (context: { headers: Headers }) => Promise<{ session: { id: string; userId: string; expiresAt: Date; updatedAt: Date }; user: { id: string } } | null>
  }
}

/**
 * What the plugin needs of the api-keys module (modules/api-keys): a key's caller, and its rate limit.
 * Stated here so the plugin depends on no module.
 */
type KeyCaller = { keyId: string; scopes: readonly ApiKeyScope[]; user: User; expiresAt?: Date | null }

export type ApiKeyReader = {
  /** The owner (as loadUser gives them, now), scopes and expiry of a key; null when it is not valid. */
  verify: (token: string) => Promise<KeyCaller | null>
  /** Counts one request of the key; the seconds to wait when it is past its limit, else null. */
  wait: (keyId: string) => Promise<number | null>
}

export type AuthPluginOptions = {
  auth: SessionReader
  publicUrl: string
  /** The user with roles for a session's user id; app.ts passes the users module's lookup. */
  loadUser: (userId: string) => Promise<User | null>
  /**
   * Told of each signed-in request's session, to keep its "last seen" current; app.ts passes the
   * devices module's. Not awaited: a failed write is logged and the request goes on.
   */
  sessionSeen?: (session: { id: string; updatedAt: Date }) => Promise<void> | undefined
  /** Keeps checked sessions for a few seconds (auth/session-cache.ts); without it every request is looked up. */
  sessionCache?: SessionCache
  /** API keys (`Authorization: Bearer obk_...`); without it a key is read as a session token, and finds none. */
  apiKeys?: ApiKeyReader
}

export function requestHeaders(request: FastifyRequest): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  return headers
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (!header || header.slice(0, 7).toLowerCase() !== 'bearer ') return null
  const token = header.slice(7).trim()
  return token || null
}

async function authPlugin(app: FastifyInstance, { auth, loadUser, sessionSeen, sessionCache, apiKeys }: AuthPluginOptions): Promise<void> {
  app.decorateRequest('user', null)
  app.decorateRequest('sessionId', null)
  app.decorateRequest('apiKey', null)

  /** The session and user of a bearer token: kept, or looked up in full (and then kept). */
  const lookUp = async (token: string): Promise<CachedSession | null> => {
    const kept = sessionCache?.get(token)
    // A key's entry never stands for a session (keys go through lookUpKey; this is the case without a key reader).
    if (kept && !kept.key) return kept
    const readAt = sessionCache?.generation() ?? 0
    const session = await auth.api.getSession({ headers: new Headers({ authorization: `Bearer ${token}` }) })
    if (!session) return null
    const user = await loadUser(session.user.id)
    if (!user) return null
    const found: CachedSession = {
      session: { id: session.session.id, userId: session.session.userId, expiresAt: new Date(session.session.expiresAt).getTime(), updatedAt: new Date(session.session.updatedAt) },
      user,
    }
    sessionCache?.keep(token, readAt, found)
    return found
  }

  /** The owner and scopes of an API key: kept like a session (its owner announced when it is revoked), or verified in full. */
  const lookUpKey = async (keys: ApiKeyReader, token: string): Promise<KeyCaller | null> => {
    const kept = sessionCache?.get(token)
    if (kept?.key) return { keyId: kept.session.id, scopes: kept.key.scopes, user: kept.user }
    const readAt = sessionCache?.generation() ?? 0
    const caller = await keys.verify(token)
    if (!caller) return null
    const expiresAt = caller.expiresAt ? caller.expiresAt.getTime() : Number.MAX_SAFE_INTEGER
    sessionCache?.keep(token, readAt, { session: { id: caller.keyId, userId: caller.user.uid, expiresAt, updatedAt: new Date() }, user: caller.user, key: { scopes: caller.scopes } })
    return caller
  }

  app.addHook('onRequest', async (request, reply) => {
    // The not-found handler answers for unknown routes; it has no access of its own to check.
    if (request.is404) return
    const token = bearerToken(request)
    const { keyScope, auth: only } = request.routeOptions.config
    if (token && apiKeys && isApiKeyToken(token)) {
      // An API key (decision 078): valid, within its rate limit, on an operation keys may call, with the scope it needs.
      const caller = await lookUpKey(apiKeys, token)
      if (!caller) throw new AppError('UNAUTHORIZED', 'apiKey.invalid')
      request.apiKey = { id: caller.keyId, scopes: caller.scopes }
      const wait = await apiKeys.wait(caller.keyId)
      if (wait !== null) {
        void reply.header('retry-after', String(wait))
        throw new AppError('RATE_LIMITED', 'apiKey.tooManyRequests', { params: { seconds: wait } })
      }
      if (!keyScope) throw new AppError('FORBIDDEN', 'apiKey.notAccepted')
      if (!caller.scopes.includes(keyScope)) throw new AppError('FORBIDDEN', 'apiKey.scopeMissing', { params: { scope: keyScope } })
      request.user = caller.user
    } else if (only === 'key-only') {
      throw new AppError('UNAUTHORIZED', 'apiKey.required')
    } else if (token) {
      const found = await lookUp(token)
      if (found) {
        request.user = found.user
        request.sessionId = found.session.id
        const seen = sessionSeen?.(found.session)
        if (seen) {
          sessionCache?.touched(token, new Date())
          seen.catch((error: unknown) => request.log.warn({ err: error }, 'could not record session activity'))
        }
      }
    }
    const access = request.routeOptions.config.access ?? 'signed-in'
    if (access === 'public') return
    if (!request.user) throw new AppError('UNAUTHORIZED', 'request.signInRequired')
    if (access !== 'signed-in' && !hasAnyRole(request.user.roles, access)) throw new AppError('FORBIDDEN', 'request.forbidden')
  })
}

export default fp(authPlugin, { name: 'auth' })
