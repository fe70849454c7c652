import type { OfferStatus } from '@offerbook/domain/offer-status'

/** The offers whose packets can be followed: an accepted offer, and later a closed or terminated one (read-only then). */
export const SIGNING_OFFER_STATUSES: readonly OfferStatus[] = ['accepted', 'closed', 'terminated']
