import type { Language } from '@offerbook/domain/user'
import { BRAND_COLOR, absoluteUrl, escapeHtml } from '../messaging/templates'

type Words = { subject: string; greeting: (name: string) => string; body: string; action: string; after: string; footer: string }

const WORDS: Record<Language, Words> = {
  'en-us': {
    subject: 'You have an Offerbook account',
    greeting: (name) => `Hello ${name},`,
    body: 'An Offerbook administrator has created an account for you. Choose your password to sign in: open the link, ask for a code, and set the password with it.',
    action: 'Set your password',
    after: 'If you were not expecting this, you can ignore this email; nobody can sign in until a password is set.',
    footer: 'Offerbook, the offer marketplace for Tennessee real estate.',
  },
  'es-es': {
    subject: 'Tiene una cuenta en Offerbook',
    greeting: (name) => `Hola, ${name}:`,
    body: 'Un administrador de Offerbook le ha creado una cuenta. Elija su contraseña para entrar: abra el enlace, pida un código y establezca la contraseña con él.',
    action: 'Establecer su contraseña',
    after: 'Si no esperaba este correo, puede ignorarlo; nadie podrá entrar hasta que se establezca una contraseña.',
    footer: 'Offerbook, el mercado de ofertas inmobiliarias de Tennessee.',
  },
}

/** The invitation each new imported user gets, in the row's language, with the link to set a password (the recovery flow). */
export function invitationEmail(language: Language, { name, email, publicUrl }: { name: string; email: string; publicUrl: string }): { subject: string; text: string; html: string } {
  const words = WORDS[language]
  const link = absoluteUrl(publicUrl, `/recovery?email=${encodeURIComponent(email)}`)
  const text = [words.greeting(name), '', words.body, '', `${words.action}: ${link}`, '', words.after, '', '--', words.footer].join('\n')
  const html = `<!doctype html>
<html lang="${language === 'es-es' ? 'es' : 'en'}"><head><meta charset="utf-8"><title>${escapeHtml(words.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f1d2b;">
<p>${escapeHtml(words.greeting(name))}</p>
<p>${escapeHtml(words.body)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:${BRAND_COLOR};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">${escapeHtml(words.action)}</a></p>
<p>${escapeHtml(words.after)}</p>
<p style="font-size:13px;color:#5f5b73;">${escapeHtml(words.footer)}</p>
</body></html>
`
  return { subject: words.subject, text, html }
}
