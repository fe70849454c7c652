import { beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../../../test/build-test-app'
import { useTestApp } from '../../../test/per-file'
import { outboxMessage } from '../../db/schema/outbox'
import { enqueueRenderedEmail, enqueueRenderedSms, listMailbox } from './messaging.service'
import { testLog } from '../../../test/messaging-servers'
import { startOutboxWorker } from './outbox-worker'
import { OFFER_NOTICE_EVENTS } from './emails/offer-notice'
import { renderEmail, renderSms } from './emails/registry'
import { devMailbox, devOutbox } from './transports'

const t = useTestApp()

const email = { subject: 'Hello', text: 'Hello there', kind: 'test.hello', locale: 'en-us' as const }

describe('enqueueEmail and enqueueSms', () => {
  it('an enqueue inside a rolled-back transaction leaves no message', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueRenderedEmail(tx, { ...email, to: 'rolled-back@example.com' })
        await enqueueRenderedSms(tx, { to: '+16155550140', text: 'rolled back', kind: 'test.hello', locale: 'en-us' })
        throw new Error('the change that caused the message failed')
      }),
    ).rejects.toThrow('the change that caused the message failed')
    expect(await listMailbox(t.db, { to: 'rolled-back@example.com', limit: 50 })).toEqual([])
    expect(await listMailbox(t.db, { to: '+16155550140', limit: 50 })).toEqual([])
  })

  it('an enqueue inside a committed transaction keeps the message pending', async () => {
    await t.db.transaction(async (tx) => {
      await enqueueRenderedEmail(tx, { ...email, to: 'committed@example.com' })
    })
    const [message] = await listMailbox(t.db, { to: 'committed@example.com', limit: 50 })
    expect(message).toMatchObject({ channel: 'email', recipient: 'committed@example.com', status: 'pending', attempts: 0, subject: 'Hello', kind: 'test.hello' })
  })

  it.each([
    ['not-an-email', "Cannot send an email to 'not-an-email': it is not a valid email address"],
    ['two@@example.com', "Cannot send an email to 'two@@example.com': it is not a valid email address"],
    ['', "Cannot send an email to '': it is not a valid email address"],
  ])('refuses the email address %j with a clear message', async (to, message) => {
    await expect(enqueueRenderedEmail(t.db, { ...email, to })).rejects.toMatchObject({ code: 'BAD_REQUEST', message })
  })

  it('refuses an empty subject, a subject on two lines and an empty text', async () => {
    await expect(enqueueRenderedEmail(t.db, { ...email, to: 'a@example.com', subject: '  ' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'The email subject must not be empty' })
    await expect(enqueueRenderedEmail(t.db, { ...email, to: 'a@example.com', subject: 'a\r\nBcc: x@example.com' })).rejects.toMatchObject({ message: 'The email subject must be one line' })
    await expect(enqueueRenderedEmail(t.db, { ...email, to: 'a@example.com', text: '' })).rejects.toMatchObject({ message: 'The email text must not be empty' })
  })

  it.each(['6155550100', '(615) 555-0100', '+0615555010', '+1615', '+1234567890123456'])('refuses the phone number %j: it must be E.164', async (to) => {
    await expect(enqueueRenderedSms(t.db, { to, text: 'Hi', kind: 'test.sms', locale: 'en-us' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: `Cannot send an SMS to '${to}': the phone number must be in international form, e.g. +16155550100`,
    })
  })

  it('refuses an empty SMS and one longer than 1600 characters', async () => {
    await expect(enqueueRenderedSms(t.db, { to: '+16155550100', text: ' ', kind: 'test.sms', locale: 'en-us' })).rejects.toMatchObject({ message: 'The SMS text must not be empty' })
    await expect(enqueueRenderedSms(t.db, { to: '+16155550100', text: 'x'.repeat(1601), kind: 'test.sms', locale: 'en-us' })).rejects.toMatchObject({
      message: 'The SMS text has 1601 characters; at most 1600 can be sent',
    })
    await expect(enqueueRenderedSms(t.db, { to: '+16155550100', text: 'x'.repeat(1600), kind: 'test.sms', locale: 'en-us' })).resolves.toMatchObject({ channel: 'sms' })
  })
})

