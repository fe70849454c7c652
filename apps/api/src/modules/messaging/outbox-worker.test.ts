import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test/build-test-app'
import { buildTestApp } from '../../../test/build-test-app'
import { outboxMessage } from '../../db/schema/outbox'
import { claimDueMessages } from './messaging.queries'
import { enqueueRenderedEmail, enqueueRenderedSms } from './messaging.service'
import type { TestSmsServer, TestSmtpServer } from '../../../test/messaging-servers'
import { startSmsServer, startSmtpServer, testLog } from '../../../test/messaging-servers'
import type { OutboxWorker } from './outbox-worker'
import { MAX_ATTEMPTS, retryDelayMs, startOutboxWorker } from './outbox-worker'
import { renderEmail, renderSms } from './emails/registry'
import { createSmsTransport, devMailbox, devOutbox, smsApiTransport, smtpTransport } from './transports'

const FROM = 'Offerbook <no-reply@offerbook.example>'
const PUBLIC_URL = 'https://offers.example.com'
const SMS_CONFIG = { accountSid: 'AC0123456789abcdef', authToken: 'token-secret', from: '+16155550100' }

let t: TestApp
let smtp: TestSmtpServer
const workers: OutboxWorker[] = []

function worker(options: { smtpUrl?: string; smsUrl?: string; releaseClaimsOnStart?: boolean } = {}): OutboxWorker {
  const started = startOutboxWorker({
    releaseClaimsOnStart: options.releaseClaimsOnStart ?? false,
    db: t.db,
    mail: smtpTransport({ smtpUrl: options.smtpUrl ?? smtp.url, from: FROM }),
    sms: options.smsUrl ? smsApiTransport({ ...SMS_CONFIG, apiUrl: options.smsUrl }) : devOutbox(() => {}),
    log: testLog(),
    pollMs: 60_000,
  })
  workers.push(started)
  return started
}

async function row(id: string) {
  const [found] = await t.db.select().from(outboxMessage).where(eq(outboxMessage.id, id))
  if (!found) throw new Error(`message ${id} is gone`)
  return found
}

/** Instead of waiting for the backoff, make the message due again. */
async function dueNow(id: string): Promise<void> {
  await t.db.update(outboxMessage).set({ nextAttemptAt: sql`now()` }).where(eq(outboxMessage.id, id))
}

async function enqueueCode(to: string, locale: 'en-us' | 'es-es' = 'en-us') {
  const rendered = renderEmail('verification-code', locale, { code: '482913', minutes: 10 }, PUBLIC_URL)
  return enqueueRenderedEmail(t.db, { to, ...rendered, kind: 'account.verification-code', locale })
}

beforeAll(async () => {
  t = await buildTestApp()
  smtp = await startSmtpServer()
})
afterEach(async () => {
  await Promise.all(workers.splice(0).map((started) => started.stop()))
  // Each test starts from an empty outbox, so one test's leftovers are not another's deliveries.
  await t.db.delete(outboxMessage)
  smtp.refuseWith = null
  smtp.delayMs = 0
  smtp.received.length = 0
})
afterAll(async () => {
  await smtp.close()
  await t.close()
})

