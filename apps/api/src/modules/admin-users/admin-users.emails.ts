import type { Language } from '@offerbook/domain/user'
import { actionEmail } from '../messaging/action-email'
import type { ActionEmailTexts } from '../messaging/action-email'
import { absoluteUrl } from '../messaging/templates'

/** The principal-broker decision, told to the user who asked, in their language (issue #15). */
export type DecisionEmail = { subject: string; text: string; html: string }

type Texts = ActionEmailTexts

const TEXTS: Record<Language, { approve: (name: string) => Texts; deny: (name: string, reason: string) => Texts }> = {
  'en-us': {
    approve: (name) => ({
      subject: 'Your principal broker access was approved',
      heading: `Hello ${name},`,
      paragraphs: ['Your request for principal broker access was approved. Sign in to Offerbook to use it.'],
      action: 'Open Offerbook',
      footer: 'You received this message because you asked for principal broker access on Offerbook.',
    }),
    deny: (name, reason) => ({
      subject: 'Your principal broker request was denied',
      heading: `Hello ${name},`,
      paragraphs: ['Your request for principal broker access was denied, for this reason:', reason, 'You can reply to our support team if you have questions.'],
      action: 'Open Offerbook',
      footer: 'You received this message because you asked for principal broker access on Offerbook.',
    }),
  },
  'es-es': {
    approve: (name) => ({
      subject: 'Su acceso de bróker principal ha sido aprobado',
      heading: `Hola, ${name}:`,
      paragraphs: ['Su solicitud de acceso de bróker principal ha sido aprobada. Inicie sesión en Offerbook para usarlo.'],
      action: 'Abrir Offerbook',
      footer: 'Ha recibido este mensaje porque solicitó acceso de bróker principal en Offerbook.',
    }),
    deny: (name, reason) => ({
      subject: 'Su solicitud de bróker principal ha sido denegada',
      heading: `Hola, ${name}:`,
      paragraphs: ['Su solicitud de acceso de bróker principal ha sido denegada por este motivo:', reason, 'Puede escribir a nuestro equipo de soporte si tiene preguntas.'],
      action: 'Abrir Offerbook',
      footer: 'Ha recibido este mensaje porque solicitó acceso de bróker principal en Offerbook.',
    }),
  },
}

export function principalBrokerDecisionEmail(
  locale: Language,
  { decision, name, reason, publicUrl }: { decision: 'approve' | 'deny'; name: string; reason: string; publicUrl: string },
): DecisionEmail {
  const texts = decision === 'approve' ? TEXTS[locale].approve(name) : TEXTS[locale].deny(name, reason)
  return actionEmail(locale, texts, absoluteUrl(publicUrl, '/profile'))
}
