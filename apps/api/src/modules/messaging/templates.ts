import type { Language } from '@offerbook/domain/user'
import type { Block, EmailContent } from './email-content'
import type { SigningNotice } from './signing-templates'
import { signingCodeSms, signingLinkSms, signingNotice } from './signing-templates'

/** What each email template needs; the Accounts feature fills these in. */
export type EmailTemplateData = {
  'verification-code': { code: string; minutes: number }
  'password-reset-code': { code: string; minutes: number }
  /** After many sign-in tries on an account, to its owner once the right password was given (issue #29). */
  'sign-in-code': { code: string; minutes: number }
  'principal-broker-request': { requesterName: string; requesterEmail: string; requesterPhone?: string | null; nrds?: string | null }
  /** To the listing agent named on a shared offer: the offer, and a link (with its token) to read it. */
  'offer-shared': { address: string; price: string; buyerNames: string; expiresAt: string | null; path: string }
  /** To one side of an offer when the other side (or time) changes it. */
  'offer-notice': { event: OfferNoticeEvent; address: string; actorName: string | null; date: string | null; path: string; note?: string | null }
  /** To a signer or a party of a signing packet (issue #12): invitations, reminders, and how the packet ended. */
  'signing-notice': SigningNotice
}

/** What an offer notice tells about (offers-notify.ts). */
export const OFFER_NOTICE_EVENTS = [
  'shared',
  'updated',
  'withdrawn',
  'acknowledged',
  'accepted',
  'declined',
  'backup',
  'expired',
  'closed',
  'terminated',
  'countered',
  'counter-accepted',
  'counter-declined',
  'best-requested',
  'revised',
  'pre-approval-verified',
] as const
export type OfferNoticeEvent = (typeof OFFER_NOTICE_EVENTS)[number]

export type EmailTemplate = keyof EmailTemplateData

export type SmsTemplateData = {
  'phone-code': { code: string; minutes: number }
  /** The signing link, texted beside the email when the signer gave a phone. */
  'signing-link': { title: string; senderName: string | null; url: string; reminder: boolean }
  'signing-code': { code: string; minutes: number }
}
export type SmsTemplate = keyof SmsTemplateData

export type RenderedEmail = { subject: string; text: string; html: string }

export const BRAND_COLOR = '#5b45d1'

type Strings = {
  footer: string
  ignore: string
}

const COMMON: Record<Language, Strings> = {
  'en-us': {
    footer: 'Offerbook, the offer marketplace for Tennessee real estate.',
    ignore: 'If you did not ask for this, you can ignore this email.',
  },
  'es-es': {
    footer: 'Offerbook, el mercado de ofertas inmobiliarias de Tennessee.',
    ignore: 'Si no lo ha solicitado usted, puede ignorar este correo.',
  },
}

type EmailBuilders = { [T in EmailTemplate]: Record<Language, (data: EmailTemplateData[T]) => EmailContent> }

type OfferNoticeText = { subject: (address: string) => string; paragraph: (data: EmailTemplateData['offer-notice']) => string }

