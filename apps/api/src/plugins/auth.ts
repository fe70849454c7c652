import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Role } from '@offerbook/domain/roles'
import { hasAnyRole } from '@offerbook/domain/roles'
import type { User } from '@offerbook/domain/user'
import { AppError, FORBIDDEN_MESSAGE, SIGN_IN_REQUIRED_MESSAGE } from '../app-error'
import type { Auth } from '../auth/auth'

/** Who may call a route. A route that declares nothing is treated as 'signed-in' (fails closed). */
export type RouteAccess = 'public' | 'signed-in' | readonly Role[]

/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
declare module 'fastify' {
  interface FastifyRequest {
    user: User | null
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

async function authPlugin(app: FastifyInstance, { auth, publicUrl, loadUser }: AuthPluginOptions): Promise<void> {
  app.decorateRequest('user', null)

  app.addHook('onRequest', async (request) => {
    // The not-found handler answers for unknown routes; it has no access of its own to check.
    if (request.is404) return
    const token = bearerToken(request)
    if (token) {
      const session = await auth.api.getSession({ headers: new Headers({ authorization: `Bearer ${token}` }) })
      request.user = session ? await loadUser(session.user.id) : null
    }
    const access = request.routeOptions.config.access ?? 'signed-in'
    if (access === 'public') return
    if (!request.user) throw new AppError('UNAUTHORIZED', SIGN_IN_REQUIRED_MESSAGE)
    if (access !== 'signed-in' && !hasAnyRole(request.user.roles, access)) throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE)
  })

  // better-auth's own endpoints (sign-up, password reset, ...) through its web-standard handler.
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (request, reply) => {
      const url = new URL(request.url, publicUrl)
      const hasBody = request.method !== 'GET' && request.body !== undefined && request.body !== null
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers: requestHeaders(request),
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      )
      reply.code(response.status)
      for (const [name, value] of response.headers) {
        if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value)
      }
      const cookies = response.headers.getSetCookie()
      if (cookies.length > 0) reply.header('set-cookie', cookies)
      return reply.send(response.body ? await response.text() : null)
    },
  })
}

export default fp(authPlugin, { name: 'auth' })
