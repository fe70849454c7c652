import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorSchema } from '@offerbook/domain/api-error'
import { freeText } from '@offerbook/domain/validation'
import type { Db } from '../../db/client'
import type { OutboxMessage } from './messaging.queries'
import { getMailboxMessage, listMailbox } from './messaging.service'
import { BRAND_COLOR, escapeHtml } from './emails/layout'
import { routeOptions } from '../../http/route-options'

const MailboxQuerySchema = z.object({
  to: freeText().trim().max(254, 'messaging.mailboxToTooLong').optional(),
  channel: z.enum(['email', 'sms'], { error: 'messaging.mailboxChannel' }).optional(),
  limit: z.coerce
    .number({ error: 'messaging.mailboxLimitWhole' })
    .int('messaging.mailboxLimitWhole')
    .min(1, 'messaging.mailboxLimitMin')
    .max(200, 'messaging.mailboxLimitMax')
    .default(50),
})

const MailboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  kind: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
})
const MailboxSchema = z.object({ messages: z.array(MailboxMessageSchema) })
type MailboxMessage = z.infer<typeof MailboxMessageSchema>

const MessageParamsSchema = z.object({ id: z.string().uuid('messaging.mailboxId') })

function toMailboxMessage(row: OutboxMessage): MailboxMessage {
  return {
    id: row.id,
    channel: row.channel,
    to: row.recipient,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    kind: row.kind,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  }
}

const PAGE_STYLE = `body{margin:0;font-family:system-ui,Arial,sans-serif;color:#1f1d2b;background:#f4f3fa}
header{background:${BRAND_COLOR};color:#fff;padding:12px 24px}header h1{margin:0;font-size:20px}
main{max-width:880px;margin:0 auto;padding:16px 24px}.note{color:#5f5b73}
article{background:#fff;border-radius:8px;padding:12px 16px;margin:12px 0;border:1px solid #e6e4f0}
article h2{margin:0 0 4px;font-size:17px}.meta{color:#5f5b73;font-size:14px;margin:0 0 8px}
pre{white-space:pre-wrap;word-break:break-word;font-size:14px;margin:0;background:#faf9fd;padding:8px;border-radius:4px}
a{color:${BRAND_COLOR}}`

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head>
<body><header><h1>Offerbook dev mailbox</h1></header><main>${body}</main></body></html>
`
}

function mailboxPage(messages: MailboxMessage[], to: string | undefined): string {
  const items = messages.map((message) => {
    const heading = message.channel === 'email' ? message.subject ?? '(no subject)' : 'SMS'
    const link = message.html ? ` · <a href="/dev/mailbox/${escapeHtml(message.id)}">view the HTML</a>` : ''
    return `<article><h2>${escapeHtml(heading)}</h2>
<p class="meta">${escapeHtml(message.channel)} to <strong>${escapeHtml(message.to)}</strong> · <time datetime="${escapeHtml(message.createdAt)}">${escapeHtml(message.createdAt)}</time> · ${escapeHtml(message.kind)} · ${escapeHtml(message.status)}${link}</p>
<pre>${escapeHtml(message.text)}</pre></article>`
  })
  return page(
    'Offerbook dev mailbox',
    `<p class="note">Every email and SMS the app has queued, newest first. This page exists only outside production (NODE_ENV is not production); there, mail goes through SMTP_URL and SMS through the SMS provider.</p>
<form method="get" action="/dev/mailbox"><label>Recipient <input name="to" value="${escapeHtml(to ?? '')}" placeholder="email or +phone"></label> <button type="submit">Filter</button> <a href="/dev/mailbox">Show all</a></form>
${items.length > 0 ? items.join('\n') : '<p>No messages yet.</p>'}`,
  )
}

/**
 * Outside production only: what the app would have sent, for people (/dev/mailbox) and for tests and
 * scripts (/api/dev/mailbox). app.ts does not register these routes in production.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/dev/mailbox',
    routeOptions('public', 'dev', 'Outside production: the queued emails and SMS, newest first', {
      querystring: MailboxQuerySchema,
      response: { 200: MailboxSchema, 400: ApiErrorSchema },
    }),
    async (request) => {
      const rows = await listMailbox(db, request.query)
      return { messages: rows.map(toMailboxMessage) }
    },
  )

  app.get(
    '/dev/mailbox',
    { config: { access: 'public' }, schema: { hide: true, querystring: MailboxQuerySchema } },
    async (request, reply) => {
      const rows = await listMailbox(db, request.query)
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(mailboxPage(rows.map(toMailboxMessage), request.query.to))
    },
  )

  app.get(
    '/dev/mailbox/:id',
    { config: { access: 'public' }, schema: { hide: true, params: MessageParamsSchema } },
    async (request, reply) => {
      const message = await getMailboxMessage(db, request.params.id)
      const html = message.htmlBody ?? page(message.subject ?? 'SMS', `<p class="meta">${escapeHtml(message.channel)} to ${escapeHtml(message.recipient)}</p><pre>${escapeHtml(message.textBody)}</pre>`)
      // A message body is shown as the recipient would see it, but sandboxed: no scripts, no forms.
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data: https:")
        .send(html)
    },
  )
}
