import type { Language } from '@offerbook/domain/user'
import type { EmailContent } from './layout'
import { brandFooter, defineEmail } from './define'

export type PrincipalBrokerRequestData = { requesterName: string; requesterEmail: string; requesterPhone?: string | null; nrds?: string | null }

type Words = {
  subject: (name: string) => string
  heading: string
  asked: (name: string) => string
  labels: readonly [name: string, email: string, phone: string, nrds: string]
  notGiven: string
  review: string
  action: string
}

const WORDS: Record<Language, Words> = {
  'en-us': {
    subject: (name) => `Principal broker access request from ${name}`,
    heading: 'A principal broker access request',
    asked: (name) => `${name} asked for principal broker access on Offerbook.`,
    labels: ['Name', 'Email', 'Phone', 'NRDS'],
    notGiven: 'not given',
    review: 'Review the request in the admin area:',
    action: 'Open the admin area',
  },
  'es-es': {
    subject: (name) => `Solicitud de acceso como corredor principal de ${name}`,
    heading: 'Una solicitud de acceso como corredor principal',
    asked: (name) => `${name} ha solicitado acceso como corredor principal en Offerbook.`,
    labels: ['Nombre', 'Correo electrónico', 'Teléfono', 'NRDS'],
    notGiven: 'no indicado',
    review: 'Revise la solicitud en el área de administración:',
    action: 'Abrir el área de administración',
  },
}

function requestContent(locale: Language, { requesterName, requesterEmail, requesterPhone, nrds }: PrincipalBrokerRequestData): EmailContent {
  const words = WORDS[locale]
  const [name, email, phone, nrdsLabel] = words.labels
  return {
    subject: words.subject(requesterName),
    heading: words.heading,
    blocks: [
      { type: 'paragraph', text: words.asked(requesterName) },
      {
        type: 'details',
        rows: [
          [name, requesterName],
          [email, requesterEmail],
          [phone, requesterPhone || words.notGiven],
          [nrdsLabel, nrds || words.notGiven],
        ],
      },
      { type: 'paragraph', text: words.review },
      { type: 'action', label: words.action, href: '/admin' },
    ],
    footer: brandFooter(locale),
  }
}

/** To the reviewers, when a user asks for principal broker access. */
export const principalBrokerRequest = defineEmail<PrincipalBrokerRequestData>({
  kind: 'profile.principal-broker-request',
  samples: [
    { requesterName: 'Dana <b>Reyes</b>', requesterEmail: 'dana@example.com', requesterPhone: '+16155550100', nrds: '123456789' },
    { requesterName: 'Sam Ortiz', requesterEmail: 'sam@example.com', requesterPhone: null, nrds: null },
  ],
  content: { 'en-us': (data) => requestContent('en-us', data), 'es-es': (data) => requestContent('es-es', data) },
})
