import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../../app-error'
import type { OidcConfig } from '../../config'
import type { Db } from '../../db/client'
import { ssoErrorUrl, ssoVerifyUrl, startSsoEmailProof } from '../sso/sso.service'
import { postgresRateLimitStore } from '../../plugins/rate-limit-store'
import type { Auth } from './session.auth'
import { OIDC_PROVIDER_ID } from './session.auth'
import { runSsoCallback } from '../../auth/sso-callback-scope'

export type AuthRoutesOptions = {
  db: Db
  auth: Auth
  oidc: OidcConfig
  publicUrl: string
  /** Callbacks per client address (a sign-in each). */
  limit: { max: number; timeWindow: string }
}

/**
 * The better-auth paths a browser may reach through its HTTP handler: only the single sign-on
 * provider's callback (GET, and POST for a provider answering with response_mode=form_post). The
 * product calls everything else through auth.api with its own rules and limits.
 */
export const AUTH_HANDLER_PATHS: readonly string[] = [`/api/auth/callback/${OIDC_PROVIDER_ID}`]

/** The request as a web-standard Request for better-auth's handler: the same headers and raw body. */
function toWebRequest(request: FastifyRequest, publicUrl: string): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  const body = request.method === 'GET' || request.body === undefined || request.body === null ? undefined : typeof request.body === 'string' ? request.body : JSON.stringify(request.body)
  return new Request(new URL(request.url, publicUrl), { method: request.method, headers, body })
}

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status)
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value)
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) reply.header('set-cookie', cookies)
  return reply.send(response.body ? await response.text() : null)
}

/** better-auth's HTTP endpoints, narrowed to an allow-list; every other /api/auth/* path is a 404. */
export async function authRoutes(app: FastifyInstance, { db, auth, oidc, publicUrl, limit }: AuthRoutesOptions): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(db),
    skipOnError: true,
    errorResponseBuilder: () => new AppError('RATE_LIMITED', 'common.tooManyRequests'),
  })
  // A form_post callback arrives as a form; better-auth reads it from the raw body (encapsulated here).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body))

  const notFound = async () => {
    throw new AppError('NOT_FOUND', 'request.noSuchEndpoint')
  }
  // Refused on arrival, before any body is read: the same 404 whatever was sent.
  for (const url of ['/api/auth', '/api/auth/*']) app.all(url, { config: { access: 'public' }, schema: { hide: true }, onRequest: notFound }, notFound)

  if (!oidc) return
  const errorUrl = ssoErrorUrl(publicUrl)

  app.route({
    method: ['GET', 'POST'],
    url: `/api/auth/callback/${OIDC_PROVIDER_ID}`,
    config: { access: 'public', rateLimit: { ...limit, keyGenerator: (request: FastifyRequest) => request.ip } },
    schema: { hide: true },
    handler: async (request, reply) => {
      // The browser navigated here: whatever happens, it gets a page (sign-in with a message), never a 5xx.
      try {
        const { result: response, scope } = await runSsoCallback(() => auth.handler(toWebRequest(request, publicUrl)))
        if (scope.refusedUnverified && scope.profile && !scope.profile.emailVerified) {
          // better-auth refused to create a user for an unverified e-mail; prove it with our code first.
          const pending = await startSsoEmailProof(db, { profile: scope.profile, publicUrl, acceptLanguage: request.headers['accept-language'] })
          const cookies = response.headers.getSetCookie()
          if (cookies.length > 0) reply.header('set-cookie', cookies)
          return reply.redirect(ssoVerifyUrl(publicUrl, pending), 302)
        }
        if (response.status >= 500) {
          request.log.error({ status: response.status }, 'single sign-on callback failed')
          return reply.redirect(`${errorUrl}&error=unavailable`, 302)
        }
        return sendWebResponse(reply, response)
      } catch (error) {
        request.log.error({ err: error }, 'single sign-on callback failed')
        return reply.redirect(`${errorUrl}&error=unavailable`, 302)
      }
    },
  })
}
