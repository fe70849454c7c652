import type { Translate } from '../../../shared/i18n/translation'
import { formatMoney } from '../../../shared/money'
import type { AppNotification } from '../api/notifications'

/** Who a notification of each type is written to: the buyer side or the seller side of the offer. */
const RECIPIENT_SIDE: Readonly<Record<string, 'buyer' | 'seller'>> = {
  'offer.shared': 'seller',
  'offer.updated': 'seller',
  'offer.withdrawn': 'seller',
  'offer.acknowledged': 'seller',
  'offer.accepted': 'buyer',
  'offer.declined': 'buyer',
  'offer.backup': 'buyer',
  'offer.expired': 'buyer',
  'offer.closed': 'buyer',
  'offer.terminated': 'buyer',
  // Negotiation (decision 029): a counter goes either way, and its data names the side.
  'offer.countered': 'buyer',
  'offer.counter-accepted': 'seller',
  'offer.counter-declined': 'seller',
  'offer.best-requested': 'buyer',
  'offer.revised': 'seller',
  'offer.pre-approval-verified': 'buyer',
  // Closing (decision 061) goes either way; its data names the side.
  'offer.closing-recorded': 'seller',
  'offer.closing-disputed': 'buyer',
  // A missed contract date (decision 064) goes to the other side's agent; its data names the side.
  'offer.timeline-missed': 'seller',
  // Amendments and repair proposals (decision 066) go either way; their data names the side.
  'offer.amended': 'buyer',
  'offer.repairs-proposed': 'seller',
  'offer.repairs-answered': 'buyer',
  // A notice delivered (decision 065) goes to the other side; its data names the side. A back-up is told the contract ended.
  'offer.notice-delivered': 'seller',
  'offer.contract-ended': 'buyer',
  // A decision on a document of an agent's brokerage file (decision 068); its data names the side.
  'offer.file-document-approved': 'buyer',
  'offer.file-document-returned': 'buyer',
  // The earnest money (decision 070): the receipt goes to both sides, the clock's reminder to the holder's side; their data names the side.
  'offer.earnest-money-received': 'buyer',
  'offer.disbursement-reminder': 'seller',
}

/** Notifications that are no offer's page: the principal broker's trust log. */
const TRUST_TYPES: readonly string[] = ['trust.disbursement-reminder']

export const NOTIFICATION_TYPES = Object.keys(RECIPIENT_SIDE)

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value))

function offerIdOf(notification: AppNotification): string {
  return notification.offerId ?? text(notification.data.offerId)
}

function listingIdOf(notification: AppNotification): string {
  return notification.listingId ?? text(notification.data.listingId)
}

/** The notification in the reader's language, made from its type and data. */
export function notificationText(notification: AppNotification, t: Translate, language: string): string {
  const { data } = notification
  // A message the user sent from the Send dialog that could not be delivered (issue #14).
  if (notification.type === 'message.failed') return t(data.channel === 'sms' ? 'sendOutcome.failedSms' : 'sendOutcome.failedEmail', { recipient: text(data.recipient) })
  const address = text(data.address) || t('notifications.someProperty')
  const price = typeof data.price === 'number' ? formatMoney(data.price, language) : text(data.price) || t('notifications.noPrice')
  const key = `notifications.type.${notification.type}`
  return t(NOTIFICATION_TYPES.includes(notification.type) || TRUST_TYPES.includes(notification.type) ? key : 'notifications.type.other', { address, price })
}

/**
 * Where the notification leads: the buyer side's offer page or the seller side's review page (the
 * data may name the side; otherwise the type says who it was written to). Without an offer, nowhere.
 */
export function notificationLink(notification: AppNotification): string | null {
  if (TRUST_TYPES.includes(notification.type)) return '/trust-log'
  const offerId = offerIdOf(notification)
  if (!offerId) return null
  const listingId = listingIdOf(notification)
  const side = notification.data.side === 'buyer' || notification.data.side === 'seller' ? notification.data.side : RECIPIENT_SIDE[notification.type]
  if (side === 'seller' && listingId) return `/my-properties/${encodeURIComponent(listingId)}/offers/${encodeURIComponent(offerId)}`
  // The public offer page shows either side what it may do next.
  if (side === undefined && listingId) return `/property/${encodeURIComponent(listingId)}/offers/${encodeURIComponent(offerId)}`
  return `/submitted-offers/update/${encodeURIComponent(offerId)}`
}
