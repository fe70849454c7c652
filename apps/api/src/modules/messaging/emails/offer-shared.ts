import { brandFooter, defineEmail } from './define'

/** To the listing agent named on a shared offer: the offer, and a link (with its token) to read it. */
export type OfferSharedData = { address: string; price: string; buyerNames: string; expiresAt: string | null; path: string }

export const offerShared = defineEmail<OfferSharedData>({
  kind: 'offer-shared',
  samples: [
    { address: '12 <b>Elm</b> St, Nashville, TN 37203', price: '$425,000', buyerNames: 'Ana Ruiz, Ben <i>Ruiz</i>', expiresAt: 'Dec 2, 2026, 5:00 PM CST', path: '/property/l1/offers/o1?token=t' },
    { address: '9 Oak Ave, Memphis, TN 38103', price: '-', buyerNames: '', expiresAt: null, path: '/property/l2/offers/o2?token=u' },
  ],
  content: {
    'en-us': ({ address, price, buyerNames, expiresAt, path }) => ({
      subject: `New offer on ${address}`,
      heading: 'You have received an offer',
      blocks: [
        { type: 'paragraph', text: `An offer was made on ${address} through Offerbook.` },
        {
          type: 'details',
          rows: [
            ['Property', address],
            ['Price', price],
            ['Buyers', buyerNames || 'not given'],
            ['Expires', expiresAt ?? 'not given'],
          ],
        },
        { type: 'paragraph', text: 'The link below opens the offer read-only; it works until the offer expires (30 days at most). Do not forward it.' },
        { type: 'action', label: 'Review the offer', href: path },
      ],
      footer: brandFooter('en-us'),
    }),
    'es-es': ({ address, price, buyerNames, expiresAt, path }) => ({
      subject: `Nueva oferta sobre ${address}`,
      heading: 'Ha recibido una oferta',
      blocks: [
        { type: 'paragraph', text: `Se ha hecho una oferta sobre ${address} a través de Offerbook.` },
        {
          type: 'details',
          rows: [
            ['Inmueble', address],
            ['Precio', price],
            ['Compradores', buyerNames || 'no indicado'],
            ['Vence', expiresAt ?? 'no indicado'],
          ],
        },
        { type: 'paragraph', text: 'El enlace de abajo abre la oferta en modo de solo lectura; funciona hasta que la oferta vence (30 días como máximo). No lo reenvíe.' },
        { type: 'action', label: 'Revisar la oferta', href: path },
      ],
      footer: brandFooter('es-es'),
    }),
  },
})
