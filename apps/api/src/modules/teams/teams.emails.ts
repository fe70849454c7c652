import type { TeamMemberKind } from '@offerbook/domain/teams'
import { TEAM_INVITATION_DAYS, TEAM_INVITATION_PATH } from '@offerbook/domain/teams'
import type { Language } from '@offerbook/domain/user'
import { actionEmail } from '../messaging/action-email'
import type { ActionEmailTexts } from '../messaging/action-email'
import { absoluteUrl } from '../messaging/templates'

/** The invitation email (issue #16), in the invitee's language when they have an account. */
export type InvitationEmail = { subject: string; text: string; html: string }

type Texts = ActionEmailTexts
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
  return actionEmail(locale, TEXTS[locale](input), input.link)
}
