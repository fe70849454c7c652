import type { Language } from '@offerbook/domain/user'
import type { EmailContent } from './layout'
import { defineEmail } from './define'

/** The principal-broker decision, told to the user who asked, in their language (issue #15). */
export type PrincipalBrokerDecisionData = { decision: 'approve' | 'deny'; name: string; reason: string }

type Words = { subject: string; heading: string; paragraphs: string[] }

const WORDS: Record<Language, { approve: (name: string) => Words; deny: (name: string, reason: string) => Words; action: string; footer: string }> = {
  'en-us': {
    approve: (name) => ({
      subject: 'Your principal broker access was approved',
      heading: `Hello ${name},`,
      paragraphs: ['Your request for principal broker access was approved. Sign in to Offerbook to use it.'],
    }),
    deny: (name, reason) => ({
      subject: 'Your principal broker request was denied',
      heading: `Hello ${name},`,
      paragraphs: ['Your request for principal broker access was denied, for this reason:', reason, 'You can reply to our support team if you have questions.'],
    }),
    action: 'Open Offerbook',
    footer: 'You received this message because you asked for principal broker access on Offerbook.',
  },
  'es-es': {
    approve: (name) => ({
      subject: 'Su acceso de bróker principal ha sido aprobado',
      heading: `Hola, ${name}:`,
      paragraphs: ['Su solicitud de acceso de bróker principal ha sido aprobada. Inicie sesión en Offerbook para usarlo.'],
    }),
    deny: (name, reason) => ({
      subject: 'Su solicitud de bróker principal ha sido denegada',
      heading: `Hola, ${name}:`,
      paragraphs: ['Su solicitud de acceso de bróker principal ha sido denegada por este motivo:', reason, 'Puede escribir a nuestro equipo de soporte si tiene preguntas.'],
    }),
    action: 'Abrir Offerbook',
    footer: 'Ha recibido este mensaje porque solicitó acceso de bróker principal en Offerbook.',
  },
}

function decisionContent(locale: Language, { decision, name, reason }: PrincipalBrokerDecisionData): EmailContent {
  const words = WORDS[locale]
  const { subject, heading, paragraphs } = decision === 'approve' ? words.approve(name) : words.deny(name, reason)
  return {
    subject,
    heading,
    blocks: [...paragraphs.map((text) => ({ type: 'paragraph' as const, text })), { type: 'action', label: words.action, href: '/profile' }],
    footer: [{ text: words.footer }],
  }
}

export const principalBrokerDecision = defineEmail<PrincipalBrokerDecisionData>({
  kind: ({ decision }) => `admin.principal-broker-${decision}`,
  samples: [
    { decision: 'approve', name: 'Dana <b>Reyes</b>', reason: '' },
    { decision: 'deny', name: 'Dana Reyes', reason: 'No broker <b>license</b> on file' },
  ],
  content: { 'en-us': (data) => decisionContent('en-us', data), 'es-es': (data) => decisionContent('es-es', data) },
})
