import type { Language } from '@offerbook/domain/user'
import type { EmailContent } from './layout'
import { brandFooter, defineEmail } from './define'

/** To the listing agent named on a shared offer: the offer, and a link (with its token) to read it. */
export type OfferSharedData = { address: string; price: string; buyerNames: string; expiresAt: string | null; path: string }

type Words = {
  subject: (address: string) => string
  heading: string
  made: (address: string) => string
  labels: readonly [property: string, price: string, buyers: string, expires: string]
  notGiven: string
  link: string
  action: string
}

const WORDS: Record<Language, Words> = {
  'en-us': {
    subject: (address) => `New offer on ${address}`,
    heading: 'You have received an offer',
    made: (address) => `An offer was made on ${address} through Offerbook.`,
    labels: ['Property', 'Price', 'Buyers', 'Expires'],
    notGiven: 'not given',
    link: 'The link below opens the offer read-only; it works until the offer expires (30 days at most). Do not forward it.',
    action: 'Review the offer',
  },
  'es-es': {
    subject: (address) => `Nueva oferta sobre ${address}`,
    heading: 'Ha recibido una oferta',
    made: (address) => `Se ha hecho una oferta sobre ${address} a través de Offerbook.`,
    labels: ['Inmueble', 'Precio', 'Compradores', 'Vence'],
    notGiven: 'no indicado',
    link: 'El enlace de abajo abre la oferta en modo de solo lectura; funciona hasta que la oferta vence (30 días como máximo). No lo reenvíe.',
    action: 'Revisar la oferta',
  },
}

function sharedContent(locale: Language, { address, price, buyerNames, expiresAt, path }: OfferSharedData): EmailContent {
  const words = WORDS[locale]
  const [property, priceLabel, buyers, expires] = words.labels
  return {
    subject: words.subject(address),
    heading: words.heading,
    blocks: [
      { type: 'paragraph', text: words.made(address) },
      {
        type: 'details',
        rows: [
          [property, address],
          [priceLabel, price],
          [buyers, buyerNames || words.notGiven],
          [expires, expiresAt ?? words.notGiven],
        ],
      },
      { type: 'paragraph', text: words.link },
      { type: 'action', label: words.action, href: path },
    ],
    footer: brandFooter(locale),
  }
}

export const offerShared = defineEmail<OfferSharedData>({
  kind: 'offer-shared',
  samples: [
    { address: '12 <b>Elm</b> St, Nashville, TN 37203', price: '$425,000', buyerNames: 'Ana Ruiz, Ben <i>Ruiz</i>', expiresAt: 'Dec 2, 2026, 5:00 PM CST', path: '/property/l1/offers/o1?token=t' },
    { address: '9 Oak Ave, Memphis, TN 38103', price: '-', buyerNames: '', expiresAt: null, path: '/property/l2/offers/o2?token=u' },
  ],
  content: { 'en-us': (data) => sharedContent('en-us', data), 'es-es': (data) => sharedContent('es-es', data) },
})
