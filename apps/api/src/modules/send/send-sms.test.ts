import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../../test/factories'
import { contactOptOut, userMessageRecipient } from '../../db/schema/conversations'
import { outboxMessage } from '../../db/schema/outbox'
import { user } from '../../db/schema/users'
import { MAX_ATTEMPTS } from '../messaging/outbox-worker'
import type { SendWorld } from './send.test-helpers'
import { inboundSms, notificationsOf, OUR_NUMBER, postSms, startSendWorld, waitFor } from './send.test-helpers'

let w: SendWorld
let numberSequence = 0
/** A number of its own for each use: +1 615 7xx xxxx. */
const freshNumber = () => `+1615${String(7_000_000 + ++numberSequence * 37 + Math.floor(Math.random() * 30)).padStart(7, '0')}`

beforeAll(async () => {
  w = await startSendWorld()
})
afterAll(async () => {
  await w?.close()
})

const recipientRows = (number: string) => w.t.db.select().from(userMessageRecipient).where(eq(userMessageRecipient.recipient, number))

describe('POST /api/messages/sms', () => {
  it("answers 'sent' once the provider accepts the text, which names the sender and how to stop", async () => {
    const sender = await w.sender({ name: 'Ben Buyer' })
    const response = await postSms(w.t, sender.headers, { phoneNumber: '(615) 555-0123', message: 'Hello there, see the house' })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ status: 'sent' })
    const text = w.provider.sent.find((sent) => sent.to === '+16155550123')
    expect(text).toEqual({ to: '+16155550123', from: OUR_NUMBER, body: 'Offerbook: Ben Buyer: Hello there, see the house Reply STOP to opt out.' })
    const [recorded] = await recipientRows('+16155550123')
    expect(recorded).toMatchObject({ channel: 'sms', status: 'queued', senderId: sender.id })
  })

  it("answers 'failed' for a number the provider refuses, and tells it in the answer only", async () => {
    const sender = await w.sender()
    const number = freshNumber()
    w.provider.refused.add(number)
    const response = await postSms(w.t, sender.headers, { phoneNumber: number, message: 'Hello there' })
    expect(response.json()).toEqual({ status: 'failed' })
    const [recorded] = await recipientRows(number)
    expect(recorded!.failureNotifiedAt).not.toBeNull()
    expect(await notificationsOf(w.t, sender.id, 'message.failed')).toEqual([])
  })

  it('fails exactly the refused numbers of several (the dialog sends one call per number)', async () => {
    const sender = await w.sender()
    const numbers = [freshNumber(), freshNumber(), freshNumber(), freshNumber()]
    w.provider.refused.add(numbers[1]!)
    w.provider.refused.add(numbers[3]!)
    const answers = await Promise.all(numbers.map((phoneNumber) => postSms(w.t, sender.headers, { phoneNumber, message: 'Open house on Sunday' })))
    const failed = numbers.filter((_, index) => answers[index]!.json<{ status: string }>().status === 'failed')
    const sent = numbers.filter((_, index) => answers[index]!.json<{ status: string }>().status === 'sent')
    expect(failed).toEqual([numbers[1], numbers[3]])
    expect(sent).toEqual([numbers[0], numbers[2]])
  })

  it("answers 'pending' while the provider is down, and a 'message.failed' notification follows when the outbox gives up", async () => {
    const sender = await w.sender()
    const number = freshNumber()
    w.provider.down = true
    try {
      const response = await postSms(w.t, sender.headers, { phoneNumber: number, message: 'Hello there' })
      expect(response.json()).toEqual({ status: 'pending' })
      const [recorded] = await recipientRows(number)
      expect(w.provider.tried).toContain(number)
      expect(await notificationsOf(w.t, sender.id, 'message.failed')).toEqual([])
      // The last try, now instead of after the backoff: the provider is still down.
      await w.t.db.update(outboxMessage).set({ attempts: MAX_ATTEMPTS, nextAttemptAt: sql`now()` }).where(eq(outboxMessage.id, recorded!.outboxMessageId!))
      await w.worker.drain()
      const [told] = await waitFor(async () => {
        const rows = await notificationsOf(w.t, sender.id, 'message.failed')
        return rows.length > 0 ? rows : undefined
      })
      expect(told!.data).toEqual({ channel: 'sms', recipient: number })
    } finally {
      w.provider.down = false
    }
  })

  it('refuses an invalid number and a message too long, and sends nothing', async () => {
    const sender = await w.sender({ name: 'Ben Buyer' })
    const tried = w.provider.tried.length
    const cases: [object, [string, string][]][] = [
      [{ phoneNumber: '555-0123', message: 'Hello there' }, [['phoneNumber', 'common.invalidPhone']]],
      [{ phoneNumber: '+16155550199', message: 'x'.repeat(1601) }, [['message', 'common.tooLong']]],
      // Within 1600 on its own, over it with 'Offerbook: Ben Buyer: ' and the opt-out line.
      [{ phoneNumber: '+16155550199', message: 'x'.repeat(1590) }, [['message', 'send.smsTooLong']]],
      [{ phoneNumber: '+16155550199', message: 'Hey' }, [['message', 'common.tooShort']]],
    ]
    for (const [payload, fields] of cases) {
      const response = await postSms(w.t, sender.headers, payload)
      expect(response.statusCode).toBe(400)
      expect(response.json<{ errors: { path: string; key: string }[] }>().errors.map((error) => [error.path, error.key])).toEqual(fields)
    }
    expect(w.provider.tried.length).toBe(tried)
    expect(await recipientRows('+16155550199')).toEqual([])
  })

  it('refuses the anonymous', async () => {
    expect((await postSms(w.t, {}, { phoneNumber: '+16155550199', message: 'Hello there' })).statusCode).toBe(401)
  })

  it('sends 20 texts in an hour, even asked all at once, and refuses the 21st', async () => {
    const sender = await w.sender()
    const answers = await Promise.all(Array.from({ length: 21 }, () => postSms(w.t, sender.headers, { phoneNumber: freshNumber(), message: 'Hello there' })))
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(20)
    const refused = answers.filter((answer) => answer.statusCode === 429)
    expect(refused.map((answer) => answer.json<{ key: string; params: object }>())).toMatchObject([{ key: 'send.smsHourlyLimit', params: { limit: 20 } }])
    expect((await postSms(w.t, sender.headers, { phoneNumber: freshNumber(), message: 'Hello there' })).statusCode).toBe(429)
  })
})

