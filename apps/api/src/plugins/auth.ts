import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Role } from '@offerbook/domain/roles'
import { hasAnyRole } from '@offerbook/domain/roles'
import type { User } from '@offerbook/domain/user'
import { AppError } from '../app-error'
import type { Auth } from '../auth/auth'

/** Who may call a route. A route that declares nothing is treated as 'signed-in' (fails closed). */
export type RouteAccess = 'public' | 'signed-in' | readonly Role[]

/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
declare module 'fastify' {
  interface FastifyRequest {
    user: User | null
    /** The id (never the token) of the session the request was made with; null when anonymous. */
    sessionId: string | null
  }
  interface FastifyContextConfig {
    access?: RouteAccess
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

export type AuthPluginOptions = {
  auth: Auth
  publicUrl: string
  /** The user with roles for a session's user id; app.ts passes the users module's lookup. */
  loadUser: (userId: string) => Promise<User | null>
  /**
   * Told of each signed-in request's session, to keep its "last seen" current; app.ts passes the
   * devices module's. Not awaited: a failed write is logged and the request goes on.
   */
  sessionSeen?: (session: { id: string; updatedAt: Date }) => Promise<void> | undefined
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

async function authPlugin(app: FastifyInstance, { auth, loadUser, sessionSeen }: AuthPluginOptions): Promise<void> {
  app.decorateRequest('user', null)
  app.decorateRequest('sessionId', null)

  app.addHook('onRequest', async (request) => {
    // The not-found handler answers for unknown routes; it has no access of its own to check.
    if (request.is404) return
    const token = bearerToken(request)
    if (token) {
      const session = await auth.api.getSession({ headers: new Headers({ authorization: `Bearer ${token}` }) })
      request.user = session ? await loadUser(session.user.id) : null
      if (session && request.user) {
        request.sessionId = session.session.id
        sessionSeen?.(session.session)?.catch((error: unknown) => request.log.warn({ err: error }, 'could not record session activity'))
      }
    }
    const access = request.routeOptions.config.access ?? 'signed-in'
    if (access === 'public') return
    if (!request.user) throw new AppError('UNAUTHORIZED', 'request.signInRequired')
    if (access !== 'signed-in' && !hasAnyRole(request.user.roles, access)) throw new AppError('FORBIDDEN', 'request.forbidden')
  })
}

export default fp(authPlugin, { name: 'auth' })
