import type { InactiveReason } from '@offerbook/domain/inactive-users'
import type { Language } from '@offerbook/domain/user'
import { actionEmail } from '../messaging/action-email'
import { absoluteUrl } from '../messaging/templates'

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
  return actionEmail(locale, { subject: t.subject, heading: t.heading, paragraphs: [t.paragraph], action: t.action, footer: t.footer }, absoluteUrl(publicUrl, t.path), {
    footerLink: absoluteUrl(publicUrl, '/'),
  })
}
