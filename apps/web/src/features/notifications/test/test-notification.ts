import type { AppNotification } from '../api/notifications'

/** What an offer's notification carries: the property and the offer. */
export const OFFER_DATA = { address: '120 Maple Ave, Franklin, TN 37064', price: 450_000, offerId: 'offer-1', listingId: 'listing-1' }

/** An unread notification that an offer on 120 Maple Ave was shared, as the API answers it, for component tests. */
export function testNotification(rest: Partial<AppNotification> = {}): AppNotification {
  return {
    id: 'n1',
    type: 'offer.shared',
    offerId: 'offer-1',
    listingId: 'listing-1',
    data: OFFER_DATA,
    readAt: null,
    createdAt: '2030-01-02T15:00:00.000Z',
    ...rest,
  }
}
