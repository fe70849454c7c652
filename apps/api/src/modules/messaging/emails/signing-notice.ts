import type { Language } from '@offerbook/domain/user'
import type { Block, EmailContent } from './layout'
import { brandFooter, defineEmail } from './define'

/**
 * The signing emails (issue #12), in the reader's language. Everyone told about one
 * change reads the same words; only the link differs (a signer's own link, or the offer page).
 */

export type SigningNoticeEvent = 'invite' | 'reminder' | 'declined' | 'voided' | 'expired' | 'completed'

export type SigningNotice = {
  event: SigningNoticeEvent
  title: string
  address: string
  senderName: string | null
  /** Who declined (declined). */
  signerName?: string | null
  /** The decline or void reason. */
  reason?: string | null
  /** The sender's note to the signers (invite). */
  message?: string | null
  /** e.g. 'Dec 2, 2026, 5:00 PM CST' (invite, reminder). */
  expiresAt?: string | null
  /** A signer's own link (invite, reminder, completed for a signer) or the offer page (parties). */
  path: string
}

type Words = {
  subject: (data: SigningNotice) => string
  heading: (data: SigningNotice) => string
  paragraphs: (data: SigningNotice) => string[]
  action: string
}

const EN: Record<SigningNoticeEvent, Words> = {
  invite: {
    subject: ({ title }) => `Please sign: ${title}`,
    heading: () => 'You are asked to sign',
    paragraphs: ({ senderName, title, address, expiresAt }) => [
      `${senderName ?? 'A party of the offer'} sent you ${title} for ${address} to review and sign electronically.`,
      expiresAt ? `The link works until ${expiresAt}. It opens your signature only: do not forward it.` : 'The link opens your signature only: do not forward it.',
    ],
    action: 'Review and sign',
  },
  reminder: {
    subject: ({ title }) => `Reminder: please sign ${title}`,
    heading: () => 'Your signature is still needed',
    paragraphs: ({ senderName, title, address, expiresAt }) => [
      `${senderName ?? 'A party of the offer'} reminds you that ${title} for ${address} is waiting for your signature.`,
      expiresAt ? `The link works until ${expiresAt}.` : '',
    ],
    action: 'Review and sign',
  },
  declined: {
    subject: ({ title }) => `Signing declined: ${title}`,
    heading: () => 'A signer declined to sign',
    paragraphs: ({ signerName, title, address, reason }) => [`${signerName ?? 'A signer'} declined to sign ${title} for ${address}.`, reason ? `Reason given: ${reason}` : '', 'Nobody else needs to sign this packet now.'],
    action: 'Open the offer',
  },
  voided: {
    subject: ({ title }) => `Signing canceled: ${title}`,
    heading: () => 'The signing was canceled',
    paragraphs: ({ senderName, title, address, reason }) => [`${senderName ?? 'A party of the offer'} voided ${title} for ${address}. Its signing links no longer work.`, reason ? `Reason given: ${reason}` : ''],
    action: 'Open Offerbook',
  },
  expired: {
    subject: ({ title }) => `Signing expired: ${title}`,
    heading: () => 'The signing link expired',
    paragraphs: ({ title, address }) => [`${title} for ${address} was not signed by everyone before it expired. Its signing links no longer work; a party of the offer can send it again.`],
    action: 'Open Offerbook',
  },
  completed: {
    subject: ({ title }) => `Signed by everyone: ${title}`,
    heading: () => 'Everyone has signed',
    paragraphs: ({ title, address }) => [
      `${title} for ${address} is signed by every party. The signed PDF carries a Certificate of Completion and a digital seal that shows whether it was changed after signing.`,
      'Keep a copy for your records.',
    ],
    action: 'Download the signed PDF',
  },
}

