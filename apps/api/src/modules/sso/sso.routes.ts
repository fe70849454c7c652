import rateLimit from '@fastify/rate-limit'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { OneTimeCodeSchema, SessionSchema } from '@offerbook/domain/session'
import { AppError } from '../../app-error'
import type { Auth } from '../session/session.auth'
import type { OidcConfig } from '../../config'
import type { Db } from '../../db/client'
import type { AccountLimit } from '../../plugins/rate-limit-store'
import { postgresRateLimitStore } from '../../plugins/rate-limit-store'
import {
  exchangeSessionCookie,
  getPendingSso,
  readSessionCookie,
  ssoEndSessionUrl,
  ssoErrorUrl,
  ssoStatus,
  startSingleSignOn,
  verifySsoEmail,
} from './sso.service'
import { errors } from '../../http/api-errors'
import { routeOptions } from '../../http/route-options'

export const SsoStatusSchema = z.object({ enabled: z.boolean(), name: z.string().nullable() })
const StartSsoQuerySchema = z.object({ redirect: z.string().max(2048).optional() })
const PendingSsoQuerySchema = z.object({ pending: z.string().min(1).max(100) })
export const PendingSsoSchema = z.object({ email: z.string(), expiresAt: z.string() })
export const VerifySsoSchema = z.object({
  pending: z.string().min(1).max(100),
  code: OneTimeCodeSchema,
})
export const SsoEndSessionSchema = z.object({ url: z.string().nullable() })

export type SsoRoutesOptions = { db: Db; auth: Auth; oidc: OidcConfig; publicUrl: string; production: boolean; accountLimit: AccountLimit; limit: { max: number; timeWindow: string } }

/** What better-auth records on a session: who asked, from where. */
function clientHeaders(request: FastifyRequest): Headers {
  const headers = new Headers({ 'x-forwarded-for': request.ip })
  const userAgent = request.headers['user-agent']
  if (userAgent) headers.set('user-agent', userAgent)
  return headers
}

/** Single sign-on through an OpenID Connect provider (docs/decisions/008-single-sign-on.md). */
export const ssoRoutes: FastifyPluginAsyncZod<SsoRoutesOptions> = async (app, { db, auth, oidc, publicUrl, production, accountLimit, limit }) => {
  app.get(
    '/api/sso',
    routeOptions('public', 'session', 'Whether single sign-on is offered, and the name on its button', { response: { 200: SsoStatusSchema } }),
    async () => ssoStatus(oidc),
  )

  app.get(
    '/api/sso/end-session',
    routeOptions('signed-in', 'session', "The provider's sign-out page for a session that began there (null otherwise); ask before DELETE /api/session", {
      response: { 200: SsoEndSessionSchema, ...errors(401) },
    }),
    async (request) => {
      const token = (request.headers.authorization ?? '').slice(7).trim()
      // Without single sign-on no session began at a provider; the route answers anyway, so sign-out asks it without an error.
      if (!oidc) return { url: null }
      return { url: await ssoEndSessionUrl(db, auth, { token, publicUrl }) }
    },
  )

  if (!oidc) return
  const publicOrigin = new URL(publicUrl).origin
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(db),
    skipOnError: true,
    errorResponseBuilder: () => new AppError('RATE_LIMITED', 'common.tooManyRequests'),
  })
  // The pending sign-in's own tries and the account limit bound the guessing; this bounds one address.
  const perAddress = { rateLimit: { ...limit, keyGenerator: (request: FastifyRequest) => request.ip } }

  app.get(
    '/api/sso/start',
    routeOptions('public', 'session', 'Start single sign-on: redirects to the provider; back on the app root with ?sso=1 (and &redirect=)', {
      querystring: StartSsoQuerySchema,
    }),
    async (request, reply) => {
      let start
      try {
        start = await startSingleSignOn(auth, { publicUrl, redirect: request.query.redirect })
      } catch (error) {
        // The browser navigated here, so it gets the sign-in page with a message rather than JSON.
        request.log.error({ err: error }, 'single sign-on could not start')
        return reply.redirect(`${ssoErrorUrl(publicUrl)}&error=unavailable`, 302)
      }
      if (start.setCookies.length > 0) reply.header('set-cookie', start.setCookies)
      return reply.redirect(start.authorizeUrl, 302)
    },
  )

  app.post(
    '/api/sso/session',
    routeOptions('public', 'session', "Exchange the session cookie set by the provider's callback for a bearer token; the cookie is cleared", {
      response: { 200: SessionSchema, ...errors(401, 403, 429) },
    }),
    async (request, reply) => {
      // The cookie is SameSite=Lax already; a foreign Origin is refused as well, in case a browser sends it.
      const origin = request.headers.origin
      if (origin !== undefined && origin !== publicOrigin) throw new AppError('FORBIDDEN', 'request.forbidden')
      const cookie = await readSessionCookie(auth, request.headers.cookie)
      if (cookie.value) reply.header('set-cookie', `${cookie.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${production ? '; Secure' : ''}`)
      return exchangeSessionCookie(db, auth, { cookieValue: cookie.value, cookieName: cookie.name, accountLimit, log: request.log })
    },
  )

  app.get(
    '/api/sso/verify',
    routeOptions('public', 'session', 'A single sign-on waiting for its e-mail code: the address it went to (masked) and when it expires', {
      querystring: PendingSsoQuerySchema,
      response: { 200: PendingSsoSchema, ...errors(400, 404, 429) },
    }, perAddress),
    async (request) => getPendingSso(db, request.query.pending),
  )

  app.post(
    '/api/sso/verify',
    routeOptions('public', 'session', "Prove the provider's unverified e-mail with the e-mailed code: creates or links the account and signs in", {
      body: VerifySsoSchema,
      response: { 200: SessionSchema, ...errors(400, 404, 409, 429) },
    }, perAddress),
    async (request) => verifySsoEmail(db, auth, { pendingId: request.body.pending, code: request.body.code, headers: clientHeaders(request), accountLimit, log: request.log }),
  )
}