/** The same words for everybody a change tells about: nothing in them is particular to one recipient but the address. */
const OFFER_NOTICES: Record<Language, Record<OfferNoticeEvent, OfferNoticeText>> = {
  'en-us': {
    shared: { subject: (address) => `New offer on ${address}`, paragraph: ({ address, actorName }) => `${actorName ?? 'A buyer'} shared an offer on ${address}.` },
    updated: { subject: (address) => `Offer updated on ${address}`, paragraph: ({ address, actorName }) => `${actorName ?? 'The buyer side'} changed the terms of their offer on ${address}.` },
    withdrawn: { subject: (address) => `Offer withdrawn on ${address}`, paragraph: ({ address, actorName }) => `${actorName ?? 'The buyer side'} withdrew their offer on ${address}.` },
    acknowledged: {
      subject: (address) => `Acceptance acknowledged on ${address}`,
      paragraph: ({ address, date }) => `The buyer side acknowledged receipt of the acceptance of the offer on ${address}. The Binding Agreement Date is ${date ?? 'today'}; the contract deadlines count from it.`,
    },
    accepted: {
      subject: (address) => `Your offer on ${address} was accepted`,
      paragraph: ({ address }) => `The seller accepted your offer on ${address}. Please acknowledge receipt of the acceptance in Offerbook: that date becomes the Binding Agreement Date.`,
    },
    declined: { subject: (address) => `Your offer on ${address} was declined`, paragraph: ({ address }) => `The seller declined your offer on ${address}.` },
    backup: {
      subject: (address) => `Your offer on ${address} is kept as a back-up`,
      paragraph: ({ address }) => `The seller accepted another offer on ${address} and keeps yours as a back-up offer. It stays open until it expires, you withdraw it, or the seller answers it.`,
    },
    expired: { subject: (address) => `Offer expired on ${address}`, paragraph: ({ address }) => `The offer on ${address} reached its expiration time without an answer and has expired.` },
    closed: { subject: (address) => `Sale closed: ${address}`, paragraph: ({ address }) => `The seller side marked the sale of ${address} as closed.` },
    terminated: { subject: (address) => `Contract terminated on ${address}`, paragraph: ({ address, actorName }) => `${actorName ?? 'The other side'} terminated the contract on ${address}.` },
    countered: {
      subject: (address) => `Counter-offer on ${address}`,
      paragraph: ({ address, actorName }) => `${actorName ?? 'The other side'} answered the offer on ${address} with a counter-offer. It is your turn: accept it, decline it or counter back before it expires.`,
    },
    'counter-accepted': {
      subject: (address) => `Counter-offer accepted on ${address}`,
      paragraph: ({ address, actorName }) => `${actorName ?? 'The buyer side'} accepted your counter-offer on ${address}. The offer is accepted at its terms.`,
    },
    'counter-declined': { subject: (address) => `Counter-offer declined on ${address}`, paragraph: ({ address, actorName }) => `${actorName ?? 'The buyer side'} declined your counter-offer on ${address}.` },
    'best-requested': {
      subject: (address) => `Highest and best requested on ${address}`,
      paragraph: ({ address, date }) => `The seller side asks for your highest and best offer on ${address} by ${date ?? 'the deadline'}. You may revise your offer until then.`,
    },
    revised: { subject: (address) => `Offer revised on ${address}`, paragraph: ({ address, actorName }) => `${actorName ?? 'The buyer side'} revised their offer on ${address} in answer to your highest-and-best request.` },
    'pre-approval-verified': {
      subject: (address) => `Pre-approval verified on ${address}`,
      paragraph: ({ address }) => `The seller side verified the pre-approval letter of your offer on ${address}.`,
    },
  },
  'es-es': {
    shared: { subject: (address) => `Nueva oferta sobre ${address}`, paragraph: ({ address, actorName }) => `${actorName ?? 'Un comprador'} ha compartido una oferta sobre ${address}.` },
    updated: { subject: (address) => `Oferta modificada sobre ${address}`, paragraph: ({ address, actorName }) => `${actorName ?? 'La parte compradora'} ha cambiado las condiciones de su oferta sobre ${address}.` },
    withdrawn: { subject: (address) => `Oferta retirada sobre ${address}`, paragraph: ({ address, actorName }) => `${actorName ?? 'La parte compradora'} ha retirado su oferta sobre ${address}.` },
    acknowledged: {
      subject: (address) => `Aceptación confirmada sobre ${address}`,
      paragraph: ({ address, date }) => `La parte compradora ha confirmado la recepción de la aceptación de la oferta sobre ${address}. La fecha del acuerdo vinculante es ${date ?? 'hoy'}; los plazos del contrato se cuentan desde ella.`,
    },
    accepted: {
      subject: (address) => `Su oferta sobre ${address} ha sido aceptada`,
      paragraph: ({ address }) => `El vendedor ha aceptado su oferta sobre ${address}. Confirme en Offerbook que ha recibido la aceptación: esa fecha será la fecha del acuerdo vinculante.`,
    },
    declined: { subject: (address) => `Su oferta sobre ${address} ha sido rechazada`, paragraph: ({ address }) => `El vendedor ha rechazado su oferta sobre ${address}.` },
    backup: {
      subject: (address) => `Su oferta sobre ${address} queda como oferta de reserva`,
      paragraph: ({ address }) => `El vendedor ha aceptado otra oferta sobre ${address} y mantiene la suya como oferta de reserva. Sigue abierta hasta que venza, usted la retire o el vendedor la responda.`,
    },
    expired: { subject: (address) => `Oferta vencida sobre ${address}`, paragraph: ({ address }) => `La oferta sobre ${address} ha llegado a su fecha de vencimiento sin respuesta y ha vencido.` },
    closed: { subject: (address) => `Venta cerrada: ${address}`, paragraph: ({ address }) => `La parte vendedora ha marcado como cerrada la venta de ${address}.` },
    terminated: { subject: (address) => `Contrato rescindido sobre ${address}`, paragraph: ({ address, actorName }) => `${actorName ?? 'La otra parte'} ha rescindido el contrato sobre ${address}.` },
    countered: {
      subject: (address) => `Contraoferta sobre ${address}`,
      paragraph: ({ address, actorName }) => `${actorName ?? 'La otra parte'} ha respondido a la oferta sobre ${address} con una contraoferta. Le toca a usted: acéptela, recházela o haga otra contraoferta antes de que venza.`,
    },
    'counter-accepted': {
      subject: (address) => `Contraoferta aceptada sobre ${address}`,
      paragraph: ({ address, actorName }) => `${actorName ?? 'La parte compradora'} ha aceptado su contraoferta sobre ${address}. La oferta queda aceptada en esas condiciones.`,
    },
    'counter-declined': { subject: (address) => `Contraoferta rechazada sobre ${address}`, paragraph: ({ address, actorName }) => `${actorName ?? 'La parte compradora'} ha rechazado su contraoferta sobre ${address}.` },
    'best-requested': {
      subject: (address) => `Se pide la mejor oferta sobre ${address}`,
      paragraph: ({ address, date }) => `La parte vendedora le pide su mejor y última oferta sobre ${address} antes de ${date ?? 'la fecha límite'}. Puede modificar su oferta hasta entonces.`,
    },
    revised: {
      subject: (address) => `Oferta modificada sobre ${address}`,
      paragraph: ({ address, actorName }) => `${actorName ?? 'La parte compradora'} ha modificado su oferta sobre ${address} en respuesta a su petición de la mejor oferta.`,
    },
    'pre-approval-verified': {
      subject: (address) => `Preaprobación verificada sobre ${address}`,
      paragraph: ({ address }) => `La parte vendedora ha verificado la carta de preaprobación de su oferta sobre ${address}.`,
    },
  },
}

