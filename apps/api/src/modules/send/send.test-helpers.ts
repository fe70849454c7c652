import { and, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import type { TestApp } from '../../../test/build-test-app'
import { buildTestApp } from '../../../test/build-test-app'
import type { CreatedUser } from '../../../test/factories'
import { bearer, createUser, signIn } from '../../../test/factories'
import type { TestSmtpServer } from '../../../test/messaging-servers'
import { startSmtpServer, testLog } from '../../../test/messaging-servers'
import type { SmsProvider } from '../../../test/sms-provider-server'
import { startSmsProvider } from '../../../test/sms-provider-server'
import { notification } from '../../db/schema/offers'
import type { OutboxWorker } from '../messaging/outbox-worker'
import { startOutboxWorker } from '../messaging/outbox-worker'
import { smsApiTransport, smtpTransport } from '../messaging/transports'
import { twilioSignature } from './sms-inbound'

export const PUBLIC_URL = 'https://offers.example.com'
export const SMS_AUTH_TOKEN = 'twilio-auth-token-for-tests'
export const OUR_NUMBER = '+16155550100'

export type SendWorld = {
  t: TestApp
  smtp: TestSmtpServer
  provider: SmsProvider
  worker: OutboxWorker
  /** A new signed-in sender with its bearer header. */
  sender: (options?: { name?: string; email?: string }) => Promise<CreatedUser & { headers: { authorization: string } }>
  close: () => Promise<void>
}

/** The app with SMTP and a Twilio-compatible provider, both local, and an outbox worker polling fast. */
export async function startSendWorld(): Promise<SendWorld> {
  const smtp = await startSmtpServer()
  const provider = await startSmsProvider()
  const sms = { accountSid: 'AC0123456789abcdef0123456789abcdef', authToken: SMS_AUTH_TOKEN, from: OUR_NUMBER, apiUrl: provider.url }
  const t = await buildTestApp({ config: { publicUrl: PUBLIC_URL, mail: { smtpUrl: smtp.url, from: 'Offerbook <no-reply@offerbook.example>' }, sms } })
  const worker = startOutboxWorker({ db: t.db, mail: smtpTransport({ smtpUrl: smtp.url, from: 'Offerbook <no-reply@offerbook.example>' }), sms: smsApiTransport(sms), log: testLog(), pollMs: 100 })
  return {
    t,
    smtp,
    provider,
    worker,
    async sender(options = {}) {
      const created = await createUser(t, { roles: ['BUYER_SIMPLE'], ...options })
      const session = await signIn(t.app, created.email, created.password)
      return { ...created, headers: bearer(session.accessToken) }
    },
    async close() {
      await worker.stop()
      await t.close()
      await smtp.close()
      await provider.close()
    },
  }
}

export function postEmail(t: TestApp, headers: Record<string, string>, payload: object): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/messages/email', headers, payload })
}

export function postSms(t: TestApp, headers: Record<string, string>, payload: object): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/messages/sms', headers, payload })
}

/** Twilio's webhook call, signed with `token` (the configured one unless told). */
export function inboundSms(t: TestApp, params: Record<string, string>, token = SMS_AUTH_TOKEN): Promise<LightMyRequestResponse> {
  const path = '/api/messages/sms/inbound'
  const full = { MessageSid: 'SM00000000000000000000000000000001', To: OUR_NUMBER, ...params }
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(token, `${PUBLIC_URL}${path}`, full) },
    payload: new URLSearchParams(full).toString(),
  })
}

/** Polls until `check` gives a value that is not undefined (or `timeoutMs` passes, then throws). */
export async function waitFor<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > until) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

export async function notificationsOf(t: TestApp, userId: string, type: string) {
  return t.db
    .select()
    .from(notification)
    .where(and(eq(notification.userId, userId), eq(notification.type, type)))
}

export const addresses = (count: number, prefix = 'r') => Array.from({ length: count }, (_, i) => `${prefix}${i}-${Math.random().toString(36).slice(2, 8)}@example.com`)
