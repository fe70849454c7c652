import type { Language } from '@offerbook/domain/user'
import type { EmailContent } from './layout'
import { brandFooter, defineEmail } from './define'

/** What a reminder asks the user to do (inactive-users decides it from the reasons). */
export type ReminderKind = 'verify' | 'onboard' | 'comeBack'

/** The reminder an admin sends from /admin/inactiveusers, in the recipient's language. */
export type InactiveReminderData = { reminder: ReminderKind; name: string }

type Words = { subject: string; paragraph: string; action: string; path: string }

const HELLO: Record<Language, (name: string) => string> = { 'en-us': (name) => `Hello ${name}`, 'es-es': (name) => `Hola, ${name}` }

const WORDS: Record<Language, Record<ReminderKind, Words>> = {
  'en-us': {
    verify: {
      subject: 'Please verify your Offerbook email',
      paragraph: 'You signed up for Offerbook but have not verified your email address yet. Sign in and we will send you a code to finish.',
      action: 'Sign in to verify',
      path: '/auth/sign-in',
    },
    onboard: {
      subject: 'Finish setting up your Offerbook account',
      paragraph: 'Your Offerbook account is almost ready: tell us whether you are buying or selling to start making or receiving offers.',
      action: 'Finish setting up',
      path: '/onboarding/welcome',
    },
    comeBack: {
      subject: 'We have missed you at Offerbook',
      paragraph: 'You have not signed in to Offerbook for a while. Come back to see new listings and the offers waiting for you.',
      action: 'Sign in',
      path: '/auth/sign-in',
    },
  },
  'es-es': {
    verify: {
      subject: 'Verifique su correo de Offerbook',
      paragraph: 'Usted se registró en Offerbook pero aún no ha verificado su dirección de correo. Inicie sesión y le enviaremos un código para terminar.',
      action: 'Iniciar sesión para verificar',
      path: '/auth/sign-in',
    },
    onboard: {
      subject: 'Termine de configurar su cuenta de Offerbook',
      paragraph: 'Su cuenta de Offerbook está casi lista: indíquenos si compra o vende para empezar a hacer o recibir ofertas.',
      action: 'Terminar la configuración',
      path: '/onboarding/welcome',
    },
    comeBack: {
      subject: 'Le echamos de menos en Offerbook',
      paragraph: 'Hace tiempo que no inicia sesión en Offerbook. Vuelva para ver los nuevos inmuebles y las ofertas que le esperan.',
      action: 'Iniciar sesión',
      path: '/auth/sign-in',
    },
  },
}

function reminderContent(locale: Language, { reminder, name }: InactiveReminderData): EmailContent {
  const words = WORDS[locale][reminder]
  return {
    subject: words.subject,
    heading: HELLO[locale](name),
    blocks: [
      { type: 'paragraph', text: words.paragraph },
      { type: 'action', label: words.action, href: words.path },
    ],
    footer: brandFooter(locale),
  }
}

export const inactiveReminder = defineEmail<InactiveReminderData>({
  kind: ({ reminder }) => `admin.reminder.${reminder}`,
  samples: (['verify', 'onboard', 'comeBack'] as const).map((reminder) => ({ reminder, name: 'Dana <b>Reyes</b>' })),
  content: { 'en-us': (data) => reminderContent('en-us', data), 'es-es': (data) => reminderContent('es-es', data) },
})