describe('STOP, START and HELP', () => {
  it("opts a number out on STOP (one confirmation), answers 'opted-out' without sending, and START opts it back in", async () => {
    const sender = await w.sender()
    const number = freshNumber()
    const stop = await inboundSms(w.t, { From: number, Body: '  stop ' })
    expect(stop.statusCode).toBe(200)
    expect(stop.headers['content-type']).toMatch(/^text\/xml/)
    expect(stop.body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Offerbook: You are unsubscribed and will receive no more texts from Offerbook users. Reply START to resubscribe.</Message></Response>',
    )
    expect((await inboundSms(w.t, { From: number, Body: 'OPT OUT' })).body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>')
    const [optOut] = await w.t.db.select().from(contactOptOut).where(eq(contactOptOut.recipient, number))
    expect(optOut).toMatchObject({ channel: 'sms', reason: 'stop' })

    expect((await postSms(w.t, sender.headers, { phoneNumber: number, message: 'Hello there' })).json()).toEqual({ status: 'opted-out' })
    expect(w.provider.tried).not.toContain(number)
    expect((await recipientRows(number)).map((row) => [row.status, row.outboxMessageId])).toEqual([['opted-out', null]])

    const start = await inboundSms(w.t, { From: number, Body: 'Start' })
    expect(start.body).toContain('<Message>Offerbook: You are resubscribed')
    expect((await postSms(w.t, sender.headers, { phoneNumber: number, message: 'Hello again' })).json()).toEqual({ status: 'sent' })
  })

  it('answers HELP with who we are, how to stop and the rates line, in the number owner language', async () => {
    const help = await inboundSms(w.t, { From: freshNumber(), Body: 'help' })
    expect(help.body).toContain('Reply STOP to opt out')
    expect(help.body).toContain('Msg&amp;data rates may apply')
    const number = freshNumber()
    const owner = await createUser(w.t)
    await w.t.db.update(user).set({ phone: number, language: 'es-es' }).where(eq(user.id, owner.id))
    expect((await inboundSms(w.t, { From: number, Body: 'INFO' })).body).toContain('Responda STOP para darse de baja')
    expect((await inboundSms(w.t, { From: number, Body: 'Is the house still for sale? <3' })).body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>')
  })

  it('answers 403 to a bad signature and changes nothing', async () => {
    const number = freshNumber()
    const forged = await inboundSms(w.t, { From: number, Body: 'STOP' }, 'not-the-auth-token')
    expect(forged.statusCode).toBe(403)
    expect(forged.json()).toMatchObject({ key: 'send.badSignature' })
    const unsigned = await w.t.app.inject({ method: 'POST', url: '/api/messages/sms/inbound', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `From=${encodeURIComponent(number)}&Body=STOP` })
    expect(unsigned.statusCode).toBe(403)
    expect(await w.t.db.select().from(contactOptOut).where(eq(contactOptOut.recipient, number))).toEqual([])
  })
})
