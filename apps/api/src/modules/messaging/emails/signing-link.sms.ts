import { defineSms } from './define'

/** The signing link, texted beside the email when the signer gave a phone; `url` is absolute. */
export type SigningLinkData = { title: string; senderName: string | null; url: string; reminder: boolean }

export const signingLinkSms = defineSms<SigningLinkData>({
  kind: ({ reminder }) => (reminder ? 'signing.reminder' : 'signing.invite'),
  samples: [
    { title: 'RF401 Offer', senderName: 'Ana Ruiz', url: 'https://offerbook.example/sign/p1/s1?token=t', reminder: false },
    { title: 'RF401 Offer', senderName: null, url: 'https://offerbook.example/sign/p1/s1?token=u', reminder: true },
  ],
  text: {
    'en-us': ({ title, senderName, url, reminder }) => `${reminder ? 'Reminder: ' : ''}${senderName ?? 'Offerbook'} asks you to sign ${title}: ${url}`,
    'es-es': ({ title, senderName, url, reminder }) => `${reminder ? 'Recordatorio: ' : ''}${senderName ?? 'Offerbook'} le pide que firme ${title}: ${url}`,
  },
})
