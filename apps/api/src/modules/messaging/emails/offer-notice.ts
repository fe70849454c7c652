import type { OfferEventType } from '@offerbook/domain/offer-status'
import { formatUsd } from '@offerbook/domain/money'
import { formatCalendarDate } from '@offerbook/domain/property-time'
import type { Language } from '@offerbook/domain/user'
import type { EmailContent } from './layout'
import { brandFooter, defineEmail } from './define'

/** What an offer notice tells about (offers-notify.ts): the ledger's events a party is told of. */
export const OFFER_NOTICE_EVENTS = [
  'shared',
  'updated',
  'withdrawn',
  'acknowledged',
  'accepted',
  'declined',
  'backup',
  'expired',
  'closed',
  'terminated',
  'countered',
  'counter-accepted',
  'counter-declined',
  'best-requested',
  'revised',
  'pre-approval-verified',
  'closing-recorded',
  'closing-disputed',
  'amended',
  'repairs-proposed',
  'repairs-answered',
  'notice-delivered',
  'contract-ended',
  'earnest-money-received',
] as const satisfies readonly OfferEventType[]
export type OfferNoticeEvent = (typeof OFFER_NOTICE_EVENTS)[number]

/**
 * To one side of an offer when the other side (or time) changes it. `note`: the sender's own words,
 * the same for every recipient; `price`: a sum in dollars (a closing's final price), written in the reader's language.
 */
export type OfferNoticeData = { event: OfferNoticeEvent; address: string; actorName: string | null; date: string | null; path: string; note?: string | null; price?: number | null; title?: string | null }

type OfferNoticeText = { subject: (address: string) => string; paragraph: (data: OfferNoticeData) => string }

/** A closing's figures in the reader's language: 'November 24, 2026' and '$455,000' (a date that is not YYYY-MM-DD is left as it is). */
function closingFigures({ date, price }: OfferNoticeData, locale: Language): { day: string; amount: string } {
  const day = date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? formatCalendarDate(date, locale) : (date ?? '')
  return { day, amount: typeof price === 'number' ? formatUsd(price, locale === 'es-es' ? 'es-ES' : 'en-US') : '' }
}