describe('email through SMTP', () => {
  it('delivers an enqueued email with from, to, subject, the text and the HTML part', async () => {
    const message = await enqueueCode('buyer@example.com')
    expect(await worker().drain()).toBe(1)

    expect(smtp.received).toHaveLength(1)
    const mail = smtp.received[0]!
    expect(mail.from?.value).toEqual([{ name: 'Offerbook', address: 'no-reply@offerbook.example' }])
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('buyer@example.com')
    expect(mail.subject).toBe('Your Offerbook verification code: 482913')
    expect(mail.text).toContain('482913')
    expect(mail.text).toContain('valid for 10 minutes')
    expect(mail.html).toContain('482913')
    expect(mail.html).toContain('#5b45d1')
    expect(mail.html).toContain(`href="${PUBLIC_URL}/"`)

    const sent = await row(message.id)
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lockedUntil: null })
    expect(sent.sentAt).toBeInstanceOf(Date)
    expect(sent.providerMessageId).toBe(mail.messageId)
    expect(mail.messageId).toBe(`<${message.id}@offerbook.example>`)
    expect(mail.headers.get('x-offerbook-outbox-id')).toBe(message.id)
  })

  it('sends a message again under the same Message-ID, so a copy after a crash before markSent is recognisable', async () => {
    const message = await enqueueCode('twice@example.com')
    expect(await worker().drain()).toBe(1)
    // What a process killed between the server's acceptance and markSent leaves behind.
    await t.db.update(outboxMessage).set({ status: 'pending', sentAt: null, lockedUntil: null }).where(eq(outboxMessage.id, message.id))
    expect(await worker().drain()).toBe(1)
    expect(smtp.received.map((mail) => mail.messageId)).toEqual([`<${message.id}@offerbook.example>`, `<${message.id}@offerbook.example>`])
  })

  it('a worker that may release claims at start delivers at once what a killed process had claimed; another waits for the lease', async () => {
    const message = await enqueueCode('claimed@example.com')
    // The claim of a process that died mid-delivery: the lease runs for minutes.
    expect(await claimDueMessages(t.db, { limit: 10, leaseMs: 5 * 60_000 })).toHaveLength(1)
    expect(await worker().drain()).toBe(0)
    expect(smtp.received).toHaveLength(0)

    expect(await worker({ releaseClaimsOnStart: true }).drain()).toBe(1)
    expect(smtp.received.map((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text)).toEqual(['claimed@example.com'])
    expect(await row(message.id)).toMatchObject({ status: 'sent', attempts: 2, lockedUntil: null })
  })

  it('sends Spanish to a recipient whose language is es-es, with absolute links', async () => {
    const rendered = renderEmail('password-reset-code', 'es-es', { code: '105377', minutes: 15 }, PUBLIC_URL)
    await enqueueRenderedEmail(t.db, { to: 'compradora@example.com', ...rendered, kind: 'account.password-reset-code', locale: 'es-es' })
    await worker().drain()

    const mail = smtp.received[0]!
    expect(mail.subject).toBe('Restablezca su contraseña de Offerbook')
    expect(mail.text).toContain('Hemos recibido una solicitud para restablecer la contraseña')
    expect(mail.text).toContain('El código es válido durante 15 minutos.')
    expect(mail.text).toContain(`${PUBLIC_URL}/auth/recovery`)
    expect(mail.html).toContain(`href="${PUBLIC_URL}/auth/recovery"`)
    expect(mail.html).toContain('<html lang="es">')
  })

  it('keeps a message the server refuses pending, with the error, and delivers it once the server accepts', async () => {
    smtp.refuseWith = { code: 451, message: 'Try again later' }
    const message = await enqueueCode('seller@example.com')
    const first = worker()
    expect(await first.drain()).toBe(0)

    const refused = await row(message.id)
    expect(refused).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null })
    expect(refused.lastError).toContain('Try again later')
    expect(refused.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000)
    // Not due yet: a drain now leaves it alone.
    expect(await first.drain()).toBe(0)

    smtp.refuseWith = null
    await dueNow(message.id)
    expect(await first.drain()).toBe(1)
    expect(await row(message.id)).toMatchObject({ status: 'sent', attempts: 2 })
    expect(smtp.received).toHaveLength(1)
  })

  it('retries while the SMTP server is down and delivers when it is back', async () => {
    const down = await startSmtpServer()
    const port = down.port
    await down.close()
    const message = await enqueueCode('agent@example.com')
    const mailer = worker({ smtpUrl: `smtp://127.0.0.1:${port}` })
    await mailer.drain()
    const pending = await row(message.id)
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 })
    expect(pending.lastError).toMatch(/ECONNREFUSED|connect/i)

    const back = await startSmtpServer(port)
    try {
      await dueNow(message.id)
      expect(await mailer.drain()).toBe(1)
      expect(back.received).toHaveLength(1)
      expect(await row(message.id)).toMatchObject({ status: 'sent', attempts: 2 })
    } finally {
      await back.close()
    }
  })

  it(`fails a message after ${MAX_ATTEMPTS} attempts and keeps it`, async () => {
    smtp.refuseWith = { code: 421, message: 'Service not available' }
    const message = await enqueueCode('broker@example.com')
    const mailer = worker()
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await dueNow(message.id)
      await mailer.drain()
    }
    const failed = await row(message.id)
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lockedUntil: null, sentAt: null })
    expect(failed.lastError).toContain('Service not available')

    await dueNow(message.id)
    expect(await mailer.drain()).toBe(0)
    expect((await row(message.id)).attempts).toBe(MAX_ATTEMPTS)
  })

  it('fails at once when the server refuses the recipient for good', async () => {
    smtp.refuseWith = { code: 550, message: 'No such user here' }
    const message = await enqueueCode('nobody@example.com')
    await worker().drain()
    const failed = await row(message.id)
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 })
    expect(failed.lastError).toContain('No such user here')
  })

  it('two workers draining at once deliver each message exactly once', async () => {
    const count = 35
    for (let index = 0; index < count; index++) {
      await enqueueRenderedEmail(t.db, { to: `buyer-${index}@example.com`, subject: `Message ${index}`, text: `Body ${index}`, kind: 'test.race', locale: 'en-us' })
    }
    const [a, b] = await Promise.all([worker().drain(), worker().drain()])
    expect(a + b).toBe(count)
    const subjects = smtp.received.map((mail) => mail.subject)
    expect(subjects).toHaveLength(count)
    expect(new Set(subjects).size).toBe(count)
    const rows = await t.db.select().from(outboxMessage).where(eq(outboxMessage.kind, 'test.race'))
    expect(rows.every((message) => message.status === 'sent' && message.attempts === 1)).toBe(true)
  })

  it('a nudge from enqueue delivers without waiting for the poll', async () => {
    worker()
    await enqueueCode('nudged@example.com')
    await expect.poll(() => smtp.received.length, { timeout: 5000 }).toBe(1)
  })

  it('stop waits for the batch in flight and then delivers nothing more', async () => {
    smtp.delayMs = 300
    const message = await enqueueCode('stopping@example.com')
    const mailer = worker()
    const draining = mailer.drain()
    await expect.poll(async () => (await row(message.id)).lockedUntil).not.toBeNull()
    await mailer.stop()
    expect(await row(message.id)).toMatchObject({ status: 'sent' })
    expect(await draining).toBe(1)

    await enqueueCode('after-stop@example.com')
    expect(await mailer.drain()).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(smtp.received).toHaveLength(1)
  })
})

