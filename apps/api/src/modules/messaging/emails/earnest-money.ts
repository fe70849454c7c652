import { formatUsd } from '@offerbook/domain/money'
import { formatCalendarDate } from '@offerbook/domain/property-time'
import { HOLDER_LINK_DAYS, HOLDER_LINK_PATH } from '@offerbook/domain/earnest-money'
import type { Language } from '@offerbook/domain/user'
import { brandFooter, defineEmail } from './define'

/**
 * The earnest money trust record's emails (decision 070): the link a contract's agent sends its
 * earnest money's holder to attest receipt, and the disbursement clock's reminders on days 14, 18 and
 * 21 after a written request, to the holder's side's agent and their principal broker.
 */

export type HolderLinkData = { agentName: string; address: string; amount: number | null; holderName: string; token: string }

export type DisbursementReminderData = { day: 14 | 18 | 21; address: string; requestedOn: string; dueOn: string; payee: string; path: string }

const money = (amount: number, locale: Language) => formatUsd(amount, locale === 'es-es' ? 'es-ES' : 'en-US')
const day = (date: string, locale: Language) => formatCalendarDate(date, locale)
const linkPath = (token: string) => `${HOLDER_LINK_PATH}?token=${encodeURIComponent(token)}`

export const earnestMoneyHolderLink = defineEmail<HolderLinkData>({
  kind: 'earnest-money.holder-link',
  samples: [
    { agentName: 'Lena <b>Listing</b>', address: '12 Elm St, Nashville, TN 37203', amount: 5000, holderName: 'Volunteer Title', token: 'tok-1' },
    { agentName: 'Bo Agent', address: '12 Elm St, Nashville, TN 37203', amount: null, holderName: '', token: 'tok-2' },
  ],
  content: {
    'en-us': ({ agentName, address, amount, holderName, token }) => ({
      subject: `Confirm the earnest money you received for ${address}`,
      heading: holderName ? `Hello ${holderName},` : 'Hello,',
      blocks: [
        { type: 'paragraph', text: `${agentName}, an agent of the contract for ${address}, names you as the holder of its earnest money${amount === null ? '' : ` of ${money(amount, 'en-us')}`}.` },
        { type: 'paragraph', text: `Open the link to confirm the amount you received, the date and how it was paid. No account is needed. The link works once and expires in ${HOLDER_LINK_DAYS} days.` },
        { type: 'action', label: 'Confirm the receipt', href: linkPath(token) },
      ],
      footer: [{ text: 'You received this message because an agent on Offerbook named this address as the holder of earnest money. If you hold no such deposit, ignore it.' }, ...brandFooter('en-us')],
    }),
    'es-es': ({ agentName, address, amount, holderName, token }) => ({
      subject: `Confirme el depósito de garantía que recibió para ${address}`,
      heading: holderName ? `Hola, ${holderName}:` : 'Hola:',
      blocks: [
        { type: 'paragraph', text: `${agentName}, agente del contrato de ${address}, le nombra depositario de su depósito de garantía${amount === null ? '' : ` de ${money(amount, 'es-es')}`}.` },
        { type: 'paragraph', text: `Abra el enlace para confirmar el importe que recibió, la fecha y la forma de pago. No necesita una cuenta. El enlace sirve una sola vez y caduca en ${HOLDER_LINK_DAYS} días.` },
        { type: 'action', label: 'Confirmar la recepción', href: linkPath(token) },
      ],
      footer: [{ text: 'Ha recibido este mensaje porque un agente de Offerbook indicó esta dirección como depositario de un depósito de garantía. Si no custodia ese depósito, ignórelo.' }, ...brandFooter('es-es')],
    }),
  },
})

export const disbursementReminder = defineEmail<DisbursementReminderData>({
  kind: ({ day: reminderDay }) => `disbursement-reminder.${reminderDay}`,
  samples: [
    { day: 14, address: '12 Elm St, Nashville, TN 37203', requestedOn: '2026-03-02', dueOn: '2026-03-23', payee: 'Bo <i>Buyer</i>', path: '/trust-log' },
    { day: 21, address: '12 Elm St, Nashville, TN 37203', requestedOn: '2026-03-02', dueOn: '2026-03-23', payee: 'Bo Buyer', path: '/my-properties/l/offers/o' },
  ],
  content: {
    'en-us': ({ day: reminderDay, address, requestedOn, dueOn, payee, path }) => ({
      subject: reminderDay === 21 ? `Last day to disburse the earnest money: ${address}` : `Day ${reminderDay} of 21: disburse the earnest money for ${address}`,
      heading: reminderDay === 21 ? 'Today is the last day to disburse or interplead' : `${21 - reminderDay} days left to disburse or interplead`,
      blocks: [
        { type: 'paragraph', text: `A written request to disburse the earnest money of ${address} was made on ${day(requestedOn, 'en-us')}. Tennessee asks the holder to disburse it or interplead it within 21 days (TREC Rule 1260-02-.09(7)): by ${day(dueOn, 'en-us')}.` },
        { type: 'details', rows: [['Payee asked for', payee], ['Disburse by', day(dueOn, 'en-us')]] },
        { type: 'paragraph', text: 'Once it is released (by a mutual release, at closing or by interpleader), record the release on the contract: the reminders stop.' },
        { type: 'action', label: 'Open the contract', href: path },
      ],
      footer: brandFooter('en-us'),
    }),
    'es-es': ({ day: reminderDay, address, requestedOn, dueOn, payee, path }) => ({
      subject: reminderDay === 21 ? `Último día para desembolsar el depósito de garantía: ${address}` : `Día ${reminderDay} de 21: desembolse el depósito de garantía de ${address}`,
      heading: reminderDay === 21 ? 'Hoy es el último día para desembolsar o consignar judicialmente' : `Quedan ${21 - reminderDay} días para desembolsar o consignar judicialmente`,
      blocks: [
        { type: 'paragraph', text: `El ${day(requestedOn, 'es-es')} se solicitó por escrito el desembolso del depósito de garantía de ${address}. Tennessee exige al depositario desembolsarlo o consignarlo judicialmente en un plazo de 21 días (Regla 1260-02-.09(7) de la TREC): como tarde el ${day(dueOn, 'es-es')}.` },
        { type: 'details', rows: [['Beneficiario solicitado', payee], ['Desembolsar como tarde', day(dueOn, 'es-es')]] },
        { type: 'paragraph', text: 'Cuando se libere (por liberación mutua, en el cierre o por consignación judicial), registre la liberación en el contrato: los recordatorios se detendrán.' },
        { type: 'action', label: 'Abrir el contrato', href: path },
      ],
      footer: brandFooter('es-es'),
    }),
  },
})