/** The same words for everybody a change tells about: nothing in them is particular to one recipient but the address. */
const OFFER_NOTICES: Record<Language, Record<OfferNoticeEvent, OfferNoticeText>> = {
  'en-us': {
    shared: { subject: (address) => `New offer on ${address}`, paragraph: ({ address, actorName }) => `${actorName ?? 'A buyer'} shared an offer on ${address}.` },
    updated: { subject: (address) => `Offer updated on ${address}`, paragraph: ({ address, actorName }) => `${actorName ?? 'The buyer side'} changed the terms of their offer on ${address}.` },
    withdrawn: { subject: (address) => `Offer withdrawn on ${address}`, paragraph: ({ address, actorName }) => `${actorName ?? 'The buyer side'} withdrew their offer on ${address}.` },
    acknowledged: {
      subject: (address) => `Acceptance acknowledged on ${address}`,
      paragraph: ({ address, date }) => `The buyer side acknowledged receipt of the acceptance of the offer on ${address}. The Binding Agreement Date is ${date ?? 'today'}; the contract deadlines count from it.`,
    },
    accepted: {
      subject: (address) => `Your offer on ${address} was accepted`,
      paragraph: ({ address }) => `The seller accepted your offer on ${address}. Please acknowledge receipt of the acceptance in Offerbook: that date becomes the Binding Agreement Date.`,
    },
    declined: { subject: (address) => `Your offer on ${address} was declined`, paragraph: ({ address }) => `The seller declined your offer on ${address}.` },
    backup: {
      subject: (address) => `Your offer on ${address} is kept as a back-up`,
      paragraph: ({ address }) => `The seller accepted another offer on ${address} and keeps yours as a back-up offer. It stays open until it expires, you withdraw it, or the seller answers it.`,
    },
    expired: { subject: (address) => `Offer expired on ${address}`, paragraph: ({ address }) => `The offer on ${address} reached its expiration time without an answer and has expired.` },
    closed: {
      subject: (address) => `Sale closed: ${address}`,
      paragraph: (data) => {
        const { day, amount } = closingFigures(data, 'en-us')
        return day && amount ? `The closing of ${data.address} is confirmed: it closed on ${day} at a final price of ${amount}.` : `The sale of ${data.address} is closed.`
      },
    },
    terminated: { subject: (address) => `Contract terminated on ${address}`, paragraph: ({ address, actorName }) => `${actorName ?? 'The other side'} terminated the contract on ${address}.` },
    countered: {
      subject: (address) => `Counter-offer on ${address}`,
      paragraph: ({ address, actorName }) => `${actorName ?? 'The other side'} answered the offer on ${address} with a counter-offer. It is your turn: accept it, decline it or counter back before it expires.`,
    },
    'counter-accepted': {
      subject: (address) => `Counter-offer accepted on ${address}`,
      paragraph: ({ address, actorName }) => `${actorName ?? 'The buyer side'} accepted your counter-offer on ${address}. The offer is accepted at its terms.`,
    },
    'counter-declined': { subject: (address) => `Counter-offer declined on ${address}`, paragraph: ({ address, actorName }) => `${actorName ?? 'The buyer side'} declined your counter-offer on ${address}.` },
    'best-requested': {
      subject: (address) => `Highest and best requested on ${address}`,
      paragraph: ({ address, date }) => `The seller side asks for your highest and best offer on ${address} by ${date ?? 'the deadline'}. You may revise your offer until then.`,
    },
    revised: { subject: (address) => `Offer revised on ${address}`, paragraph: ({ address, actorName }) => `${actorName ?? 'The buyer side'} revised their offer on ${address} in answer to your highest-and-best request.` },
    'pre-approval-verified': {
      subject: (address) => `Pre-approval verified on ${address}`,
      paragraph: ({ address }) => `The seller side verified the pre-approval letter of your offer on ${address}.`,
    },
    'closing-recorded': {
      subject: (address) => `Closing recorded on ${address}: please confirm`,
      paragraph: (data) => {
        const { day, amount } = closingFigures(data, 'en-us')
        return `${data.actorName ?? 'The other side'} recorded the closing of ${data.address}: closed on ${day} at a final price of ${amount}. Please confirm these figures in Offerbook, or dispute them with a reason.`
      },
    },
    'closing-disputed': {
      subject: (address) => `Closing disputed on ${address}`,
      paragraph: (data) => {
        const { day, amount } = closingFigures(data, 'en-us')
        return `${data.actorName ?? 'The other side'} disputed the closing you recorded for ${data.address} (${day}, ${amount}). The record is cleared: record the closing again with the right figures.`
      },
    },
    amended: {
      subject: (address) => `Amendment signed on ${address}`,
      paragraph: ({ address }) => `Both sides signed the amendment of the contract on ${address}. The contract's terms, its timeline and its calendar now follow the amendment.`,
    },
    'repairs-proposed': {
      subject: (address) => `Repairs proposed on ${address}`,
      paragraph: ({ address, actorName }) => `${actorName ?? 'The buyer side'} proposed repairs on ${address} during the resolution period. Please accept, counter or decline them in Offerbook.`,
    },
    'repairs-answered': {
      subject: (address) => `Repair proposal answered on ${address}`,
      paragraph: ({ address, actorName }) => `${actorName ?? 'The other side'} answered the repair proposal on ${address}. Open the contract to read the answer.`,
    },
    'notice-delivered': {
      subject: (address) => `Notice delivered on ${address}`,
      paragraph: ({ address, actorName, title }) => `${actorName ?? 'The other side'} signed and delivered a notice on the contract for ${address}: ${title ?? 'a notice'}. The signed PDF is on the offer's page, and the contract timeline shows what it changes.`,
    },
    'contract-ended': {
      subject: (address) => `The contract on ${address} ended`,
      paragraph: ({ address }) => `The accepted contract on ${address} was terminated. Your back-up offer is still open: the seller may now take it up.`,
    },
    'earnest-money-received': {
      subject: (address) => `Earnest money received on ${address}`,
      paragraph: (data) => {
        const { day, amount } = closingFigures(data, 'en-us')
        return `${data.actorName ?? 'The holder'} confirmed receiving the earnest money of ${data.address}: ${amount || 'the deposit'}, on ${day || 'the date given'}. The receipt is in the contract's file and in the brokerage's trust log.`
      },
    },
  },
  'es-es': {
    shared: { subject: (address) => `Nueva oferta sobre ${address}`, paragraph: ({ address, actorName }) => `${actorName ?? 'Un comprador'} ha compartido una oferta sobre ${address}.` },
    updated: { subject: (address) => `Oferta modificada sobre ${address}`, paragraph: ({ address, actorName }) => `${actorName ?? 'La parte compradora'} ha cambiado las condiciones de su oferta sobre ${address}.` },
    withdrawn: { subject: (address) => `Oferta retirada sobre ${address}`, paragraph: ({ address, actorName }) => `${actorName ?? 'La parte compradora'} ha retirado su oferta sobre ${address}.` },
    acknowledged: {
      subject: (address) => `Aceptación confirmada sobre ${address}`,
      paragraph: ({ address, date }) => `La parte compradora ha confirmado la recepción de la aceptación de la oferta sobre ${address}. La fecha del acuerdo vinculante es ${date ?? 'hoy'}; los plazos del contrato se cuentan desde ella.`,
    },
    accepted: {
      subject: (address) => `Su oferta sobre ${address} ha sido aceptada`,
      paragraph: ({ address }) => `El vendedor ha aceptado su oferta sobre ${address}. Confirme en Offerbook que ha recibido la aceptación: esa fecha será la fecha del acuerdo vinculante.`,
    },
    declined: { subject: (address) => `Su oferta sobre ${address} ha sido rechazada`, paragraph: ({ address }) => `El vendedor ha rechazado su oferta sobre ${address}.` },
    backup: {
      subject: (address) => `Su oferta sobre ${address} queda como oferta de reserva`,
      paragraph: ({ address }) => `El vendedor ha aceptado otra oferta sobre ${address} y mantiene la suya como oferta de reserva. Sigue abierta hasta que venza, usted la retire o el vendedor la responda.`,
    },
    expired: { subject: (address) => `Oferta vencida sobre ${address}`, paragraph: ({ address }) => `La oferta sobre ${address} ha llegado a su fecha de vencimiento sin respuesta y ha vencido.` },
    closed: {
      subject: (address) => `Venta cerrada: ${address}`,
      paragraph: (data) => {
        const { day, amount } = closingFigures(data, 'es-es')
        return day && amount ? `El cierre de ${data.address} está confirmado: se cerró el ${day} por un precio final de ${amount}.` : `La venta de ${data.address} está cerrada.`
      },
    },
    terminated: { subject: (address) => `Contrato rescindido sobre ${address}`, paragraph: ({ address, actorName }) => `${actorName ?? 'La otra parte'} ha rescindido el contrato sobre ${address}.` },
    countered: {
      subject: (address) => `Contraoferta sobre ${address}`,
      paragraph: ({ address, actorName }) => `${actorName ?? 'La otra parte'} ha respondido a la oferta sobre ${address} con una contraoferta. Le toca a usted: acéptela, recházela o haga otra contraoferta antes de que venza.`,
    },
    'counter-accepted': {
      subject: (address) => `Contraoferta aceptada sobre ${address}`,
      paragraph: ({ address, actorName }) => `${actorName ?? 'La parte compradora'} ha aceptado su contraoferta sobre ${address}. La oferta queda aceptada en esas condiciones.`,
    },
    'counter-declined': { subject: (address) => `Contraoferta rechazada sobre ${address}`, paragraph: ({ address, actorName }) => `${actorName ?? 'La parte compradora'} ha rechazado su contraoferta sobre ${address}.` },
    'best-requested': {
      subject: (address) => `Se pide la mejor oferta sobre ${address}`,
      paragraph: ({ address, date }) => `La parte vendedora le pide su mejor y última oferta sobre ${address} antes de ${date ?? 'la fecha límite'}. Puede modificar su oferta hasta entonces.`,
    },
    revised: {
      subject: (address) => `Oferta modificada sobre ${address}`,
      paragraph: ({ address, actorName }) => `${actorName ?? 'La parte compradora'} ha modificado su oferta sobre ${address} en respuesta a su petición de la mejor oferta.`,
    },
    'pre-approval-verified': {
      subject: (address) => `Preaprobación verificada sobre ${address}`,
      paragraph: ({ address }) => `La parte vendedora ha verificado la carta de preaprobación de su oferta sobre ${address}.`,
    },
    'closing-recorded': {
      subject: (address) => `Cierre registrado sobre ${address}: confírmelo`,
      paragraph: (data) => {
        const { day, amount } = closingFigures(data, 'es-es')
        return `${data.actorName ?? 'La otra parte'} ha registrado el cierre de ${data.address}: cerrado el ${day} por un precio final de ${amount}. Confirme estas cifras en Offerbook o impúgnelas indicando el motivo.`
      },
    },
    'closing-disputed': {
      subject: (address) => `Cierre impugnado sobre ${address}`,
      paragraph: (data) => {
        const { day, amount } = closingFigures(data, 'es-es')
        return `${data.actorName ?? 'La otra parte'} ha impugnado el cierre que usted registró para ${data.address} (${day}, ${amount}). El registro se ha borrado: registre de nuevo el cierre con las cifras correctas.`
      },
    },
    amended: {
      subject: (address) => `Enmienda firmada sobre ${address}`,
      paragraph: ({ address }) => `Ambas partes han firmado la enmienda del contrato sobre ${address}. Las condiciones del contrato, su calendario y sus plazos siguen ahora la enmienda.`,
    },
    'repairs-proposed': {
      subject: (address) => `Reparaciones propuestas sobre ${address}`,
      paragraph: ({ address, actorName }) => `${actorName ?? 'La parte compradora'} ha propuesto reparaciones sobre ${address} durante el período de resolución. Acéptelas, contrapropóngalas o rechácelas en Offerbook.`,
    },
    'repairs-answered': {
      subject: (address) => `Propuesta de reparaciones respondida sobre ${address}`,
      paragraph: ({ address, actorName }) => `${actorName ?? 'La otra parte'} ha respondido a la propuesta de reparaciones sobre ${address}. Abra el contrato para leer la respuesta.`,
    },
    'notice-delivered': {
      subject: (address) => `Aviso entregado sobre ${address}`,
      paragraph: ({ address, actorName, title }) => `${actorName ?? 'La otra parte'} ha firmado y entregado un aviso sobre el contrato de ${address}: ${title ?? 'un aviso'}. El PDF firmado está en la página de la oferta, y el calendario del contrato muestra lo que cambia.`,
    },
    'contract-ended': {
      subject: (address) => `El contrato sobre ${address} ha terminado`,
      paragraph: ({ address }) => `El contrato aceptado sobre ${address} se ha rescindido. Su oferta de reserva sigue abierta: el vendedor puede aceptarla ahora.`,
    },
    'earnest-money-received': {
      subject: (address) => `Depósito de garantía recibido sobre ${address}`,
      paragraph: (data) => {
        const { day, amount } = closingFigures(data, 'es-es')
        return `${data.actorName ?? 'El depositario'} ha confirmado que recibió el depósito de garantía de ${data.address}: ${amount || 'el depósito'}, el ${day || 'día indicado'}. El recibo está en el expediente del contrato y en el registro de fondos en custodia de la correduría.`
      },
    },
  },
}

