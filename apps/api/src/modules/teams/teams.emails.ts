import type { TeamMemberKind } from '@offerbook/domain/teams'
import { TEAM_INVITATION_DAYS, TEAM_INVITATION_PATH } from '@offerbook/domain/teams'
import type { Language } from '@offerbook/domain/user'
import { absoluteUrl, BRAND_COLOR, escapeHtml } from '../messaging/templates'

/** The invitation email (issue #16), in the invitee's language when they have an account. */
export type InvitationEmail = { subject: string; text: string; html: string }

type Texts = { subject: string; heading: string; paragraphs: string[]; action: string; footer: string }
type Input = { leaderName: string; kind: TeamMemberKind; brokerage: boolean }

const TEXTS: Record<Language, (input: Input) => Texts> = {
  'en-us': ({ leaderName, kind, brokerage }) => ({
    subject: brokerage ? `${leaderName} invited you to join their brokerage on Offerbook` : `${leaderName} invited you to join their team on Offerbook`,
    heading: 'Hello,',
    paragraphs: [
      brokerage
        ? `${leaderName}, principal broker, invited you to join their brokerage on Offerbook as an agent.`
        : `${leaderName} invited you to join their team on Offerbook as ${kind === 'staff' ? 'support staff' : 'an agent'}.`,
      `Open the invitation to accept it. If you have no Offerbook account yet, create one with this email address first. The link works once and expires in ${TEAM_INVITATION_DAYS} days.`,
    ],
    action: 'Open the invitation',
    footer: 'You received this message because an Offerbook user invited this address to their team. If you did not expect it, ignore it.',
  }),
  'es-es': ({ leaderName, kind, brokerage }) => ({
    subject: brokerage ? `${leaderName} le ha invitado a su correduría en Offerbook` : `${leaderName} le ha invitado a su equipo en Offerbook`,
    heading: 'Hola:',
    paragraphs: [
      brokerage
        ? `${leaderName}, bróker principal, le ha invitado a unirse a su correduría en Offerbook como agente.`
        : `${leaderName} le ha invitado a unirse a su equipo en Offerbook como ${kind === 'staff' ? 'personal de apoyo' : 'agente'}.`,
      `Abra la invitación para aceptarla. Si aún no tiene una cuenta de Offerbook, cree una con esta dirección de correo primero. El enlace sirve una sola vez y caduca en ${TEAM_INVITATION_DAYS} días.`,
    ],
    action: 'Abrir la invitación',
    footer: 'Ha recibido este mensaje porque un usuario de Offerbook invitó a esta dirección a su equipo. Si no lo esperaba, ignórelo.',
  }),
}

export function invitationLink(publicUrl: string, token: string): string {
  return absoluteUrl(publicUrl, `${TEAM_INVITATION_PATH}?token=${encodeURIComponent(token)}`)
}

export function teamInvitationEmail(locale: Language, input: Input & { link: string }): InvitationEmail {
  const texts = TEXTS[locale](input)
  const text = [texts.heading, '', ...texts.paragraphs.flatMap((paragraph) => [paragraph, '']), `${texts.action}: ${input.link}`, '', '--', texts.footer].join('\n')
  const html = `<!doctype html>
<html lang="${locale === 'es-es' ? 'es' : 'en'}">
<head><meta charset="utf-8"><title>${escapeHtml(texts.subject)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;color:#1f1d2b;">
<h1 style="font-size:22px;">${escapeHtml(texts.heading)}</h1>
${texts.paragraphs.map((paragraph) => `<p style="font-size:16px;line-height:24px;">${escapeHtml(paragraph)}</p>`).join('\n')}
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:12px 20px;background:${BRAND_COLOR};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">${escapeHtml(texts.action)}</a></p>
<p style="font-size:13px;color:#5f5b73;">${escapeHtml(texts.footer)}</p>
</body>
</html>
`
  return { subject: texts.subject, text, html }
}
