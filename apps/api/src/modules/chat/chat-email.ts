import type { Language } from '@offerbook/domain/user'
import { absoluteUrl, BRAND_COLOR, escapeHtml } from '../messaging/templates'

/**
 * The chat digest email: what one side of a conversation has not read, in one message. The bodies
 * are the visitors' and agents' own text: escaped in the HTML part, never turned into markup.
 */

export type ChatDigestData = {
  /** Messages not read, oldest first. */
  messages: ReadonlyArray<{ senderName: string; body: string }>
  /** Who wrote them; null for support's answers to a visitor ('the Offerbook support team'). */
  fromName: string | null
  /** The listing's address; null for a support conversation. */
  address: string | null
  /** Where the recipient answers, e.g. /property/<id> or /notifications/messages. */
  path: string
}

export type RenderedChatDigest = { subject: string; text: string; html: string }

/** At most this many messages are quoted; the link shows the rest. */
export const DIGEST_QUOTED_MAX = 20

type Words = {
  support: string
  supportTopic: string
  subject: (count: number, from: string, about: string) => string
  earlier: (count: number) => string
  reply: string
  footer: string
}

const WORDS: Record<Language, Words> = {
  'en-us': {
    support: 'the Offerbook support team',
    supportTopic: 'your support chat',
    subject: (count, from, about) => `You have ${count} new ${count === 1 ? 'message' : 'messages'} from ${from} about ${about}`,
    earlier: (count) => `And ${count} earlier ${count === 1 ? 'message' : 'messages'}.`,
    reply: 'Read and reply',
    footer: 'Offerbook, the offer marketplace for Tennessee real estate.',
  },
  'es-es': {
    support: 'el equipo de soporte de Offerbook',
    supportTopic: 'su chat de soporte',
    subject: (count, from, about) => `Tiene ${count} ${count === 1 ? 'mensaje nuevo' : 'mensajes nuevos'} de ${from} sobre ${about}`,
    earlier: (count) => `Y ${count} ${count === 1 ? 'mensaje anterior' : 'mensajes anteriores'}.`,
    reply: 'Leer y responder',
    footer: 'Offerbook, el mercado de ofertas inmobiliarias de Tennessee.',
  },
}

/** One line for a subject: no line breaks, and not endless. */
function oneLine(value: string, max = 120): string {
  const line = value.replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}

export function renderChatDigest(locale: Language, data: ChatDigestData, publicUrl: string): RenderedChatDigest {
  const words = WORDS[locale]
  const subject = oneLine(words.subject(data.messages.length, oneLine(data.fromName ?? words.support, 60), data.address ?? words.supportTopic), 200)
  const quoted = data.messages.slice(-DIGEST_QUOTED_MAX)
  const skipped = data.messages.length - quoted.length
  const link = absoluteUrl(publicUrl, data.path)
  const home = absoluteUrl(publicUrl, '/')

  const text = [
    subject,
    '',
    ...(skipped > 0 ? [words.earlier(skipped), ''] : []),
    ...quoted.flatMap((message) => [`${message.senderName}:`, message.body, '']),
    `${words.reply}: ${link}`,
    '',
    '--',
    words.footer,
    home,
  ].join('\n')

  const paragraph = (inner: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;">${inner}</p>`
  const quotedHtml = quoted
    .map(
      (message) =>
        `<div style="margin:0 0 12px;padding:8px 12px;border-left:3px solid ${BRAND_COLOR};background:#f4f3fa;"><p style="margin:0 0 4px;font-size:14px;font-weight:bold;">${escapeHtml(message.senderName)}</p><p style="margin:0;font-size:16px;line-height:24px;white-space:pre-wrap;">${escapeHtml(message.body)}</p></div>`,
    )
    .join('\n')
  const html = `<!doctype html>
<html lang="${locale === 'es-es' ? 'es' : 'en'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f3fa;font-family:Arial,Helvetica,sans-serif;color:#1f1d2b;">
<table role="presentation" width="100%" style="border-collapse:collapse;background:#f4f3fa;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" style="max-width:560px;border-collapse:collapse;background:#ffffff;border-radius:8px;overflow:hidden;">
<tr><td style="background:${BRAND_COLOR};padding:16px 24px;"><a href="${escapeHtml(home)}" style="color:#ffffff;font-size:22px;font-weight:bold;text-decoration:none;">Offerbook</a></td></tr>
<tr><td style="padding:24px;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:28px;">${escapeHtml(subject)}</h1>
${skipped > 0 ? paragraph(escapeHtml(words.earlier(skipped))) : ''}
${quotedHtml}
<p style="margin:16px 0;"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:${BRAND_COLOR};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">${escapeHtml(words.reply)}</a></p>
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e6e4f0;font-size:13px;line-height:20px;color:#5f5b73;">${escapeHtml(words.footer)} <a href="${escapeHtml(home)}" style="color:${BRAND_COLOR};">${escapeHtml(home)}</a></td></tr>
</table>
</td></tr></table>
</body>
</html>
`
  return { subject, text, html }
}
