import { brandFooter, defineEmail } from './define'

export type PrincipalBrokerRequestData = { requesterName: string; requesterEmail: string; requesterPhone?: string | null; nrds?: string | null }

/** To the reviewers, when a user asks for principal broker access. */
export const principalBrokerRequest = defineEmail<PrincipalBrokerRequestData>({
  kind: 'profile.principal-broker-request',
  samples: [
    { requesterName: 'Dana <b>Reyes</b>', requesterEmail: 'dana@example.com', requesterPhone: '+16155550100', nrds: '123456789' },
    { requesterName: 'Sam Ortiz', requesterEmail: 'sam@example.com', requesterPhone: null, nrds: null },
  ],
  content: {
    'en-us': ({ requesterName, requesterEmail, requesterPhone, nrds }) => ({
      subject: `Principal broker access request from ${requesterName}`,
      heading: 'A principal broker access request',
      blocks: [
        { type: 'paragraph', text: `${requesterName} asked for principal broker access on Offerbook.` },
        {
          type: 'details',
          rows: [
            ['Name', requesterName],
            ['Email', requesterEmail],
            ['Phone', requesterPhone || 'not given'],
            ['NRDS', nrds || 'not given'],
          ],
        },
        { type: 'paragraph', text: 'Review the request in the admin area:' },
        { type: 'action', label: 'Open the admin area', href: '/admin' },
      ],
      footer: brandFooter('en-us'),
    }),
    'es-es': ({ requesterName, requesterEmail, requesterPhone, nrds }) => ({
      subject: `Solicitud de acceso como corredor principal de ${requesterName}`,
      heading: 'Una solicitud de acceso como corredor principal',
      blocks: [
        { type: 'paragraph', text: `${requesterName} ha solicitado acceso como corredor principal en Offerbook.` },
        {
          type: 'details',
          rows: [
            ['Nombre', requesterName],
            ['Correo electrónico', requesterEmail],
            ['Teléfono', requesterPhone || 'no indicado'],
            ['NRDS', nrds || 'no indicado'],
          ],
        },
        { type: 'paragraph', text: 'Revise la solicitud en el área de administración:' },
        { type: 'action', label: 'Abrir el área de administración', href: '/admin' },
      ],
      footer: brandFooter('es-es'),
    }),
  },
})
