import type { Language } from '@offerbook/domain/user'

/** What each email template needs; the Accounts feature fills these in. */
export type EmailTemplateData = {
  'verification-code': { code: string; minutes: number }
  'password-reset-code': { code: string; minutes: number }
  'principal-broker-request': { requesterName: string; requesterEmail: string; requesterPhone?: string | null; nrds?: string | null }
}
export type EmailTemplate = keyof EmailTemplateData

export type SmsTemplateData = {
  'phone-code': { code: string; minutes: number }
}
export type SmsTemplate = keyof SmsTemplateData

export type RenderedEmail = { subject: string; text: string; html: string }

export const BRAND_COLOR = '#5b45d1'

/** The pieces of an email; the layout turns the same pieces into the plain text and the HTML part. */
type Block =
  | { type: 'paragraph'; text: string }
  | { type: 'code'; code: string }
  | { type: 'details'; rows: ReadonlyArray<readonly [label: string, value: string]> }
  | { type: 'action'; label: string; path: string }

type EmailContent = { subject: string; heading: string; blocks: Block[] }

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
    ignore: 'Si no lo has solicitado tú, puedes ignorar este correo.',
  },
}

type EmailBuilders = { [T in EmailTemplate]: Record<Language, (data: EmailTemplateData[T]) => EmailContent> }

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
      subject: `Tu código de verificación de Offerbook: ${code}`,
      heading: 'Verifica tu dirección de correo electrónico',
      blocks: [
        { type: 'paragraph', text: 'Introduce este código en Offerbook para verificar tu dirección de correo electrónico:' },
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
      subject: 'Restablece tu contraseña de Offerbook',
      heading: 'Restablece tu contraseña',
      blocks: [
        { type: 'paragraph', text: 'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de Offerbook. Introduce este código para elegir una contraseña nueva:' },
        { type: 'code', code },
        { type: 'paragraph', text: `El código es válido durante ${minutes} minutos.` },
        { type: 'action', label: 'Restablecer la contraseña', path: '/auth/recovery' },
        { type: 'paragraph', text: 'Si no lo has solicitado tú, puedes ignorar este correo: tu contraseña no cambiará.' },
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
        { type: 'paragraph', text: 'Revisa la solicitud en el área de administración:' },
        { type: 'action', label: 'Abrir el área de administración', path: '/admin' },
      ],
    }),
  },
}

type SmsBuilders = { [T in SmsTemplate]: Record<Language, (data: SmsTemplateData[T]) => string> }

const SMS: SmsBuilders = {
  'phone-code': {
    'en-us': ({ code, minutes }) => `Your Offerbook phone code is ${code}. It is valid for ${minutes} minutes. If you did not ask for it, ignore this message.`,
    'es-es': ({ code, minutes }) => `Tu código de teléfono de Offerbook es ${code}. Es válido durante ${minutes} minutos. Si no lo has solicitado, ignora este mensaje.`,
  },
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
