import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Language } from '@offerbook/domain/user'
import { absoluteUrl, escapeHtml } from '../messaging/templates'

/**
 * What a message from the Send dialog says around the sender's own words: who sent it, the property
 * it is about, how to unsubscribe (email), and for a text the sender's name and the opt-out line
 * (10DLC). These are message contents in the recipient's language, not API errors.
 */

export type Sender = { name: string; email: string }
export type Property = { id: string; address: string }

const EMAIL_FOOTER = {
  'en-us': {
    sentBy: (sender: Sender) => `Sent by ${sender.name} (${sender.email}) with Offerbook.`,
    property: 'About the property',
    unsubscribe: 'To receive no more messages from Offerbook users at this address, unsubscribe',
    unsubscribeLink: 'Unsubscribe',
  },
  'es-es': {
    sentBy: (sender: Sender) => `Enviado por ${sender.name} (${sender.email}) con Offerbook.`,
    property: 'Sobre la propiedad',
    unsubscribe: 'Para no recibir más mensajes de usuarios de Offerbook en esta dirección, dese de baja',
    unsubscribeLink: 'Darse de baja',
  },
} as const satisfies Record<Language, unknown>

// http(s) up to white space or a character that cannot end a link in running text.
const URL_IN_TEXT = /https?:\/\/[^\s<>"'`]+/g
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/

/** The message as HTML: everything escaped, only http(s) URLs made links, new lines kept as <br>. */
export function messageHtml(message: string): string {
  let html = ''
  let at = 0
  for (const match of message.matchAll(URL_IN_TEXT)) {
    const start = match.index
    const url = match[0].replace(TRAILING_PUNCTUATION, '')
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) continue
    html += escapeHtml(message.slice(at, start))
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`
    at = start + url.length
  }
  html += escapeHtml(message.slice(at))
  return html.replace(/\r\n|\r|\n/g, '<br>\n')
}

export type UserEmail = { subject: string; text: string; html: string }

export function renderUserEmail(input: { locale: Language; subject: string; message: string; sender: Sender; property: Property | null; unsubscribeUrl: string; publicUrl: string }): UserEmail {
  const words = EMAIL_FOOTER[input.locale]
  const propertyUrl = input.property ? absoluteUrl(input.publicUrl, `/property/${input.property.id}`) : null
  const text = [
    input.message,
    '',
    '--',
    words.sentBy(input.sender),
    ...(input.property && propertyUrl ? [`${words.property}: ${input.property.address}`, propertyUrl] : []),
    `${words.unsubscribe}: ${input.unsubscribeUrl}`,
  ].join('\n')
  const propertyHtml =
    input.property && propertyUrl ? `<p>${escapeHtml(words.property)}: <a href="${escapeHtml(propertyUrl)}">${escapeHtml(input.property.address || propertyUrl)}</a></p>` : ''
  const html = [
    '<!doctype html><html><body style="font-family: Arial, sans-serif; font-size: 15px; line-height: 1.5">',
    `<div>${messageHtml(input.message)}</div>`,
    '<hr style="border: none; border-top: 1px solid #ddd; margin: 24px 0 12px">',
    `<div style="color: #555; font-size: 13px"><p>${escapeHtml(words.sentBy(input.sender))}</p>${propertyHtml}`,
    `<p>${escapeHtml(words.unsubscribe)}: <a href="${escapeHtml(input.unsubscribeUrl)}">${escapeHtml(words.unsubscribeLink)}</a></p></div>`,
    '</body></html>',
  ].join('\n')
  return { subject: input.subject, text, html }
}

const SMS_WORDS = {
  'en-us': { optOut: 'Reply STOP to opt out.' },
  'es-es': { optOut: 'Responda STOP para darse de baja.' },
} as const satisfies Record<Language, unknown>

/** 'Offerbook: <sender>: <message> Reply STOP to opt out.' (10DLC: who sends, how to stop). */
export function smsBody(input: { locale: Language; senderName: string; message: string }): string {
  return `Offerbook: ${input.senderName}: ${input.message} ${SMS_WORDS[input.locale].optOut}`
}

// ---------------------------------------------------------------------------------------------
// Unsubscribe links: stateless, `<base64url('email:' + address)>.<base64url(HMAC-SHA256)>`.

function mac(secret: string, subject: string): Buffer {
  return createHmac('sha256', secret).update(subject).digest()
}

export function unsubscribeToken(secret: string, address: string): string {
  const subject = `email:${address}`
  return `${Buffer.from(subject).toString('base64url')}.${mac(secret, subject).toString('base64url')}`
}

export function unsubscribeUrl(publicUrl: string, secret: string, address: string): string {
  return absoluteUrl(publicUrl, `/unsubscribe/${unsubscribeToken(secret, address)}`)
}

/** The address a token was made for, or null when it is not one of ours. */
export function addressOfToken(secret: string, token: string): string | null {
  const [encoded, signature, ...rest] = token.split('.')
  if (!encoded || !signature || rest.length > 0 || !/^[A-Za-z0-9_-]+$/.test(encoded) || !/^[A-Za-z0-9_-]+$/.test(signature)) return null
  const subject = Buffer.from(encoded, 'base64url').toString('utf8')
  const expected = mac(secret, subject)
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  return subject.startsWith('email:') ? subject.slice('email:'.length) : null
}
