import { randomUUID } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestListing, createUser } from '../../../test/factories'
import { appEvent, userMessage, userMessageRecipient } from '../../db/schema/conversations'
import { outboxMessage } from '../../db/schema/outbox'
import { user } from '../../db/schema/users'
import { unsubscribeToken } from './send-content'
import type { SendWorld } from './send.test-helpers'
import { addresses, notificationsOf, postEmail, PUBLIC_URL, startSendWorld, waitFor } from './send.test-helpers'

let w: SendWorld

beforeAll(async () => {
  w = await startSendWorld()
})
afterAll(async () => {
  await w?.close()
})

const mailTo = (address: string) => w.smtp.received.find((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value.some((to) => to.address === address))
const outboxOf = (recipients: string[]) => w.t.db.select().from(outboxMessage).where(inArray(outboxMessage.recipient, recipients))
const messagesOf = (senderId: string) => w.t.db.select().from(userMessage).where(eq(userMessage.senderId, senderId))

describe('POST /api/messages/email', () => {
  it('queues one email per address, delivers it over SMTP with links made and HTML escaped, and records the message', async () => {
    const sender = await w.sender({ name: 'Ben Buyer' })
    const listing = await createTestListing(w.t, { ownerId: sender.id })
    const spanish = await createUser(w.t, { email: `ana-${randomUUID().slice(0, 6)}@example.com` })
    await w.t.db.update(user).set({ language: 'es-es' }).where(eq(user.id, spanish.id))
    const plain = `Pat.${randomUUID().slice(0, 6)}@Example.com`
    const message = 'Look at https://example.com/homes?id=1&x=2. <b>Bold</b> <script>alert(1)</script>\nSecond line javascript:alert(1)'
    const response = await postEmail(w.t, sender.headers, { emailAddresses: [plain, plain.toUpperCase(), spanish.email], subject: 'A home for you', message, propertyId: listing.id })
    expect(response.statusCode, response.body).toBe(200)
    const lower = plain.toLowerCase()
    expect(response.json()).toEqual({ queued: [lower, spanish.email], optedOut: [] })

    const mail = await waitFor(() => mailTo(lower))
    expect(mail.subject).toBe('A home for you')
    expect(mail.text).toContain(message)
    expect(mail.text).toContain(`Sent by Ben Buyer (${sender.email}) with Offerbook.`)
    expect(mail.text).toContain(`About the property: ${listing.unparsedAddress}`)
    expect(mail.text).toContain(`${PUBLIC_URL}/property/${listing.id}`)
    expect(mail.text).toContain(`${PUBLIC_URL}/unsubscribe/${unsubscribeToken(w.t.config.authSecret, lower)}`)
    const html = String(mail.html)
    expect(html).toContain('<a href="https://example.com/homes?id=1&amp;x=2">https://example.com/homes?id=1&amp;x=2</a>.')
    expect(html).toContain('&lt;b&gt;Bold&lt;/b&gt; &lt;script&gt;alert(1)&lt;/script&gt;<br>')
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('href="javascript')
    expect(html).toContain(`href="${PUBLIC_URL}/unsubscribe/${unsubscribeToken(w.t.config.authSecret, lower)}"`)

    // The recipient with an account reads the footer in their own language.
    const spanishMail = await waitFor(() => mailTo(spanish.email))
    expect(spanishMail.text).toContain(`Enviado por Ben Buyer (${sender.email}) con Offerbook.`)

    const [recorded] = await messagesOf(sender.id)
    expect(recorded).toMatchObject({ channel: 'email', subject: 'A home for you', body: message, listingId: listing.id })
    const recipients = await w.t.db.select().from(userMessageRecipient).where(eq(userMessageRecipient.messageId, recorded!.id))
    expect(recipients.map((row) => [row.recipient, row.status])).toEqual([
      [lower, 'queued'],
      [spanish.email, 'queued'],
    ])
    const outbox = await waitFor(async () => {
      const rows = await outboxOf([lower, spanish.email])
      return rows.every((row) => row.status === 'sent') ? rows : undefined
    })
    expect(outbox.map((row) => row.id).sort()).toEqual(recipients.map((row) => row.outboxMessageId).sort())
  })

  it('refuses bad input on its fields and sends nothing', async () => {
    const sender = await w.sender()
    const cases: [object, [string, string][]][] = [
      [{ emailAddresses: ['ok@example.com'], subject: 'Hi', message: 'x'.repeat(5001) }, [['message', 'common.tooLong']]],
      [{ emailAddresses: ['ok@example.com'], subject: '   ', message: 'Hello there' }, [['subject', 'common.required']]],
      [{ emailAddresses: ['ok@example.com', 'not-an-email', 'a@b'], subject: 'Hi', message: 'Hello there' }, [['emailAddresses.1', 'common.invalidEmail'], ['emailAddresses.2', 'common.invalidEmail']]],
      [{ emailAddresses: addresses(11), subject: 'Hi', message: 'Hello there' }, [['emailAddresses', 'send.tooManyRecipients']]],
      [{ emailAddresses: [], subject: 'Hi', message: 'Hello there' }, [['emailAddresses', 'send.enterEmails']]],
      [{ emailAddresses: ['ok@example.com'], subject: 'Hi', message: 'Hey' }, [['message', 'common.tooShort']]],
    ]
    for (const [payload, fields] of cases) {
      const response = await postEmail(w.t, sender.headers, payload)
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400)
      expect(response.json<{ errors: { path: string; key: string }[] }>().errors.map((error) => [error.path, error.key])).toEqual(fields)
    }
    expect(await messagesOf(sender.id)).toEqual([])
    expect(await outboxOf(['ok@example.com'])).toEqual([])
  })

  it('answers 404 for an unknown property and for a listing the sender may not see', async () => {
    const sender = await w.sender()
    const owner = await createUser(w.t, { roles: ['SELLER_AGENT'] })
    const hidden = await createTestListing(w.t, { ownerId: owner.id, visibility: 'private' })
    for (const propertyId of [randomUUID(), hidden.id]) {
      const response = await postEmail(w.t, sender.headers, { emailAddresses: ['someone@example.com'], subject: 'Hi', message: 'Hello there', propertyId })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ key: 'send.propertyNotFound' })
    }
    expect(await messagesOf(sender.id)).toEqual([])
  })

  it('refuses the anonymous', async () => {
    const response = await postEmail(w.t, {}, { emailAddresses: ['someone@example.com'], subject: 'Hi', message: 'Hello there' })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ key: 'request.signInRequired' })
  })
})

