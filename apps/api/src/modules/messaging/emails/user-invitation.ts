import type { Language } from '@offerbook/domain/user'
import type { EmailContent } from './layout'
import { COMMON, defineEmail } from './define'

/** The invitation each user created by an import gets, with the link to set a password (the recovery flow). */
export type UserInvitationData = { name: string; email: string }

type Words = { subject: string; greeting: (name: string) => string; body: string; action: string; after: string }

const WORDS: Record<Language, Words> = {
  'en-us': {
    subject: 'You have an Offerbook account',
    greeting: (name) => `Hello ${name},`,
    body: 'An Offerbook administrator has created an account for you. Choose your password to sign in: open the link, ask for a code, and set the password with it.',
    action: 'Set your password',
    after: 'If you were not expecting this, you can ignore this email; nobody can sign in until a password is set.',
  },
  'es-es': {
    subject: 'Tiene una cuenta en Offerbook',
    greeting: (name) => `Hola, ${name}:`,
    body: 'Un administrador de Offerbook le ha creado una cuenta. Elija su contraseña para entrar: abra el enlace, pida un código y establezca la contraseña con él.',
    action: 'Establecer su contraseña',
    after: 'Si no esperaba este correo, puede ignorarlo; nadie podrá entrar hasta que se establezca una contraseña.',
  },
}

function invitationContent(locale: Language, { name, email }: UserInvitationData): EmailContent {
  const words = WORDS[locale]
  return {
    subject: words.subject,
    heading: null,
    blocks: [
      { type: 'paragraph', text: words.greeting(name) },
      { type: 'paragraph', text: words.body },
      { type: 'action', label: words.action, href: `/recovery?email=${encodeURIComponent(email)}` },
      { type: 'paragraph', text: words.after },
    ],
    footer: [{ text: COMMON[locale].tagline }],
  }
}

export const userInvitation = defineEmail<UserInvitationData>({
  kind: 'user-import.invitation',
  samples: [{ name: 'Dana <b>Reyes</b>', email: 'dana+import@example.com' }],
  content: { 'en-us': (data) => invitationContent('en-us', data), 'es-es': (data) => invitationContent('es-es', data) },
})
