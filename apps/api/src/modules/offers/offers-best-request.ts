import type { OfferTerms } from '@offerbook/domain/offer'
import type { OpenBestRequest } from '@offerbook/domain/offer-negotiation'
import type { OfferStatus } from '@offerbook/domain/offer-status'
import { OPEN_OFFER_STATUSES } from '@offerbook/domain/offer-status'
import { propertyTimeZone } from '@offerbook/domain/property-time'
import type { User } from '@offerbook/domain/user'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import { managesListing } from '../listings/listings.service'
import { findLatestBestRequest, firstBuyerMoves, listBestRequestOffers } from './negotiation.queries'
import { findOfferListing } from './offers.queries'
import { isOfferId } from './offers-access'

/**
 * The seller side's highest-and-best request still open on a listing (decision 038): its deadline,
 * in the property's zone, and which asked offers have answered since. An offer the seller side
 * countered since (its deadline cleared) or that is no longer open is no longer waited for.
 */
export async function openBestRequest(db: Db, { actor, listingId, now = new Date() }: { actor: User; listingId: string; now?: Date }): Promise<OpenBestRequest | null> {
  const id = listingId.trim().toLowerCase()
  const listing = isOfferId(id) ? await findOfferListing(db, id) : null
  if (!listing) throw new AppError('NOT_FOUND', 'listing.notFound')
  if (!(await managesListing(db, actor, listing.id))) throw new AppError('FORBIDDEN', 'listing.notYours')
  const latest = await findLatestBestRequest(db, listing.id)
  const requestId = typeof latest?.details.requestId === 'string' ? latest.details.requestId : null
  const deadline = typeof latest?.details.deadline === 'string' ? new Date(latest.details.deadline) : null
  if (!latest || !requestId || !deadline || !(deadline.getTime() > now.getTime())) return null
  const asked = (await listBestRequestOffers(db, { listingId: listing.id, requestId })).filter(
    (offer) => OPEN_OFFER_STATUSES.includes(offer.status as OfferStatus) && offer.bestDeadline?.getTime() === deadline.getTime(),
  )
  const moves = await firstBuyerMoves(db, { offers: asked, since: latest.at })
  return {
    requestId,
    requestedAt: latest.at.toISOString(),
    deadline: deadline.toISOString(),
    timeZone: propertyTimeZone(listing.countyOrParish),
    offers: asked.map((offer) => ({
      id: offer.id,
      buyerNames: ((offer.terms as OfferTerms).buyers ?? []).map((buyer) => buyer.fullName).filter((name) => name.trim() !== ''),
      answeredAt: moves.get(offer.id)?.toISOString() ?? null,
    })),
  }
}