const OFFER_NOTICE_ACTION: Record<Language, string> = { 'en-us': 'Open the offer', 'es-es': 'Abrir la oferta' }

function noticeContent(locale: Language, data: OfferNoticeData): EmailContent {
  const text = OFFER_NOTICES[locale][data.event]
  const subject = text.subject(data.address)
  // The sender's own words, as they wrote them, the same for every recipient.
  const note = data.note ? [{ type: 'paragraph' as const, text: `“${data.note}”` }] : []
  return {
    subject,
    heading: subject,
    blocks: [{ type: 'paragraph', text: text.paragraph(data) }, ...note, { type: 'action', label: OFFER_NOTICE_ACTION[locale], href: data.path }],
    footer: brandFooter(locale),
  }
}

export const offerNotice = defineEmail<OfferNoticeData>({
  kind: ({ event }) => `notification:offer.${event}`,
  samples: OFFER_NOTICE_EVENTS.flatMap((event) => [
    { event, address: '12 <b>Elm</b> St, Nashville, TN 37203', actorName: 'Ana <i>Ruiz</i>', date: 'Dec 2, 2026', path: '/submitted-offers/update/o1', note: 'We can <b>meet</b> at 325.' },
    { event, address: '40 Vine St, Knoxville, TN 37902', actorName: 'Lena Listing', date: '2026-11-24', price: 455_000, path: '/submitted-offers/update/o2' },
    { event, address: '9 Oak Ave, Memphis, TN 38103', actorName: null, date: null, path: '/my-properties/l1/offers/o1', title: "Buyer's Notice of the Inspection Result" },
  ]),
  content: { 'en-us': (data) => noticeContent('en-us', data), 'es-es': (data) => noticeContent('es-es', data) },
})