describe('SMS through a Twilio-compatible API', () => {
  let api: TestSmsServer
  beforeAll(async () => {
    api = await startSmsServer()
  })
  afterEach(() => {
    api.requests.length = 0
    api.answers.length = 0
  })
  afterAll(async () => api.close())

  it('posts the form with Basic auth and keeps the sid', async () => {
    const { text } = renderSms('phone-code', 'en-us', { code: '731204', minutes: 10 })
    const message = await enqueueRenderedSms(t.db, { to: '+16155550123', text, kind: 'account.phone-code', locale: 'en-us' })
    expect(await worker({ smsUrl: api.url }).drain()).toBe(1)

    expect(api.requests).toHaveLength(1)
    const request = api.requests[0]!
    expect(request.path).toBe(`/2010-04-01/Accounts/${SMS_CONFIG.accountSid}/Messages.json`)
    expect(request.authorization).toBe(`Basic ${Buffer.from(`${SMS_CONFIG.accountSid}:${SMS_CONFIG.authToken}`).toString('base64')}`)
    expect(request.contentType).toContain('application/x-www-form-urlencoded')
    expect(Object.fromEntries(request.form)).toEqual({ To: '+16155550123', From: '+16155550100', Body: text })
    expect(await row(message.id)).toMatchObject({ status: 'sent', providerMessageId: 'SM00000000000000000000000000000001' })
  })

  it('fails a message at once on a 400 answer', async () => {
    api.answers.push(400)
    const message = await enqueueRenderedSms(t.db, { to: '+16155550124', text: 'Hello', kind: 'test.sms', locale: 'en-us' })
    await worker({ smsUrl: api.url }).drain()
    const failed = await row(message.id)
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 })
    expect(failed.lastError).toContain('400')
    expect(failed.lastError).toContain('not a valid phone number')
  })

  it('retries a 503 answer and a 429 answer, then sends', async () => {
    api.answers.push(503, 429)
    const message = await enqueueRenderedSms(t.db, { to: '+16155550125', text: 'Hello again', kind: 'test.sms', locale: 'en-us' })
    const texter = worker({ smsUrl: api.url })
    await texter.drain()
    expect(await row(message.id)).toMatchObject({ status: 'pending', attempts: 1 })
    expect((await row(message.id)).lastError).toContain('503')
    await dueNow(message.id)
    await texter.drain()
    expect(await row(message.id)).toMatchObject({ status: 'pending', attempts: 2 })
    await dueNow(message.id)
    expect(await texter.drain()).toBe(1)
    expect(await row(message.id)).toMatchObject({ status: 'sent', attempts: 3 })
    expect(api.requests).toHaveLength(3)
  })

  it('retries when the SMS API cannot be reached', async () => {
    const gone = await startSmsServer()
    await gone.close()
    const message = await enqueueRenderedSms(t.db, { to: '+16155550126', text: 'Anyone there?', kind: 'test.sms', locale: 'en-us' })
    await worker({ smsUrl: gone.url }).drain()
    const pending = await row(message.id)
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 })
    expect(pending.lastError).toBeTruthy()
  })
})

