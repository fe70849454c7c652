import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorSchema } from '@offerbook/domain/api-error'
import { SessionSchema } from '@offerbook/domain/session'
import { AppError, FORBIDDEN_MESSAGE } from '../../app-error'
import type { Auth } from '../../auth/auth'
import type { OidcConfig } from '../../config'
import type { Db } from '../../db/client'
import { exchangeSessionCookie, readSessionCookie, ssoErrorUrl, ssoStatus, startSingleSignOn } from './sso.service'

export const SsoStatusSchema = z.object({ enabled: z.boolean(), name: z.string().nullable() })
const StartSsoQuerySchema = z.object({ redirect: z.string().max(2048).optional() })

export type SsoRoutesOptions = { db: Db; auth: Auth; oidc: OidcConfig; publicUrl: string; production: boolean }

/** Single sign-on through an OpenID Connect provider (docs/decisions/008-single-sign-on.md). */
export const ssoRoutes: FastifyPluginAsyncZod<SsoRoutesOptions> = async (app, { db, auth, oidc, publicUrl, production }) => {
  app.get(
    '/api/sso',
    {
      config: { access: 'public' },
      schema: { tags: ['session'], summary: 'Whether single sign-on is offered, and the name on its button', response: { 200: SsoStatusSchema } },
    },
    async () => ssoStatus(oidc),
  )

  if (!oidc) return
  const publicOrigin = new URL(publicUrl).origin

  app.get(
    '/api/sso/start',
    {
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        summary: 'Start single sign-on: redirects to the provider; back on the app root with ?sso=1 (and &redirect=)',
        querystring: StartSsoQuerySchema,
      },
    },
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
    {
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        summary: "Exchange the session cookie set by the provider's callback for a bearer token; the cookie is cleared",
        response: { 200: SessionSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      // The cookie is SameSite=Lax already; a foreign Origin is refused as well, in case a browser sends it.
      const origin = request.headers.origin
      if (origin !== undefined && origin !== publicOrigin) throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE)
      const cookie = await readSessionCookie(auth, request.headers.cookie)
      if (cookie.value) reply.header('set-cookie', `${cookie.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${production ? '; Secure' : ''}`)
      return exchangeSessionCookie(db, auth, { cookieValue: cookie.value, cookieName: cookie.name })
    },
  )
}
