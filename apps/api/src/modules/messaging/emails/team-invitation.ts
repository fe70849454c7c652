import type { TeamMemberKind } from '@offerbook/domain/teams'
import { TEAM_INVITATION_DAYS, TEAM_INVITATION_PATH } from '@offerbook/domain/teams'
import { defineEmail } from './define'

/** The team invitation (issue #16), in the invitee's language when they have an account; `token` opens it once. */
export type TeamInvitationData = { leaderName: string; kind: TeamMemberKind; brokerage: boolean; token: string }

const invitationPath = (token: string) => `${TEAM_INVITATION_PATH}?token=${encodeURIComponent(token)}`

export const teamInvitation = defineEmail<TeamInvitationData>({
  kind: 'team.invitation',
  samples: [
    { leaderName: 'Ana <b>Ruiz</b>', kind: 'agent', brokerage: false, token: 'tok-1' },
    { leaderName: 'Ana Ruiz', kind: 'staff', brokerage: false, token: 'tok-2' },
    { leaderName: 'Ana Ruiz', kind: 'agent', brokerage: true, token: 'tok-3' },
  ],
  content: {
    'en-us': ({ leaderName, kind, brokerage, token }) => ({
      subject: brokerage ? `${leaderName} invited you to join their brokerage on Offerbook` : `${leaderName} invited you to join their team on Offerbook`,
      heading: 'Hello,',
      blocks: [
        {
          type: 'paragraph',
          text: brokerage
            ? `${leaderName}, principal broker, invited you to join their brokerage on Offerbook as an agent.`
            : `${leaderName} invited you to join their team on Offerbook as ${kind === 'staff' ? 'support staff' : 'an agent'}.`,
        },
        {
          type: 'paragraph',
          text: `Open the invitation to accept it. If you have no Offerbook account yet, create one with this email address first. The link works once and expires in ${TEAM_INVITATION_DAYS} days.`,
        },
        { type: 'action', label: 'Open the invitation', href: invitationPath(token) },
      ],
      footer: [{ text: 'You received this message because an Offerbook user invited this address to their team. If you did not expect it, ignore it.' }],
    }),
    'es-es': ({ leaderName, kind, brokerage, token }) => ({
      subject: brokerage ? `${leaderName} le ha invitado a su correduría en Offerbook` : `${leaderName} le ha invitado a su equipo en Offerbook`,
      heading: 'Hola:',
      blocks: [
        {
          type: 'paragraph',
          text: brokerage
            ? `${leaderName}, bróker principal, le ha invitado a unirse a su correduría en Offerbook como agente.`
            : `${leaderName} le ha invitado a unirse a su equipo en Offerbook como ${kind === 'staff' ? 'personal de apoyo' : 'agente'}.`,
        },
        {
          type: 'paragraph',
          text: `Abra la invitación para aceptarla. Si aún no tiene una cuenta de Offerbook, cree una con esta dirección de correo primero. El enlace sirve una sola vez y caduca en ${TEAM_INVITATION_DAYS} días.`,
        },
        { type: 'action', label: 'Abrir la invitación', href: invitationPath(token) },
      ],
      footer: [{ text: 'Ha recibido este mensaje porque un usuario de Offerbook invitó a esta dirección a su equipo. Si no lo esperaba, ignórelo.' }],
    }),
  },
})
