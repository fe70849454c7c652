import type { Language } from '@offerbook/domain/user'
import { absoluteUrl, BRAND_COLOR, escapeHtml } from '../messaging/templates'

/** The principal-broker decision, told to the user who asked, in their language (issue #15). */
export type DecisionEmail = { subject: string; text: string; html: string }

type Texts = { subject: string; heading: string; paragraphs: string[]; action: string; footer: string }

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
  const home = absoluteUrl(publicUrl, '/profile')
  const text = [texts.heading, '', ...texts.paragraphs.flatMap((paragraph) => [paragraph, '']), `${texts.action}: ${home}`, '', '--', texts.footer].join('\n')
  const html = `<!doctype html>
<html lang="${locale === 'es-es' ? 'es' : 'en'}">
<head><meta charset="utf-8"><title>${escapeHtml(texts.subject)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;color:#1f1d2b;">
<h1 style="font-size:22px;">${escapeHtml(texts.heading)}</h1>
${texts.paragraphs.map((paragraph) => `<p style="font-size:16px;line-height:24px;">${escapeHtml(paragraph)}</p>`).join('\n')}
<p><a href="${escapeHtml(home)}" style="display:inline-block;padding:12px 20px;background:${BRAND_COLOR};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">${escapeHtml(texts.action)}</a></p>
<p style="font-size:13px;color:#5f5b73;">${escapeHtml(texts.footer)}</p>
</body>
</html>
`
  return { subject: texts.subject, text, html }
}
