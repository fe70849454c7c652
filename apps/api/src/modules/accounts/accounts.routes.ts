import rateLimit from '@fastify/rate-limit'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { CreateAccountSchema } from '@offerbook/domain/profile'
import { SessionSchema } from '@offerbook/domain/session'
import { AppError } from '../../app-error'
import type { Auth } from '../session/session.auth'
import type { Db } from '../../db/client'
import { signedIn } from '../../http/signed-in'
import type { AccountLimit, AddressLimits } from '../../plugins/rate-limit-store'
import { accountLimit, accountTried, addressLimit, postgresRateLimitStore } from '../../plugins/rate-limit-store'
import {
  MeSchema,
  PendingAccountSchema,
  PhoneSignInSchema,
  ProvePhoneSchema,
  RecoveryRequestedSchema,
  RequestPhoneCodeSchema,
  RequestRecoverySchema,
  ResendCodeSchema,
  ResendScheduleSchema,
  ResetPasswordSchema,
  VerifyAccountSchema,
} from './accounts.schemas'
import {
  provePhone,
  requestRecovery,
  resendVerificationCode,
  resetPassword,
  sendPhoneProofCode,
  sendPhoneSignInCode,
  signInWithPhone,
  signUp,
  verifyAccount,
} from './accounts.service'
import { errors } from '../../http/api-errors'
import { routeOptions } from '../../http/route-options'

export type AccountsRoutesOptions = { db: Db; auth: Auth; limit: { max: number; timeWindow: string }; accountLimit: AccountLimit; addressLimits: AddressLimits }

/** What better-auth records on a session and passes to the message senders: who asked, from where. */
function clientHeaders(request: FastifyRequest): Headers {
  const headers = new Headers({ 'x-forwarded-for': request.ip })
  const userAgent = request.headers['user-agent']
  if (userAgent) headers.set('user-agent', userAgent)
  return headers
}

/** The address and the e-mail or phone being tried, as the sign-in limit does. */
function identityKey(request: FastifyRequest): string {
  return `${request.ip}|${accountTried(request) ?? ''}`
}

/** The signed-in user's id makes the key of the /api/me/phone routes. */
function actorKey(request: FastifyRequest): string {
  return `${request.ip}|${request.user?.uid ?? ''}`
}