const OFFER_NOTICE_ACTION: Record<Language, string> = { 'en-us': 'Open the offer', 'es-es': 'Abrir la oferta' }

function offerNotice(locale: Language, data: EmailTemplateData['offer-notice']): EmailContent {
  const text = OFFER_NOTICES[locale][data.event]
  const subject = text.subject(data.address)
  // The sender's own words, as they wrote them, the same for every recipient.
  const note = data.note ? [{ type: 'paragraph' as const, text: `“${data.note}”` }] : []
  return { subject, heading: subject, blocks: [{ type: 'paragraph', text: text.paragraph(data) }, ...note, { type: 'action', label: OFFER_NOTICE_ACTION[locale], path: data.path }] }
}

const EMAILS: EmailBuilders = {
  'verification-code': {
    'en-us': ({ code, minutes }) => ({
      subject: `Your Offerbook verification code: ${code}`,
      heading: 'Verify your email address',
      blocks: [
        { type: 'paragraph', text: 'Enter this code in Offerbook to verify your email address:' },
        { type: 'code', code },
        { type: 'paragraph', text: `The code is valid for ${minutes} minutes.` },
        { type: 'paragraph', text: COMMON['en-us'].ignore },
      ],
    }),
    'es-es': ({ code, minutes }) => ({
      subject: `Su código de verificación de Offerbook: ${code}`,
      heading: 'Verifique su dirección de correo electrónico',
      blocks: [
        { type: 'paragraph', text: 'Introduzca este código en Offerbook para verificar su dirección de correo electrónico:' },
        { type: 'code', code },
        { type: 'paragraph', text: `El código es válido durante ${minutes} minutos.` },
        { type: 'paragraph', text: COMMON['es-es'].ignore },
      ],
    }),
  },
  'password-reset-code': {
    'en-us': ({ code, minutes }) => ({
      subject: 'Reset your Offerbook password',
      heading: 'Reset your password',
      blocks: [
        { type: 'paragraph', text: 'We received a request to reset the password of your Offerbook account. Enter this code to choose a new password:' },
        { type: 'code', code },
        { type: 'paragraph', text: `The code is valid for ${minutes} minutes.` },
        { type: 'action', label: 'Reset your password', path: '/auth/recovery' },
        { type: 'paragraph', text: 'If you did not ask for this, you can ignore this email: your password stays as it is.' },
      ],
    }),
    'es-es': ({ code, minutes }) => ({
      subject: 'Restablezca su contraseña de Offerbook',
      heading: 'Restablezca su contraseña',
      blocks: [
        { type: 'paragraph', text: 'Hemos recibido una solicitud para restablecer la contraseña de su cuenta de Offerbook. Introduzca este código para elegir una contraseña nueva:' },
        { type: 'code', code },
        { type: 'paragraph', text: `El código es válido durante ${minutes} minutos.` },
        { type: 'action', label: 'Restablecer la contraseña', path: '/auth/recovery' },
        { type: 'paragraph', text: 'Si no lo ha solicitado usted, puede ignorar este correo: su contraseña no cambiará.' },
      ],
    }),
  },
  'sign-in-code': {
    'en-us': ({ code, minutes }) => ({
      subject: 'Your Offerbook sign-in code',
      heading: 'Finish signing in',
      blocks: [
        { type: 'paragraph', text: 'There were many sign-in tries on your Offerbook account, so signing in now takes this code as well as your password:' },
        { type: 'code', code },
        { type: 'paragraph', text: `The code is valid for ${minutes} minutes.` },
        { type: 'paragraph', text: 'If it was not you who signed in just now, someone knows your password: choose a new one from the sign-in page with Forgot password.' },
      ],
    }),
    'es-es': ({ code, minutes }) => ({
      subject: 'Su código para iniciar sesión en Offerbook',
      heading: 'Termine de iniciar sesión',
      blocks: [
        { type: 'paragraph', text: 'Ha habido muchos intentos de iniciar sesión en su cuenta de Offerbook, así que ahora hace falta este código además de su contraseña:' },
        { type: 'code', code },
        { type: 'paragraph', text: `El código es válido durante ${minutes} minutos.` },
        { type: 'paragraph', text: 'Si no ha sido usted quien acaba de iniciar sesión, alguien conoce su contraseña: elija una nueva desde la página de inicio de sesión con ¿Olvidó su contraseña?' },
      ],
    }),
  },
  'principal-broker-request': {
    'en-us': ({ requesterName, requesterEmail, requesterPhone, nrds }) => ({
      subject: `Principal broker access request from ${requesterName}`,
      heading: 'A principal broker access request',
      blocks: [
        { type: 'paragraph', text: `${requesterName} asked for principal broker access on Offerbook.` },
        {
          type: 'details',
          rows: [
            ['Name', requesterName],
            ['Email', requesterEmail],
            ['Phone', requesterPhone || 'not given'],
            ['NRDS', nrds || 'not given'],
          ],
        },
        { type: 'paragraph', text: 'Review the request in the admin area:' },
        { type: 'action', label: 'Open the admin area', path: '/admin' },
      ],
    }),
    'es-es': ({ requesterName, requesterEmail, requesterPhone, nrds }) => ({
      subject: `Solicitud de acceso como corredor principal de ${requesterName}`,
      heading: 'Una solicitud de acceso como corredor principal',
      blocks: [
        { type: 'paragraph', text: `${requesterName} ha solicitado acceso como corredor principal en Offerbook.` },
        {
          type: 'details',
          rows: [
            ['Nombre', requesterName],
            ['Correo electrónico', requesterEmail],
            ['Teléfono', requesterPhone || 'no indicado'],
            ['NRDS', nrds || 'no indicado'],
          ],
        },
        { type: 'paragraph', text: 'Revise la solicitud en el área de administración:' },
        { type: 'action', label: 'Abrir el área de administración', path: '/admin' },
      ],
    }),
  },
  'offer-shared': {
    'en-us': ({ address, price, buyerNames, expiresAt, path }) => ({
      subject: `New offer on ${address}`,
      heading: 'You have received an offer',
      blocks: [
        { type: 'paragraph', text: `An offer was made on ${address} through Offerbook.` },
        {
          type: 'details',
          rows: [
            ['Property', address],
            ['Price', price],
            ['Buyers', buyerNames || 'not given'],
            ['Expires', expiresAt ?? 'not given'],
          ],
        },
        { type: 'paragraph', text: 'The link below opens the offer read-only; it works until the offer expires (30 days at most). Do not forward it.' },
        { type: 'action', label: 'Review the offer', path },
      ],
    }),
    'es-es': ({ address, price, buyerNames, expiresAt, path }) => ({
      subject: `Nueva oferta sobre ${address}`,
      heading: 'Ha recibido una oferta',
      blocks: [
        { type: 'paragraph', text: `Se ha hecho una oferta sobre ${address} a través de Offerbook.` },
        {
          type: 'details',
          rows: [
            ['Inmueble', address],
            ['Precio', price],
            ['Compradores', buyerNames || 'no indicado'],
            ['Vence', expiresAt ?? 'no indicado'],
          ],
        },
        { type: 'paragraph', text: 'El enlace de abajo abre la oferta en modo de solo lectura; funciona hasta que la oferta vence (30 días como máximo). No lo reenvíe.' },
        { type: 'action', label: 'Revisar la oferta', path },
      ],
    }),
  },
  'offer-notice': {
    'en-us': (data) => offerNotice('en-us', data),
    'es-es': (data) => offerNotice('es-es', data),
  },
  'signing-notice': {
    'en-us': (data) => signingNotice('en-us', data),
    'es-es': (data) => signingNotice('es-es', data),
  },
}