describe('the hourly email limit', () => {
  it('sends 50 emails in an hour and refuses the 51st whole', async () => {
    const sender = await w.sender()
    for (let call = 0; call < 5; call++) {
      const response = await postEmail(w.t, sender.headers, { emailAddresses: addresses(10, `limit${call}-`), subject: 'Hi', message: 'Hello there' })
      expect(response.statusCode, response.body).toBe(200)
    }
    const refused = await postEmail(w.t, sender.headers, { emailAddresses: addresses(1, 'one-more-'), subject: 'Hi', message: 'Hello there' })
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ key: 'send.emailHourlyLimit', params: { limit: 50 }, message: 'You can send at most 50 emails an hour. Please try again later.' })
    expect(await messagesOf(sender.id)).toHaveLength(5)
    // An hour later the old ones no longer count.
    await w.t.db
      .update(userMessageRecipient)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(userMessageRecipient.senderId, sender.id))
    expect((await postEmail(w.t, sender.headers, { emailAddresses: addresses(1), subject: 'Hi', message: 'Hello there' })).statusCode).toBe(200)
  })

  it('lets only one of two parallel calls at the limit through', async () => {
    const sender = await w.sender()
    for (let call = 0; call < 4; call++) expect((await postEmail(w.t, sender.headers, { emailAddresses: addresses(10), subject: 'Hi', message: 'Hello there' })).statusCode).toBe(200)
    const answers = await Promise.all([0, 1].map(() => postEmail(w.t, sender.headers, { emailAddresses: addresses(6), subject: 'Hi', message: 'Hello there' })))
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429])
    const queued = await w.t.db
      .select()
      .from(userMessageRecipient)
      .where(and(eq(userMessageRecipient.senderId, sender.id), eq(userMessageRecipient.status, 'queued')))
    expect(queued).toHaveLength(46)
  })
})

