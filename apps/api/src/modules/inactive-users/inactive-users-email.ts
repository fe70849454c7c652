import type { InactiveReason } from '@offerbook/domain/inactive-users'
import type { Language } from '@offerbook/domain/user'
import { absoluteUrl, BRAND_COLOR, escapeHtml } from '../messaging/templates'

/** What a reminder asks the user to do: the first reason that applies decides it. */
export type ReminderKind = 'verify' | 'onboard' | 'comeBack'

export function reminderKind(reasons: readonly InactiveReason[]): ReminderKind {
  if (reasons.includes('unverified')) return 'verify'
  if (reasons.includes('notOnboarded')) return 'onboard'
  return 'comeBack'
}

type Text = { subject: string; heading: string; paragraph: string; action: string; path: string; footer: string }

const TEXTS: Record<Language, Record<ReminderKind, (name: string) => Text>> = {
  'en-us': {
    verify: (name) => ({
      subject: 'Please verify your Offerbook email',
      heading: `Hello ${name}`,
      paragraph: 'You signed up for Offerbook but have not verified your email address yet. Sign in and we will send you a code to finish.',
      action: 'Sign in to verify',
      path: '/auth/sign-in',
      footer: 'Offerbook, the offer marketplace for Tennessee real estate.',
    }),
    onboard: (name) => ({
      subject: 'Finish setting up your Offerbook account',
      heading: `Hello ${name}`,
      paragraph: 'Your Offerbook account is almost ready: tell us whether you are buying or selling to start making or receiving offers.',
      action: 'Finish setting up',
      path: '/onboarding/welcome',
      footer: 'Offerbook, the offer marketplace for Tennessee real estate.',
    }),
    comeBack: (name) => ({
      subject: 'We have missed you at Offerbook',
      heading: `Hello ${name}`,
      paragraph: 'You have not signed in to Offerbook for a while. Come back to see new listings and the offers waiting for you.',
      action: 'Sign in',
      path: '/auth/sign-in',
      footer: 'Offerbook, the offer marketplace for Tennessee real estate.',
    }),
  },
  'es-es': {
    verify: (name) => ({
      subject: 'Verifique su correo de Offerbook',
      heading: `Hola, ${name}`,
      paragraph: 'Usted se registró en Offerbook pero aún no ha verificado su dirección de correo. Inicie sesión y le enviaremos un código para terminar.',
      action: 'Iniciar sesión para verificar',
      path: '/auth/sign-in',
      footer: 'Offerbook, el mercado de ofertas inmobiliarias de Tennessee.',
    }),
    onboard: (name) => ({
      subject: 'Termine de configurar su cuenta de Offerbook',
      heading: `Hola, ${name}`,
      paragraph: 'Su cuenta de Offerbook está casi lista: indíquenos si compra o vende para empezar a hacer o recibir ofertas.',
      action: 'Terminar la configuración',
      path: '/onboarding/welcome',
      footer: 'Offerbook, el mercado de ofertas inmobiliarias de Tennessee.',
    }),
    comeBack: (name) => ({
      subject: 'Le echamos de menos en Offerbook',
      heading: `Hola, ${name}`,
      paragraph: 'Hace tiempo que no inicia sesión en Offerbook. Vuelva para ver los nuevos inmuebles y las ofertas que le esperan.',
      action: 'Iniciar sesión',
      path: '/auth/sign-in',
      footer: 'Offerbook, el mercado de ofertas inmobiliarias de Tennessee.',
    }),
  },
}

/** The reminder an admin sends from /admin/inactiveusers, in the recipient's language. */
export function renderReminder(kind: ReminderKind, locale: Language, name: string, publicUrl: string): { subject: string; text: string; html: string } {
  const t = TEXTS[locale][kind](name)
  const link = absoluteUrl(publicUrl, t.path)
  const home = absoluteUrl(publicUrl, '/')
  const text = [t.heading, '', t.paragraph, '', `${t.action}: ${link}`, '', '--', t.footer, home].join('\n')
  const html = `<!doctype html>
<html lang="${locale === 'es-es' ? 'es' : 'en'}">
<head><meta charset="utf-8"><title>${escapeHtml(t.subject)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;color:#1f1d2b;">
<h1 style="font-size:22px;">${escapeHtml(t.heading)}</h1>
<p style="font-size:16px;line-height:24px;">${escapeHtml(t.paragraph)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:${BRAND_COLOR};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">${escapeHtml(t.action)}</a></p>
<p style="font-size:13px;color:#5f5b73;">${escapeHtml(t.footer)} <a href="${escapeHtml(home)}">${escapeHtml(home)}</a></p>
</body>
</html>
`
  return { subject: t.subject, text, html }
}
