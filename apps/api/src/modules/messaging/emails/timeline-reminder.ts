import type { TimelineReminder } from '@offerbook/domain/contract-timeline-reminders'
import type { Language } from '@offerbook/domain/user'
import type { EmailContent } from './layout'
import { brandFooter, defineEmail } from './define'

/**
 * The contract timeline's nudges (issue #34 item 3, decision 064): to the owner's side 48 and 24 hours
 * before an item is due, and to the other side's agent once it is missed. The item's title, what
 * happens if nothing is done, and the due time come already in the reader's language (the timeline's
 * catalogue words; calendar-words.ts for Spanish) and the property's zone.
 */
export type TimelineReminderData = {
  reminder: TimelineReminder
  /** The item, e.g. 'Earnest money due'. */
  title: string
  address: string
  /** The end of its last day in the property's zone, e.g. 'Dec 2, 2026, 11:59 PM CST'. */
  due: string
  /** What happens if the owner does nothing by then. */
  ifNothing: string
  /** Whose item it is, in the reader's words: 'Buyer', 'Both sides'... */
  owner: string
  /** The offer as the reader's side works on it. */
  path: string
}

type Words = { subject: (data: TimelineReminderData) => string; heading: string; lead: (data: TimelineReminderData) => string }

const EN: Record<TimelineReminder, Words> = {
  '48h': {
    subject: ({ title, address }) => `Due in 48 hours: ${title}, ${address}`,
    heading: 'A contract date is 48 hours away',
    lead: ({ title, address, due }) => `A reminder for ${address}: ${title}, by ${due}.`,
  },
  '24h': {
    subject: ({ title, address }) => `Due in 24 hours: ${title}, ${address}`,
    heading: 'A contract date is 24 hours away',
    lead: ({ title, address, due }) => `A reminder for ${address}: ${title}, by ${due}.`,
  },
  missed: {
    subject: ({ title, address }) => `Missed: ${title}, ${address}`,
    heading: 'A contract date was missed',
    lead: ({ title, address, due }) => `For ${address}: ${title}, by ${due}. That time has passed, and Offerbook has no record that it was done.`,
  },
}

const ES: Record<TimelineReminder, Words> = {
  '48h': {
    subject: ({ title, address }) => `Vence en 48 horas: ${title}, ${address}`,
    heading: 'Una fecha del contrato vence en 48 horas',
    lead: ({ title, address, due }) => `Le recordamos, para ${address}: ${title}, como tarde el ${due}.`,
  },
  '24h': {
    subject: ({ title, address }) => `Vence en 24 horas: ${title}, ${address}`,
    heading: 'Una fecha del contrato vence en 24 horas',
    lead: ({ title, address, due }) => `Le recordamos, para ${address}: ${title}, como tarde el ${due}.`,
  },
  missed: {
    subject: ({ title, address }) => `Plazo vencido: ${title}, ${address}`,
    heading: 'Ha vencido una fecha del contrato',
    lead: ({ title, address, due }) => `Para ${address}: ${title}, como tarde el ${due}. Ese plazo ha pasado y Offerbook no tiene constancia de que se haya cumplido.`,
  },
}

const LABELS: Record<Language, { property: string; due: string; owner: string; ifNothing: string; action: string }> = {
  'en-us': { property: 'Property', due: 'By', owner: 'Owner', ifNothing: 'If nothing is done:', action: 'Open the offer' },
  'es-es': { property: 'Propiedad', due: 'Como tarde', owner: 'Responsable', ifNothing: 'Si no se hace nada:', action: 'Abrir la oferta' },
}

const WORDS: Record<Language, Record<TimelineReminder, Words>> = { 'en-us': EN, 'es-es': ES }

function reminderContent(locale: Language, data: TimelineReminderData): EmailContent {
  const words = WORDS[locale][data.reminder]
  const labels = LABELS[locale]
  return {
    subject: words.subject(data),
    heading: words.heading,
    blocks: [
      { type: 'paragraph', text: words.lead(data) },
      {
        type: 'details',
        rows: [
          [labels.property, data.address],
          [labels.due, data.due],
          [labels.owner, data.owner],
        ],
      },
      { type: 'paragraph', text: `${labels.ifNothing} ${data.ifNothing}` },
      { type: 'action', label: labels.action, href: data.path },
    ],
    footer: brandFooter(locale),
  }
}

export const timelineReminder = defineEmail<TimelineReminderData>({
  kind: ({ reminder }) => `timeline-reminder.${reminder}`,
  samples: (['48h', '24h', 'missed'] as const).map((reminder) => ({
    reminder,
    title: 'Earnest money <b>due</b>',
    address: '12 Elm St, Nashville, TN 37203',
    due: 'Dec 2, 2026, 11:59 PM CST',
    ifNothing: 'If the earnest money is not delivered on time, the buyer is in default and the seller may end the agreement.',
    owner: 'Buyer',
    path: '/submitted-offers/update/o1',
  })),
  content: { 'en-us': (data) => reminderContent('en-us', data), 'es-es': (data) => reminderContent('es-es', data) },
})
