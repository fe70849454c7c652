import type { ContractTimelineView } from '@offerbook/domain/contract-timeline-view'
import { contractTimelineView } from '@offerbook/domain/contract-timeline-view'
import { propertyTimeZone } from '@offerbook/domain/property-time'
import type { User } from '@offerbook/domain/user'
import type { Db } from '../../db/client'
import { loadOfferForViewer, offerNotFound, termsOf } from '../offers/offers-access'
import { findCalendarOffer } from './calendar.queries'

/**
 * An offer's contract timeline (issue #34, item 2) for the contract's parties: its buyer side, its
 * listing's seller side once shared, and their teams (a principal broker's agents are their team,
 * issue #16), read-only for all. A share-link holder and everyone else get 404. Before the Binding
 * Agreement Date, the answer has no items: the timeline starts then.
 */
export async function offerTimeline(db: Db, { viewer, offerId, now = new Date() }: { viewer: User; offerId: string; now?: Date }): Promise<ContractTimelineView> {
  const { row } = await loadOfferForViewer(db, { viewer, id: offerId, now })
  const found = await findCalendarOffer(db, row.id)
  if (!found) throw offerNotFound()
  const bound = found.status === 'draft' ? null : found.bindingAgreementAt
  return contractTimelineView(found.id, termsOf(found), bound, { zone: propertyTimeZone(found.county), now })
}