describe('the dev mailbox', () => {
  beforeAll(async () => {
    await t.db.delete(outboxMessage)
    const rendered = renderEmail('verification-code', 'en-us', { code: '246810', minutes: 10 }, 'http://localhost:3000')
    await enqueueRenderedEmail(t.db, { to: 'Reader@Example.com', ...rendered, kind: 'account.verification-code', locale: 'en-us' })
    // Newest first is by the time written; the embedded database's clock counts in milliseconds, so two
    // rows written in the same one would have no order between them.
    await new Promise((resolve) => setTimeout(resolve, 5))
    await enqueueRenderedEmail(t.db, { to: 'reader@example.com', subject: '<script>alert("x")</script> & more', text: 'Text with <b>tags</b>', kind: 'test.escape', locale: 'en-us' })
    await enqueueRenderedSms(t.db, { to: '+16155550150', ...renderSms('phone-code', 'es-es', { code: '135790', minutes: 5 }), kind: 'account.phone-code', locale: 'es-es' })
    const worker = startOutboxWorker({ db: t.db, mail: devMailbox(() => {}), sms: devOutbox(() => {}), log: testLog(), pollMs: 60_000 })
    await worker.drain()
    await worker.stop()
  })

  it('lists the messages to one address, newest first, as JSON', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox?to=reader@example.com' })
    expect(response.statusCode).toBe(200)
    const { messages } = response.json<{ messages: Array<Record<string, unknown>> }>()
    expect(messages.map((message) => message.kind)).toEqual(['test.escape', 'account.verification-code'])
    expect(messages[1]).toMatchObject({
      channel: 'email',
      to: 'Reader@Example.com',
      subject: 'Your Offerbook verification code: 246810',
      kind: 'account.verification-code',
      status: 'sent',
    })
    expect(messages[1]?.text).toContain('246810')
    expect(messages[1]?.html).toContain('246810')
    expect(Date.parse(String(messages[1]?.createdAt))).not.toBeNaN()
    expect(Date.parse(String(messages[1]?.sentAt))).not.toBeNaN()
  })

  it('lists SMS too, and filters by channel', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).json<{ messages: Array<{ channel: string }> }>()
    expect(all.messages).toHaveLength(3)
    const sms = (await t.app.inject({ method: 'GET', url: '/api/dev/mailbox?channel=sms&limit=10' })).json<{ messages: Array<Record<string, unknown>> }>()
    expect(sms.messages).toEqual([
      expect.objectContaining({ channel: 'sms', to: '+16155550150', subject: null, html: null, status: 'sent', text: expect.stringContaining('Su código de teléfono de Offerbook es 135790') }),
    ])
  })

  it('refuses a bad query', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox?limit=0' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'limit must be at least 1' })
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/mailbox?channel=fax' })).json()).toMatchObject({ message: 'channel must be email or sms' })
  })

  it('shows a page a person can read, with every value escaped', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/mailbox', headers: { accept: 'text/html' } })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/html')
    expect(response.body).toContain('exists only outside production')
    expect(response.body).toContain('Your Offerbook verification code: 246810')
    expect(response.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more')
    expect(response.body).toContain('Text with &lt;b&gt;tags&lt;/b&gt;')
    expect(response.body).not.toContain('<script>')
    expect(response.body).toContain('+16155550150')
    expect(response.body).toMatch(/href="\/dev\/mailbox\/[0-9a-f-]{36}"/)
  })

  it('shows the HTML body of one email, sandboxed', async () => {
    const verification = (await listMailbox(t.db, { to: 'reader@example.com', channel: 'email', limit: 50 })).find((row) => row.kind === 'account.verification-code')
    expect(verification).toBeDefined()
    const response = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${verification?.id}` })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('246810')
    expect(response.headers['content-security-policy']).toContain('sandbox')
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404)
  })
})

describe('the dev mailbox in production', () => {
  it('does not exist', async () => {
    const production = await buildTestApp({ config: { nodeEnv: 'production' } })
    try {
      for (const url of ['/api/dev/mailbox', '/dev/mailbox', '/dev/mailbox/00000000-0000-4000-8000-000000000000']) {
        const response = await production.app.inject({ method: 'GET', url })
        expect(response.statusCode, url).toBe(404)
      }
    } finally {
      await production.close()
    }
  })
})

describe('templates', () => {
  const publicUrl = 'https://offers.example.com'

  it('renders the verification code in English and in Spanish', () => {
    const english = renderEmail('verification-code', 'en-us', { code: '123456', minutes: 10 }, publicUrl)
    expect(english.subject).toBe('Your Offerbook verification code: 123456')
    expect(english.text).toContain('Enter this code in Offerbook to verify your email address:')
    expect(english.text).toContain('The code is valid for 10 minutes.')
    const spanish = renderEmail('verification-code', 'es-es', { code: '123456', minutes: 10 }, publicUrl)
    expect(spanish.subject).toBe('Su código de verificación de Offerbook: 123456')
    expect(spanish.text).toContain('Introduzca este código en Offerbook para verificar su dirección de correo electrónico:')
    expect(spanish.text).toContain('El código es válido durante 10 minutos.')
    expect(spanish.html).toContain('<html lang="es">')
  })

  it('shares one layout: the brand header, a plain text part without tags, absolute links', () => {
    const rendered = renderEmail('password-reset-code', 'en-us', { code: '654321', minutes: 15 }, `${publicUrl}/`)
    expect(rendered.html).toMatch(/background:#5b45d1[^>]*><a [^>]*>Offerbook<\/a>/)
    expect(rendered.text).not.toMatch(/<[a-z]/i)
    expect(rendered.text).toContain(`Reset your password: ${publicUrl}/auth/recovery`)
    const hrefs = [...rendered.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1])
    expect(hrefs.length).toBeGreaterThan(0)
    expect(hrefs.every((href) => href?.startsWith(`${publicUrl}/`))).toBe(true)
  })

  it('escapes every value it puts into the HTML', () => {
    const rendered = renderEmail(
      'principal-broker-request',
      'en-us',
      { requesterName: '<img src=x onerror=alert(1)> "Bob"', requesterEmail: 'bob@example.com', requesterPhone: null, nrds: '12&34' },
      publicUrl,
    )
    expect(rendered.subject).toBe('Principal broker access request from <img src=x onerror=alert(1)> "Bob"')
    expect(rendered.html).not.toContain('<img')
    expect(rendered.html).toContain('&lt;img src=x onerror=alert(1)&gt; &quot;Bob&quot;')
    expect(rendered.html).toContain('12&amp;34')
    expect(rendered.text).toContain('Email: bob@example.com')
    expect(rendered.text).toContain('Phone: not given')
    expect(rendered.text).toContain(`Open the admin area: ${publicUrl}/admin`)
  })

  it('tells admins in Spanish who asked for principal broker access', () => {
    const rendered = renderEmail('principal-broker-request', 'es-es', { requesterName: 'Ana Pérez', requesterEmail: 'ana@example.com', requesterPhone: '+16155550100' }, publicUrl)
    expect(rendered.subject).toBe('Solicitud de acceso como corredor principal de Ana Pérez')
    expect(rendered.text).toContain('Ana Pérez ha solicitado acceso como corredor principal en Offerbook.')
    expect(rendered.text).toContain('Teléfono: +16155550100')
    expect(rendered.text).toContain('NRDS: no indicado')
  })

  it('renders the phone code SMS short enough for one message', () => {
    expect(renderSms('phone-code', 'en-us', { code: '112233', minutes: 10 }).text).toBe(
      'Your Offerbook phone code is 112233. It is valid for 10 minutes. If you did not ask for it, ignore this message.',
    )
    const spanish = renderSms('phone-code', 'es-es', { code: '112233', minutes: 10 }).text
    expect(spanish).toBe('Su código de teléfono de Offerbook es 112233. Es válido durante 10 minutos. Si no lo ha solicitado, ignore este mensaje.')
  })

  it('addresses the Spanish reader as usted in every email and text, as the app does', () => {
    // Whole words only (\p{L}, since \b knows no accents): "tu" but not "su" or "tutor", "introduce" but not "introduzca".
    const informal =
      /(?<![\p{L}\p{N}])(tú|tu|tus|te|ti|contigo|tuy[oa]s?|has|puedes|tienes|confirma|introduce|revisa|verifica|restablece|guarda|ignora|firmes|retires|reenvíes|compartas)(?![\p{L}\p{N}])/iu
    expect('Si no lo has solicitado tú, puedes ignorar este correo.').toMatch(informal)
    expect('Introduzca su código para restablecer la contraseña de su cuenta; verificar, confirmar.').not.toMatch(informal)
    const address = '12 Elm St, Nashville, TN'
    const emails = [
      renderEmail('verification-code', 'es-es', { code: '123456', minutes: 10 }, publicUrl),
      renderEmail('password-reset-code', 'es-es', { code: '123456', minutes: 10 }, publicUrl),
      renderEmail('principal-broker-request', 'es-es', { requesterName: 'Ana Pérez', requesterEmail: 'ana@example.com', requesterPhone: null, nrds: null }, publicUrl),
      renderEmail('offer-shared', 'es-es', { address, price: '350.000 $', buyerNames: 'Ana Pérez', expiresAt: null, path: '/offer/1' }, publicUrl),
      ...OFFER_NOTICE_EVENTS.flatMap((event) => [
        renderEmail('offer-notice', 'es-es', { event, address, actorName: null, date: null, path: '/offer/1' }, publicUrl),
        renderEmail('offer-notice', 'es-es', { event, address, actorName: 'Ana Pérez', date: '2 dic 2026', path: '/offer/1' }, publicUrl),
      ]),
      ...(['invite', 'reminder', 'declined', 'voided', 'expired', 'completed'] as const).flatMap((event) => [
        renderEmail('signing-notice', 'es-es', { event, title: 'la oferta', address, senderName: null, path: '/sign/1' }, publicUrl),
        renderEmail(
          'signing-notice',
          'es-es',
          { event, title: 'la oferta', address, senderName: 'Ana Pérez', signerName: 'Luis Gil', reason: 'Un motivo', message: 'Una nota', expiresAt: '2 dic 2026, 17:00', path: '/sign/1' },
          publicUrl,
        ),
      ]),
    ]
    const texts = [
      ...emails.flatMap((email) => [email.subject, email.text]),
      renderSms('phone-code', 'es-es', { code: '112233', minutes: 10 }).text,
      renderSms('signing-code', 'es-es', { code: '112233', minutes: 10 }).text,
      ...[false, true].flatMap((reminder) => [null, 'Ana Pérez'].map((senderName) => renderSms('signing-link', 'es-es', { title: 'la oferta', senderName, url: `${publicUrl}/sign/1`, reminder }).text)),
    ]
    for (const text of texts) expect(text).not.toMatch(informal)
  })
})