describe('unsubscribe', () => {
  it('shows the masked address, opts it out (twice is once), skips it from then on, and undoes', async () => {
    const sender = await w.sender()
    const address = `stella-${randomUUID().slice(0, 6)}@example.com`
    const token = unsubscribeToken(w.t.config.authSecret, address)
    const url = `/api/messages/unsubscribe/${token}`
    expect((await w.t.app.inject({ method: 'GET', url })).json()).toEqual({ channel: 'email', address: 's***@example.com', optedOut: false })
    for (let time = 0; time < 2; time++) {
      const response = await w.t.app.inject({ method: 'POST', url })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({ optedOut: true })
    }
    const other = `other-${randomUUID().slice(0, 6)}@example.com`
    const answer = await postEmail(w.t, sender.headers, { emailAddresses: [address.toUpperCase(), other], subject: 'Hi', message: 'Hello there' })
    expect(answer.json()).toEqual({ queued: [other], optedOut: [address] })
    expect(await outboxOf([address])).toEqual([])
    const recorded = await w.t.db.select().from(userMessageRecipient).where(eq(userMessageRecipient.recipient, address))
    expect(recorded.map((row) => [row.status, row.outboxMessageId])).toEqual([['opted-out', null]])

    expect((await w.t.app.inject({ method: 'DELETE', url })).json()).toMatchObject({ optedOut: false })
    expect((await postEmail(w.t, sender.headers, { emailAddresses: [address], subject: 'Hi', message: 'Hello again' })).json()).toEqual({ queued: [address], optedOut: [] })
  })

  it('answers 404 to a token that is not ours and changes nothing', async () => {
    const token = unsubscribeToken('another-secret-another-secret-4242', 'victim@example.com')
    const forged = `${Buffer.from('email:victim@example.com').toString('base64url')}.${unsubscribeToken(w.t.config.authSecret, 'me@example.com').split('.')[1]}`
    for (const bad of [token, forged, 'nonsense', 'a.b.c', '%E0%A4%A']) {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const response = await w.t.app.inject({ method, url: `/api/messages/unsubscribe/${bad}` })
        expect([400, 404], `${method} ${bad}`).toContain(response.statusCode)
        if (response.statusCode === 404) expect(response.json()).toMatchObject({ key: 'send.unsubscribeNotFound' })
      }
    }
    const check = await w.t.app.inject({ method: 'GET', url: `/api/messages/unsubscribe/${unsubscribeToken(w.t.config.authSecret, 'victim@example.com')}` })
    expect(check.json()).toMatchObject({ optedOut: false })
  })
})

describe('a later email failure', () => {
  it("tells the sender with a 'message.failed' notification and a live event, once", async () => {
    const sender = await w.sender()
    const address = `bounce-${randomUUID().slice(0, 6)}@example.com`
    w.smtp.refuseWith = { code: 550, message: 'No such user' }
    try {
      expect((await postEmail(w.t, sender.headers, { emailAddresses: [address], subject: 'Hi', message: 'Hello there' })).statusCode).toBe(200)
      const [told] = await waitFor(async () => {
        const rows = await notificationsOf(w.t, sender.id, 'message.failed')
        return rows.length > 0 ? rows : undefined
      })
      expect(told!.data).toEqual({ channel: 'email', recipient: address })
    } finally {
      w.smtp.refuseWith = null
    }
    const [recipient] = await w.t.db.select().from(userMessageRecipient).where(eq(userMessageRecipient.recipient, address))
    expect(recipient!.failureNotifiedAt).not.toBeNull()
    const events = await w.t.db.select().from(appEvent).where(and(eq(appEvent.recipient, sender.id), eq(appEvent.type, 'message.outcome')))
    expect(events.map((event) => event.data)).toEqual([{ messageId: recipient!.messageId, channel: 'email', status: 'failed' }])
    expect(await notificationsOf(w.t, sender.id, 'message.failed')).toHaveLength(1)
  })
})
