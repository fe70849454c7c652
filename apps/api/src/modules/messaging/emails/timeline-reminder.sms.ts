import { defineSms } from './define'

/**
 * The owner's text 48 and 24 hours before a contract timeline item is due (decision 064), beside the
 * email, only to a verified phone that has not replied STOP. `url` is absolute; the title and due time
 * come in the reader's language. Who sends and how to stop, as 10DLC asks.
 */
export type TimelineReminderSmsData = { hours: 48 | 24; title: string; address: string; due: string; url: string }

export const timelineReminderSms = defineSms<TimelineReminderSmsData>({
  kind: ({ hours }) => `timeline-reminder.${hours}h.sms`,
  samples: [
    { hours: 48, title: 'Earnest money due', address: '12 Elm St, Nashville, TN 37203', due: 'Dec 2, 2026, 11:59 PM CST', url: 'https://offerbook.example/submitted-offers/update/o1' },
    { hours: 24, title: 'Closing (on or before)', address: '9 Oak Ave, Memphis, TN 38103', due: 'Dec 3, 2026, 11:59 PM CST', url: 'https://offerbook.example/my-properties/l1/offers/o1' },
  ],
  text: {
    'en-us': ({ hours, title, address, due, url }) => `Offerbook reminder, ${hours} hours left: ${title}, ${address}, by ${due}. ${url} Reply STOP to opt out.`,
    'es-es': ({ hours, title, address, due, url }) => `Recordatorio de Offerbook, quedan ${hours} horas: ${title}, ${address}, como tarde el ${due}. ${url} Responda STOP para darse de baja.`,
  },
})