export const accountsRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (app, { db, auth, limit, accountLimit: perAccount, addressLimits }) => {
  await app.register(rateLimit, {
    global: false,
    // Counted after the body is parsed, so the key can hold the e-mail or phone being tried.
    hook: 'preHandler',
    store: postgresRateLimitStore(db),
    errorResponseBuilder: () => new AppError('RATE_LIMITED', 'common.tooManyRequests'),
  })
  const publicLimit = { rateLimit: { ...limit, keyGenerator: identityKey } }
  const signedInLimit = { rateLimit: { ...limit, keyGenerator: actorKey } }

  app.post(
    '/api/accounts',
    {
      config: { access: 'public', ...publicLimit },
      preHandler: [addressLimit(db, 'signUp', addressLimits.signUp), accountLimit(db, 'accounts', perAccount)],
      schema: {
        tags: ['accounts'],
        summary: 'Sign up with name, e-mail and password; a verification code is e-mailed',
        body: CreateAccountSchema,
        response: { 201: PendingAccountSchema, ...errors(400, 409, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await signUp(db, auth, { input: request.body, headers: clientHeaders(request) })),
  )

  app.post(
    '/api/accounts/verify',
    {
      config: { access: 'public', ...publicLimit },
      preHandler: [addressLimit(db, 'codeChecks', addressLimits.codeChecks), accountLimit(db, 'accounts-verify', perAccount)],
      schema: {
        tags: ['accounts'],
        summary: 'Verify the e-mail with its code and sign in',
        body: VerifyAccountSchema,
        response: { 200: SessionSchema, ...errors(400, 429) },
      },
    },
    async (request) => verifyAccount(db, auth, { input: request.body, headers: clientHeaders(request) }),
  )

  app.post(
    '/api/accounts/resend-code',
    {
      config: { access: 'public', ...publicLimit },
      preHandler: [addressLimit(db, 'codes', addressLimits.codes), accountLimit(db, 'accounts-resend-code', perAccount)],
      schema: {
        tags: ['accounts'],
        summary: 'Send a new verification code (once a minute); the same answer for any address',
        body: ResendCodeSchema,
        response: { 202: ResendScheduleSchema, ...errors(400, 429) },
      },
    },
    async (request, reply) => reply.code(202).send(await resendVerificationCode(db, auth, { email: request.body.email, headers: clientHeaders(request) })),
  )

  app.post(
    '/api/recovery',
    {
      config: { access: 'public', ...publicLimit },
      preHandler: [addressLimit(db, 'codes', addressLimits.codes), accountLimit(db, 'recovery', perAccount)],
      schema: {
        tags: ['recovery'],
        summary: 'E-mail a password reset code; the same answer for any address',
        body: RequestRecoverySchema,
        response: { 202: RecoveryRequestedSchema, ...errors(400, 429) },
      },
    },
    async (request, reply) => reply.code(202).send(await requestRecovery(auth, { email: request.body.email, headers: clientHeaders(request) })),
  )

  app.post(
    '/api/recovery/reset',
    {
      config: { access: 'public', ...publicLimit },
      preHandler: [addressLimit(db, 'codeChecks', addressLimits.codeChecks), accountLimit(db, 'recovery-reset', perAccount)],
      schema: {
        tags: ['recovery'],
        summary: 'Set a new password with the e-mailed code; every session of the account is revoked',
        body: ResetPasswordSchema,
        response: { 204: z.null(), ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      await resetPassword(auth, { input: request.body, headers: clientHeaders(request) })
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/api/session/phone-code',
    {
      config: { access: 'public', ...publicLimit },
      preHandler: [addressLimit(db, 'codes', addressLimits.codes), accountLimit(db, 'session-phone-code', perAccount)],
      schema: {
        tags: ['session'],
        summary: 'Text a sign-in code to a verified phone; the same answer for any number',
        body: RequestPhoneCodeSchema,
        response: { 202: z.null(), ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      await sendPhoneSignInCode(db, auth, { phone: request.body.phone, headers: clientHeaders(request) })
      return reply.code(202).send(null)
    },
  )

  app.post(
    '/api/session/phone',
    {
      config: { access: 'public', ...publicLimit },
      preHandler: [addressLimit(db, 'codeChecks', addressLimits.codeChecks), accountLimit(db, 'session-phone', perAccount)],
      schema: {
        tags: ['session'],
        summary: 'Sign in with a verified phone and its texted code',
        body: PhoneSignInSchema,
        response: { 200: SessionSchema, ...errors(400, 401, 429) },
      },
    },
    async (request) => signInWithPhone(db, auth, { input: request.body, headers: clientHeaders(request) }),
  )

  app.post(
    '/api/me/phone/verify-code',
    routeOptions('signed-in', 'me', "Text a code to prove the signed-in user's phone", {
      body: RequestPhoneCodeSchema,
      response: { 202: z.null(), ...errors(400, 401, 409, 429) },
    }, signedInLimit),
    async (request, reply) => {
      await sendPhoneProofCode(db, auth, { actor: signedIn(request.user), phone: request.body.phone, headers: clientHeaders(request) })
      return reply.code(202).send(null)
    },
  )

  app.post(
    '/api/me/phone/verify',
    routeOptions('signed-in', 'me', 'Prove the phone with its code: it becomes the verified phone of the signed-in user', {
      body: ProvePhoneSchema,
      response: { 200: MeSchema, ...errors(400, 401, 409, 429) },
    }, signedInLimit),
    async (request) => ({ user: await provePhone(db, auth, { actor: signedIn(request.user), input: request.body }) }),
  )
}