type SmsBuilders = { [T in SmsTemplate]: Record<Language, (data: SmsTemplateData[T]) => string> }

const SMS: SmsBuilders = {
  'phone-code': {
    'en-us': ({ code, minutes }) => `Your Offerbook phone code is ${code}. It is valid for ${minutes} minutes. If you did not ask for it, ignore this message.`,
    'es-es': ({ code, minutes }) => `Su código de teléfono de Offerbook es ${code}. Es válido durante ${minutes} minutos. Si no lo ha solicitado, ignore este mensaje.`,
  },
  'signing-link': { 'en-us': (data) => signingLinkSms('en-us', data), 'es-es': (data) => signingLinkSms('es-es', data) },
  'signing-code': { 'en-us': (data) => signingCodeSms('en-us', data), 'es-es': (data) => signingCodeSms('es-es', data) },
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char)
}

/** PUBLIC_URL plus a path, so every link in a message works from a mail client. */
export function absoluteUrl(publicUrl: string, path: string): string {
  return new URL(path, `${publicUrl.replace(/\/+$/, '')}/`).toString()
}

function renderText(content: EmailContent, locale: Language, publicUrl: string): string {
  const lines = [content.heading, '']
  for (const block of content.blocks) {
    if (block.type === 'paragraph') lines.push(block.text, '')
    if (block.type === 'code') lines.push(`    ${block.code}`, '')
    if (block.type === 'details') lines.push(...block.rows.map(([label, value]) => `${label}: ${value}`), '')
    if (block.type === 'action') lines.push(`${block.label}: ${absoluteUrl(publicUrl, block.path)}`, '')
  }
  lines.push('--', COMMON[locale].footer, absoluteUrl(publicUrl, '/'))
  return lines.join('\n')
}