describe('the dev mailbox and dev outbox', () => {
  it('mark messages sent and print one readable line each', async () => {
    const lines: string[] = []
    const dev = startOutboxWorker({ db: t.db, mail: devMailbox((line) => lines.push(line)), sms: devOutbox((line) => lines.push(line)), log: testLog(), pollMs: 60_000 })
    workers.push(dev)
    const email = await enqueueCode('dev@example.com')
    const sms = await enqueueRenderedSms(t.db, { to: '+16155550127', text: 'Your code is 555111', kind: 'account.phone-code', locale: 'en-us' })
    expect(await dev.drain()).toBe(2)
    expect(await row(email.id)).toMatchObject({ status: 'sent', providerMessageId: 'dev-mailbox' })
    expect(await row(sms.id)).toMatchObject({ status: 'sent', providerMessageId: 'dev-outbox' })
    expect(lines).toHaveLength(2)
    expect(lines.find((line) => line.includes('dev@example.com'))).toMatch(/Your Offerbook verification code: 482913 .*valid for 10 minutes/)
    expect(lines.find((line) => line.includes('+16155550127'))).toContain('Your code is 555111')
    expect(lines.every((line) => !line.includes('\n'))).toBe(true)
  })
})

describe('SMS in production without a provider', () => {
  it('fails at once with the reason, and the message is kept', async () => {
    const production = startOutboxWorker({ db: t.db, mail: devMailbox(() => {}), sms: createSmsTransport(null, { production: true }), log: testLog(), pollMs: 60_000 })
    workers.push(production)
    const sms = await enqueueRenderedSms(t.db, { to: '+16155550128', text: 'Your code is 111222', kind: 'account.phone-code', locale: 'en-us' })
    await production.drain()
    expect(await row(sms.id)).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringContaining('SMS is not configured') })
  })
})

describe('retryDelayMs', () => {
  it('grows from 30 seconds by four times up to an hour, within 20 percent', () => {
    const middle = () => 0.5
    expect([1, 2, 3, 4, 5, 9].map((attempts) => retryDelayMs(attempts, middle))).toEqual([30_000, 120_000, 480_000, 1_920_000, 3_600_000, 3_600_000])
    expect(retryDelayMs(1, () => 0)).toBe(24_000)
    expect(retryDelayMs(1, () => 1)).toBe(36_000)
  })
})
