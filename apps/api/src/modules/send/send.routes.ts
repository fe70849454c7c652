import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { SendEmailInputSchema, SendSmsInputSchema, SMS_STATUSES } from '@offerbook/domain/send'
import { AppError } from '../../app-error'
import type { SmsConfig } from '../../config'
import type { Db } from '../../db/client'
import { signedIn } from '../../http/signed-in'
import { onOutboxFailure } from '../messaging/outbox-worker'
import { receiveSms, validSignature } from './sms-inbound'
import { sendEmail, sendSms, tellMessageFailed } from './send.service'
import { getUnsubscribe, resubscribe, unsubscribe } from './unsubscribe'
import { errors } from '../../http/api-errors'

export type SendRoutesOptions = { db: Db; publicUrl: string; authSecret: string; sms: SmsConfig }

const SendEmailAnswerSchema = z.object({ queued: z.array(z.string()), optedOut: z.array(z.string()) })
const SendSmsAnswerSchema = z.object({ status: z.enum(SMS_STATUSES) })
const UnsubscribeInfoSchema = z.object({ channel: z.literal('email'), address: z.string(), optedOut: z.boolean() })
const TokenParams = z.object({ token: z.string() })
/** Twilio's webhook parameters (From, To, Body, MessageSid, ...), all strings. */
const InboundSmsSchema = z.record(z.string(), z.string())

/** A webhook form is a few hundred bytes; Twilio's largest (a 1600-character body, media URLs) stays far below. */
const FORM_BODY_LIMIT = 16 * 1024

export const sendRoutes: FastifyPluginAsyncZod<SendRoutesOptions> = async (app, { db, publicUrl, authSecret, sms }) => {
  // A user's message that fails for good after the answer becomes a notification to its sender.
  onOutboxFailure(tellMessageFailed)

  app.post(
    '/api/messages/email',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['messages'],
        operationId: 'sendEmail',
        summary: 'Emails a message to up to 10 addresses (each its own outbox email with an unsubscribe link); addresses that unsubscribed are skipped',
        description: 'At most 50 emails an hour per sender (429). URLs in the message become links in the HTML part; any HTML in it is escaped.',
        body: SendEmailInputSchema,
        response: { 200: SendEmailAnswerSchema, ...errors(400, 401, 404, 429) },
      },
    },
    async (request) => sendEmail(db, { publicUrl, authSecret }, { actor: signedIn(request.user), input: request.body }),
  )

  app.post(
    '/api/messages/sms',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['messages'],
        operationId: 'sendSms',
        summary: "Texts a message to one number and waits up to 5 s for the provider's answer: sent, failed, pending (still retrying) or opted-out",
        description: "The text reads 'Offerbook: <sender>: <message> Reply STOP to opt out.' At most 20 texts an hour per sender (429).",
        body: SendSmsInputSchema,
        response: { 200: SendSmsAnswerSchema, ...errors(400, 401, 404, 429) },
      },
    },
    async (request) => sendSms(db, { actor: signedIn(request.user), input: request.body }),
  )

  const unsubscribeRoute = (operationId: string, summary: string) => ({
    config: { access: 'public' as const },
    schema: { tags: ['messages'], operationId, summary, security: [], params: TokenParams, response: { 200: UnsubscribeInfoSchema, ...errors(404) } },
  })

  app.get('/api/messages/unsubscribe/:token', unsubscribeRoute('getUnsubscribe', "An unsubscribe link's address (masked) and whether it has opted out"), async (request) =>
    getUnsubscribe(db, { secret: authSecret, token: request.params.token }),
  )
  app.post('/api/messages/unsubscribe/:token', unsubscribeRoute('unsubscribe', 'Opts the address of an unsubscribe link out of messages from users (again: no change)'), async (request) =>
    unsubscribe(db, { secret: authSecret, token: request.params.token }),
  )
  app.delete('/api/messages/unsubscribe/:token', unsubscribeRoute('resubscribe', 'Undoes an unsubscribe: the address gets messages from users again'), async (request) =>
    resubscribe(db, { secret: authSecret, token: request.params.token }),
  )

  // Twilio posts a form: the parser is this scope's alone, so every other route still takes JSON only.
  await app.register(async (inbound) => {
    inbound.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))))
    })
    inbound.withTypeProvider<ZodTypeProvider>().post(
      '/api/messages/sms/inbound',
      {
        config: { access: 'public' },
        bodyLimit: FORM_BODY_LIMIT,
        schema: {
          tags: ['messages'],
          operationId: 'receiveSms',
          summary: "The SMS provider's webhook for texts to our number (Twilio form, X-Twilio-Signature): STOP, START and HELP; answers TwiML",
          security: [],
          consumes: ['application/x-www-form-urlencoded'],
          body: InboundSmsSchema,
          response: { 200: z.any().describe('TwiML (text/xml)'), ...errors(400, 403, 404, 413, 415) },
        },
      },
      async (request, reply) => {
        if (!sms) throw new AppError('NOT_FOUND', 'request.notFound')
        const url = `${publicUrl.replace(/\/+$/, '')}${request.url}`
        const signature = request.headers['x-twilio-signature']
        if (!validSignature(sms.authToken, url, request.body, typeof signature === 'string' ? signature : undefined)) throw new AppError('FORBIDDEN', 'send.badSignature')
        return reply.type('text/xml; charset=utf-8').send(await receiveSms(db, request.body))
      },
    )
  })
}
