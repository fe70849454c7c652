import rateLimit from '@fastify/rate-limit'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorSchema } from '@offerbook/domain/api-error'
import { SessionSchema, SignInSchema } from '@offerbook/domain/session'
import { AppError } from '../../app-error'
import type { Auth } from './session.auth'
import type { Db } from '../../db/client'
import type { AccountLimit, AddressLimits } from '../../plugins/rate-limit-store'
import { accountPastLimit, accountTried, addressLimit, postgresRateLimitStore } from '../../plugins/rate-limit-store'
import { signIn, signOut } from './session.service'
import { routeOptions } from '../../http/route-options'

export type SessionRoutesOptions = { db: Db; auth: Auth; signInLimit: { max: number; timeWindow: string }; accountLimit: AccountLimit; addressLimits: AddressLimits }

/** What better-auth records on the session: who asked, from where. */
function clientHeaders(request: FastifyRequest): Headers {
  const headers = new Headers({ 'x-forwarded-for': request.ip })
  const userAgent = request.headers['user-agent']
  if (userAgent) headers.set('user-agent', userAgent)
  return headers
}

function signInKey(request: FastifyRequest): string {
  return `${request.ip}|${accountTried(request) ?? ''}`
}

export const sessionRoutes: FastifyPluginAsyncZod<SessionRoutesOptions> = async (app, { db, auth, signInLimit, accountLimit: perAccount, addressLimits }) => {
  await app.register(rateLimit, {
    global: false,
    // Counted after the body is parsed, so the key can hold the e-mail being tried.
    hook: 'preHandler',
    store: postgresRateLimitStore(db),
    // With the database down the counter cannot be read; the handler then answers 503 instead of a 500 from here.
    skipOnError: true,
    errorResponseBuilder: () => new AppError('RATE_LIMITED', 'common.tooManyRequests'),
  })

  app.post(
    '/api/session',
    {
      config: { access: 'public', rateLimit: { ...signInLimit, keyGenerator: signInKey } },
      // Past the account's limit, sign-in slows down to password and e-mailed code instead of refusing (issue #29).
      preHandler: [addressLimit(db, 'signIn', addressLimits.signIn)],
      schema: {
        tags: ['session'],
        summary: 'Sign in with e-mail and password',
        body: SignInSchema,
        response: { 200: SessionSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 409: ApiErrorSchema, 429: ApiErrorSchema, 503: ApiErrorSchema },
      },
    },
    async (request) => {
      const pastLimit = await accountPastLimit(db, { name: 'sign-in', account: request.body.email, limit: perAccount, log: request.log })
      return signIn(db, auth, { input: request.body, headers: clientHeaders(request), pastLimit })
    },
  )

  app.delete(
    '/api/session',
    routeOptions('signed-in', 'session', 'Sign out: the token is revoked', { response: { 204: z.null(), 401: ApiErrorSchema } }),
    async (request, reply) => {
      await signOut(auth, { headers: new Headers({ authorization: request.headers.authorization ?? '' }) })
      return reply.code(204).send(null)
    },
  )
}
