import { formatZonedDateTime, propertyTimeZone } from '@offerbook/domain/property-time'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import type { OfferRow } from './offers.queries'
import { findOfferListing } from './offers.queries'

/**
 * After the highest-and-best deadline the buyer side may no longer revise (the server's rule, not the
 * form's). The refusal names the deadline in the property's time zone, with the zone.
 */
export async function refuseRevisionAfterDeadline(db: Db, row: Pick<OfferRow, 'bestDeadline' | 'listingId'>, now: Date): Promise<void> {
  if (!row.bestDeadline || row.bestDeadline.getTime() > now.getTime()) return
  const listing = await findOfferListing(db, row.listingId)
  const deadline = formatZonedDateTime(row.bestDeadline, propertyTimeZone(listing?.countyOrParish ?? null))
  throw new AppError('CONFLICT', 'negotiation.bestDeadlinePassed', { params: { deadline } })
}