function renderBlockHtml(block: Block, publicUrl: string): string {
  switch (block.type) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;font-size:16px;line-height:24px;">${escapeHtml(block.text)}</p>`
    case 'code':
      return `<p style="margin:0 0 16px;font-size:32px;line-height:40px;font-weight:bold;letter-spacing:6px;font-family:'Courier New',monospace;">${escapeHtml(block.code)}</p>`
    case 'details':
      return `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse;font-size:16px;line-height:24px;">${block.rows
        .map(([label, value]) => `<tr><th align="left" style="padding:2px 16px 2px 0;font-weight:bold;">${escapeHtml(label)}</th><td style="padding:2px 0;">${escapeHtml(value)}</td></tr>`)
        .join('')}</table>`
    case 'action':
      return `<p style="margin:0 0 16px;"><a href="${escapeHtml(absoluteUrl(publicUrl, block.path))}" style="display:inline-block;padding:12px 20px;background:${BRAND_COLOR};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">${escapeHtml(block.label)}</a></p>`
  }
}

function renderHtml(content: EmailContent, locale: Language, publicUrl: string): string {
  const home = absoluteUrl(publicUrl, '/')
  return `<!doctype html>
<html lang="${locale === 'es-es' ? 'es' : 'en'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f3fa;font-family:Arial,Helvetica,sans-serif;color:#1f1d2b;">
<table role="presentation" width="100%" style="border-collapse:collapse;background:#f4f3fa;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" style="max-width:560px;border-collapse:collapse;background:#ffffff;border-radius:8px;overflow:hidden;">
<tr><td style="background:${BRAND_COLOR};padding:16px 24px;"><a href="${escapeHtml(home)}" style="color:#ffffff;font-size:22px;font-weight:bold;text-decoration:none;">Offerbook</a></td></tr>
<tr><td style="padding:24px;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:28px;">${escapeHtml(content.heading)}</h1>
${content.blocks.map((block) => renderBlockHtml(block, publicUrl)).join('\n')}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e6e4f0;font-size:13px;line-height:20px;color:#5f5b73;">${escapeHtml(COMMON[locale].footer)} <a href="${escapeHtml(home)}" style="color:${BRAND_COLOR};">${escapeHtml(home)}</a></td></tr>
</table>
</td></tr></table>
</body>
</html>
`
}

export function renderEmail<T extends EmailTemplate>(template: T, locale: Language, data: EmailTemplateData[T], publicUrl: string): RenderedEmail {
  const build = EMAILS[template][locale] as (data: EmailTemplateData[T]) => EmailContent
  const content = build(data)
  return { subject: content.subject, text: renderText(content, locale, publicUrl), html: renderHtml(content, locale, publicUrl) }
}

export function renderSms<T extends SmsTemplate>(template: T, locale: Language, data: SmsTemplateData[T]): { text: string } {
  const build = SMS[template][locale] as (data: SmsTemplateData[T]) => string
  return { text: build(data) }
}