const ES: Record<SigningNoticeEvent, Words> = {
  invite: {
    subject: ({ title }) => `Firma pendiente: ${title}`,
    heading: () => 'Le piden que firme',
    paragraphs: ({ senderName, title, address, expiresAt }) => [
      `${senderName ?? 'Una de las partes de la oferta'} le ha enviado ${title} de ${address} para revisarlo y firmarlo electrónicamente.`,
      expiresAt ? `El enlace funciona hasta el ${expiresAt}. Solo abre su firma: no lo reenvíe.` : 'El enlace solo abre su firma: no lo reenvíe.',
    ],
    action: 'Revisar y firmar',
  },
  reminder: {
    subject: ({ title }) => `Recordatorio: firma ${title}`,
    heading: () => 'Todavía falta su firma',
    paragraphs: ({ senderName, title, address, expiresAt }) => [
      `${senderName ?? 'Una de las partes de la oferta'} le recuerda que ${title} de ${address} espera su firma.`,
      expiresAt ? `El enlace funciona hasta el ${expiresAt}.` : '',
    ],
    action: 'Revisar y firmar',
  },
  declined: {
    subject: ({ title }) => `Firma rechazada: ${title}`,
    heading: () => 'Un firmante ha rechazado firmar',
    paragraphs: ({ signerName, title, address, reason }) => [`${signerName ?? 'Un firmante'} ha rechazado firmar ${title} de ${address}.`, reason ? `Motivo indicado: ${reason}` : '', 'Nadie más tiene que firmar este paquete por ahora.'],
    action: 'Abrir la oferta',
  },
  voided: {
    subject: ({ title }) => `Firma anulada: ${title}`,
    heading: () => 'La firma se ha anulado',
    paragraphs: ({ senderName, title, address, reason }) => [`${senderName ?? 'Una de las partes de la oferta'} ha anulado ${title} de ${address}. Sus enlaces de firma ya no funcionan.`, reason ? `Motivo indicado: ${reason}` : ''],
    action: 'Abrir Offerbook',
  },
  expired: {
    subject: ({ title }) => `Firma vencida: ${title}`,
    heading: () => 'El enlace de firma ha vencido',
    paragraphs: ({ title, address }) => [`${title} de ${address} no lo firmaron todos antes de vencer. Sus enlaces de firma ya no funcionan; una de las partes de la oferta puede enviarlo de nuevo.`],
    action: 'Abrir Offerbook',
  },
  completed: {
    subject: ({ title }) => `Firmado por todos: ${title}`,
    heading: () => 'Todos han firmado',
    paragraphs: ({ title, address }) => [
      `${title} de ${address} está firmado por todas las partes. El PDF firmado lleva un certificado de finalización y un sello digital que muestra si se cambió después de la firma.`,
      'Guarde una copia para sus archivos.',
    ],
    action: 'Descargar el PDF firmado',
  },
}

const WORDS: Record<Language, Record<SigningNoticeEvent, Words>> = { 'en-us': EN, 'es-es': ES }
const NOTE_LABEL: Record<Language, string> = { 'en-us': 'Message from the sender', 'es-es': 'Mensaje del remitente' }

function signingContent(locale: Language, data: SigningNotice): EmailContent {
  const words = WORDS[locale][data.event]
  const blocks: Block[] = words
    .paragraphs(data)
    .filter((text) => text !== '')
    .map((text) => ({ type: 'paragraph', text }))
  if (data.event === 'invite' && data.message) blocks.push({ type: 'details', rows: [[NOTE_LABEL[locale], data.message]] })
  blocks.push({ type: 'action', label: words.action, href: data.path })
  return { subject: words.subject(data), heading: words.heading(data), blocks, footer: brandFooter(locale) }
}

const SIGNING_EVENTS: readonly SigningNoticeEvent[] = ['invite', 'reminder', 'declined', 'voided', 'expired', 'completed']

/** To a signer or a party of a signing packet (issue #12): invitations, reminders, and how the packet ended. */
export const signingNotice = defineEmail<SigningNotice>({
  kind: ({ event }) => `signing.${event}`,
  samples: SIGNING_EVENTS.flatMap((event) => [
    {
      event,
      title: 'RF401 <b>Offer</b>',
      address: '12 Elm St, Nashville, TN 37203',
      senderName: 'Ana <i>Ruiz</i>',
      signerName: 'Ben <i>Ruiz</i>',
      reason: 'The price is <b>wrong</b>',
      message: 'Please sign <b>today</b>',
      expiresAt: 'Dec 2, 2026, 5:00 PM CST',
      path: '/sign/p1/s1?token=t',
    },
    { event, title: 'RF401 Offer', address: '9 Oak Ave, Memphis, TN 38103', senderName: null, path: '/submitted-offers/update/o1' },
  ]),
  content: { 'en-us': (data) => signingContent('en-us', data), 'es-es': (data) => signingContent('es-es', data) },
})
